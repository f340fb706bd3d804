"""Semantic checks for how hands score: hand patterns, scores and the win's minimum score.

Patterns may name each other, but never in a circle; a pattern's worth counts in a declared
score; patterns, scores, options and tables share one set of names, so an expression always
knows what a name means.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.dsl.checking.checker_expr import PATTERN, WIN, references
from tablerules.dsl.checking.checker_lookups import expressions_in
from tablerules.dsl.model import ir

if TYPE_CHECKING:
    from tablerules.dsl.checking.checker import Checker


class ScoringChecks:
    """A mixin of `dsl.checking.checker.Checker` (which supplies `rules`, `report`, `unknown`)."""

    def check_scoring(self: Checker) -> None:
        self._check_shared_names()
        for pattern in self.rules.patterns.values():
            self._check_pattern(pattern)
        self._check_pattern_cycles()
        for score in self.rules.scores.values():
            for item, number in (("score_starts", score.starts_at), ("score_most", score.at_most)):
                if isinstance(number, str):
                    self._option_ref(self.at(score, item), number, numeric=True)
        win = self.rules.win
        if win is not None and win.score is not None:
            if win.score.score not in self.rules.scores:
                self.unknown(win.score, "score", win.score.score, self.rules.scores)
            if isinstance(win.score.at_least, str):
                self._option_ref(win.score, win.score.at_least, numeric=True)
        for line in win.when if win is not None else []:
            self.check_expr(line, line.condition, set(), WIN)
        self._check_cap_reaches_minimum()

    def _check_cap_reaches_minimum(self: Checker) -> None:
        """A score capped below the least a win needs: no hand could ever win."""
        win = self.rules.win
        if win is None or win.score is None or not isinstance(win.score.at_least, int):
            return
        score = self.rules.scores.get(win.score.score)
        if score is None or not isinstance(score.at_most, int):
            return
        if score.at_most < win.score.at_least:
            self.report(
                self.at(score, "score_most"),
                "E110",
                f"score {score.name!r} is at most {score.at_most}, but a win needs at least "
                f"{win.score.at_least}: no hand could ever win",
                "raise the cap or lower the minimum",
            )

    def _check_shared_names(self: Checker) -> None:
        owners: dict[str, str] = {name: "option" for name in self.rules.options}
        owners.update({name: "table" for name in self.rules.tables})
        for section, word in (("scores", "score"), ("patterns", "pattern")):
            for name, clause in getattr(self.rules, section).items():
                owner = owners.get(name)
                if owner is not None:
                    self.report(
                        clause,
                        "E102",
                        f"{word} {name!r} has the name of an {owner}"
                        if owner == "option"
                        else f"{word} {name!r} has the name of a {owner}",
                        "expressions read names: give each one its own",
                    )
                owners.setdefault(name, word)

    def _check_pattern(self: Checker, pattern: ir.HandPattern) -> None:
        if not pattern.when and pattern.counts is None:
            self.report(
                pattern,
                "E109",
                f"pattern {pattern.name!r} says neither 'when' it holds nor what it 'counts'",
            )
        for expression in pattern.when:
            self.check_expr(pattern, expression, set(), PATTERN)
        if pattern.counts is not None:
            self.check_expr(pattern, pattern.counts, set(), PATTERN)
        for worth in pattern.worth:
            if isinstance(worth.amount, str):
                self._option_ref(worth, worth.amount, numeric=True)
            if worth.score is not None:
                if worth.score not in self.rules.scores:
                    self.unknown(worth, "score", worth.score, self.rules.scores)
            elif len(self.rules.scores) != 1 and self._score_added_over(worth, pattern):
                pass
            elif len(self.rules.scores) != 1:
                message = (
                    "a pattern's worth counts in a score: declare one with 'score NAME { }'"
                    if not self.rules.scores
                    else "several scores are declared: say which, e.g. 'worth 2 "
                    f"{next(iter(self.rules.scores))}'"
                )
                self.report(worth, "E110", message)
        excludes = self.at(pattern, "pattern_excludes")
        for name in pattern.excludes:
            if name not in self.rules.patterns:
                self.unknown(excludes, "pattern", name, self.rules.patterns)
        if pattern.limit and self.rules.scores and not _read_by_name(self.rules, pattern.name):
            self._check_limit_worth(pattern)

    def _score_added_over(self: Checker, worth: ir.Clause, pattern: ir.HandPattern) -> bool:
        """A base's pattern names no score, and this file declares one more: the mistake
        is this file's, so it is reported once, at the score it adds (not in a base file
        the author may not edit). True when so reported."""
        file = worth.span.file if worth.span else self.rules.file
        added = [
            score
            for score in self.rules.scores.values()
            if score.span is not None and score.span.file == self.rules.file
        ]
        if file == self.rules.file or not added:
            return False
        for score in added:
            if score.name in self.added_scores_reported:
                continue
            self.added_scores_reported.add(score.name)
            others = ", ".join(repr(name) for name in self.rules.scores if name != score.name)
            self.report(
                score,
                "E110",
                f"score {score.name!r} is one more score beside {others}: the patterns of "
                f"{file} (pattern {pattern.name!r} first) do not say which score they count in",
                "override those patterns with 'worth N SCORE', or count this file's patterns "
                "in the score the base has",
            )
        return True

    def _check_limit_worth(self: Checker, pattern: ir.HandPattern) -> None:
        """A limit alone counts when it holds: one with no worth, or whose worth alone
        leaves its score at 0 (×13 over a start of 0), would make a limit hand score
        nothing, and pay nothing or not win at all (unless a clause reads the limit by its
        name, and pays it so)."""
        if not pattern.worth:
            self.report(
                pattern,
                "E109",
                f"limit pattern {pattern.name!r} says no worth: when it holds it alone counts, "
                "so the hand would score nothing",
                "write what the limit hand is worth, e.g. 'worth 13'",
            )
            return
        only = next(iter(self.rules.scores)) if len(self.rules.scores) == 1 else None
        for name in {worth.score or only for worth in pattern.worth}:
            score = self.rules.scores.get(name or "")
            alone = None if score is None else _alone(score, pattern, self.rules.patterns)
            if alone == 0:
                self.report(
                    pattern,
                    "E110",
                    f"limit pattern {pattern.name!r} alone makes {name} 0: it counts alone "
                    "when it holds, so the hand would score nothing",
                    "a limit adds its worth ('worth 13'), or multiplies a score that starts "
                    "above 0 ('starts at 1')",
                )

    def _pattern_refs(self: Checker, pattern: ir.HandPattern) -> list[ir.Expr]:
        found: list[ir.Expr] = []
        for expression in (*pattern.when, *([pattern.counts] if pattern.counts else [])):
            found += [r for r in references(expression) if r.name in self.rules.patterns]
        return found

    def _check_pattern_cycles(self: Checker) -> None:
        """A pattern may read others, but a circle of patterns has no answer. (Depth first
        without recursion: a file may chain a thousand patterns, each reading the next.)"""
        done: set[str] = set()
        for root in self.rules.patterns:
            if root in done:
                continue
            path = [root]
            where = {root: 0}  # the open patterns: their place on the path
            stack = [iter(self._pattern_refs(self.rules.patterns[root]))]
            while stack:
                ref = next(stack[-1], None)
                if ref is None:
                    stack.pop()
                    finished = path.pop()
                    del where[finished]
                    done.add(finished)
                    continue
                other = ref.name or ""
                if other in where:
                    circle = _circle(path, where[other])
                    self.report(
                        ir.Clause(span=ref.span), "E110", f"patterns read each other: {circle}"
                    )
                elif other not in done:
                    where[other] = len(path)
                    path.append(other)
                    stack.append(iter(self._pattern_refs(self.rules.patterns[other])))


def _read_by_name(rules: ir.RuleSet, name: str) -> bool:
    """Whether an expression anywhere in the rules reads `name`."""
    return any(e.op == "ref" and e.name == name for e in expressions_in(rules))


def _alone(
    score: ir.Score, limit: ir.HandPattern, patterns: dict[str, ir.HandPattern]
) -> int | None:
    """What `score` makes when only `limit` counts, once, as judging makes it; None when
    a number in it is an option's (known only at the table)."""

    def counts_here(worth: ir.Worth) -> bool:
        return worth.score in (None, score.name)

    adds = any(
        worth.op == "add" and counts_here(worth)
        for pattern in patterns.values()
        for worth in pattern.worth
    )
    start = score.starts_at if score.starts_at is not None else (0 if adds else 1)
    if not isinstance(start, int):
        return None
    value, factor = start, 1
    for worth in limit.worth:
        if not counts_here(worth):
            continue
        if not isinstance(worth.amount, int):
            return None
        if worth.op == "add":
            value += worth.amount
        else:
            factor *= worth.amount
    return value * factor


def _circle(path: list[str], start: int) -> str:
    """The circle `path[start:]` back to its start as `a → b → a`, its middle left out when
    it is long (only the names shown are looked at)."""
    length = len(path) - start
    if length <= 8:
        names = [*path[start:], path[start]]
    else:
        names = [*path[start : start + 4], f"… {length - 6} more", *path[-2:], path[start]]
    return " → ".join(names)
