"""Hands holding wild cards: every reading of the wilds, judged as a plain hand.

A reading gives each wild card held (the winning card included) a card it may stand for
(`compiling/wilds.py`), never a copy more than the deck has, table groups and the cards
held counted (RULES.md P2-1). The hand wins when some reading wins; its evaluation is the
reading whose best split scores most (`judging.best_split`), with what each wild stood for
(`Evaluation.wild_readings`). Patterns see the cards the wilds stood for; the `wilds`
quantity counts the wild cards held.

Readings are listed wild by wild, the cards of wilds of one kind in rising order (the same
multiset once); the win test of the last wild asks the searcher's completing cards first,
so a reading that cannot win is mostly refused without a judgement.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.compiled import FIELD_BITS, GUARD_BIT, CompiledRules
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.hand.evaluate import Evaluation, Evaluator, TableGroup
from tablerules.interpreter.hand.judging import best_split

Reading = tuple[tuple[int, int], ...]  # (wild kind, the card kind it stands for), per wild
WIN_MEMO_LIMIT = 1 << 14  # win tests kept per evaluator before the table is emptied


class WildEvaluator(Evaluator):
    """An `Evaluator` for rules with wild cards: a hand without wilds is judged as before."""

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.wilds = rules.wilds
        self._stands = rules.wilds.stands
        self._copies = rules.cards.copies
        self._plain_wins_packed = super().wins_packed
        self._win_memo: dict[tuple[object, ...], bool] = {}

    # ── readings ───────────────────────────────────────────────
    def readings(
        self, counts: Sequence[int], wilds: Sequence[int], concealed: Sequence[int] | None = None
    ) -> Iterator[Reading]:
        """Every reading of `wilds` (wild kinds, sorted) over a hand whose other cards
        (table groups included) are `counts`. Given the concealed cards (`concealed`, the
        plain ones), the last wild is read only as a card that may complete them (the
        searcher's completing cards: a screen that never refuses a winning reading)."""
        stands, copies = self._stands, self._copies
        used = list(counts)
        chosen: list[tuple[int, int]] = []
        screen = concealed is not None and not self._card_forms
        base = 0
        if screen:
            assert concealed is not None
            base = sum(count << (card * FIELD_BITS) for card, count in enumerate(concealed))
        completing = self.search.completing_cards

        def place(index: int, lowest: int) -> Iterator[Reading]:
            if index == len(wilds):
                yield tuple(chosen)
                return
            wild = wilds[index]
            mask = -1
            if screen and index == len(wilds) - 1:
                packed = base + sum(1 << (card * FIELD_BITS) for _, card in chosen)
                mask = completing(packed)
            for card in stands[wild]:
                if card < lowest or used[card] >= copies:
                    continue
                if not mask & (GUARD_BIT << (card * FIELD_BITS)):
                    continue
                used[card] += 1
                chosen.append((wild, card))
                same = index + 1 < len(wilds) and wilds[index + 1] == wild
                yield from place(index + 1, card if same else 0)
                chosen.pop()
                used[card] -= 1

        yield from place(0, 0)

    def _parted(
        self, hand: Sequence[int], win_card: int | None
    ) -> tuple[list[int], list[int], bool]:
        """The hand's plain counts, its wild kinds (sorted, the winning card's included)
        and whether the winning card is wild."""
        counts = [0] * len(self.rules.cards)
        wilds: list[int] = []
        for card in hand:
            if card in self._stands:
                wilds.append(card)
            else:
                counts[card] += 1
        win_wild = win_card is not None and win_card in self._stands
        if win_wild:
            assert win_card is not None
            wilds.append(win_card)
        wilds.sort()
        return counts, wilds, win_wild

    @staticmethod
    def _apply(
        counts: list[int], reading: Reading, win_wild: bool, win_card: int | None
    ) -> tuple[list[int], int | None]:
        """The hand a reading makes (as a card list) and its winning card."""
        cards = [card for card, count in enumerate(counts) for _ in range(count)]
        stood = [card for _, card in reading]
        if win_wild:
            # the winning card's wild is the one of its kind read last
            assert win_card is not None
            for index in range(len(reading) - 1, -1, -1):
                if reading[index][0] == win_card:
                    win = stood.pop(index)
                    return cards + stood, win
        return cards + stood, win_card

    def _with_table(
        self, counts: list[int], table: Sequence[TableGroup], win: int | None
    ) -> list[int]:
        around = list(counts)
        for group in table:
            for card in group.cards:
                around[card] += 1
        if win is not None and win not in self._stands:
            around[win] += 1
        return around

    def _concealed(self, counts: list[int], win_card: int | None) -> list[int]:
        """The plain concealed cards with a plain winning card: what the wilds complete."""
        concealed = list(counts)
        if win_card is not None and win_card not in self._stands:
            concealed[win_card] += 1
        return concealed

    # ── win tests ──────────────────────────────────────────────
    def wins_packed(self, packed: int) -> bool:  # type: ignore[override]
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
        hand = [card for card, count in enumerate(counts) for _ in range(count)]
        return self.wins(hand, table, win_card, source, conditions)

    def concealed_wins(
        self, pre: int, count: int, conditions: WinConditions | None = None
    ) -> bool | None:
        counts = self.rules.unpack(pre)
        if count >= 128 or max(counts, default=0) > self._copies:
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
    ) -> bool:
        counts, wilds, win_wild = self._parted(hand, win_card)
        if not wilds:
            return super().wins(hand, table, win_card, source, conditions)
        key = (tuple(sorted(hand)), tuple(table), win_card, source, conditions)
        known = self._win_memo.get(key)
        if known is not None:
            return known
        if win_card is not None and source is None:
            source = "self"
        facts = self._facts(conditions, source, len(wilds))
        found = False
        around = self._with_table(counts, table, win_card)
        concealed = self._concealed(counts, win_card)
        for reading in self.readings(around, wilds, concealed):
            cards, win = self._apply(counts, reading, win_wild, win_card)
            if super().wins(cards, table, win, source, facts):
                found = True
                break
        if len(self._win_memo) >= WIN_MEMO_LIMIT:
            self._win_memo.clear()
        self._win_memo[key] = found
        return found

    @staticmethod
    def _facts(
        conditions: WinConditions | None, source: ir.Source | None, wilds: int
    ) -> WinConditions:
        facts = conditions or WinConditions.from_source(source)
        return replace(facts, wilds=wilds)

    # ── full evaluation ────────────────────────────────────────
    def evaluate(  # type: ignore[override]
        self,
        hand: Sequence[int],
        table: Sequence[TableGroup] | None = None,
        win_card: int | None = None,
        source: ir.Source | None = None,
        on_deal: bool = False,
        conditions: WinConditions | None = None,
    ) -> Evaluation:
        counts, wilds, win_wild = self._parted(hand, win_card)
        if not wilds:
            return super().evaluate(hand, table, win_card, source, on_deal, conditions)
        if win_card is not None and source is None:
            source = "self"
        facts = self._facts(conditions, source, len(wilds))
        table = table or []
        best: Evaluation | None = None
        first: Evaluation | None = None
        best_reading: Reading = ()
        around = self._with_table(counts, table, win_card)
        concealed = None if on_deal else self._concealed(counts, win_card)
        for reading in self.readings(around, wilds, concealed):
            cards, win = self._apply(counts, reading, win_wild, win_card)
            if not super().wins(cards, table, win, source, facts) and not on_deal:
                if first is None:
                    first, best_reading = (
                        super().evaluate(cards, table, win, source, on_deal, facts),
                        reading,
                    )
                continue
            result = super().evaluate(cards, table, win, source, on_deal, facts)
            if not result.wins:
                if first is None:
                    first, best_reading = result, reading
                continue
            if best is None or self._better(result, best):
                best, best_reading = result, reading
        chosen = best or first
        if chosen is None:  # no card a wild may stand for is left: the hand as it is
            return super().evaluate(hand, table, win_card, source, on_deal, conditions)
        chosen.wild_readings = best_reading
        for split in chosen.decompositions:
            split.wilds = len(wilds)
            split.wild_readings = best_reading
        return chosen

    def _better(self, one: Evaluation, other: Evaluation) -> bool:
        """Whether `one`'s best split scores more than `other`'s (ties keep the first)."""
        if one.best is None or other.best is None:
            return other.best is None and one.best is not None
        return best_split(self.rules, [other.best, one.best]) is one.best


def reading_text(rules: CompiledRules, reading: Reading) -> str:
    """What each wild stood for, as `紅中→5m, 紅中→5m`."""
    names = rules.cards.display
    return ", ".join(f"{names[wild]}→{names[card]}" for wild, card in reading)


def reading_json(rules: CompiledRules, reading: Reading) -> list[dict[str, str]]:
    """What each wild stood for, by card id: `[{"wild": "C", "stands_for": "5m"}]`."""
    ids = rules.cards.ids
    return [{"wild": ids[wild], "stands_for": ids[card]} for wild, card in reading]


def make_evaluator(rules: CompiledRules) -> Evaluator:
    """The evaluator the rules need: one that reads wild cards where there are any."""
    return WildEvaluator(rules) if rules.wilds else Evaluator(rules)
