"""The order a wild chosen at the deal follows: each card's next card by the values of one
attribute, among the cards sharing another attribute's value, the first after the last.

Read by the checker (to refuse a deck the order cannot place) and by the compiler (to map a
turned card to its wild), so that both see one order."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise

from tablerules.dsl.model import ir
from tablerules.dsl.model.given import card_attributes


@dataclass
class CardOrder:
    """Each card id's next card id, and what kept a card out of the order (by card id)."""

    following: dict[str, str] = field(default_factory=dict)
    problems: dict[str, str] = field(default_factory=dict)


def _position(attribute: ir.Attribute, value: ir.Scalar) -> int | None:
    """Where a value stands in its attribute's order: the number itself, or its place in
    the list of named values."""
    if attribute.is_numeric:
        return value if isinstance(value, int) and not isinstance(value, bool) else None
    text = str(value)
    return attribute.values.index(text) if text in attribute.values else None


def card_order(rules: ir.RuleSet, by: str, same: str | None) -> CardOrder:
    """The next card of each card of the deck by attribute `by` among the cards with its
    value of `same` (every card when `same` is None), wrapping from the last to the first."""
    order = CardOrder()
    attribute = rules.attributes.get(by)
    if rules.deck is None or attribute is None:
        return order
    rows: dict[object, list[tuple[int, str]]] = {}
    said: dict[str, ir.Scalar] = {}  # each card's value of `by`, as the file writes it
    for card in rules.deck.cards:
        values = card_attributes(rules, card)
        position = _position(attribute, values[by]) if by in values else None
        if position is None:
            order.problems[card.id] = f"card {card.id!r} has no {by}: the order cannot place it"
            continue
        if same is not None and same not in values:
            order.problems[card.id] = f"card {card.id!r} has no {same}"
            continue
        rows.setdefault(values.get(same) if same else None, []).append((position, card.id))
        said[card.id] = values[by]
    for row in rows.values():
        row.sort()
        for (position, card), (after, _) in pairwise(row):
            if position == after:
                order.problems[card] = (
                    f"cards {card!r} and another of the same {same or 'deck'} share {by} "
                    f"{said[card]}: the order cannot tell them apart"
                )
        for index, (_, card) in enumerate(row):
            order.following[card] = row[(index + 1) % len(row)][1]
    return order
