"""An oracle of what one seat may see, for tests that look for hidden cards on the page.

Card names can be ordinary words (a seat may share its name with a card, a card's name may
be part of a group's name), so the tests play a copy of the game whose every card is shown
as a token `«N»` (N: the card's index): a token in a rendering names exactly one card kind.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tablerules.dsl.loading.loader import load_rules
from tablerules.interpreter import Game
from tablerules.interpreter.engine import Table

TOKEN = re.compile(r"«(\d+)»")


def token_game(path: Path, options: dict[str, str] | None = None) -> Game:
    """The game of `path` with each card's display name replaced by its token."""
    rules, values = load_rules(path, options)
    assert rules.deck is not None
    for index, card in enumerate(rules.deck.cards):
        card.names = [f"«{index}»", *card.names]
    return Game(rules, values)


def tokens(text: str) -> set[int]:
    """The card kinds a rendered text names."""
    return {int(found) for found in TOKEN.findall(text)}


def strings(value: Any) -> Iterator[str]:
    """Every string inside a JSON-like value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


def seen(table: Table, viewer: int) -> set[int]:
    """The card kinds `viewer` has seen so far: its own cards (dealt, drawn, held), every
    card put in the open (discards, shown cards and draws, cards left untaken, groups as
    others see them, bonus draws), the card of any window it was asked about, and at the end
    the winners' hands, which a win lays open."""
    cards = table.game.compiled.cards
    shown_draws = table.play.turn.draws_shown
    kinds: set[int] = set()

    def add(card_id: str | None) -> None:
        if card_id is not None and card_id in cards.index:
            kinds.add(cards.index[card_id])

    for event in table.events:
        kind = event["type"]
        if kind == "deal":
            for card in event["hands"][viewer]:
                add(card)
        elif kind in ("draw", "replacement"):
            mine = event.get("seat") == viewer
            if mine or (kind == "draw" and shown_draws and event.get("shown")):
                add(event.get("card"))
        elif kind in ("discard", "shown", "untaken", "win") or asked(event, viewer):
            add(event.get("card"))
        elif kind == "bonus":
            for card in event["cards"]:
                add(card)
    view = table.view(viewer)
    for index, seat in enumerate(view["seats"]):
        for card in seat["hand"] if index == viewer else []:
            add(card)
        for group in seat["table"]:
            for card in group["cards"]:
                add(card)
    for winner in table.state.winners:
        held = table.state.seats[winner]
        kinds.update(card for card, count in enumerate(held.hand) if count)
        kinds.update(card for group in held.table for card in group.cards)
    return kinds


def asked(event: dict[str, Any], viewer: int) -> bool:
    """Whether `event` is a claim window that asked `viewer` about its card."""
    return event["type"] == "window" and any(seat == viewer for seat, _ in event["offered"])


def card_ids(value: Any, table: Table) -> set[int]:
    """Card kinds named by id in a JSON-like value (the engine's views and events)."""
    index = table.game.compiled.cards.index
    ids = table.game.compiled.cards.ids
    return {index[text] for text in strings(value) if text in index and text in ids}
