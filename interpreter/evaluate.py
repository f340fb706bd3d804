"""Hand evaluation: does a hand win under the rules, how, for how much, and if not, why.

Input: the concealed cards, the groups already on the table (each with its kind), and
optionally the winning card with where it came from (`self`, `discard`, `draw`). Output:
an `Evaluation` listing every complete split of the hand, each with per-group values and
whether it satisfies the win clause, the best one, and reasons citing the rule ids.

Judging a split needs only numbers compiled once per instance (its kind, value, whether
it is a pair or a trigger); the named groups and the reasons are built by the evaluation
only when read (see `evaluation.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tablerules.dsl import ir
from tablerules.interpreter.compiled import (
    FIELD_BITS,
    GROUP_STEP,
    GUARD_BIT,
    PAIR_STEP,
    CompiledRules,
    ImmediateInfo,
)
from tablerules.interpreter.conditions import WinConditions
from tablerules.interpreter.details import Details, forms_made
from tablerules.interpreter.evaluation import (
    CARD_FORM,
    FORM,
    Candidate,
    Decomposition,
    Evaluation,
    GroupResult,
    Reason,
)
from tablerules.interpreter.judging import held_split, judge, judge_evaluation
from tablerules.interpreter.never_split import NeverSplit
from tablerules.interpreter.patterns import Multiset
from tablerules.interpreter.search import NO_SPLIT, Fragment, Searcher

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
# Hands of at most this many cards may be judged by the best split per signature: fewer
# than 16 groups, so no signature field (see `GROUP_STEP`) overflows into the next.
BEST_FIRST_CARDS = 30
# What an evaluator remembers is keyed by the rules' own finite sets (an instance and a
# label, a card and a count): it fills up in the first hands and needs no bound.
NO_SUMS = (0, 0, 0)  # what no table groups add to a split: total value, pairs, triggers

Facts = tuple[int, int, int, int]  # (kind, value, is pair, is trigger) of a placed group


class HandError(ValueError):
    """A hand that cannot be evaluated as given (too many copies, a wrong table group...)."""


@dataclass(frozen=True)
class TableGroup:
    """A group already on the table: its kind index, its cards, and whether it took another
    seat's card (a claimed group; one declared from the hand alone is not)."""

    kind: int
    cards: Multiset
    claimed: bool = True


class Evaluator:
    """Evaluates hands under one compiled rule set."""

    def __init__(self, rules: CompiledRules) -> None:
        self.rules = rules
        self.search = Searcher(rules)
        self._accept_concealed = rules.accept_mask(0, 0, 0)
        self.details = Details(rules)
        self._signatures = self.search.signatures
        if rules.structural_exact:  # the structure decides: the signature tables are the test
            self.wins_packed = self.search.win_test(self._accept_concealed)  # type: ignore[method-assign]
        kinds = rules.kinds
        self._facts: list[Facts] = [self._facts_of(i.kind, i.cards) for i in rules.instances]
        self._relabelled: dict[tuple[int, str], Facts] = {}
        # one copy of each card, packed (one byte per card kind): a hand is their sum
        self.ones = self._one = [1 << (card * FIELD_BITS) for card in range(len(rules.cards))]
        spare = GUARD_BIT - 1 - rules.cards.copies  # added to each count: > copies sets the guard
        self._excess = int.from_bytes(bytes([spare]) * len(rules.cards), "little")
        self._guard = int.from_bytes(bytes([GUARD_BIT]) * len(rules.cards), "little")
        # 'never split' groups (`never_split.py`): which splits keep them whole, and the
        # ways to take them out before a search for the best split
        never_split = NeverSplit(rules, self.search)
        self._keeps = never_split.active
        self._kept_cards = never_split.cards
        self._kept_together = never_split.together
        self._kept_takings = never_split.takings
        self._winning_signatures: dict[int, tuple[int, int]] = {}  # learnt when first needed
        self._containing = [
            frozenset(i.id for i in rules.instances if card in i.cards)
            for card in range(len(rules.cards))
        ]
        self._any_relabel = any(k.relabel for k in kinds)
        self._winning_forms = any(form.wins for form in rules.forms)
        # winning forms of cards, by index: a hand that is one wins whatever its splits
        self._card_forms = [(i, f) for i, f in enumerate(rules.card_forms) if f.wins]
        self._forms_win = self._winning_forms or bool(self._card_forms)
        # the win clause as numbers: pairs needed with / without a trigger group (None: any),
        # the lowest total that wins (no split wins without a win clause)
        rule = rules.pair_rule
        self._pairs_with = rule.count if rule else None
        self._pairs_without = (rule.otherwise if rule.if_any else rule.count) if rule else None
        self._needed = rules.groups_needed
        self._minimum = rules.value_minimum if rules.value_minimum is not None else -(1 << 62)
        if rules.rules.win is None:
            self._minimum = 1 << 62
        self._scored = rules.scoring.active  # winning splits are judged by hand patterns
        # concealed cards alone are judged by the best split per signature when listing
        # every split costs a search per new hand (a cut block), and nothing but the
        # splits' sums decides (no scores, no winning forms)
        # the win clause as judging reads it
        self._clause = (self._needed, self._pairs_with, self._pairs_without, self._minimum)
        self._forms = bool(rules.forms)
        self._value_name = rules.value_name
        self._best_first = (
            self.search.cut
            and not self._scored
            and not self._winning_forms
            and not self._card_forms
        )
        # concealed cards alone are judged by listing their splits and nothing else
        self._plain_concealed = not self._best_first and not self._scored

    def _facts_of(self, kind: int, cards: Multiset) -> Facts:
        info = self.rules.kinds[kind]
        return (kind, self.rules.value_of(kind, cards), int(info.is_pair), int(info.is_trigger))

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
        if multiset not in info.instances:
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
        if small and not (everything + self._excess) & self._guard:
            return pre
        counts = [0] * len(self.rules.cards)
        for card in hand:
            counts[card] += 1
        for group in table:
            for card in group.cards:
                counts[card] += 1
        if win_card is not None:
            counts[win_card] += 1
        copies = self.rules.cards.copies
        for card, count in enumerate(counts):
            if count > copies:
                name = self.rules.cards.display[card]
                raise HandError(f"{count} copies of {name}; the deck has {copies}")
        return pre

    # ── fast win test ──────────────────────────────────────────
    def wins_packed(self, packed: int) -> bool:
        """Win test for a concealed hand given as packed counts, no table groups."""
        result = self._judge_plain(packed)
        if self._scored and result.wins:
            self._score(result, packed, (), None, None)
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
        return self._wins(pre, table, win_card, source, conditions)

    def _wins(
        self,
        pre: int,
        table: Sequence[TableGroup],
        win_card: int | None,
        source: ir.Source | None,
        conditions: WinConditions | None = None,
    ) -> bool:
        rules = self.rules
        full = pre + self._one[win_card] if win_card is not None else pre
        if not self._winning_forms:
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
            if not splits and (table or not any(f.matches(full) for _, f in self._card_forms)):
                return False  # no split wins, nor is the hand a form of cards
            if rules.structural_exact:
                return True
        result = self._judge(full, pre, table, win_card, source)
        if self._scored and result.wins:
            self._score(result, full, table, source, conditions)
        return result.wins

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
        if win_card is not None and source is None:
            source = "self"
        pre = self._pack(hand, table, win_card)
        return self._wins(pre, table, win_card, source, conditions)

    def concealed_wins(
        self, pre: int, count: int, conditions: WinConditions | None = None
    ) -> bool | None:
        """`wins` of `count` concealed cards given as packed counts (see `CardTable.packer`);
        None when some card is given more often than the deck has (`wins` says so)."""
        if count >= 128 or (pre + self._excess) & self._guard:
            return None
        return self._wins(pre, (), None, None, conditions)

    def concealed_test(
        self, conditions: WinConditions | None = None
    ) -> Callable[[int, int], bool | None]:
        """`concealed_wins` as one function with what it needs at hand, for bulk checks:
        where the structure alone decides, the overflow check and the signature tables."""
        if not self.rules.structural_exact or self._winning_forms:
            return lambda pre, count: self.concealed_wins(pre, count, conditions)
        wins = self.wins_packed
        excess, guard = self._excess, self._guard

        def test(pre: int, count: int) -> bool | None:
            if count >= 128 or (pre + excess) & guard:
                return None
            return wins(pre)

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
                    return self._judge_plain(pre)
                if self._best_first and len(hand) <= BEST_FIRST_CARDS:
                    return self._judge_best(pre)
                result = self._judge_plain(pre)
                if self._scored:
                    self._score(result, pre, (), None, conditions)
                return result
        if table is None:
            table = ()
        if win_card is not None and source is None:
            source = "self"
        pre = self._pack(hand, table, win_card)
        full = pre + self._one[win_card] if win_card is not None else pre
        result = self._judge(full, pre, table, win_card, source)
        if self._scored:
            self._score(result, full, table, source, conditions)
        if on_deal:
            immediate = self.immediate(self.rules.unpack(pre), table)
            if immediate is not None:
                self._win_on_deal(result, full, table, source, conditions, immediate)
        return result

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

    def _win_on_deal(
        self,
        result: Evaluation,
        full: int,
        table: Sequence[TableGroup],
        source: ir.Source | None,
        conditions: WinConditions | None,
        immediate: ImmediateInfo,
    ) -> None:
        """An immediate win: the hand wins whatever its splits; its value is its best split's
        or, when its groups are incomplete (or it is valued by its groups), the groups held."""
        if immediate.held_value or not result.wins:
            counts = self._whole(full, table)
            held = held_split(self.rules, counts, immediate)
            if self._scored:
                judge(self.rules, held, counts, conditions or WinConditions(context="deal"))
            splits = result.decompositions
            if immediate.held_value:
                for split in splits:
                    split.wins = False
                    split.problem = f"{immediate.name} is valued by the groups held on the deal"
            result.decompositions = [held, *splits]
            result.best = held
        result.wins = True
        result.immediate = immediate.name
        result.reasons = [
            Reason(
                "immediate",
                f"{immediate.name} ({immediate.title}): wins on the deal",
                immediate.cites,
            )
        ]

    def immediate(self, counts: list[int], table: Sequence[TableGroup]) -> ImmediateInfo | None:
        """The first immediate win whose condition the dealt cards meet, if any: the concealed
        cards' counts per kind with the table groups. What `evaluate(..., on_deal=True)`
        names as its `immediate`, without evaluating the hand (the deal asks every seat)."""
        counts = list(counts)
        for group in table:
            for card in group.cards:
                counts[card] += 1
        for immediate in self.rules.immediate:
            for needed, sizes in immediate.conditions:
                smallest = min(sizes) if sizes else 0
                have = sum(1 for count in counts if smallest and count >= smallest)
                if have >= needed:
                    return immediate
        return None

    # ── the best split alone ───────────────────────────────────
    def _judge_best(self, pre: int) -> Evaluation:
        """Concealed cards alone judged from the best split per signature: the same best
        split as judging every split (the highest total, the first such), every split
        listed only if read. Cards held as a 'never split' group are first taken out in
        each group that can hold them all."""
        search = self.search
        winning = self._winning_signatures or self._learn_winning_signatures()
        minimum = self._minimum
        best_value: int | None = None
        best_key: tuple[int, ...] = ()
        best_facts = (0, 0)
        for taken, step, total, ranks in self._kept_takings(pre):
            for signature, (value, split) in search.best(pre - taken).items():
                facts = winning.get(signature + step)
                if facts is None:
                    continue
                value += total
                if value < minimum or (best_value is not None and value < best_value):
                    continue
                key = tuple(sorted(split + ranks)) if ranks else split
                if best_value is None or value > best_value or key < best_key:
                    best_value, best_key, best_facts = value, key, facts
        best: Candidate | None = None
        if best_value is not None:
            best = (search.ids_of(best_key), None, best_value, *best_facts, True)
        return Evaluation.of_best(
            best,
            self._value_name,
            self.details,
            (pre, (), None, None, ()),
            lambda: self._judge_plain(pre),
        )

    def _learn_winning_signatures(self) -> dict[int, tuple[int, int]]:
        """The signatures of concealed splits that meet the win clause's groups and pairs,
        with their (pairs, triggers): what `_judge` asks of each split but its total."""
        found: dict[int, tuple[int, int]] = {}
        for groups in range(GROUP_STEP // PAIR_STEP):
            if self._needed is not None and groups != self._needed:
                continue
            for pairs in range(PAIR_STEP):
                for triggers in range(PAIR_STEP):
                    need = self._pairs_with if triggers else self._pairs_without
                    if need is None or pairs == need:
                        found[groups * GROUP_STEP + pairs * PAIR_STEP + triggers] = (
                            pairs,
                            triggers,
                        )
        self._winning_signatures = found
        return found

    # ── judging every split ────────────────────────────────────
    def _judge_plain(self, full: int, table: Sequence[TableGroup] = ()) -> Evaluation:
        """`_judge` of a hand without a winning card to place: each split as it is, with
        the table groups' sums. Every bulk check and every full evaluation of a bare hand
        comes this way, so it is the judging loop alone."""
        fragments = self.search.fragments(full) if full else NO_SPLIT
        kept = self._kept_cards(full) if self._keeps else ()
        table_count = len(table)
        base_total, base_pairs, base_triggers = self._table_sums(table) if table else NO_SUMS
        needed, pairs_with, pairs_without, minimum = self._clause
        candidates: list[Candidate] = []
        other_sizes: set[int] | None = None
        best: int | None = None
        best_total = 0
        for ids, total, pairs, triggers in fragments:
            count = len(ids) + table_count
            if needed is not None and count != needed:
                other_sizes = (other_sizes or set()) | {count}
                continue
            if table_count:
                total += base_total
                pairs += base_pairs
                triggers += base_triggers
            if kept and not self._kept_together(ids, None, kept, None):
                continue
            need = pairs_with if triggers else pairs_without
            wins = (need is None or pairs == need) and total >= minimum
            if wins and (best is None or total > best_total):
                best, best_total = len(candidates), total
            candidates.append((ids, None, total, pairs, triggers, wins))
        if not table and self._forms_win:
            best = self._add_forms(candidates, best, best_total, full, fragments)
        context = (
            full,
            table,
            None,
            other_sizes,
            fragments if self._forms and not table else (),
        )  # a `Context`, built as a plain tuple: this runs for every hand
        return Evaluation(
            best is not None, self._value_name, candidates, best, self.details, context
        )

    def _table_sums(self, table: Sequence[TableGroup]) -> tuple[int, int, int]:
        """What the table groups add to every split: total value, pairs, triggers."""
        total = pairs = triggers = 0
        for group in table:
            _, value, pair, trigger = self._facts_of(group.kind, group.cards)
            total += value
            pairs += pair
            triggers += trigger
        return total, pairs, triggers

    def _judge(
        self,
        full: int,
        pre: int,
        table: Sequence[TableGroup],
        win_card: int | None,
        source: ir.Source | None,
    ) -> Evaluation:
        """Judge every split of the hand (each placement of the winning card): whether it
        wins and its total; which split is best. `pre` holds the concealed cards before
        the winning card.

        A split wins when it has the groups and pairs the win clause asks (with or without
        a trigger group) and at least its lowest total; the table groups add to every
        split, and the group holding the winning card may count as another kind."""
        if win_card is None:
            return self._judge_plain(full, table)
        fragments = self.search.fragments(full) if full else NO_SPLIT
        table_count = len(table)
        base_total, base_pairs, base_triggers = self._table_sums(table) if table else NO_SUMS
        kept = self._kept_cards(pre) if self._keeps else ()
        relabel = self._any_relabel and source is not None
        holding = self._containing[win_card]
        needed, pairs_with, pairs_without, minimum = self._clause
        candidates: list[Candidate] = []
        other_sizes: set[int] | None = None
        best: int | None = None
        best_total = 0
        for ids, total, pairs, triggers in fragments:
            count = len(ids) + table_count
            if needed is not None and count != needed:
                other_sizes = (other_sizes or set()) | {count}
                continue
            if table_count:
                total += base_total
                pairs += base_pairs
                triggers += base_triggers
            previous = -1
            for position, ident in enumerate(ids):
                if ident == previous or ident not in holding:
                    previous = ident
                    continue
                previous = ident
                if kept and not self._kept_together(ids, position, kept, win_card):
                    continue
                placed_total, placed_pairs, placed_triggers = total, pairs, triggers
                if relabel:
                    _, value, pair, trigger = self._relabel(ident, source)  # type: ignore[arg-type]
                    _, own_value, own_pair, own_trigger = self._facts[ident]
                    placed_total += value - own_value
                    placed_pairs += pair - own_pair
                    placed_triggers += trigger - own_trigger
                need = pairs_with if placed_triggers else pairs_without
                wins = (need is None or placed_pairs == need) and placed_total >= minimum
                if wins and (best is None or placed_total > best_total):
                    best, best_total = len(candidates), placed_total
                candidates.append(
                    (ids, position, placed_total, placed_pairs, placed_triggers, wins)
                )
        if not table and self._forms_win:
            best = self._add_forms(candidates, best, best_total, full, fragments)
        context = (
            full,
            table,
            source if relabel else None,
            other_sizes,
            fragments if self._forms and not table else (),
        )  # a `Context`, built as a plain tuple: this runs for every hand
        return Evaluation(
            best is not None, self._value_name, candidates, best, self.details, context
        )

    def _add_forms(
        self,
        candidates: list[Candidate],
        best: int | None,
        best_total: int,
        full: int,
        fragments: Sequence[Fragment],
    ) -> int | None:
        """Add the winning forms the concealed cards make to `candidates` (the splits of a
        winning form, then a winning form of cards); the best candidate after them."""
        if self._winning_forms:
            for ids, total, _, _ in forms_made(self.rules, fragments).winning:
                if best is None or total > best_total:
                    best, best_total = len(candidates), total
                candidates.append((ids, FORM, total, 0, 0, True))
        for index, form in self._card_forms:
            if form.matches(full):
                if best is None:
                    best = len(candidates)
                candidates.append(((index,), CARD_FORM, 0, 0, 0, True))
        return best

    def _relabel(self, ident: int, source: ir.Source) -> Facts:
        """The facts of an instance that holds the winning card from `source`."""
        key = (ident, source)
        found = self._relabelled.get(key)
        if found is None:
            instance = self.rules.instances[ident]
            kind = self.rules.kinds[instance.kind].relabel.get(source, instance.kind)
            found = self._relabelled[key] = self._facts_of(kind, instance.cards)
        return found
