"""Hand evaluation: does a hand win under the rules, how, for how much, and if not, why.

Input: the concealed cards, the groups already on the table (each with its kind), and
optionally the winning card with where it came from (`self`, `discard`, `draw`). Output:
an `Evaluation` listing every complete split of the hand, each with per-group values and
whether it satisfies the win clause, the best one, and reasons citing the rule ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tablerules.dsl import ir
from tablerules.interpreter.compiled import CompiledRules, ImmediateInfo, Instance
from tablerules.interpreter.patterns import Multiset
from tablerules.interpreter.search import Searcher

SOURCES: tuple[ir.Source, ...] = ("self", "discard", "draw")


class HandError(ValueError):
    """A hand that cannot be evaluated as given (too many copies, a wrong table group...)."""


@dataclass(frozen=True)
class TableGroup:
    """A group already on the table: its kind index and its cards."""

    kind: int
    cards: Multiset


@dataclass(frozen=True)
class GroupResult:
    kind: str
    formed_as: str
    cards: tuple[str, ...]
    names: tuple[str, ...]
    value: int
    on_table: bool
    holds_winning_card: bool

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "formed_as": self.formed_as,
            "cards": list(self.cards),
            "names": list(self.names),
            "value": self.value,
            "on_table": self.on_table,
            "winning_card": self.holds_winning_card,
        }


@dataclass
class Decomposition:
    groups: list[GroupResult]
    total: int
    pairs: int
    wins: bool
    problem: str = ""

    def to_json(self) -> dict[str, object]:
        return {
            "groups": [g.to_json() for g in self.groups],
            "total": self.total,
            "pairs": self.pairs,
            "wins": self.wins,
            "problem": self.problem,
        }

    def key(self) -> tuple[object, ...]:
        return tuple(sorted((g.kind, g.cards, g.on_table) for g in self.groups))


@dataclass(frozen=True)
class Reason:
    """Why a hand does not win (or which special rule made it win), with the rule ids."""

    code: str
    message: str
    cites: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message, "cites": list(self.cites)}


@dataclass
class Evaluation:
    wins: bool
    decompositions: list[Decomposition] = field(default_factory=list)
    best: Decomposition | None = None
    reasons: list[Reason] = field(default_factory=list)
    immediate: str | None = None
    value_name: str | None = None

    @property
    def winning(self) -> list[Decomposition]:
        return [d for d in self.decompositions if d.wins]

    def to_json(self) -> dict[str, object]:
        return {
            "wins": self.wins,
            "immediate": self.immediate,
            "value_name": self.value_name,
            "best": self.decompositions.index(self.best) if self.best is not None else None,
            "best_total": self.best.total if self.best is not None else None,
            "decompositions": [d.to_json() for d in self.decompositions],
            "reasons": [r.to_json() for r in self.reasons],
        }


@dataclass
class _TableTotals:
    """What the groups already on the table add to every split of the concealed cards."""

    groups: list[GroupResult] = field(default_factory=list)
    pairs: int = 0
    triggers: int = 0
    total: int = 0


class Evaluator:
    """Evaluates hands under one compiled rule set."""

    def __init__(self, rules: CompiledRules) -> None:
        self.rules = rules
        self.search = Searcher(rules)
        self._accept_concealed = rules.accept_mask(0, 0, 0)
        self._group_cache: dict[tuple[int, int, bool], GroupResult] = {}
        self._signatures = self.search.signatures

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

    def _check_counts(
        self, hand: Sequence[int], table: Sequence[TableGroup], win_card: int | None
    ) -> list[int]:
        counts = self.rules.cards.counts(list(hand))
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
        return counts

    # ── fast win test ──────────────────────────────────────────
    def wins_packed(self, packed: int) -> bool:
        """Win test for a concealed hand given as packed counts, no table groups."""
        if self.rules.structural_exact:
            return bool(self._signatures(packed) & self._accept_concealed)
        return self._evaluate_packed(packed, packed, (), None, None).wins

    def quick_wins(
        self,
        counts: Sequence[int],
        table: Sequence[TableGroup],
        win_card: int | None,
        source: ir.Source | None,
    ) -> bool:
        """Win test for play: the signature tables first, a full evaluation only if needed.

        `counts` is the concealed hand as counts per card kind, without the winning card.
        """
        rules = self.rules
        full = list(counts)
        if win_card is not None:
            full[win_card] += 1
        if not any(form.wins for form in rules.forms):
            kinds = rules.kinds
            groups = len(table)
            pairs = sum(kinds[g.kind].is_pair for g in table)
            triggers = sum(kinds[g.kind].is_trigger for g in table)
            signatures = self._signatures(rules.pack_counts(full))
            if not signatures & rules.accept_mask(groups, pairs, triggers):
                return False
            if rules.structural_exact:
                return True
        hand = [card for card, count in enumerate(counts) for _ in range(count)]
        return self.evaluate(hand, table, win_card, source).wins

    def wins(
        self,
        hand: Sequence[int],
        table: Sequence[TableGroup] = (),
        win_card: int | None = None,
        source: ir.Source | None = None,
    ) -> bool:
        return self.evaluate(hand, table, win_card, source).wins

    # ── full evaluation ────────────────────────────────────────
    def evaluate(
        self,
        hand: Sequence[int],
        table: Sequence[TableGroup] = (),
        win_card: int | None = None,
        source: ir.Source | None = None,
        on_deal: bool = False,
    ) -> Evaluation:
        """Evaluate a hand: concealed cards, table groups, and the winning card if any."""
        if win_card is not None and source is None:
            source = "self"
        self._check_counts(hand, table, win_card)
        pre = self.rules.pack_cards(list(hand))
        full = pre + (self.rules.pack_cards([win_card]) if win_card is not None else 0)
        if on_deal:
            immediate = self._immediate(pre, table)
            if immediate is not None:
                result = self._evaluate_packed(full, pre, table, win_card, source)
                result.wins = True
                result.immediate = immediate.name
                result.reasons = [
                    Reason(
                        "immediate",
                        f"{immediate.name} ({immediate.title}): wins on the deal",
                        immediate.cites,
                    )
                ]
                return result
        return self._evaluate_packed(full, pre, table, win_card, source)

    def _immediate(self, pre: int, table: Sequence[TableGroup]) -> ImmediateInfo | None:
        """The first immediate win whose condition the dealt cards meet, if any."""
        counts = self.rules.unpack(pre)
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

    def _evaluate_packed(
        self,
        full: int,
        pre: int,
        table: Sequence[TableGroup],
        win_card: int | None,
        source: ir.Source | None,
    ) -> Evaluation:
        rules = self.rules
        result = Evaluation(wins=False, value_name=rules.value_name)
        table_totals = self._table_totals(table)
        kept = self._kept_cards(pre)
        splits = self.search.decompositions(full) if full else ((),)
        seen: set[tuple[object, ...]] = set()
        other_sizes: set[int] = set()
        needed = rules.groups_needed
        for split in splits:
            if needed is not None and len(split) + len(table) != needed:
                other_sizes.add(len(split) + len(table))
                continue
            instances = [rules.instances[i] for i in split]
            for placement in self._placements(instances, win_card):
                judged = self._judge(instances, placement, table_totals, kept, win_card, source)
                if judged is None:
                    continue
                decomposition = judged
                key = decomposition.key()
                if key in seen:
                    continue
                seen.add(key)
                result.decompositions.append(decomposition)
        self._forms(result, full, table)
        winners = result.winning
        if winners:
            result.wins = True
            result.best = max(winners, key=lambda d: d.total)
        else:
            result.reasons = self._why_not(result, full, other_sizes, len(table))
        return result

    def _table_totals(self, table: Sequence[TableGroup]) -> _TableTotals:
        totals = _TableTotals()
        for group in table:
            info = self.rules.kinds[group.kind]
            result = self._table_result(group)
            totals.groups.append(result)
            totals.pairs += info.is_pair
            totals.triggers += info.is_trigger
            totals.total += result.value
        return totals

    def _table_result(self, group: TableGroup) -> GroupResult:
        kind = self.rules.kinds[group.kind]
        return GroupResult(
            kind=kind.name,
            formed_as=kind.name,
            cards=tuple(self.rules.cards.ids[c] for c in group.cards),
            names=tuple(self.rules.cards.display[c] for c in group.cards),
            value=self.rules.value_of(group.kind, group.cards),
            on_table=True,
            holds_winning_card=False,
        )

    @staticmethod
    def _placements(instances: list[Instance], win_card: int | None) -> list[int | None]:
        """Which group may hold the winning card: each distinct group that contains it."""
        if win_card is None:
            return [None]
        chosen: list[int | None] = []
        seen: set[tuple[int, Multiset]] = set()
        for position, instance in enumerate(instances):
            key = (instance.kind, instance.cards)
            if win_card in instance.cards and key not in seen:
                seen.add(key)
                chosen.append(position)
        return chosen

    def _group_result(self, instance: Instance, kind: int, holds: bool) -> GroupResult:
        """The shared, immutable result for one in-hand group; built once per combination."""
        key = (instance.id, kind, holds)
        found = self._group_cache.get(key)
        if found is None:
            rules = self.rules
            found = GroupResult(
                kind=rules.kinds[kind].name,
                formed_as=rules.kinds[instance.kind].name,
                cards=tuple(rules.cards.ids[c] for c in instance.cards),
                names=tuple(rules.cards.display[c] for c in instance.cards),
                value=rules.value_of(kind, instance.cards),
                on_table=False,
                holds_winning_card=holds,
            )
            self._group_cache[key] = found
        return found

    def _judge(
        self,
        instances: list[Instance],
        placement: int | None,
        table: _TableTotals,
        kept: list[tuple[int, int]],
        win_card: int | None,
        source: ir.Source | None,
    ) -> Decomposition | None:
        """One split with the winning card in group `placement`; None if it splits a kept group."""
        kinds = self.rules.kinds
        if kept and not self._kept_together(instances, placement, kept, win_card):
            return None
        groups = list(table.groups)
        pairs = table.pairs
        triggers = table.triggers
        total = table.total
        for position, instance in enumerate(instances):
            kind = instance.kind
            holds = position == placement
            if holds and source is not None:
                kind = kinds[kind].relabel.get(source, kind)
            info = kinds[kind]
            pairs += info.is_pair
            triggers += info.is_trigger
            group = self._group_result(instance, kind, holds)
            total += group.value
            groups.append(group)
        problem = self._problem(len(groups), pairs, triggers, total)
        return Decomposition(groups, total, pairs, wins=not problem, problem=problem)

    def _kept_cards(self, pre: int) -> list[tuple[int, int]]:
        """(card, n) for each card held n-or-more times where n-alike groups are never split."""
        rules = self.rules
        if not rules.keep_together:
            return []
        counts = rules.unpack(pre)
        kept = []
        for info in rules.keep_together:
            size = info.keep_together or 0
            kept.extend((card, size) for card, count in enumerate(counts) if count >= size)
        return kept

    @staticmethod
    def _kept_together(
        instances: list[Instance],
        placement: int | None,
        kept: list[tuple[int, int]],
        win_card: int | None,
    ) -> bool:
        """'never split': cards held as such a group before the win stay in one group."""
        for card, size in kept:
            for position, instance in enumerate(instances):
                own = instance.cards.count(card)
                if position == placement and win_card == card:
                    own -= 1
                if own >= size:
                    break
            else:
                return False
        return True

    def _problem(self, groups: int, pairs: int, triggers: int, total: int) -> str:
        rules = self.rules
        if rules.rules.win is None:
            return "the rules declare no win clause"
        if rules.groups_needed is not None and groups != rules.groups_needed:
            return f"{groups} groups; a win needs {rules.groups_needed}"
        needed = rules.required_pairs(triggers)
        if needed is not None and pairs != needed:
            kind = rules.pair_rule.kind if rules.pair_rule else "pair"
            if rules.pair_rule is not None and rules.pair_rule.if_any:
                condition = (
                    f"with any {' or '.join(rules.pair_rule.if_any)}"
                    if triggers
                    else f"without {' or '.join(rules.pair_rule.if_any)}"
                )
                return f"{pairs} × {kind}; {condition} a win needs exactly {needed}"
            return f"{pairs} × {kind}; a win needs exactly {needed}"
        if rules.value_minimum is not None and total < rules.value_minimum:
            return f"{total} {rules.value_name}; a win needs at least {rules.value_minimum}"
        return ""

    def _forms(self, result: Evaluation, full: int, table: Sequence[TableGroup]) -> None:
        """Named whole-hand shapes: add a winning form's splits, or note one that never wins."""
        rules = self.rules
        if table or not rules.forms:
            return
        for form in rules.forms:
            splits = [
                split
                for split in self.search.decompositions(full)
                if len(split) == form.count
                and all(rules.instances[i].kind in form.kinds for i in split)
            ]
            if not splits:
                continue
            if not form.wins:
                if not result.winning:
                    result.reasons.append(
                        Reason("form", f"{form.name} ({form.title}) never wins", form.cites)
                    )
                continue
            for split in splits:
                groups = [
                    GroupResult(
                        kind=rules.kinds[rules.instances[i].kind].name,
                        formed_as=rules.kinds[rules.instances[i].kind].name,
                        cards=tuple(rules.cards.ids[c] for c in rules.instances[i].cards),
                        names=tuple(rules.cards.display[c] for c in rules.instances[i].cards),
                        value=rules.value_of(rules.instances[i].kind, rules.instances[i].cards),
                        on_table=False,
                        holds_winning_card=False,
                    )
                    for i in split
                ]
                total = sum(g.value for g in groups)
                result.decompositions.append(Decomposition(groups, total, 0, wins=True, problem=""))

    def _why_not(
        self, result: Evaluation, full: int, other_sizes: set[int], table_groups: int
    ) -> list[Reason]:
        rules = self.rules
        reasons = list(result.reasons)
        cites = tuple(rules.win_cites)
        if not result.decompositions and other_sizes:
            sizes = " or ".join(str(size) for size in sorted(other_sizes))
            with_table = " with the table" if table_groups else ""
            reasons.append(
                Reason(
                    "group-count",
                    f"the cards make {sizes} groups{with_table}; a win needs {rules.groups_needed}",
                    cites,
                )
            )
            return reasons
        if not result.decompositions:
            count = sum(rules.unpack(full))
            reasons.append(
                Reason(
                    "ungrouped",
                    f"the {count} concealed cards cannot all be split into groups"
                    " that may be formed in the hand",
                    cites,
                )
            )
            return reasons
        problems: list[str] = []
        for decomposition in result.decompositions:
            if decomposition.problem and decomposition.problem not in problems:
                problems.append(decomposition.problem)
        for problem in problems:
            reasons.append(Reason("condition", problem, cites))
        return reasons
