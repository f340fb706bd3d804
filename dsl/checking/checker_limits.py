"""The size limits of `dsl.limits` that only a composed rule set shows: seats, cards, copies,
names, group sizes and the deal. Each finding (E111) points at the clause that exceeds it.

A mixin of the checker (`dsl.checking.checker.Checker`), which supplies `rules` and `report`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.dsl.limits import (
    LIMIT_CODE,
    MAX_CARD_KINDS,
    MAX_CARD_NAME_CHARS,
    MAX_CARD_NAMES,
    MAX_COPIES,
    MAX_DEALT,
    MAX_GROUP_SIZE,
    MAX_SEATS,
)

if TYPE_CHECKING:
    from tablerules.dsl.checking.checker import Checker


class LimitChecks:
    """`check_limits`: every size limit a rule set can break, each reported once."""

    def check_limits(self: Checker) -> bool:
        """Report what exceeds a limit; True when nothing does (the other checks, and
        compiling, then only ever see rules of bounded size)."""
        before = len(self.found)
        rules = self.rules
        if rules.seats is not None and rules.seats.count > MAX_SEATS:
            self.report(rules.seats, LIMIT_CODE, f"at most {MAX_SEATS} seats (the limit)")
        deck = rules.deck
        if deck is not None:
            if len(deck.cards) > MAX_CARD_KINDS:
                self.report(
                    deck.cards[MAX_CARD_KINDS],
                    LIMIT_CODE,
                    f"the deck declares {len(deck.cards):,} cards; the limit is "
                    f"{MAX_CARD_KINDS} card kinds",
                )
            if deck.copies > MAX_COPIES:
                self.report(deck, LIMIT_CODE, f"at most {MAX_COPIES} copies of a card (the limit)")
            for card in deck.cards[:MAX_CARD_KINDS]:
                if card.copies is not None and card.copies > MAX_COPIES:
                    self.report(
                        card, LIMIT_CODE, f"at most {MAX_COPIES} copies of a card (the limit)"
                    )
                names = [card.id, *card.names]
                if len(names) > MAX_CARD_NAMES:
                    self.report(
                        card, LIMIT_CODE, f"at most {MAX_CARD_NAMES} names for a card (the limit)"
                    )
                elif any(len(name) > MAX_CARD_NAME_CHARS for name in names):
                    self.report(
                        card,
                        LIMIT_CODE,
                        f"a card's name has at most {MAX_CARD_NAME_CHARS} characters (the limit)",
                    )
        for group in rules.groups.values():
            pattern = group.pattern
            if pattern is not None and pattern.size > MAX_GROUP_SIZE:
                self.report(
                    pattern, LIMIT_CODE, f"a group has at most {MAX_GROUP_SIZE} cards (the limit)"
                )
        self._check_dealt()
        return len(self.found) == before

    def _check_dealt(self: Checker) -> None:
        deal = self.rules.deal
        if deal is None:
            return
        dealt = {"each": 0, "dealer": 0}
        for step in deal.steps:
            if step.count is not None and step.to in dealt:
                dealt[step.to] += step.count
                if dealt["each"] + dealt["dealer"] > MAX_DEALT:
                    self.report(
                        step, LIMIT_CODE, f"a seat is dealt at most {MAX_DEALT} cards (the limit)"
                    )
                    return
