"""Lookups that can fall below a table's first row.

A lookup table gives the row with the largest key not above the number, and 0 below its
first key. A score or value that a winning hand can reach below that key therefore pays
nothing, silently: a house rule lowering the minimum to 1 point over a money table that
starts at 3 makes every 1- and 2-point win worth 0. The checker warns where a table is
looked up with a number whose smallest reachable value has no row.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from tablerules.dsl.model import ir
from tablerules.dsl.model.records import Record

if TYPE_CHECKING:
    from tablerules.dsl.checking.checker import Checker


def expressions_in(value: Any) -> Iterator[ir.Expr]:
    """Every expression inside `value` (a record, a list or a dict of them), outermost first."""
    if isinstance(value, ir.Expr):
        yield value
        for argument in value.args:
            yield from expressions_in(argument)
    elif isinstance(value, Record):
        for spec in value._fields:
            yield from expressions_in(getattr(value, spec.name))
    elif isinstance(value, list | tuple):
        for item in value:
            yield from expressions_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from expressions_in(item)


class LookupChecks:
    """A mixin of `dsl.checking.checker.Checker` (which supplies `rules` and `report`)."""

    def check_lookups(self: Checker) -> None:
        tables = self.rules.tables
        if not tables:
            return
        for expression in expressions_in(self.rules):
            if expression.op != "call" or expression.name not in tables:
                continue
            if len(expression.args) != 1:
                continue  # the arity is reported by the expression checks
            table = tables[expression.name]
            if not table.rows:
                continue
            first = min(row.key for row in table.rows)
            lowest = self._lowest(expression.args[0])
            if lowest is None or lowest[0] >= first:
                continue
            number, why, cause = lowest
            self.report(
                self._blamed(expression, cause),
                "W002",
                f"table {table.name!r} has no row for {number} ({why}): its first row is "
                f"{first}, so such a hand is looked up as 0",
                f"add a row '{number}: …' to table {table.name!r}, or raise the minimum",
                severity="warning",
            )

    def _blamed(self: Checker, lookup: ir.Expr, cause: ir.Clause | None) -> ir.Clause:
        """Where to report: the lookup, unless a base file wrote it and this file wrote
        what lets the number fall (a variant lowering the minimum is blamed in the variant)."""
        here = self.rules.file
        lookup_file = lookup.span.file if lookup.span else here
        if cause is not None and cause.span and lookup_file != here and cause.span.file == here:
            return cause
        return ir.Clause(span=lookup.span)

    def _lowest(self: Checker, argument: ir.Expr) -> tuple[int, str, ir.Clause | None] | None:
        """The smallest number `argument` can be for a winning hand, why, and the clause
        that makes it so; None when that cannot be told from the file alone."""
        if argument.op == "num" and argument.value is not None:
            return argument.value, "the number written", None
        if argument.op != "ref" or not argument.name:
            return None
        name = argument.name
        win = self._win_minimum(name)
        if win is not None:
            minimum, clause, option_name = win
            why = f"the win clause's least {name}"
            if option_name is not None:
                why += f", option {option_name}'s least value"
            return minimum, why, clause
        score = self.rules.scores.get(name)
        if score is not None:
            start = self._number(score.starts_at)
            if start is None:
                start = 0 if self._is_added_to(name) else 1
            return start, f"{name} with no pattern holding", score
        option = self.rules.options.get(name)
        if option is not None and option.type == "int" and option.minimum is not None:
            return option.minimum, f"option {name}'s least value", option
        return None

    def _win_minimum(self: Checker, name: str) -> tuple[int, ir.Clause, str | None] | None:
        """The win clause's least `name` (a score or a value), with the clause saying it and
        the option that sets it, if one does."""
        win = self.rules.win
        if win is None:
            return None
        minimums: list[ir.ScoreMinimum | ir.ValueMinimum] = []
        if win.score is not None:
            minimums.append(win.score)
        if win.value is not None:
            minimums.append(win.value)
        for minimum in minimums:
            named = minimum.score if isinstance(minimum, ir.ScoreMinimum) else minimum.table
            number = self._least(minimum.at_least)
            option = minimum.at_least if isinstance(minimum.at_least, str) else None
            if named == name and number is not None:
                return number, minimum if minimum.span else win, option
        return None

    def _least(self: Checker, number: int | str | None) -> int | None:
        """A number written, or the least value a table may give the option it names (a
        minimum a table lowers with `--option` reaches below the rows as surely)."""
        if isinstance(number, str):
            option = self.rules.options.get(number)
            if option is not None and option.type == "int" and option.minimum is not None:
                return option.minimum
        return self._number(number)

    def _is_added_to(self: Checker, score: str) -> bool:
        """Whether some hand pattern adds points to `score` (it then starts at 0)."""
        only_score = len(self.rules.scores) == 1
        for pattern in self.rules.patterns.values():
            for worth in pattern.worth:
                counts_in = worth.score == score or (worth.score is None and only_score)
                if worth.op == "add" and counts_in:
                    return True
        return False

    def _number(self: Checker, number: int | str | None) -> int | None:
        """A number written, or an option's value as the file sets it."""
        if number is None or isinstance(number, int):
            return number
        value = self.rules.option_values().get(number)
        return value if isinstance(value, int) and not isinstance(value, bool) else None
