"""A golden scenario from a hand that was played: the deal rigged card by card, the choices
made, and what happened — the key events, the money, the next dealer — with the rule ids
they cite. A rule author who has checked a hand by eye keeps it as a test this way."""

from __future__ import annotations

from typing import Any

from tablerules.interpreter.compiling.carried import starting
from tablerules.interpreter.engine import Table
from tablerules.interpreter.scenarios.model import Scenario

# the events a scenario from play expects, and the fields of each it checks
KEPT_FIELDS: dict[str, tuple[str, ...]] = {
    "immediate win": ("type", "seat"),
    "shown win": ("type", "seat", "win", "nth"),
    "action": ("type", "seat", "action", "card"),
    "restricted": ("type", "seat", "restriction"),
    "win": ("type", "seat", "context", "owner", "card", "value"),
    "pay": ("type", "payer", "payee", "amount", "label"),
    "bonus": ("type", "seat", "count", "hits"),
    "drawn hand": ("type",),
}


def _cited(events: list[dict[str, Any]]) -> list[str]:
    ids: list[str] = []
    for event in events:
        for cite in event.get("cites", []):
            if cite not in ids:
                ids.append(cite)
    return ids


def _dealers_card(events: list[dict[str, Any]], dealer: int) -> str | None:
    """The dealer's card the scenario names as `shown`: the card shown on the deal, or,
    where none is, its last dealt card when it was offered to it (a window on the `deal
    card`): a rigged deal offers the dealer only the card `shown` names."""
    for event in events:
        if event["type"] == "shown" and event["seat"] == dealer:
            return event["card"]
        offered = event["type"] == "window" and event.get("context") == "deal card"
        if offered and event.get("owner") == dealer:
            return event["card"]
    return None


def scenario_from_hand(
    table: Table,
    choices: list[tuple[int, str]],
    rules: str,
    name: str,
    options: dict[str, Any] | None = None,
    rules_text: str | None = None,
) -> dict[str, Any]:
    """The scenario of `table` (a hand played from its deal with `choices`): `rules` is the
    rule file as the scenario file will name it (relative to where it is saved), `options`
    the table options that differ from the file's own, `rules_text` the text the hand was
    played with when it is not the file's (carried along, so the hand can be played again
    exactly as it was). A hand later in a game keeps its round and the dealer's streak."""
    events = table.events
    deal = events[0]
    shown = _dealers_card(events, table.state.dealer)
    kept = [e for e in events if e["type"] in KEPT_FIELDS]
    expect: dict[str, Any] = {
        "events": [{k: e[k] for k in KEPT_FIELDS[e["type"]] if k in e} for e in kept],
        "finished": table.finished,
    }
    if table.finished:
        expect["winners"] = list(table.state.winners)
        expect["totals"] = table.totals()
        expect["next_dealer"] = table.state.next_dealer
    rule_ids = _cited(kept) or _cited(events)
    scenario: dict[str, Any] = {
        "name": name,
        "rules": rules,
        "rule_ids": rule_ids,
        "options": dict(options or {}),
        "dealer": table.state.dealer,
        "hands": [" ".join(hand) for hand in deal["hands"]],
        "wall": " ".join(table.card_id(card) or "" for card in table.state.wall),
        "actions": [f"{seat}: {label}" for seat, label in choices],
        "expect": expect,
    }
    if table.state.round:
        scenario["round"] = table.state.round
    if table.state.streak:
        scenario["streak"] = table.state.streak
    if table.state.carried != starting(table.game.compiled.carries):
        scenario["carried"] = dict(table.state.carried)
    if shown is not None:
        scenario["shown"] = shown
    if rules_text is not None:
        scenario["rules_text"] = rules_text
    Scenario.model_validate(scenario)  # the shape `tablerules test` reads
    return scenario
