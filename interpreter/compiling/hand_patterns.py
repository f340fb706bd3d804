"""Hand patterns and scores, compiled once and judged on each winning split.

A pattern holds when its `when` expressions are all true, as many times as `counts` says.
Then, in this order: a `limit` pattern that holds keeps every other pattern from counting
(when several hold, the one that gives the hand the most); otherwise each pattern that
holds keeps the ones its `excludes` line names from counting. A score is (start + the
points of the patterns that count) × their multipliers, capped by `at most`. Only winning
splits are judged, so a hand that cannot win costs nothing here.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.absence import Absence, AbsenceFinder
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.compiling.explanation import Judgement, PatternResult, ScoreResult, Term
from tablerules.interpreter.compiling.expressions import (
    BINARY,
    Compiled,
    ExprError,
    Scope,
    Tables,
    Wording,
    compile_expr,
    render,
    saturated,
    saturated_power,
)
from tablerules.interpreter.compiling.hand_quantities import HandQuantities, HandView


@dataclass(frozen=True)
class PatternRule:
    name: str
    title: str
    cites: tuple[str, ...]
    when: tuple[Compiled, ...]
    counts: Compiled | None
    terms: tuple[Term, ...]
    excludes: tuple[str, ...]
    limit: bool
    written: tuple[ir.Expr, ...] = ()  # the `when` tests as the file writes them
    counts_written: ir.Expr | None = None


@dataclass(frozen=True)
class WinWhen:
    """A `when` line of the win clause: its test, as written, its rule ids, and the
    condition itself (to be written again in a reader's language)."""

    test: Compiled
    text: str
    cites: tuple[str, ...]
    condition: ir.Expr


@dataclass(frozen=True)
class ScoreRule:
    name: str
    start: int
    cap: int | None
    cites: tuple[str, ...]


def _number(value: int | str | None, options: dict[str, ir.Scalar], default: int) -> int:
    if value is None:
        return default
    if isinstance(value, str):
        option = options.get(value, default)
        return int(option) if isinstance(option, int | bool) else default
    return value


def _order(patterns: dict[str, ir.HandPattern]) -> list[ir.HandPattern]:
    """File order, except that a pattern comes after the patterns it reads."""
    placed: dict[str, ir.HandPattern] = {}

    def names_read(pattern: ir.HandPattern) -> list[str]:
        found: list[str] = []
        stack = [*pattern.when, *([pattern.counts] if pattern.counts else [])]
        while stack:
            expression = stack.pop()
            if expression.op == "ref" and expression.name in patterns:
                found.append(expression.name or "")
            stack.extend(expression.args)
        return found

    # Depth first without recursion: a file may chain a thousand patterns, each reading
    # the one before.
    for root in patterns.values():
        if root.name in placed:
            continue
        open_names = {root.name}
        stack = [(root, iter(names_read(root)))]
        while stack:
            pattern, pending = stack[-1]
            name = next(pending, None)
            if name is None:
                stack.pop()
                open_names.discard(pattern.name)
                placed[pattern.name] = pattern
            elif name not in placed and name not in open_names:
                open_names.add(name)
                stack.append((patterns[name], iter(names_read(patterns[name]))))
    return list(placed.values())


class Scoring:
    """The file's hand patterns and scores, ready to judge a split."""

    def __init__(
        self,
        rules: ir.RuleSet,
        options: dict[str, ir.Scalar],
        tables: Tables,
        quantities: HandQuantities,
    ) -> None:
        self.tables = tables
        self.quantities = quantities
        only_score = next(iter(rules.scores)) if len(rules.scores) == 1 else None
        adds: set[str] = set()
        self.patterns: list[PatternRule] = []
        for pattern in _order(rules.patterns):
            terms = []
            for worth in pattern.worth:
                score = worth.score or only_score or ""
                amount = _number(worth.amount, options, 0)
                terms.append(Term(worth.op, amount, score))
                if worth.op == "add":
                    adds.add(score)
            self.patterns.append(
                PatternRule(
                    name=pattern.name,
                    title=pattern.title,
                    cites=tuple(pattern.cites),
                    when=tuple(compile_expr(e, quantities.compile) for e in pattern.when),
                    counts=compile_expr(pattern.counts, quantities.compile)
                    if pattern.counts is not None
                    else None,
                    terms=tuple(terms),
                    excludes=tuple(pattern.excludes),
                    limit=pattern.limit,
                    written=tuple(pattern.when),
                    counts_written=pattern.counts,
                )
            )
        self.scores = [
            ScoreRule(
                name=score.name,
                start=_number(score.starts_at, options, 0 if score.name in adds else 1),
                cap=_number(score.at_most, options, 0) if score.at_most is not None else None,
                cites=tuple(score.cites),
            )
            for score in rules.scores.values()
        ]
        win = rules.win
        self.minimum: tuple[str, int] | None = None
        self.minimum_cites: tuple[str, ...] = ()
        if win is not None and win.score is not None:
            self.minimum = (win.score.score, _number(win.score.at_least, options, 0))
            self.minimum_cites = tuple(win.score.cites) or tuple(win.cites)
        self.win_when = [
            WinWhen(
                compile_expr(line.condition, quantities.compile),
                render(line.condition),
                tuple(line.cites) or tuple(win.cites),
                line.condition,
            )
            for line in (win.when if win is not None else [])
        ]
        deciding = [s.name for s in rules.scores.values() if s.decides_best]
        self.best_by = deciding[0] if deciding else None
        # the `when` lines of the win clause that read no pattern and no score: a win test
        # may try them before judging any pattern (`refuses_early`)
        judged = set(rules.patterns) | set(rules.scores)
        # the limits and the patterns they read: where a limit holds, it alone decides
        # every score (`limit_scores`)
        self._limit_patterns = _limit_closure(self.patterns, rules.patterns)
        lines = win.when if win is not None else []
        self.early_when = [
            compiled.test
            for compiled, line in zip(self.win_when, lines, strict=True)
            if not _reads(line.condition, judged)
        ]
        # those that read only how and when the hand is won (no card, group or value of
        # it): a win test may try them before any split is listed (`refuses_situation`)
        self.situation_when = [
            compiled.test
            for compiled, line in zip(self.win_when, lines, strict=True)
            if _situation_only(line.condition, judged)
        ]

    @property
    def active(self) -> bool:
        return bool(self.patterns or self.scores or self.win_when)

    @property
    def decides_wins(self) -> bool:
        """Whether a split that meets the win clause's groups and pairs may still not win:
        for its score, or a `when` line of the win clause."""
        return self.minimum is not None or bool(self.win_when)

    def judge(self, view: HandView, names: dict[str, int]) -> Judgement:
        """The patterns that hold on this split, which count, and the scores they make."""
        table_counts: dict[str, int] = {}
        for kind, _, on_table, _ in view.groups:
            if on_table:
                table_counts[kind] = table_counts.get(kind, 0) + 1
        scope = Scope({**names, "value": view.value}, self.tables, table_counts, view)
        held: dict[str, int] = {}
        for rule in self.patterns:
            count = 0
            if all(condition(scope) for condition in rule.when):
                count = max(rule.counts(scope), 0) if rule.counts is not None else 1
            held[rule.name] = count
            scope.names[rule.name] = count
        holding = [rule for rule in self.patterns if held[rule.name]]
        excluded = self._excluded(holding, held)
        results = [
            PatternResult(
                name=rule.name,
                title=rule.title,
                cites=rule.cites,
                count=held[rule.name],
                terms=rule.terms,
                limit=rule.limit,
                excluded_by=excluded.get(rule.name),
            )
            for rule in holding
        ]
        scores = {score.name: self._score(score, results) for score in self.scores}
        return Judgement(results, scores, view=view, names=names)

    def absent(self, judgement: Judgement, wording: Wording | None = None) -> list[Absence]:
        """Each pattern that does not hold on the split `judgement` judged, with the tests
        that keep it out (see `absence`, written in `wording`); none without a split."""
        view, names = judgement.view, judgement.names
        if view is None or names is None:
            return []
        table_counts: dict[str, int] = {}
        for kind, _, on_table, _ in view.groups:
            if on_table:
                table_counts[kind] = table_counts.get(kind, 0) + 1
        known = {**names, "value": view.value}
        for rule in self.patterns:
            known[rule.name] = 0
        for result in judgement.patterns:
            known[result.name] = result.count
        finder = AbsenceFinder(
            Scope(known, self.tables, table_counts, view), self.quantities.compile, wording
        )
        held = {result.name for result in judgement.patterns}
        return [
            finder.absence(rule.name, rule.title, rule.cites, rule.written, rule.counts_written)
            for rule in self.patterns
            if rule.name not in held
        ]

    def unmet(self, view: HandView, names: dict[str, int], judgement: Judgement) -> str:
        """The first `when` line of the win clause that this split does not meet, as
        written ('' when they all hold). It reads what a settlement reads: each pattern
        as the times it counts, each score."""
        if not self.win_when:
            return ""
        table_counts: dict[str, int] = {}
        for kind, _, on_table, _ in view.groups:
            if on_table:
                table_counts[kind] = table_counts.get(kind, 0) + 1
        known = {**names, "value": view.value}
        for rule in self.patterns:
            known[rule.name] = 0
        for result in judgement.patterns:
            known[result.name] = result.count if result.counts else 0
        for score in judgement.scores.values():
            known[score.name] = score.value
        scope = Scope(known, self.tables, table_counts, view)
        for line in self.win_when:
            if not line.test(scope):
                return f"a win needs {line.text}"
        return ""

    def limit_scores(self, view: HandView, names: dict[str, int]) -> dict[str, int] | None:
        """Each score of this split where a limit holds on it, judging only the limits and
        the patterns they read: the limit worth most then counts alone (`_excluded`), so
        its worth alone is every score (`_limit_worth`), as `judge` makes them. None where
        no limit holds (every pattern may count) or no pattern is a limit."""
        if not self._limit_patterns:
            return None
        table_counts: dict[str, int] = {}
        for kind, _, on_table, _ in view.groups:
            if on_table:
                table_counts[kind] = table_counts.get(kind, 0) + 1
        scope = Scope({**names, "value": view.value}, self.tables, table_counts, view)
        holding: list[tuple[PatternRule, int]] = []
        for rule in self._limit_patterns:
            count = 0
            if all(condition(scope) for condition in rule.when):
                count = max(rule.counts(scope), 0) if rule.counts is not None else 1
            scope.names[rule.name] = count
            if rule.limit and count:
                holding.append((rule, count))
        if not holding:
            return None
        top, count = max(holding, key=lambda pair: self._limit_worth(*pair))
        alone = [PatternResult(top.name, top.title, top.cites, count, top.terms, True)]
        return {score.name: self._score(score, alone).value for score in self.scores}

    def refuses_situation(self, conditions: WinConditions, names: dict[str, int]) -> bool:
        """Whether a `when` line of the win clause that reads only the situation (how and
        when the hand is won, the numbers the rules and the seat give) fails: no split of
        any hand wins then, and a win test need list none. False where such a line cannot
        be read here (the full judging says why)."""
        if not self.situation_when:
            return False
        view = HandView(counts=[], groups=[], conditions=conditions, form=None, value=0)
        scope = Scope({**names, "value": 0}, self.tables, {}, view)
        try:
            return not all(test(scope) for test in self.situation_when)
        except ExprError:
            return False

    def refuses_early(self, view: HandView, names: dict[str, int]) -> bool:
        """Whether a `when` line of the win clause that reads no pattern and no score fails
        on this split: it then wins for no score, and a win test need not judge its
        patterns. False where such a line cannot be read here (the full judging says
        why)."""
        if not self.early_when:
            return False
        table_counts: dict[str, int] = {}
        for kind, _, on_table, _ in view.groups:
            if on_table:
                table_counts[kind] = table_counts.get(kind, 0) + 1
        scope = Scope({**names, "value": view.value}, self.tables, table_counts, view)
        try:
            return not all(test(scope) for test in self.early_when)
        except ExprError:
            return False

    def _excluded(self, holding: list[PatternRule], held: dict[str, int]) -> dict[str, str]:
        """Pattern -> the pattern that keeps it from counting."""
        limits = [rule for rule in holding if rule.limit]
        if limits:
            top = max(limits, key=lambda rule: self._limit_worth(rule, held[rule.name]))
            return {rule.name: top.name for rule in holding if rule is not top}
        excluded: dict[str, str] = {}
        for rule in holding:
            for name in rule.excludes:
                if held.get(name) and name not in excluded:
                    excluded[name] = rule.name
        return excluded

    def _limit_worth(self, rule: PatternRule, count: int) -> tuple[int, ...]:
        """What a limit gives the hand when it alone counts: the score that decides the best
        split first, then every score in file order. Limits are compared by this, not by
        the numbers written after `worth` (1 × 9 gives 9, less than 10)."""
        alone = [PatternResult(rule.name, rule.title, rule.cites, count, rule.terms, True)]
        values = [self._score(score, alone).value for score in self.scores]
        first = [values[i] for i, s in enumerate(self.scores) if s.name == self.best_by]
        return (*first, *values)

    @staticmethod
    def _score(score: ScoreRule, results: list[PatternResult]) -> ScoreResult:
        added: list[tuple[str, int]] = []
        multiplied: list[tuple[str, int]] = []
        for result in results:
            if not result.counts:
                continue
            label = f"{result.name} (limit)" if result.limit else result.name
            for term in result.terms:
                if term.score != score.name:
                    continue
                if term.op == "add":
                    added.append((label, saturated(term.amount * result.count)))
                else:
                    multiplied.append((label, saturated_power(term.amount, result.count)))
        raw = saturated(score.start + sum(points for _, points in added))
        for _, factor in multiplied:
            raw = saturated(raw * factor)
        value = min(raw, score.cap) if score.cap is not None else raw
        return ScoreResult(
            score.name, score.start, tuple(added), tuple(multiplied), raw, score.cap, value
        )


def _reads(expression: ir.Expr, names: set[str]) -> bool:
    """Whether `expression` reads one of `names`."""
    stack = [expression]
    while stack:
        current = stack.pop()
        if current.op == "ref" and current.name in names:
            return True
        stack.extend(current.args)
    return False


# what a condition may read and still be judged without a hand: numbers, names, the
# functions and arithmetic over them, and how and when the hand is won
SITUATION_OPS = frozenset(
    {"num", "ref", "call", "neg", "not", "and", "or", "if", *BINARY}
    | {"won", "last card", "first discard", "first draw", "dealer wins", "no claim yet"}
)


def _situation_only(expression: ir.Expr, judged: set[str]) -> bool:
    """Whether `expression` reads nothing of the hand: no quantity of its cards or groups,
    no pattern or score (`judged`), not its value."""
    stack = [expression]
    while stack:
        current = stack.pop()
        if current.op not in SITUATION_OPS:
            return False
        if current.op == "ref" and (current.name in judged or current.name == "value"):
            return False
        stack.extend(current.args)
    return True


def _limit_closure(
    ordered: list[PatternRule], written: dict[str, ir.HandPattern]
) -> list[PatternRule]:
    """The limits and every pattern they read (through other patterns too), in judging
    order (each after those it reads); none where no pattern is a limit."""
    needed = {rule.name for rule in ordered if rule.limit}
    stack = list(needed)
    while stack:
        pattern = written[stack.pop()]
        for expression in [*pattern.when, *([pattern.counts] if pattern.counts else [])]:
            for name in _refs(expression, written):
                if name not in needed:
                    needed.add(name)
                    stack.append(name)
    return [rule for rule in ordered if rule.name in needed]


def _refs(expression: ir.Expr, names: dict[str, ir.HandPattern]) -> list[str]:
    """The names among `names` that `expression` reads."""
    found: list[str] = []
    stack = [expression]
    while stack:
        current = stack.pop()
        if current.op == "ref" and current.name in names:
            found.append(current.name)
        stack.extend(current.args)
    return found
