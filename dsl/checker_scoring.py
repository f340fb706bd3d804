"""Semantic checks for how hands score: hand patterns, scores and the win's minimum score.

Patterns may name each other, but never in a circle; a pattern's worth counts in a declared
score; patterns, scores, options and tables share one set of names, so an expression always
knows what a name means.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.dsl import ir
from tablerules.dsl.checker_expr import PATTERN, references

if TYPE_CHECKING:
    from tablerules.dsl.checker import Checker


class ScoringChecks:
    """A mixin of `dsl.checker.Checker` (which supplies `rules`, `report`, `unknown`)."""

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

    def _pattern_refs(self: Checker, pattern: ir.HandPattern) -> list[ir.Expr]:
        found: list[ir.Expr] = []
        for expression in (*pattern.when, *([pattern.counts] if pattern.counts else [])):
            found += [r for r in references(expression) if r.name in self.rules.patterns]
        return found

    def _check_pattern_cycles(self: Checker) -> None:
        """A pattern may read others, but a circle of patterns has no answer."""
        state: dict[str, str] = {}

        def visit(name: str, path: list[str]) -> None:
            state[name] = "open"
            for ref in self._pattern_refs(self.rules.patterns[name]):
                other = ref.name or ""
                if state.get(other) == "open":
                    circle = " → ".join([*path[path.index(other) :], other])
                    self.report(
                        ir.Clause(span=ref.span), "E110", f"patterns read each other: {circle}"
                    )
                elif other not in state:
                    visit(other, [*path, other])
            state[name] = "done"

        for name in self.rules.patterns:
            if name not in state:
                visit(name, [name])
