"""Semantic checks for expressions: every name resolves, every call names a table or a
function, and a finding points at the name itself, with a hint when the mistake is a
common one (`value-6` read as one name because `-` may be part of a name)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.dsl import ir
from tablerules.dsl.build_expr import is_number

if TYPE_CHECKING:
    from tablerules.dsl.checker import Checker

# quantities of a hand in play: the winner's best value, the bonus draws that hit, what the
# win's settlement paid (each payer's share)
QUANTITIES = ("value", "hits", "settled")
FUNCTIONS = {"min": (1, None), "max": (1, None)}  # name -> (fewest, most) arguments


class ExpressionChecks:
    """A mixin of `dsl.checker.Checker` (which supplies `rules`, `report`, `unknown`)."""

    def check_expr(self: Checker, clause: ir.Clause, expression: ir.Expr, names: set[str]) -> None:
        """Check every name and call in `expression`; `names` are the `let` names in scope."""
        where = ir.Clause(span=expression.span or clause.span)
        if expression.op == "ref":
            self._check_name(where, expression.name or "", names)
        elif expression.op == "count":
            self.kind_refs(where, [expression.name or ""])
        elif expression.op == "call":
            self._check_call(where, expression)
        for argument in expression.args:
            self.check_expr(clause, argument, names)

    def check_lets(self: Checker, clause: ir.Clause, lets: dict[str, ir.Expr]) -> set[str]:
        """Check `let` lines in order (each may use those above it); their names."""
        names: set[str] = set()
        for name, expression in lets.items():
            self.check_expr(clause, expression, names)
            names.add(name)
        return names

    def _known_names(self: Checker, names: set[str]) -> list[str]:
        return [*sorted(names), *QUANTITIES, *self.rules.options]

    def _check_name(self: Checker, where: ir.Clause, name: str, names: set[str]) -> None:
        if name in names or name in QUANTITIES:
            return
        option = self.rules.options.get(name)
        if option is not None:
            if option.type == "choice" and any(isinstance(c, str) for c in option.choices):
                self.report(where, "E103", f"option {name!r} is not a number")
            return
        if name in self.rules.tables:
            self.report(
                where,
                "E103",
                f"{name!r} is a table: look a number up in it with {name}(NUMBER)",
            )
            return
        hint = self._minus_hint(name, names)
        if hint:
            self.report(where, "E101", f"unknown name {name!r}", hint)
            return
        self.unknown(where, "name", name, self._known_names(names))

    def _minus_hint(self: Checker, name: str, names: set[str]) -> str:
        """`value-6` is one name; when its parts are names or numbers, say what was meant."""
        if "-" not in name:
            return ""
        parts = name.split("-")
        known = set(names) | set(QUANTITIES) | set(self.rules.options)
        if all(part and (is_number(part) or part in known) for part in parts):
            return f"write spaces around '-': {' - '.join(parts)} ('-' may be part of a name)"
        return ""

    def _check_call(self: Checker, where: ir.Clause, expression: ir.Expr) -> None:
        name = expression.name or ""
        count = len(expression.args)
        if name in self.rules.tables:
            if count != 1:
                self.report(where, "E110", f"table {name!r} looks up one number, not {count}")
            return
        limits = FUNCTIONS.get(name)
        if limits is None:
            known = [*sorted(self.rules.tables), *FUNCTIONS]
            self.unknown(where, "table", name, known)
            return
        fewest, most = limits
        if count < fewest or (most is not None and count > most):
            self.report(where, "E110", f"{name} takes at least {fewest} number(s)")

    def check_tables(self: Checker) -> None:
        for table in self.rules.tables.values():
            if not table.rows:
                self.report(table, "E109", f"table {table.name!r} has no rows, e.g. '3: 8'")
            keys = [row.key for row in table.rows]
            for row, previous in zip(table.rows[1:], keys, strict=False):
                if row.key <= previous:
                    self.report(row, "E110", "a table's keys go up, row after row")
