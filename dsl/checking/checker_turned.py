"""Semantic checks for a wild chosen at the deal (`turned from ZONE END`, `next by ATTR,
same ATTR`): one such clause, turned from the wall the turn draws from, in an order that
places every card of the deck, making no more wild cards than a hand's readings allow."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.dsl.checking.checker_wild import MAX_WILD_CARDS
from tablerules.dsl.limits import LIMIT_CODE
from tablerules.dsl.model import ir
from tablerules.dsl.model.card_order import card_order

if TYPE_CHECKING:
    from tablerules.dsl.checking.checker import Checker


TURNED_ITSELF = (
    "the wild is the card after the one turned up: add 'next by rank, same suit'; a wild "
    "that is the turned card itself cannot be written"
)


class TurnedWildChecks:
    """A mixin of `dsl.checking.checker.Checker` (which supplies `rules`, `report`...)."""

    def _order_hint(self: Checker, wild: ir.Wild) -> str:
        """How to make the order place every card: where cards share a value of `next by`,
        the attribute whose values part them into rows the order can run in, if one does."""
        by = wild.next_by or ""
        for name in self.rules.attributes:
            if name in (by, wild.next_same):
                continue
            if not card_order(self.rules, by, name).problems:
                return f"run the order among the cards of one {name}: `next by {by}, same {name}`"
        return "give every card the attributes the order reads, one value per card"

    def check_turned_wild(self: Checker, wild: ir.Wild) -> None:
        self.check_wild_stands_and_option(wild)
        if wild.cards:
            self.report(
                self.at(wild, "wild_cards"),
                "E110",
                f"wild {wild.name} is turned at the deal: it names no cards of its own",
                "keep 'cards' or 'turned from': write a second wild clause for the other",
            )
        if wild.turned_zone is None or wild.next_by is None:
            self.report(
                wild,
                "E109",
                f"wild {wild.name} needs both 'turned from ZONE END' and 'next by ATTR'",
                "turned from wall tail / next by rank, same suit"
                if wild.next_by is not None or wild.turned_zone is None
                else TURNED_ITSELF,  # the turn alone: the card turned up itself is meant
            )
        turned = [w.name for w in self.rules.wilds.values() if w.turned]
        if len(turned) > 1 and wild.name != turned[0]:
            self.report(
                wild,
                "E110",
                f"wild {wild.name}: only one card is turned at the deal (wild {turned[0]})",
            )
        self._check_turned_zone(wild)
        self._check_card_left_to_turn(wild)
        if wild.next_by is not None:
            self._check_turned_order(wild)

    def _check_turned_zone(self: Checker, wild: ir.Wild) -> None:
        zone = wild.turned_zone
        if zone is None:
            return
        where = self.at(wild, "wild_turned")
        if zone not in self.rules.zones:
            self.unknown(where, "zone", zone, self.rules.zones)
            return
        turn = self.rules.turn
        drawn = turn.draw_zone if turn is not None else None
        if zone != drawn:
            self.report(
                where,
                "E110",
                f"the card is turned from {zone!r}, but the turn draws from {drawn!r}",
                f"turn the card from the wall the turn draws from: turned from {drawn} tail",
            )

    def _check_card_left_to_turn(self: Checker, wild: ir.Wild) -> None:
        """The card is turned from what the deal leaves in the wall: a deal that leaves
        nothing there would fail the moment the card is turned."""
        deal, deck = self.rules.deal, self.rules.deck
        if deal is None or deck is None or not deck.size or wild.turned_zone is None:
            return
        seats = self.rules.seats.count if self.rules.seats else 1
        dealt = sum(
            step.count * (seats if step.to == "each" else 1)
            for step in deal.steps
            if step.count is not None
        )
        left = 0
        for step in deal.steps:
            if step.zone == wild.turned_zone:
                count = max(deck.size - dealt, 0) if step.count is None else step.count
                left += count * (seats if step.to == "each" else 1)
        if left == 0 and dealt <= deck.size:
            self.report(
                deal,
                "E110",
                f"the deal leaves no card in {wild.turned_zone!r} to turn for wild {wild.name}",
                f"leave at least one card in {wild.turned_zone!r} (deal fewer cards)",
            )

    def _check_turned_order(self: Checker, wild: ir.Wild) -> None:
        where = self.at(wild, "wild_next")
        names = [wild.next_by] + ([wild.next_same] if wild.next_same else [])
        known = [name for name in names if name in self.rules.attributes]
        self.check_attribute_refs(where, [name for name in names if name not in known])
        if len(known) < len(names) or self.rules.deck is None:
            return
        order = card_order(self.rules, wild.next_by or "", wild.next_same)
        for problem in list(order.problems.values())[:1]:
            self.report(where, "E110", problem, self._order_hint(wild))
        deck = self.rules.deck
        most = max((deck.copies_of(card) for card in deck.cards), default=0)
        if most > MAX_WILD_CARDS:
            self.report(
                where,
                LIMIT_CODE,
                f"wild {wild.name} makes {most} wild cards; at most {MAX_WILD_CARDS} are supported",
            )
