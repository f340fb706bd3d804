"""Hand evaluation: does a hand win under the rules, how, for how much, and if not, why.

Input: the concealed cards, the groups already on the table (each with its kind), and
optionally the winning card with where it came from (`self`, `discard`, `draw`). Output:
an `Evaluation` listing every complete split of the hand, each with per-group values and
whether it satisfies the win clause, the best one, and reasons citing the rule ids.

The signature tables answer most win tests alone (`search/searcher.py`); otherwise the
splits are judged by the win clause (`win_clause.py`), with numbers only: the named groups
and the reasons are built by the evaluation only when read (see `evaluation.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.compiled import (
    FIELD_BITS,
    GUARD_BIT,
    CompiledRules,
)
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.compiling.patterns import Multiset
from tablerules.interpreter.compiling.signature_layout import SIGNED_CARDS, SignatureLayout
from tablerules.interpreter.hand.copies import excess
from tablerules.interpreter.hand.dealt import shown_report
from tablerules.interpreter.hand.details import Details
from tablerules.interpreter.hand.evaluation import (
    Decomposition,
    Evaluation,
    GroupResult,
    Reason,
)
from tablerules.interpreter.hand.immediate_wins import ImmediateWins, immediates_by_turn
from tablerules.interpreter.hand.judging import judge_evaluation, wins_judged
from tablerules.interpreter.hand.waits import count_waits
from tablerules.interpreter.hand.win_clause import WinClause
from tablerules.interpreter.search.searcher import Searcher

__all__ = [
    "SOURCES",
    "Decomposition",
    "Evaluation",
    "Evaluator",
    "GroupResult",
    "HandError",
    "Reason",
    "TableGroup",
]

SOURCES: tuple[ir.Source, ...] = ("self", "discard", "draw")


def implied_source(win_card: int | None, source: ir.Source | None) -> ir.Source | None:
    """Where the winning card came from: as given, or the seat's own draw when a winning
    card is given without it."""
    if win_card is not None and source is None:
        return "self"
    return source


class HandError(ValueError):
    """A hand that cannot be evaluated as given (too many copies, a wrong table group...)."""


@dataclass(frozen=True)
class TableGroup:
    """A group already on the table: its kind index, its cards, and whether it took another
    seat's card (a claimed group; one declared from the hand alone is not)."""

    kind: int
    cards: Multiset
    claimed: bool = True


class Evaluator(ImmediateWins):
    """Evaluates hands under one compiled rule set."""

    def __init__(self, rules: CompiledRules) -> None:
        self.rules = rules
        self.search = Searcher(rules)
        self.splits_judged = 0  # splits a win test judged by hand patterns (`_judged_wins`)
        self._accept_concealed = rules.accept_mask(0, 0, 0)
        self.details = Details(rules)
        self._signatures = self.search.signatures
        if rules.structural_exact:  # the structure decides: the signature tables are the test
            self.wins_packed = self.search.win_test(self._accept_concealed)  # type: ignore[method-assign]
        # one copy of each card, packed (one byte per card kind): a hand is their sum
        self.ones = self._one = [1 << (card * FIELD_BITS) for card in range(len(rules.cards))]
        # added to each count: more than the card's copies sets the guard
        spare = bytes(GUARD_BIT - 1 - copies for copies in rules.cards.copies_of)
        self._excess = int.from_bytes(spare, "little")
        self._guard = int.from_bytes(bytes([GUARD_BIT]) * len(rules.cards), "little")
        # the splits judged (`win_clause.py`)
        clause = WinClause(rules, self.search, self.details)
        self._judge = clause.judge
        self._judge_plain = clause.judge_plain
        self._judge_best = clause.judge_best
        self._kept_wins = clause.kept_wins
        self._sizes_allow = clause.sizes_allow
        # a hand too large for the signature tables is first measured by its cards alone
        self._measured = not rules.wilds and not clause.winning_forms and not clause.card_forms
        # the winning forms, which the signature tables alone cannot tell
        self._winning_forms = clause.winning_forms
        self._card_forms = clause.card_forms
        self._scored = rules.scoring.active  # winning splits are judged by hand patterns
        # concealed cards alone are judged by the best split per signature when listing
        # every split costs a search per new hand (a cut block), and nothing but the
        # splits' sums decides (no scores, no winning forms)
        self._best_first = (
            self.search.cut
            and not self._scored
            and not self._winning_forms
            and not self._card_forms
        )
        # concealed cards alone are judged by listing their splits and nothing else
        self._plain_concealed = not self._best_first and not self._scored
        self._immediates = immediates_by_turn(rules)

    # ── input ──────────────────────────────────────────────────
    def table_group(self, kind: str, cards: Sequence[int]) -> TableGroup:
        """A table group from a kind name (or alias) and cards, checked against its pattern."""
        index = self.rules.kind_index.get(kind)
        if index is None:
            known = ", ".join(k.name for k in self.rules.kinds)
            raise HandError(f"unknown group kind {kind!r} (kinds: {known})")
        info = self.rules.kinds[index]
        if not info.on_table:
            raise HandError(f"a {info.name} group is never on the table")
        multiset = tuple(sorted(cards))
        if not self.rules.admits(index, multiset):
            shown = "".join(self.rules.cards.names(list(multiset)))
            raise HandError(f"{shown} is not a {info.name} ({info.title})")
        return TableGroup(index, multiset)

    def _pack(self, hand: Sequence[int], table: Sequence[TableGroup], win_card: int | None) -> int:
        """The concealed cards packed (one byte per kind), after checking that hand, table
        groups and winning card together hold no card more often than the deck does."""
        one = self._one
        pre = sum(map(one.__getitem__, hand))
        everything = pre
        for group in table:
            everything += sum(map(one.__getitem__, group.cards))
        if win_card is not None:
            everything += one[win_card]
        # a count above the deck's copies carries into its byte's top bit (and no byte
        # overflows while fewer than 128 cards are given)
        small = len(hand) + 8 * len(table) < 127
        turned = self.rules.turned  # a copy of it is out of play: the slow check counts it
        if small and turned is None and not (everything + self._excess) & self._guard:
            return pre
        counts = [0] * len(self.rules.cards)
        for card in hand:
            counts[card] += 1
        for group in table:
            for card in group.cards:
                counts[card] += 1
        if win_card is not None:
            counts[win_card] += 1
        problem = excess(self.rules, counts)
        if problem:
            raise HandError(problem)
        return pre

    # ── fast win test ──────────────────────────────────────────
    def wins_packed(self, packed: int) -> bool:
        """Win test for a concealed hand given as packed counts, no table groups."""
        result = self._judge_plain(packed)
        if self._scored and result.wins:
            return self._judged_wins(result, packed, (), None, None)
        return result.wins

    def quick_wins(
        self,
        counts: Sequence[int],
        table: Sequence[TableGroup],
        win_card: int | None,
        source: ir.Source | None,
        conditions: WinConditions | None = None,
    ) -> bool:
        """Win test for play: the signature tables first, a full evaluation only if needed
        (with how the hand is won, for rules whose hand patterns may decide).

        `counts` is the concealed hand as counts per card kind, without the winning card.
        """
        pre = int.from_bytes(bytes(counts), "little")
        cards = sum(counts) + (win_card is not None)
        return self._wins(pre, table, win_card, source, conditions, cards)

    def _wins(
        self,
        pre: int,
        table: Sequence[TableGroup],
        win_card: int | None,
        source: ir.Source | None,
        conditions: WinConditions | None,
        cards: int,
    ) -> bool:
        """The win test of `pre` (`cards` concealed cards, the winning card included):
        the signature tables first where they count the hand exactly."""
        rules = self.rules
        if conditions is not None and self._scored and self._refused_by_situation(conditions):
            return False  # a `when` line of the situation fails: no split of any hand wins
        full = pre + self._one[win_card] if win_card is not None else pre
        if not self._winning_forms and (cards <= SIGNED_CARDS or self._counted(cards)):
            if not table:
                if rules.structural_exact:
                    return self.wins_packed(full)
                accept = self._accept_concealed
            else:
                kinds = rules.kinds
                pairs = sum(kinds[g.kind].is_pair for g in table)
                triggers = sum(kinds[g.kind].is_trigger for g in table)
                accept = rules.accept_mask(len(table), pairs, triggers)
            splits = self._signatures(full) & accept
            forms = self._card_forms
            if not splits and not (forms and any(f.holds(full, table) for _, f in forms)):
                return False  # no split wins, nor is the hand a form of cards
            if rules.structural_exact:
                return True
            if rules.kept_exact:  # exact once the 'never split' groups are taken out
                return self._kept_wins(pre, full, win_card, accept)
        elif self._measured:
            pairs = sum(rules.kinds[g.kind].is_pair for g in table)
            if not self._sizes_allow(cards, len(table), pairs):
                return False  # too many cards (or too few) for the groups the clause asks
        result = self._judge(full, pre, table, win_card, source)
        if self._scored and result.wins:
            return self._judged_wins(result, full, table, source, conditions)
        return result.wins

    def _refused_by_situation(self, conditions: WinConditions) -> bool:
        """Whether a `when` line of the win clause that reads only how and when the hand is
        won fails (`Scoring.refuses_situation`): asked before any split is listed."""
        scoring = self.rules.scoring
        if not scoring.situation_when:
            return False
        return scoring.refuses_situation(conditions, {**self.rules.numbers, **conditions.placed})

    def _counted(self, cards: int) -> bool:
        """Whether the signature tables count a hand of more cards than they were made for
        (draws kept without a discard) exactly: no split of it overflows a field
        (`SignatureLayout.counts_exactly`)."""
        return self.rules.signature.counts_exactly(cards, self.rules.groups_needed)

    def wins(
        self,
        hand: Sequence[int],
        table: Sequence[TableGroup] = (),
        win_card: int | None = None,
        source: ir.Source | None = None,
        conditions: WinConditions | None = None,
    ) -> bool:
        """Whether the hand wins (as `evaluate(...).wins`, immediate wins aside): the
        signature tables first, the splits judged only when they cannot decide."""
        source = implied_source(win_card, source)
        pre = self._pack(hand, table, win_card)
        cards = len(hand) + (win_card is not None)
        return self._wins(pre, table, win_card, source, conditions, cards)

    def concealed_wins(
        self, pre: int, count: int, conditions: WinConditions | None = None
    ) -> bool | None:
        """`wins` of `count` concealed cards given as packed counts (see `CardTable.packer`);
        None when some card is given more often than the deck has (`wins` says so)."""
        if count >= 128 or (pre + self._excess) & self._guard:
            return None
        return self._wins(pre, (), None, None, conditions, count)

    def concealed_test(
        self, conditions: WinConditions | None = None
    ) -> Callable[[int, int], bool | None]:
        """`concealed_wins` as one function with what it needs at hand, for bulk checks:
        where the structure alone decides, the overflow check and the signature tables."""
        if not self.rules.structural_exact or self._winning_forms:
            return lambda pre, count: self.concealed_wins(pre, count, conditions)
        wins = self.wins_packed
        excess, guard = self._excess, self._guard
        fits = SignatureLayout.fits

        def test(pre: int, count: int) -> bool | None:
            if count >= 128 or (pre + excess) & guard:
                return None
            return wins(pre) if fits(count) else self._judge_plain(pre).wins

        return test

    # ── full evaluation ────────────────────────────────────────
    def evaluate(
        self,
        hand: Sequence[int],
        table: Sequence[TableGroup] | None = None,
        win_card: int | None = None,
        source: ir.Source | None = None,
        on_deal: bool = False,
        conditions: WinConditions | None = None,
    ) -> Evaluation:
        """Evaluate a hand: concealed cards, table groups (None: none), and the winning
        card if any.

        `conditions` say how the hand was won, for hand patterns (by default what `source`
        implies); `on_deal` first looks for a win declared on the deal.
        """
        if not table and win_card is None and not on_deal and len(hand) < 128:
            # concealed cards alone, the common case of a bulk check: one copy of each
            # card added up in a plain loop (the cheapest way in Python: no call per card),
            # and a count above the deck's copies carries into its byte's top bit
            one = self._one
            pre = 0
            for card in hand:
                pre += one[card]
            if not (pre + self._excess) & self._guard:
                if self._plain_concealed:
                    result = self._judge_plain(pre)
                elif self._best_first and SignatureLayout.fits(len(hand)):
                    result = self._judge_best(pre)
                else:
                    result = self._judge_plain(pre)
                    if self._scored:
                        self._score(result, pre, (), None, conditions)
                result.count_left_out(self.search.left_out, pre)
                return result
        if table is None:
            table = ()
        source = implied_source(win_card, source)
        pre = self._pack(hand, table, win_card)
        full = pre + self._one[win_card] if win_card is not None else pre
        result = self._judge(full, pre, table, win_card, source)
        result.count_left_out(self.search.left_out, full)
        if self._scored:
            if result.wins:
                counts = self.rules.unpack(pre)
                conditions = self.counted_waits(counts, table, win_card, source, conditions)
            self._score(result, full, table, source, conditions)
        if on_deal:
            # the winning card counts: a draw in play may complete a `when all of` line
            immediate = self.immediate(self.rules.unpack(full), table)
            if immediate is not None:
                self._win_on_deal(result, full, table, source, conditions, immediate)
            result.shown = shown_report(
                self.rules, self.shown_on_deal(self.rules.unpack(pre), table)
            )
        elif source == "self" and not result.wins and self._immediates[None]:
            self._drawn_immediate(result, full, table, source, conditions)
        return result

    def counted_waits(
        self,
        counts: Sequence[int],
        table: Sequence[TableGroup],
        win_card: int | None,
        source: ir.Source | None,
        conditions: WinConditions | None,
    ) -> WinConditions | None:
        """`conditions` with the waits of the hand before `win_card` counted (`waits.py`),
        where a pattern reads them and they are not counted yet; else as given."""
        if win_card is None or not self.rules.quantities.reads_waits:
            return conditions
        facts = conditions or WinConditions.from_source(source)
        if facts.waits is not None:
            return facts
        return replace(facts, waits=count_waits(self, counts, table, facts))

    def _whole(self, full: int, table: Sequence[TableGroup]) -> list[int]:
        """The whole winning hand as counts per card kind: concealed cards, the winning
        card and the table groups."""
        counts = self.rules.unpack(full)
        for group in table:
            for card in group.cards:
                counts[card] += 1
        return counts

    def _score(
        self,
        result: Evaluation,
        full: int,
        table: Sequence[TableGroup],
        source: ir.Source | None,
        conditions: WinConditions | None,
    ) -> None:
        """Judge the winning splits' hand patterns (see `judging.py`)."""
        facts = conditions or WinConditions.from_source(source)
        judge_evaluation(self.rules, result, self._whole(full, table), facts)

    def _judged_wins(
        self,
        result: Evaluation,
        full: int,
        table: Sequence[TableGroup],
        source: ir.Source | None,
        conditions: WinConditions | None,
    ) -> bool:
        """Whether a winning split stays winning once its hand patterns are judged: what
        `_score` leaves as `result.wins`, for a win test (`judging.wins_judged`)."""
        self.splits_judged += len(result.candidates)  # the work of win tests, for a bound
        facts = conditions or WinConditions.from_source(source)
        return wins_judged(self.rules, result, self._whole(full, table), facts)
