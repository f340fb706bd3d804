"""The best split of a hand holding wilds where the first winning reading is the best.

Where nothing is valued or scored, every winning reading ties and the first one in the
order of the listing is the hand's evaluation (`wild_readings.py`). With one kind of wild
and a win decided by the groups and pairs, that reading is read straight from the budget
tables (`search/wild_first.py`) and judged once as a plain hand, packed as it comes:
concealed cards alone (`_first_evaluation`), or with a winning card or table groups
(`_first_evaluation_held`). A hand these paths do not answer goes on to the general path,
which finds the same reading.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.compiled import FIELD_BITS
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.compiling.signature_layout import SignatureLayout
from tablerules.interpreter.hand.evaluate import (
    Decomposition,
    Evaluation,
    Evaluator,
    TableGroup,
    implied_source,
)
from tablerules.interpreter.search.wild_first import FirstReading

if TYPE_CHECKING:
    from tablerules.interpreter.hand.wild_readings import WildEvaluator

Reading = tuple[tuple[int, int], ...]  # (wild kind, the card kind it stands for), per wild
READINGS_LIMIT = 1 << 12  # readings kept by their fill (`_read_as`) before emptied


def read_as(fill: int, wild: int) -> Reading:
    """The reading of wilds of one kind that stand for the cards of `fill` (packed): the
    cards in rising order, as `WildEvaluator._readings_of` lists them."""
    reading: list[tuple[int, int]] = []
    while fill:
        card = ((fill & -fill).bit_length() - 1) // FIELD_BITS
        count = (fill >> (card * FIELD_BITS)) & 0xFF
        reading += [(wild, card)] * count
        fill -= count << (card * FIELD_BITS)
    return tuple(reading)


class FirstReadingEvaluation:
    """A mixin of `WildEvaluator`: the first winning reading read and judged at once."""

    def _first_readers(self: WildEvaluator) -> None:
        """The readers of the first reading, one per width of the budget's bit sets."""
        self._first_reading = FirstReading(self.budget)
        self._dealt_first_reading = FirstReading(self._dealt_budget)
        self._read_as_memo: dict[int, Reading] = {}

    def _read_as(self: WildEvaluator, fill: int) -> Reading:
        """`read_as` of the one wild kind, kept by the fill (the first readings of many
        hands stand for the same low cards)."""
        known = self._read_as_memo.get(fill)
        if known is None:
            known = read_as(fill, self._single_kind)
            if len(self._read_as_memo) >= READINGS_LIMIT:
                self._read_as_memo.clear()
            self._read_as_memo[fill] = known
        return known

    def _first_reading_evaluated(
        self: WildEvaluator,
        hand: Sequence[int],
        table: Sequence[TableGroup] | None,
        win_card: int | None,
        source: ir.Source | None,
        conditions: WinConditions | None,
    ) -> Evaluation | None:
        """`evaluate` of a hand (not on the deal) by its first reading, or None where the
        fast paths do not answer."""
        if not table and win_card is None:
            return self._first_evaluation(hand, source, conditions)
        return self._first_evaluation_held(hand, table or [], win_card, source, conditions)

    def _first_evaluation(
        self: WildEvaluator,
        hand: Sequence[int],
        source: ir.Source | None,
        conditions: WinConditions | None,
    ) -> Evaluation | None:
        """`evaluate` of concealed cards alone holding wilds of the one wild kind, where the
        first winning reading is the best (nothing valued or scored) and a split that the
        groups and pairs accept wins: the hand packed as it comes, the first reading read
        from the budget tables (`search/wild_first.py`), evaluated as a plain hand (a hand
        without wilds at once as one). None where that does not answer (more copies than
        the deck has, a hand too large for the signature tables, no reading that wins, a
        first reading that only a winning form's signatures let through and that makes no
        such form): `evaluate` goes on as for any hand."""
        if len(hand) >= 127 or not SignatureLayout.fits(len(hand)):
            return None
        packed, count = self._packed_wilds(hand)
        if not count:  # a plain hand, judged as `evaluate` judges it
            return Evaluator.evaluate(self, hand, None, None, source, False, conditions)
        if (packed + self._excess) & self._guard:
            return None
        wild = self._single_kind
        plain = packed - (count << (wild * FIELD_BITS))
        seen = plain + (conditions.elsewhere if conditions is not None else 0)
        if (seen + self._excess) & self._guard:
            return None
        room = self._room_of(seen, wild, count)
        first = self._dealt_first_reading if len(hand) <= self._dealt_cards else None
        found = (first or self._first_reading).first(
            plain, room, count, self._accept_concealed | self._forms_accept
        )
        if found is None:
            return None
        reading = self._read_as(found[0])
        full = plain + found[0]
        # `Evaluator.evaluate` of the reading's concealed cards, packed, nothing scored:
        # its verdict is the win test's (a reading that only a winning form's signatures
        # let through is judged here once)
        if not self._plain_concealed and self._best_first:
            result = self._judge_best(full)
        else:
            result = self._judge_plain(full)
        return self._first_judged(result, full, count, reading)

    def _first_evaluation_held(
        self: WildEvaluator,
        hand: Sequence[int],
        table: Sequence[TableGroup],
        win_card: int | None,
        source: ir.Source | None,
        conditions: WinConditions | None,
    ) -> Evaluation | None:
        """`_first_evaluation` of a hand with a winning card or table groups (what play and
        `evaluate --win-card` ask): the plan the descent is given (`_plan`: the plain
        concealed cards, the plain winning card among them, the room left by the cards in
        sight, the signatures the table groups leave to accept) worked out on the hand
        packed as it comes, its first reading read from the budget tables, and that
        reading judged packed as `Evaluator.evaluate` judges it where nothing is scored
        (the winning card, when wild, the last card read, as `_apply` keeps it). None
        where that does not answer (a hand too large for the signature tables, more
        copies than the deck has, no wild, no reading, a first reading that does not
        win): `evaluate` goes on, and finds the same first reading."""
        cards = len(hand) + (win_card is not None)
        if cards >= 127 or not SignatureLayout.fits(cards):
            return None
        one = self._one
        packed, count = self._packed_wilds(hand)
        wild = self._single_kind
        plain = packed - (count << (wild * FIELD_BITS))
        win_wild = win_card == wild
        if win_wild:
            count += 1
        elif win_card is not None:
            plain += one[win_card]
        if not count:
            return None
        seen = plain + (conditions.elsewhere if conditions is not None else 0)
        for group in table:
            for card in group.cards:
                seen += one[card]
        if (seen + self._excess) & self._guard:
            return None  # more copies in sight than the deck has
        room = self._room_of(seen, wild, count)
        if table:
            kinds = self.rules.kinds
            pairs = sum(kinds[g.kind].is_pair for g in table)
            triggers = sum(kinds[g.kind].is_trigger for g in table)
            accept = self.rules.accept_mask(len(table), pairs, triggers)
        else:
            accept = self._accept_concealed | self._forms_accept
        reader = self._dealt_first_reading if cards <= self._dealt_cards else self._first_reading
        found = reader.first(plain, room, count, accept)
        if found is None:
            return None
        fill = found[0]
        reading = self._read_as(fill)
        full = plain + fill
        win = reading[-1][1] if win_wild else win_card
        pre = full - one[win] if win is not None else full
        # `Evaluator.evaluate` of the reading's hand, nothing scored and not on the deal
        result = self._judge(full, pre, table, win, implied_source(win_card, source))
        return self._first_judged(result, full, count, reading)

    def _first_judged(
        self: WildEvaluator, result: Evaluation, full: int, count: int, reading: Reading
    ) -> Evaluation | None:
        """A first reading's judged hand as `evaluate` reports it (the splits left out, the
        wilds and what each stood for), or None where the reading does not win."""
        if not result.wins:
            return None
        result.count_left_out(self.search.left_out, full)
        self.judged += 1
        result.wild_readings = reading

        def mark(split: Decomposition) -> None:
            split.wilds = count
            split.wild_readings = reading

        result.mark_splits(mark)
        return result
