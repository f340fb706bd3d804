"""The win test of a hand holding wild cards (a mixin of `WildEvaluator`).

Where a split that the groups and pairs accept wins, the wild budget's signatures decide
at once (concealed cards packed as they come: `_concealed_verdict`); otherwise the readings
worth judging are judged as plain hands until one wins. Verdicts are kept per evaluator.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.compiled import FIELD_BITS
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.compiling.signature_layout import SignatureLayout
from tablerules.interpreter.hand.evaluate import TableGroup
from tablerules.interpreter.search.wild_budget import WildBudget

if TYPE_CHECKING:
    from tablerules.interpreter.hand.wild_readings import WildEvaluator

# what the budget search is given: the plain concealed cards, the copies free of each card a
# wild may stand for, the signatures that win by groups and pairs, those of winning forms
Plan = tuple[int, int, int, int]
WIN_MEMO_LIMIT = 1 << 14  # win tests kept per evaluator before the table is emptied


class WildWinTest:
    """A mixin of `WildEvaluator`: whether a hand holding wilds wins."""

    def wins_packed(self: WildEvaluator, packed: int) -> bool:  # type: ignore[override]
        counts = self.rules.unpack(packed)
        hand = [card for card, count in enumerate(counts) for _ in range(count)]
        return self.wins(hand)

    def quick_wins(
        self,
        counts: Sequence[int],
        table: Sequence[TableGroup],
        win_card: int | None,
        source: ir.Source | None,
        conditions: WinConditions | None = None,
    ) -> bool:
        # most hands in play are far from a win: refused before they are listed as cards
        wilds = 0
        for wild in self._stands:
            wilds += counts[wild]
        if win_card is not None and win_card in self._stands:
            wilds += 1
        if wilds:
            concealed = list(counts)
            for wild in self._stands:
                concealed[wild] = 0
            if win_card is not None and win_card not in self._stands:
                concealed[win_card] += 1
            if self._beyond_reach(concealed, wilds, table):
                return False
        hand = [card for card, count in enumerate(counts) for _ in range(count)]
        return self.wins(hand, table, win_card, source, conditions, screened=bool(wilds))

    def concealed_wins(
        self, pre: int, count: int, conditions: WinConditions | None = None
    ) -> bool | None:
        counts = self.rules.unpack(pre)
        if count >= 128:
            return None
        copies = self._copies
        if any(n > copies[card] for card, n in enumerate(counts)):
            return None
        hand = [card for card, n in enumerate(counts) for _ in range(n)]
        return self.wins(hand, (), None, None, conditions)

    def concealed_test(
        self, conditions: WinConditions | None = None
    ) -> Callable[[int, int], bool | None]:
        return lambda pre, count: self.concealed_wins(pre, count, conditions)

    def wins(
        self,
        hand: Sequence[int],
        table: Sequence[TableGroup] = (),
        win_card: int | None = None,
        source: ir.Source | None = None,
        conditions: WinConditions | None = None,
        screened: bool = False,
    ) -> bool:
        """Whether the hand wins (`screened`: `_beyond_reach` already asked of it)."""
        if self._concealed_decide and not table and win_card is None and len(hand) < 127:
            known = self._concealed_verdict(hand, source, conditions)
            if known is not None:
                return known
        counts, wilds, win_wild = self._parted(hand, win_card)
        if not wilds:
            return super().wins(hand, table, win_card, source, conditions)
        if not screened and self._beyond_reach(
            self._concealed(counts, win_card), len(wilds), table
        ):
            return False
        key = (tuple(sorted(hand)), tuple(table), win_card, source, conditions)
        known = self._win_memo.get(key)
        if known is not None:
            return known
        found = False
        decided = False
        if self._groups_decide and self._one_kind(wilds):
            # a split the groups and pairs accept wins: the signatures decide, when the
            # structure alone decides or some such split is found
            around = self._with_elsewhere(self._with_table(counts, table, win_card), conditions)
            concealed = self._concealed(counts, win_card)
            size = len(hand) + (win_card is not None)
            plan = self._plan(around, concealed, wilds, table, size)
            if plan is not None:
                plain, room, groups, _ = plan
                budget = self._budget(size)
                found = budget.accepts(plain, room, len(wilds), groups)
                decided = found or self._structural
                if not decided:
                    decided = self._nothing_to_judge(budget, plan, len(wilds), table)
        if not decided:
            held = self._held(hand, counts, wilds, table, win_card, source, conditions)
            source, facts = held.source, held.facts
            for reading, sure in self._candidates(held, table):
                if sure:
                    found = True
                    break
                cards, win = self._apply(counts, reading, win_wild, win_card)
                self.judged += 1
                if super().wins(cards, table, win, source, facts):
                    found = True
                    break
        if len(self._win_memo) >= WIN_MEMO_LIMIT:
            self._win_memo.clear()
        self._win_memo[key] = found
        return found

    def _beyond_reach(
        self: WildEvaluator, concealed: list[int], wilds: int, table: Sequence[TableGroup]
    ) -> bool:
        """`refuses` of the plain concealed cards as counts per card kind."""
        if max(concealed, default=0) >= 128:
            return False
        packed = int.from_bytes(bytes(concealed), "little")
        return self.refuses(packed, sum(concealed), wilds, table)

    def refuses(
        self: WildEvaluator, plain: int, cards: int, wilds: int, table: Sequence[TableGroup]
    ) -> bool:
        """Whether no reading of `wilds` wilds can win the plain concealed cards `plain`
        (packed; `cards` of them): their blocks need more cards added before they split
        than there are wilds (`BlockShortfall`), and no winning form of cards is within
        reach (the right count of cards beside the table, none outside its set, and no more
        of its cards missing than wilds). A quick refusal of most hands in play, which are
        far from a win; False where it cannot tell."""
        if (plain + self._excess) & self._guard:
            return False  # more copies than the deck has: the readings tell
        if not self._shortfall.exceeds(plain, wilds):
            return False
        for _, form in self._card_forms:
            size = form.beside(table)
            if size is None or plain & form.outside or cards + wilds != size:
                continue
            missing = 0
            if form.each:
                for card in form.cards:
                    if not (plain >> (card * FIELD_BITS)) & 0xFF:
                        missing += 1
            if missing <= wilds:
                return False
        return True

    def completing_wild(self: WildEvaluator) -> int | None:
        """The wild kind W such that a hand wins with some card added only if it wins with W
        added in that card's place (W read as it): one kind of wild, standing for every other
        card kind, where a split the groups and pairs accept decides the win (no minimum
        score, no `when` line of the win, no group kept whole), so a reading's verdict hangs
        on its cards alone. Play screens the wins of a hand not ready with one win test.
        None elsewhere."""
        if not self._groups_decide or self._single_kind < 0:
            return None
        wild = self._single_kind
        others = set(range(len(self.rules.cards))) - {wild}
        if not others <= set(self._stands[wild]):
            return None
        return wild

    def _with_elsewhere(
        self: WildEvaluator, around: list[int], conditions: WinConditions | None
    ) -> list[int]:
        """The plain cards in sight (`around`: the hand's, its table groups', a plain winning
        card) and the copies the conditions see elsewhere: other seats' table groups and the
        discards, in play (`WinConditions.elsewhere`). No wild is read as a copy more than the
        deck has, these counted (RULES.md P2-1)."""
        if conditions is None or not conditions.elsewhere:
            return around
        return [n + m for n, m in zip(around, self.rules.unpack(conditions.elsewhere), strict=True)]

    def _packed_wilds(self: WildEvaluator, hand: Sequence[int]) -> tuple[int, int]:
        """The hand packed (one byte per card kind, wilds included) and its count of wilds
        of the one wild kind."""
        one = self._one
        packed = 0
        for card in hand:
            packed += one[card]
        return packed, (packed >> (self._single_kind * FIELD_BITS)) & 0xFF

    def _concealed_verdict(
        self, hand: Sequence[int], source: ir.Source | None, conditions: WinConditions | None
    ) -> bool | None:
        """`wins` of concealed cards alone holding wilds of the one wild kind, where a split
        that the groups and pairs accept wins: the hand packed as it comes, the budget's
        signatures read at once; None where that does not decide (no such split and rules
        that a winning form or the judging may still make win, more copies than the deck
        has: `wins` goes on as for any hand)."""
        packed, count = self._packed_wilds(hand)
        if (packed + self._excess) & self._guard:
            return None
        if not count:  # a plain hand: as `Evaluator.wins` judges it, packed once
            return self._wins(packed, (), None, source, conditions, len(hand))
        key = (packed, source, conditions)
        known = self._win_memo.get(key)
        if known is not None:
            return known
        if not SignatureLayout.fits(len(hand)):
            return None
        wild = self._single_kind
        plain = packed - (count << (wild * FIELD_BITS))
        seen = plain + (conditions.elsewhere if conditions is not None else 0)
        if (seen + self._excess) & self._guard:
            return None  # more copies in sight than the deck has: the readings are listed
        room = self._room_of(seen, wild, count)
        budget = self._budget(len(hand))
        found = budget.accepts(plain, room, count, self._accept_concealed)
        if not (found or self._structural):
            plan = (plain, room, self._accept_concealed, self._forms_accept)
            if not self._nothing_to_judge(budget, plan, count, ()):
                return None
        if len(self._win_memo) >= WIN_MEMO_LIMIT:
            self._win_memo.clear()
        self._win_memo[key] = found
        return found

    def _nothing_to_judge(
        self: WildEvaluator,
        budget: WildBudget,
        plan: Plan,
        wilds: int,
        table: Sequence[TableGroup],
    ) -> bool:
        """Whether no reading is worth judging (`_worth_judging` would yield none), where
        the budget search already found no split that the win clause's groups and pairs
        accept and those decide: no reading has a split that makes a winning form of
        groups either, and no form of cards applies (none in the rules, or none that holds
        with the groups on the table: `CardForm.beside`). The hand then does not win,
        without the readings' listing prepared."""
        if self._card_forms and any(form.beside(table) is not None for _, form in self._card_forms):
            return False
        plain, room, _, forms = plan
        return not (forms and budget.accepts(plain, room, wilds, forms))
