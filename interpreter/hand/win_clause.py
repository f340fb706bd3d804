"""Every split of a hand judged by the win clause: whether it has the groups and pairs the
clause asks (with or without a trigger group) and at least its lowest total, and which
split is best.

Judging needs only numbers compiled once per instance (its kind, value, whether it is a
pair or a trigger). Two ways: each split the search lists, with the winning card placed
in each group that may hold it (`judge`, `judge_plain`), or, for concealed cards alone
whose every split would cost a search, the best split per signature (`judge_best`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tablerules.dsl.model import ir
from tablerules.interpreter import deadline
from tablerules.interpreter.compiling.compiled import CompiledRules
from tablerules.interpreter.compiling.patterns import Multiset
from tablerules.interpreter.hand.details import Details, forms_made
from tablerules.interpreter.hand.evaluation import CARD_FORM, FORM, Candidate, Evaluation
from tablerules.interpreter.search.never_split import NeverSplit
from tablerules.interpreter.search.searcher import Searcher
from tablerules.interpreter.search.splits import NO_SPLIT, Fragment

if TYPE_CHECKING:
    from tablerules.interpreter.hand.evaluate import TableGroup

NO_SUMS = (0, 0, 0)  # what no table groups add to a split: total value, pairs, triggers

GroupFacts = tuple[int, int, int, int]  # (kind, value, is pair, is trigger) of a placed group


class WinClause:
    """The win clause of one compiled rule set, judging splits. What it remembers is keyed
    by the rules' own finite sets (an instance and a label): it fills up in the first
    hands and needs no bound."""

    def __init__(self, rules: CompiledRules, search: Searcher, details: Details) -> None:
        self.rules = rules
        self.search = search
        self.details = details
        kinds = rules.kinds
        self._facts: list[GroupFacts] = [self._facts_of(i.kind, i.cards) for i in rules.instances]
        self._relabelled: dict[tuple[int, str], GroupFacts] = {}
        # 'never split' groups (`search/never_split.py`): which splits keep them whole, and the
        # ways to take them out before a search for the best split
        never_split = NeverSplit(rules, search)
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
        self.winning_forms = any(form.wins for form in rules.forms)
        # winning forms of cards, by index: a hand that is one wins whatever its splits
        self.card_forms = [(i, f) for i, f in enumerate(rules.card_forms) if f.wins]
        self._forms_win = self.winning_forms or bool(self.card_forms)
        # the win clause as numbers: pairs needed with / without a trigger group (None: any),
        # the lowest total that wins (no split wins without a win clause)
        rule = rules.pair_rule
        self._pairs_with = rule.count if rule else None
        self._pairs_without = (rule.otherwise if rule.if_any else rule.count) if rule else None
        self._needed = rules.groups_needed
        self._minimum = rules.value_minimum if rules.value_minimum is not None else -(1 << 62)
        if rules.rules.win is None:
            self._minimum = 1 << 62
        # the win clause as judging reads it
        self._clause = (self._needed, self._pairs_with, self._pairs_without, self._minimum)
        self._forms = bool(rules.forms)
        self._value_name = rules.value_name
        # the fewest and most cards of an in-hand group, pair groups apart from the others
        pair_sizes = [len(i.cards) for i in rules.instances if kinds[i.kind].is_pair]
        other_sizes = [len(i.cards) for i in rules.instances if not kinds[i.kind].is_pair]
        self._pair_sizes = (min(pair_sizes), max(pair_sizes)) if pair_sizes else None
        self._other_sizes = (min(other_sizes), max(other_sizes)) if other_sizes else None

    def _facts_of(self, kind: int, cards: Multiset) -> GroupFacts:
        info = self.rules.kinds[kind]
        return (kind, self.rules.value_of(kind, cards), int(info.is_pair), int(info.is_trigger))

    def judge_best(self, pre: int) -> Evaluation:
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
            lambda: self.judge_plain(pre),
        )

    def kept_wins(self, pre: int, full: int, win_card: int | None, accept: int) -> bool:
        """Whether some split wins where the rules are exact but for 'never split' groups
        (`CompiledRules.kept_exact`): the signature tables of the hand with those groups
        taken out, as `judge` would find by listing every split.

        A card held n times before the win stays in one group holding n copies or more;
        when it is the winning card, that group holds the n copies held (the winning card
        lies elsewhere) or all n + 1: the takings of `pre`, then those of `full`."""
        signatures = self.search.signatures
        for taken, step, _, _ in self._kept_takings(pre):
            if (signatures(full - taken) << step) & accept:
                return True
        if win_card is None or full == pre:
            return False
        if not any(card == win_card for card, _ in self._kept_cards(pre)):
            return False
        for taken, step, _, _ in self._kept_takings(full):
            if (signatures(full - taken) << step) & accept:
                return True
        return False

    def sizes_allow(self, cards: int, table_groups: int, table_pairs: int) -> bool:
        """Whether `cards` concealed cards can split into the groups the win clause asks
        (with `table_groups` groups on the table, `table_pairs` of them pairs), counting
        cards alone: each in-hand group holds between the fewest and the most cards of its
        kinds, pair groups apart. True where the clause names no number of groups.

        A necessary condition only, for hands too large for the signature tables: where it
        fails no split wins, and only a winning form could (the caller asks for none)."""
        if self._needed is None:
            return True
        groups = self._needed - table_groups
        if groups < 0:
            return False
        with_trigger, without = self._pairs_with, self._pairs_without
        if not self.rules.trigger_exact or with_trigger is None or without is None:
            counts: set[int] = set(range(groups + 1))  # any number of pairs may win
        else:
            counts = {with_trigger - table_pairs, without - table_pairs}
        for pairs in counts:
            if not 0 <= pairs <= groups:
                continue
            fewest = most = 0
            for number, sizes in ((pairs, self._pair_sizes), (groups - pairs, self._other_sizes)):
                if not number:
                    continue
                if sizes is None:
                    break
                fewest += number * sizes[0]
                most += number * sizes[1]
            else:
                if fewest <= cards <= most:
                    return True
        return False

    def _learn_winning_signatures(self) -> dict[int, tuple[int, int]]:
        """The signatures of concealed splits that meet the win clause's groups and pairs,
        with their (pairs, triggers): what `judge` asks of each split but its total."""
        found: dict[int, tuple[int, int]] = {}
        layout = self.rules.signature
        for groups, pairs, triggers in layout.counts(self._needed):
            need = self._pairs_with if triggers else self._pairs_without
            if need is None or pairs == need:
                found[layout.index(groups, pairs, triggers)] = (pairs, triggers)
        self._winning_signatures = found
        return found

    def judge_plain(self, full: int, table: Sequence[TableGroup] = ()) -> Evaluation:
        """`judge` of a hand without a winning card to place: each split as it is, with
        the table groups' sums. Every bulk check and every full evaluation of a bare hand
        comes this way, so it is the judging loop alone."""
        if not full:
            fragments: Sequence[Fragment] = NO_SPLIT
        elif self._keeps:
            fragments = self._fragments(full, full, None)
        else:  # every split, as `_fragments` lists them where no cards are kept together
            fragments = self.search.fragments(full)
        kept = self._kept_cards(full) if self._keeps else ()
        table_count = len(table)
        base_total, base_pairs, base_triggers = self._table_sums(table) if table else NO_SUMS
        needed, pairs_with, pairs_without, minimum = self._clause
        candidates: list[Candidate] = []
        other_sizes: set[int] | None = None
        broken = False  # a split of the right size refused for breaking a 'never split' group
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
                broken = True
                continue
            need = pairs_with if triggers else pairs_without
            wins = (need is None or pairs == need) and total >= minimum
            if wins and (best is None or total > best_total):
                best, best_total = len(candidates), total
            candidates.append((ids, None, total, pairs, triggers, wins))
        if self._forms_win and (not table or self.card_forms):
            best = self._add_forms(candidates, best, best_total, full, fragments, table)
        context = (
            full,
            table,
            None,
            other_sizes,
            fragments if self._forms and not table else (),
            broken,
        )  # a `Context`, built as a plain tuple: this runs for every hand
        return Evaluation(
            best is not None, self._value_name, candidates, best, self.details, context
        )

    def _fragments(self, full: int, pre: int, win_card: int | None) -> Sequence[Fragment]:
        """The splits of `full` to judge: every one, or for a hand with more splits than
        are listed (`Searcher.fragments`: the first ones and the best of each signature),
        those and, where cards are never split, the best split of each signature that
        keeps them together: a listing without it could miss every winning split.

        They are the best splits of the rest once the cards held as 'never split' groups
        are taken out (`NeverSplit.takings`), of `pre`, and with the winning card among
        them, of `full` (as `kept_wins` reads the signatures)."""
        search = self.search
        fragments = search.fragments(full)
        if not self._keeps or not search.left_out(full):
            return fragments
        listed = {fragment[0]: fragment for fragment in fragments}
        takings = self._kept_takings(pre)
        if win_card is not None and full != pre:
            takings = takings + self._kept_takings(full)
        facts = search.facts
        for taken, _, _, ranks in takings:
            for _, split in search.best(full - taken).values():
                ids = search.ids_of(tuple(sorted(split + ranks)))
                if ids not in listed:
                    listed[ids] = (
                        ids,
                        sum(facts[i][0] for i in ids),
                        sum(facts[i][1] for i in ids),
                        sum(facts[i][2] for i in ids),
                    )
        rank = search.rank
        return sorted(listed.values(), key=lambda f: sorted(rank[i] for i in f[0]))

    def _table_sums(self, table: Sequence[TableGroup]) -> tuple[int, int, int]:
        """What the table groups add to every split: total value, pairs, triggers."""
        total = pairs = triggers = 0
        for group in table:
            _, value, pair, trigger = self._facts_of(group.kind, group.cards)
            total += value
            pairs += pair
            triggers += trigger
        return total, pairs, triggers

    def judge(
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
        deadline.check()  # one evaluation may judge very many splits
        if win_card is None:
            return self.judge_plain(full, table)
        fragments = self._fragments(full, pre, win_card) if full else NO_SPLIT
        table_count = len(table)
        base_total, base_pairs, base_triggers = self._table_sums(table) if table else NO_SUMS
        kept = self._kept_cards(pre) if self._keeps else ()
        relabel = self._any_relabel and source is not None
        holding = self._containing[win_card]
        needed, pairs_with, pairs_without, minimum = self._clause
        candidates: list[Candidate] = []
        other_sizes: set[int] | None = None
        broken = False  # a split of the right size refused for breaking a 'never split' group
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
                    broken = True
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
        if self._forms_win and (not table or self.card_forms):
            best = self._add_forms(candidates, best, best_total, full, fragments, table)
        context = (
            full,
            table,
            source if relabel else None,
            other_sizes,
            fragments if self._forms and not table else (),
            broken,
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
        table: Sequence[TableGroup],
    ) -> int | None:
        """Add the winning forms the hand makes to `candidates` (the splits of a winning
        form of the concealed cards, then a winning form of cards, which may hold with
        groups on the table: `CardForm.holds`); the best candidate after them."""
        if self.winning_forms and not table:
            for ids, total, _, _ in forms_made(self.rules, fragments).winning:
                if best is None or total > best_total:
                    best, best_total = len(candidates), total
                candidates.append((ids, FORM, total, 0, 0, True))
        for index, form in self.card_forms:
            if form.holds(full, table):
                if best is None:
                    best = len(candidates)
                candidates.append(((index,), CARD_FORM, 0, 0, 0, True))
        return best

    def _relabel(self, ident: int, source: ir.Source) -> GroupFacts:
        """The facts of an instance that holds the winning card from `source`."""
        key = (ident, source)
        found = self._relabelled.get(key)
        if found is None:
            instance = self.rules.instances[ident]
            kind = self.rules.relabelled(instance.kind, source, instance.cards)
            found = self._relabelled[key] = self._facts_of(kind, instance.cards)
        return found
