"""What each seat may see, and what the referee sees: hidden cards are redacted here only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tablerules.interpreter.engine.game import Table

HIDDEN = "?"


def _cards(table: Table, counts: list[int]) -> list[str]:
    ids = table.game.compiled.cards.ids
    return [ids[c] for c, n in enumerate(counts) for _ in range(n)]


def _group(table: Table, group: Any, visible: bool) -> dict[str, Any]:
    compiled = table.game.compiled
    kind = compiled.kinds[group.kind]
    ids = compiled.cards.ids
    cards = [ids[c] for c in group.cards]
    if not visible and group.concealed:
        cards = [HIDDEN] * len(cards)
    elif not visible and kind.visibility == "partly shown":
        cards = [cards[0]] + [HIDDEN] * (len(cards) - 1)
    return {"kind": kind.name, "cards": cards, "concealed": group.concealed, "by": group.made_by}


def _pending(table: Table, seat: int | None) -> dict[str, Any] | None:
    decision = table.state.decision
    if decision is None or table.finished:
        return None
    offer = decision.offer
    data: dict[str, Any] = {
        "kind": decision.kind,
        "context": offer.context,
        "owner": offer.owner,
        "card": table.card_id(offer.card),
        "waiting": decision.waiting,
    }
    seats = decision.options if seat is None else {seat: decision.options.get(seat, [])}
    data["options"] = {s: [c.label for c in choices] for s, choices in seats.items()}
    kept = not (offer.context == "draw" and table.play.turn.draws_shown)
    if (
        seat is not None
        and offer.context in ("draw", "replacement")
        and seat != offer.owner
        and kept
    ):
        data["card"] = HIDDEN
    return data


def referee_view(table: Table) -> dict[str, Any]:
    state = table.state
    return {
        "dealer": state.dealer,
        "turn": state.turn,
        "finished": state.finished,
        "winners": state.winners,
        "wall": [table.card_id(c) for c in state.wall[state.head : state.tail]],
        "seats": [
            {
                "hand": _cards(table, seat.hand),
                "table": [_group(table, g, True) for g in seat.table],
                "discards": [table.card_id(c) for c in seat.discards],
                "restrictions": [r.name for r in seat.restrictions],
            }
            for seat in state.seats
        ],
        "pending": _pending(table, None),
        "totals": table.totals(),
    }


def seat_view(table: Table, viewer: int) -> dict[str, Any]:
    state = table.state
    seats = []
    for index, seat in enumerate(state.seats):
        own = index == viewer
        seats.append(
            {
                "hand": _cards(table, seat.hand) if own else [HIDDEN] * sum(seat.hand),
                "table": [_group(table, g, own) for g in seat.table],
                "discards": [table.card_id(c) for c in seat.discards],
                "restrictions": [r.name for r in seat.restrictions] if own else [],
            }
        )
    return {
        "seat": viewer,
        "dealer": state.dealer,
        "turn": state.turn,
        "finished": state.finished,
        "winners": state.winners,
        "wall": state.wall_left,
        "seats": seats,
        "pending": _pending(table, viewer),
        "totals": table.totals(),
    }


def seat_events(table: Table, viewer: int) -> list[dict[str, Any]]:
    """The event log as one seat may read it: others' kept draws and hands hidden."""
    shown_draws = table.play.turn.draws_shown
    redacted = []
    for event in table.events:
        event = dict(event)
        kind = event["type"]
        if kind == "deal":
            event["hands"] = [
                hand if index == viewer else [HIDDEN] * len(hand)
                for index, hand in enumerate(event["hands"])
            ]
        elif (
            kind in ("draw", "replacement")
            and event.get("seat") != viewer
            and not (kind == "draw" and shown_draws)
        ):
            event["card"] = event["name"] = HIDDEN
        redacted.append(event)
    return redacted
