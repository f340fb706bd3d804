"""Attribute values given to existing cards by an attribute's block, not by the deck rows.

    attribute 幺九: yes | no [X-1] {
      yes: 1m 9m 1p 9p 1s 9s (kind honor)
      else: no
    }

A card whose deck row gives the attribute keeps that value. For the others, the first line
that names the card (by id, name, or a filter on the attributes its row gives) decides, and
`else` covers the rest. The checker and the card table both read the values from here.
"""

from __future__ import annotations

from tablerules.dsl.model import ir


def _names(card: ir.CardDecl, selector: ir.CardSelector) -> bool:
    if selector.card is not None:
        return selector.card == card.id or selector.card in card.names
    if not selector.filters:
        return False
    for flt in selector.filters:
        value = card.attributes.get(flt.attribute)
        if value not in flt.values and str(value) not in map(str, flt.values):
            return False
    return True


def given_value(attribute: ir.Attribute, card: ir.CardDecl) -> int | str | None:
    """The value `attribute`'s block gives `card` (None: it gives none)."""
    for line in attribute.given:
        if any(_names(card, selector) for selector in line.cards):
            return line.value
    return attribute.otherwise


def card_attributes(rules: ir.RuleSet, card: ir.CardDecl) -> dict[str, ir.Scalar]:
    """Every attribute value of a card: its deck row's, then those blocks give it."""
    values: dict[str, ir.Scalar] = dict(card.attributes)
    for attribute in rules.attributes.values():
        if attribute.name in values or not attribute.has_block:
            continue
        value = given_value(attribute, card)
        if value is not None:
            values[attribute.name] = value
    return values
