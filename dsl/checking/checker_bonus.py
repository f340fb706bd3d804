"""Semantic checks for bonus cards read against the winner: one way to tell a hit, seats
counted from the winner where a payer's own hits are read, `each payer` only where a win
has payers, and the winning card read for a missing card only where copies are counted."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from tablerules.dsl.checking.checker_expr import BONUS, references
from tablerules.dsl.model import ir

if TYPE_CHECKING:
    from tablerules.dsl.checking.checker import Checker

# A bonus's payment is worked out for each payer: it may read the cards pointing at it, and
# who pays (`payer is dealer`, `winner is dealer`, `payer seat`), as a settlement does.
BONUS_PAYS = replace(
    BONUS,
    what="a bonus's payment",
    quantities=(*BONUS.quantities, ir.PAYER_HIT),
    payer=True,
)


class BonusChecks:
    """A mixin of `dsl.checking.checker.Checker` (which supplies `rules`, `report`...)."""

    def check_bonus_reading(self: Checker, bonus: ir.Bonus, hit_lines: int) -> None:
        if hit_lines > 1:
            self.report(
                bonus,
                "E110",
                f"bonus {bonus.name} tells a hit in {hit_lines} ways: keep one 'hit' line",
            )
        if bonus.hit_cards is not None:
            self.check_bonus_cards(self.at(bonus, "bonus_hit_cards"), bonus.hit_cards)
        if bonus.missing_reads_win and not bonus.hit_copies:
            self.report(
                self.at(bonus, "bonus_missing_reads"),
                "E110",
                "'missing reads winning card' reads the winning card's copies: it needs"
                " 'hit per copy in winning hand'",
            )
        if bonus.missing_reads_win and bonus.missing_hits:
            self.report(
                self.at(bonus, "bonus_missing_reads"),
                "E110",
                "a missing card either counts as a hit or reads the winning card, not both",
            )
        pays = bonus.pays
        if pays is None:
            return
        reads_payer = any(ref.name == ir.PAYER_HIT for ref in references(pays.amount))
        if reads_payer and bonus.seat_cards is None:
            self.report(
                pays,
                "E110",
                "'payer hit' counts the bonus cards pointing at the payer: it needs"
                " 'hit when in seat cards NAME counted from winner' (or 'of winner')",
            )

    def check_bonus_cards(self: Checker, where: ir.Clause, card_set: ir.CardSet) -> None:
        if card_set.wild and not self.rules.wilds:
            self.report(where, "E110", "'wild' names the wild cards, and these rules have none")
        words = ("wild",) if self.rules.wilds else ()
        self.check_card_items(where, card_set.items, sets=False, words=words)

    def check_payer_in_bonus(self: Checker, payment: ir.Payment, place: str) -> None:
        """`each payer` is the seats that paid a win: only a bonus after it has them."""
        if payment.payer == "each payer":
            self.report(
                payment,
                "E110",
                f"'each payer' means the seats that paid the win: it is known in a bonus"
                f" draw, not in {place}",
                "write 'each other', 'discarder' or 'robbed'",
            )
