"""An evaluation's details, built when they are first read: the named groups of each split,
what keeps a split from winning, and the reasons a hand does not win, with the rule ids.

The evaluator judges splits with numbers only (`win_clause.py`); a caller that reads a
decomposition, the best split or the reasons gets them from here, through the
`Evaluation` (see `evaluation.py`), which asks once and keeps the answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.compiled import CompiledRules, FormInfo, Instance
from tablerules.interpreter.hand.evaluation import (
    CARD_FORM,
    FORM,
    Candidate,
    Decomposition,
    Evaluation,
    GroupResult,
    Reason,
)
from tablerules.interpreter.search.splits import Fragment

TABLE_RESULTS = 1 << 12  # table groups' results kept before the table is emptied

if TYPE_CHECKING:
    from tablerules.interpreter.hand.evaluate import TableGroup


class Context(NamedTuple):
    """What an evaluation's details need to know of its hand, beyond its judged splits.

    The evaluator builds it as a plain tuple in this order (it does so for every hand)."""

    full: int  # the concealed cards with the winning card, packed
    table: Sequence[TableGroup]
    source: ir.Source | None  # where the winning card came from, when a group may relabel
    other_sizes: set[int] | None  # group counts of the splits of the wrong size
    splits: Sequence[Fragment]  # every split, kept for the forms when the rules have some
    broken: bool = False  # a split of the right size broke up a 'never split' group


@dataclass
class Forms:
    made: list[FormInfo] = field(default_factory=list)  # the forms the hand makes, in order
    winning: list[Fragment] = field(default_factory=list)  # splits of the winning ones


def forms_made(rules: CompiledRules, splits: Sequence[Fragment]) -> Forms:
    """The named forms the hand makes, in the rules' order, and the winning ones' splits."""
    found = Forms()
    for form in rules.forms:
        made = [
            split
            for split in splits
            if len(split[0]) == form.count
            and all(rules.instances[i].kind in form.kinds for i in split[0])
        ]
        if made:
            found.made.append(form)
            if form.wins:
                found.winning.extend(made)
    return found


class _NamedGroups(dict[int, GroupResult]):
    """Each in-hand instance's named group, counted as its own kind and without the winning
    card, by instance id: made the first time a split holds it, then shared by every split
    that does (a split's groups are then one lookup per id, `map(named.__getitem__, ids)`)."""

    def __init__(self, details: Details) -> None:
        super().__init__()
        self._details = details

    def __missing__(self, ident: int) -> GroupResult:
        instance = self._details.rules.instances[ident]
        found = self[ident] = self._details.group_result(instance, instance.kind, False)
        return found


class Details:
    """Builds the details of the evaluations of one compiled rule set."""

    def __init__(self, rules: CompiledRules) -> None:
        self.rules = rules
        self._group_cache: dict[tuple[int, int, bool], GroupResult] = {}
        # the results of table groups, shared as those of in-hand groups are (a win test
        # of a hand with wilds builds them for every reading judged)
        self._table_cache: dict[TableGroup, GroupResult] = {}
        self._named = _NamedGroups(self)

    # ── a split's groups ───────────────────────────────────────
    def decompositions(
        self, candidates: list[Candidate], context: Context
    ) -> list[Decomposition | None]:
        """Every candidate's split, in order (what reading every split asks, at once).

        A split of concealed cards alone with no winning card placed (nearly every split
        read) is made here, each group its own kind and shared by every split holding it;
        `decomposition` asks here for such a split too."""
        if context[1]:  # table groups: see `decomposition`
            return [self.decomposition(candidate, context) for candidate in candidates]
        named = self._named.__getitem__
        found: list[Decomposition | None] = []
        for candidate in candidates:
            ids, placement, total, pairs, triggers, wins = candidate
            if placement is not None:
                found.append(self.decomposition(candidate, context))
            elif wins:
                found.append(Decomposition(list(map(named, ids)), total, pairs, True, ""))
            else:
                problem = self.problem(len(ids), pairs, triggers, total)
                found.append(Decomposition(list(map(named, ids)), total, pairs, False, problem))
        return found

    def decomposition(self, candidate: Candidate, context: Context) -> Decomposition:
        ids, placement, total, pairs, triggers, wins = candidate
        table, source = context[1], context[2]  # a plain tuple on the hot path (see `Context`)
        if placement is None and not table:  # concealed cards alone: see `decompositions`
            return self.decompositions([candidate], context)[0]  # type: ignore[return-value]
        if placement == FORM:
            form = self.form_of(ids)
            return Decomposition(self.plain_groups(ids), total, 0, wins=True, form=form)
        if placement == CARD_FORM:
            return self.card_form(ids[0], context[0], table)
        if placement is None:
            groups = self.plain_groups(ids)
        else:
            groups = self.placed_groups(ids, placement, source)
        if table:
            groups = [self.table_result(g) for g in table] + groups
        problem = "" if wins else self.problem(len(groups), pairs, triggers, total)
        return Decomposition(groups, total, pairs, wins=wins, problem=problem)

    def card_form(self, index: int, full: int, table: Sequence[TableGroup] = ()) -> Decomposition:
        """A hand that is a form of cards: its table groups, and one group of all its
        concealed cards."""
        form = self.rules.card_forms[index]
        cards = tuple(c for c, n in enumerate(self.rules.unpack(full)) for _ in range(n))
        group = GroupResult(
            kind=form.name,
            formed_as=form.name,
            cards=tuple(self.rules.cards.ids[c] for c in cards),
            names=tuple(self.rules.cards.display[c] for c in cards),
            value=0,
            on_table=False,
            holds_winning_card=False,
            indices=cards,
        )
        laid = [self.table_result(g) for g in table]
        return Decomposition([*laid, group], 0, 0, wins=True, form=form.name)

    def form_of(self, ids: Sequence[int]) -> str | None:
        """The winning form whose shape the split `ids` has."""
        rules = self.rules
        for form in rules.forms:
            if (
                form.wins
                and len(ids) == form.count
                and all(rules.instances[i].kind in form.kinds for i in ids)
            ):
                return form.name
        return None

    def group_result(self, instance: Instance, kind: int, holds: bool) -> GroupResult:
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
                indices=instance.cards,
            )
            self._group_cache[key] = found
        return found

    def plain_groups(self, ids: Sequence[int]) -> list[GroupResult]:
        """The groups of a split, each counted as its own kind, none with the winning card."""
        return list(map(self._named.__getitem__, ids))

    def placed_groups(
        self, ids: Sequence[int], placement: int, source: ir.Source | None
    ) -> list[GroupResult]:
        """The groups of a split with the winning card in group `placement`, which counts
        as the kind the rules relabel it to (when `source` is given)."""
        groups = self.plain_groups(ids)
        instance = self.rules.instances[ids[placement]]
        kind = instance.kind
        if source is not None:
            kind = self.rules.relabelled(kind, source, instance.cards)
        groups[placement] = self.group_result(instance, kind, True)
        return groups

    def table_result(self, group: TableGroup) -> GroupResult:
        """The shared, immutable result for one table group; built once per group."""
        found = self._table_cache.get(group)
        if found is None:
            if len(self._table_cache) >= TABLE_RESULTS:
                self._table_cache.clear()
            found = self._table_cache[group] = self._table_result(group)
        return found

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
            indices=tuple(group.cards),
            claimed=group.claimed,
        )

    def problem(self, groups: int, pairs: int, triggers: int, total: int) -> str:
        """What keeps a split from winning ('' when nothing does)."""
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

    # ── why a hand does not win ────────────────────────────────
    def reasons(self, evaluation: Evaluation, context: Context) -> list[Reason]:
        context = Context(*context)
        reasons = self._form_reasons(evaluation, context)
        if any(candidate[5] for candidate in evaluation.candidates):
            return reasons
        return self._why_not(evaluation, context, reasons)

    def _form_reasons(self, evaluation: Evaluation, context: Context) -> list[Reason]:
        """A form that never wins, named while no split (nor earlier form) had won."""
        reasons: list[Reason] = []
        winning = any(c[5] for c in evaluation.candidates if c[1] != FORM)
        if not winning:
            for card_form in self.rules.card_forms:
                if not card_form.wins and card_form.holds(context.full, context.table):
                    reasons.append(
                        Reason(
                            "form",
                            f"{card_form.name} ({card_form.title}) never wins",
                            card_form.cites,
                        )
                    )
        if not context.splits:
            return reasons
        for form in forms_made(self.rules, context.splits).made:
            if form.wins:
                winning = True
            elif not winning:
                reasons.append(Reason("form", f"{form.name} ({form.title}) never wins", form.cites))
        return reasons

    def _why_not(
        self, evaluation: Evaluation, context: Context, reasons: list[Reason]
    ) -> list[Reason]:
        rules = self.rules
        cites = tuple(rules.win_cites)
        decompositions = evaluation.decompositions
        if not decompositions and context.broken:
            kinds = " or ".join(kind.name for kind in rules.keep_together)
            needed = rules.groups_needed
            into = f" into {needed} groups" if needed is not None else ""
            reasons.append(
                Reason(
                    "never-split",
                    f"every split{into} breaks up a {kinds} held, which is never split",
                    cites,
                )
            )
            return reasons
        if not decompositions and context.other_sizes:
            sizes = " or ".join(str(size) for size in sorted(context.other_sizes))
            with_table = " with the table" if context.table else ""
            reasons.append(
                Reason(
                    "group-count",
                    f"the cards make {sizes} groups{with_table}; a win needs {rules.groups_needed}",
                    cites,
                )
            )
            return reasons
        if not decompositions:
            count = sum(rules.unpack(context.full))
            reasons.append(
                Reason(
                    "ungrouped",
                    f"the {count} concealed cards cannot all be split into groups"
                    " that may be formed in the hand",
                    cites,
                )
            )
            return reasons
        titles = {form.name: form.title for form in rules.forms}
        problems: list[str] = []
        for decomposition in decompositions:
            problem = decomposition.problem
            if problem and decomposition.form in titles:  # a winning form a `when` refuses
                problem = f"{decomposition.form} ({titles[decomposition.form]}): {problem}"
            if problem and problem not in problems:
                problems.append(problem)
        for problem in problems:
            reasons.append(Reason("condition", problem, cites))
        return reasons
