"""Hands holding wild cards: every reading of the wilds, judged as a plain hand.

A reading gives each wild card held (the winning card included) a card it may stand for
(`compiling/wilds.py`), never a copy more than the deck has, the cards in sight counted
(`WildWinTest._with_elsewhere`, P2-1). The hand wins when some reading wins; its evaluation is the
reading whose best split scores most (`judging.best_split`), with what each wild stood for
(`Evaluation.wild_readings`). Patterns see the cards the wilds stood for; the `wilds`
quantity counts the wild cards held.

Which readings are worth judging comes from the wild budget search
(`search/wild_budget.py`): the wilds fill the missing cards of a split's groups, so only
the readings whose plain hand has a split that the win clause's groups and pairs accept,
or that make a winning form (of groups, or of cards: `_form_fills`), are judged, each as a
plain hand. Where such a split always wins (no minimum, no score or condition that may
refuse it), the win test (`wild_win_test.py`) is the budget search's signatures alone, and
a reading with such a split is not judged again before it is evaluated. Readings are
judged in the order of a listing wild by wild, the cards of wilds of one kind in rising
order (the same multiset once), so that among equal scores the first is kept; where
nothing is valued or scored, every winning reading ties and the first one ends the search.
A hand too large for the signature tables lists every reading instead (the last wild then
only as a card the searcher's completing cards allow). A win on the deal is read on the
cards as dealt, the wilds as wilds (`when holding N of wild` counts them), never on a
reading: the readings are judged for the hand's groups alone.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from heapq import merge

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.compiled import (
    FIELD_BITS,
    CompiledRules,
    ImmediateInfo,
)
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.compiling.signature_layout import SignatureLayout
from tablerules.interpreter.hand.copies import in_play
from tablerules.interpreter.hand.evaluate import (
    Decomposition,
    Evaluation,
    Evaluator,
    TableGroup,
    implied_source,
)
from tablerules.interpreter.hand.judging import best_split
from tablerules.interpreter.hand.wild_first_reading import (
    FirstReadingEvaluation,
    Reading,
)
from tablerules.interpreter.hand.wild_reading_lists import WildReadingLists
from tablerules.interpreter.hand.wild_win_test import WIN_MEMO_LIMIT, Plan, WildWinTest
from tablerules.interpreter.search.block_shortfall import BlockShortfall
from tablerules.interpreter.search.wild_budget import WildBudget


@dataclass(frozen=True, slots=True)
class HeldWilds:
    """A hand holding wild cards, made ready to judge (`WildEvaluator._held`)."""

    wilds: list[int]  # the wild kinds held, sorted (the winning card's included)
    source: ir.Source | None
    facts: WinConditions  # what the patterns see, the wilds counted
    around: list[int]  # plain cards in sight: concealed, table groups, winning card, elsewhere
    concealed: list[int] | None  # the plain concealed cards (None: every reading listed)
    plan: Plan | None  # what the budget search is given (None: every reading listed)


class WildEvaluator(FirstReadingEvaluation, WildReadingLists, WildWinTest, Evaluator):
    """An `Evaluator` for rules with wild cards: a hand without wilds is judged as before."""

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.wilds = rules.wilds
        self._stands = rules.wilds.stands
        self._copies = tuple(in_play(rules))  # the card turned up is out of play
        self._plain_wins_packed = super().wins_packed
        self._win_memo: dict[tuple[object, ...], bool] = {}
        self.budget = WildBudget(self.search)
        self._shortfall = BlockShortfall(self.search, self._copies)
        # hands of no more concealed cards than a seat holds after the deal and a draw (the
        # wilds counted) are searched with narrower bit sets
        self._dealt_cards = max(rules.dealt_per_seat(), default=0) + 1
        self._dealt_budget = WildBudget(self.search, self._dealt_cards)
        self.judged = 0  # readings judged as plain hands (what the budget search saves)
        # the rules as they would be without wilds: does a split that the win clause's
        # groups and pairs accept always win, and does the structure alone decide a win
        # (no winning forms either)?
        self._groups_decide = (
            rules.rules.win is not None
            and rules.value_minimum is None
            and not rules.keep_together
            and rules.trigger_exact
            and not rules.scoring.decides_wins
        )
        self._structural = self._groups_decide and not self._winning_forms and not self._card_forms
        # no values and no scores: every winning reading ties, the first listed is the best
        self._first_wins = rules.value_table is None and not rules.scoring.active
        self._stand_sets = {wild: frozenset(cards) for wild, cards in self._stands.items()}
        # one kind of wild card: concealed cards alone are judged packed (`wins`)
        self._single_kind = min(self._stands) if len(self._stands) == 1 else -1
        self._concealed_decide = self._groups_decide and self._single_kind >= 0
        # the wild kinds held -> the copies in play of the cards they stand for, and a mask
        # of those cards' bytes (packed)
        self._room_memo: dict[object, tuple[int, int]] = {}
        # a level in every byte, for each number of wilds a hand may hold
        self._levels = [
            int.from_bytes(bytes([level]) * len(rules.cards), "little") for level in range(128)
        ]
        self._facts_memo: dict[tuple[object, ...], WinConditions] = {}
        # one kind of wild, where the first winning reading is the best: read straight
        # from the budget tables (`wild_first_reading.py`)
        self._read_first = self._first_wins and self._concealed_decide and not self._card_forms
        self._first_readers()
        # the signatures of a split that makes a winning form (its count of groups)
        self._forms_accept = 0
        layout = rules.signature
        for form in rules.forms:
            if form.wins:
                for groups, pairs, triggers in layout.counts(form.count):
                    self._forms_accept |= 1 << layout.index(groups, pairs, triggers)

    # ── readings ───────────────────────────────────────────────
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

    # ── the readings worth judging (the wild budget search) ────
    def _plan(
        self,
        around: list[int],
        concealed: list[int],
        wilds: Sequence[int],
        table: Sequence[TableGroup],
        cards: int,
    ) -> Plan | None:
        """What the budget search needs: the plain concealed cards (packed), the copies
        free of each card kind a held wild may stand for (packed, at most one per wild),
        the signatures whose splits win by the win clause's groups and pairs, and those
        that may make a winning form of groups; None where it cannot answer (a hand too large for
        the signature tables, or one holding more copies than the deck has: listed and
        refused reading by reading)."""
        if not SignatureLayout.fits(cards):
            return None
        seen = int.from_bytes(bytes(around), "little")
        if (seen + self._excess) & self._guard:
            return None  # more copies in sight than the deck has
        room = self._room(seen, wilds)
        plain = int.from_bytes(bytes(concealed), "little")
        if not table:
            return plain, room, self._accept_concealed, self._forms_accept
        kinds = self.rules.kinds
        pairs = sum(kinds[g.kind].is_pair for g in table)
        triggers = sum(kinds[g.kind].is_trigger for g in table)
        return plain, room, self.rules.accept_mask(len(table), pairs, triggers), 0

    def _room(self, seen: int, wilds: Sequence[int]) -> int:
        """The copies free of each card some held wild may stand for, at most one per wild
        (packed): the deck's copies in play less those in sight (`seen`, packed, never
        more than the deck has), cut at the number of wilds."""
        kinds = wilds[0] if wilds[0] == wilds[-1] else tuple(sorted(set(wilds)))
        return self._room_of(seen, kinds, len(wilds))

    def _room_of(self, seen: int, kinds: int | tuple[int, ...], count: int) -> int:
        """`_room` of `count` wilds of the kinds `kinds` (one kind, or several sorted)."""
        known = self._room_memo.get(kinds)
        if known is None:
            held = (kinds,) if isinstance(kinds, int) else kinds
            stands = set().union(*(self._stands[w] for w in held))
            copies = sum(self._copies[card] << (card * FIELD_BITS) for card in stands)
            mask = sum(0xFF << (card * FIELD_BITS) for card in stands)
            known = self._room_memo[kinds] = (copies, mask)
        copies, mask = known
        free = copies - (seen & mask)
        guard = self._guard
        # each byte cut at the number of wilds: the excess of those above it taken off
        above = (free | guard) - self._levels[count]
        kept = (above & guard) >> (FIELD_BITS - 1)
        return free - (above & ~guard & (kept * 0xFF))

    def _budget(self, cards: int) -> WildBudget:
        """The budget search for a hand of `cards` concealed cards, the wilds counted."""
        return self._dealt_budget if cards <= self._dealt_cards else self.budget

    def _one_kind(self, wilds: Sequence[int]) -> bool:
        """Whether every held wild may stand for the same cards (a reading is then its
        cards alone)."""
        first = self._stands[wilds[0]]
        return all(self._stands[wild] == first for wild in wilds)

    def _worth_judging(
        self, plan: Plan, wilds: Sequence[int], table: Sequence[TableGroup], every: bool
    ) -> Iterator[tuple[Reading, bool]]:
        """The readings whose plain hand has a split the win clause's groups and pairs
        accept, or that make a winning form: every reading that may win, each once, in
        the order of the listing of every reading (`readings`); each with whether it
        surely wins (a split the groups and pairs accept where they decide). Unless
        `every` reading is to be read, they are found one at a time (the reader stops
        early)."""
        plain, room, groups, forms = plan
        sure = groups if self._groups_decide else 0
        cards = sum(plain.to_bytes(len(self.rules.cards), "little")) + len(wilds)
        budget = self._budget(cards)
        listing = budget.fills if every else budget.ordered_fills
        fills = listing(plain, room, len(wilds), groups | forms)
        form_fills: set[int] = set()
        for _, form in self._card_forms:
            form_fills.update(self._form_fills(form, plain, room, len(wilds), table))
        form_wins = self._groups_decide  # a form of cards wins where nothing else decides
        if wilds[0] != wilds[-1]:  # several kinds: a fill is read several ways
            found: dict[Reading, bool] = {}
            for fill, bits in fills:
                for reading in self._readings_of(fill, wilds):
                    found[reading] = found.get(reading, False) or bool(bits & sure)
            for fill in form_fills:
                for reading in self._readings_of(fill, wilds):
                    found[reading] = found.get(reading, False) or form_wins
            yield from sorted(found.items())
            return
        # one kind: a fill is one reading, and the budget search lists them in order
        ordered = (
            (next(self._readings_of(fill, wilds)), bool(bits & sure)) for fill, bits in fills
        )
        if not form_fills:
            yield from ordered
            return
        more = sorted((next(self._readings_of(fill, wilds)), form_wins) for fill in form_fills)
        last: tuple[Reading, bool] | None = None
        for reading, wins in merge(ordered, more, key=lambda pair: pair[0]):
            if last is not None and reading == last[0]:
                last = (reading, last[1] or wins)
                continue
            if last is not None:
                yield last
            last = (reading, wins)
        if last is not None:
            yield last

    # ── what a win test and an evaluation start from ───────────
    def _held(
        self,
        hand: Sequence[int],
        counts: list[int],
        wilds: list[int],
        table: Sequence[TableGroup],
        win_card: int | None,
        source: ir.Source | None,
        conditions: WinConditions | None,
    ) -> HeldWilds:
        """A hand holding wilds made ready to judge: the source a winning card implies
        (as `Evaluator` reads it), the facts its patterns see, the cards around it and
        what the budget search is given."""
        source = implied_source(win_card, source)
        facts = self._facts(conditions, source, len(wilds))
        around = self._with_elsewhere(self._with_table(counts, table, win_card), conditions)
        concealed = self._concealed(counts, win_card)
        cards = len(hand) + (win_card is not None)
        plan = self._plan(around, concealed, wilds, table, cards)
        return HeldWilds(wilds, source, facts, around, concealed, plan)

    def _candidates(
        self, held: HeldWilds, table: Sequence[TableGroup], every: bool = False
    ) -> Iterator[tuple[Reading, bool]]:
        """The readings to judge, in the order of the listing, each with whether it surely
        wins: those the budget search lets through, or every reading where it cannot
        (`every`: the reader reads them all, rather than stopping at the first it wants)."""
        if held.plan is not None:
            return self._worth_judging(held.plan, held.wilds, table, every)
        listed = self.readings(held.around, held.wilds, held.concealed)
        return ((reading, False) for reading in listed)

    def _facts(
        self, conditions: WinConditions | None, source: ir.Source | None, wilds: int
    ) -> WinConditions:
        key = (conditions, source, wilds)
        known = self._facts_memo.get(key)
        if known is None:
            facts = conditions or WinConditions.from_source(source)
            known = replace(facts, wilds=wilds)
            if len(self._facts_memo) >= WIN_MEMO_LIMIT:
                self._facts_memo.clear()
            self._facts_memo[key] = known
        return known

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
        result = self._evaluated(hand, table, win_card, source, on_deal, conditions)
        if result.wins or on_deal or win_card is None or implied_source(win_card, source) != "self":
            return result
        # no reading wins with the card the seat drew: the cards as held, the wilds as wilds,
        # may hold an immediate win play takes at once on that draw (`when holding N of wild`)
        if self.drawn_immediate(hand, table or (), win_card) is None:
            return result
        _, wilds, _ = self._parted(hand, win_card)
        drawn = self._as_held(hand, table or (), win_card, source, False, conditions, len(wilds))
        return drawn if drawn.immediate is not None else result

    def _evaluated(
        self,
        hand: Sequence[int],
        table: Sequence[TableGroup] | None,
        win_card: int | None,
        source: ir.Source | None,
        on_deal: bool,
        conditions: WinConditions | None,
    ) -> Evaluation:
        """`evaluate`, the wilds read: the best reading that wins, or the one the report
        reads when none does."""
        if self._read_first and not on_deal:
            found = self._first_reading_evaluated(hand, table, win_card, source, conditions)
            if found is not None:
                return found
        counts, wilds, win_wild = self._parted(hand, win_card)
        if not wilds:
            return super().evaluate(hand, table, win_card, source, on_deal, conditions)
        table = table or []
        if self._scored:  # the waits of the hand as held, its wild cards wild
            before = [0] * len(self.rules.cards)
            for card in hand:
                before[card] += 1
            conditions = self.counted_waits(before, table, win_card, source, conditions)
        held = self._held(hand, counts, wilds, table, win_card, source, conditions)
        source, facts, plan = held.source, held.facts, held.plan
        best: Evaluation | None = None
        first: Evaluation | None = None
        best_reading: Reading = ()
        first_reading: Reading = ()
        # the first reading whose split the groups, pairs and value accept and a score or a
        # `when` line refuses: when no reading wins, the report reads it (its reason is the
        # line that refused it), both where the budget search lists the readings and not
        refused: Reading | None = None
        # the readings that may win, in the order of the listing (ties keep the first)
        for reading, sure in self._candidates(held, table, not self._first_wins):
            cards, win = self._apply(counts, reading, win_wild, win_card)
            self.judged += 1
            if not sure and not super().wins(cards, table, win, source, facts):
                if first is None and plan is None:
                    first = super().evaluate(cards, table, win, source, False, facts)
                    first_reading = reading
                if refused is None and self._shape_wins(cards, table, win, source):
                    refused = reading
                continue
            result = super().evaluate(cards, table, win, source, False, facts)
            if not result.wins:
                if first is None and plan is None:
                    first, first_reading = result, reading
                if refused is None and self._shape_wins(cards, table, win, source):
                    refused = reading
                continue
            if best is None or self._better(result, best):
                best, best_reading = result, reading
                if self._first_wins:
                    break
        if best is None and (plan is not None or refused is not None):
            # no reading wins: the report reads the reading a condition refused, else the
            # first reading listed, as it always has
            listed = refused
            if listed is None:
                listed = next(self.readings(held.around, wilds, held.concealed), None)
            if listed is not None:
                cards, win = self._apply(counts, listed, win_wild, win_card)
                self.judged += 1
                first = super().evaluate(cards, table, win, source, False, facts)
                first_reading = listed
        chosen = best or first
        if chosen is None:  # no card a wild may stand for is left: the hand as it is
            return self._as_held(hand, table, win_card, source, on_deal, conditions, len(wilds))
        if on_deal:
            # what the deal holds is read on its cards as dealt, the wilds as wilds, never
            # on a reading: `when holding N of wild` counts them, and a win shown on the
            # deal is shown whatever the reading. A win on the deal is valued as a plain
            # hand's: by the best reading where one wins by its groups, unless it is
            # valued by the groups held (those held as dealt)
            dealt = super().evaluate(hand, table, win_card, source, True, facts)
            won = self._immediate_named(dealt.immediate)
            if won is not None and (best is None or won.held_value):
                held_wilds = len(wilds)

                def count(split: Decomposition) -> None:
                    split.wilds = held_wilds

                dealt.mark_splits(count)
                return dealt
            if won is not None:
                self._win_on_deal(chosen, 0, table, source, facts, won)
            chosen.shown = dealt.shown
        if best is None:
            best_reading = first_reading
        if chosen.best is not None and chosen.best.held:
            best_reading = ()  # a win on the groups held: its wilds stood for no card
        chosen.wild_readings = best_reading
        read = len(wilds)

        def mark(split: Decomposition) -> None:
            split.wilds = read
            split.wild_readings = best_reading

        chosen.mark_splits(mark)
        return chosen

    def _as_held(
        self,
        hand: Sequence[int],
        table: Sequence[TableGroup],
        win_card: int | None,
        source: ir.Source | None,
        on_deal: bool,
        conditions: WinConditions | None,
        wilds: int,
    ) -> Evaluation:
        """The hand judged as it is, its wild cards as themselves: still a hand holding
        `wilds` wild cards, which its patterns and its settlement read (a win on the deal
        of four wilds holds four, not none)."""
        facts = self._facts(conditions, implied_source(win_card, source), wilds)
        result = super().evaluate(hand, table, win_card, source, on_deal, facts)

        def count(split: Decomposition) -> None:
            split.wilds = wilds

        result.mark_splits(count)
        return result

    def _immediate_named(self, name: str | None) -> ImmediateInfo | None:
        """The immediate win of that name (None for none)."""
        if name is None:
            return None
        return next(win for win in self.rules.immediate if win.name == name)

    def _shape_wins(
        self,
        cards: Sequence[int],
        table: Sequence[TableGroup],
        win: int | None,
        source: ir.Source | None,
    ) -> bool:
        """Whether a reading's plain hand has a split the win clause's groups, pairs and
        value accept, before its scores and `when` lines (only where they may refuse it)."""
        if not self._scored:
            return False
        pre = self._pack(cards, table, win)
        full = pre + self._one[win] if win is not None else pre
        return self._judge(full, pre, table, win, source).wins

    def _better(self, one: Evaluation, other: Evaluation) -> bool:
        """Whether `one`'s best split scores more than `other`'s (ties keep the first)."""
        if one.best is None or other.best is None:
            return other.best is None and one.best is not None
        return best_split(self.rules, [other.best, one.best]) is one.best


def reading_json(rules: CompiledRules, reading: Reading) -> list[dict[str, str]]:
    """What each wild stood for, by card id: `[{"wild": "C", "stands_for": "5m"}]`."""
    ids = rules.cards.ids
    return [{"wild": ids[wild], "stands_for": ids[card]} for wild, card in reading]


def make_evaluator(rules: CompiledRules) -> Evaluator:
    """The evaluator the rules need: one that reads wild cards where there are any."""
    return WildEvaluator(rules) if rules.wilds else Evaluator(rules)
