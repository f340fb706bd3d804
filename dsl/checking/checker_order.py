"""Lines read in order, the first that fits deciding: a line an earlier one always answers
for is never reached, and what its author wrote would silently never happen.

Three blocks are read so: a `settle` block (the first `on` line whose context and `by` fit,
else the `otherwise` line), the `next dealer` clause (the first line whose case fits and
whose condition holds) and a `value` table (the first line that matches a group).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.dsl.model import ir

if TYPE_CHECKING:
    from tablerules.dsl.checking.checker import Checker

# The `by` words each `by` word answers for: the seat after the card's owner is also one of
# the others, and `anyone` (or no `by`) is every seat.
COVERS: dict[str | None, frozenset[str | None]] = {
    None: frozenset({None, "self", "others", "next", "anyone"}),
    "anyone": frozenset({None, "self", "others", "next", "anyone"}),
    "others": frozenset({"others", "next"}),
    "next": frozenset({"next"}),
    "self": frozenset({"self"}),
}
CASES = {"win": "after win", "several": "after several winners", "drawn": "after drawn hand"}


def _where(line: ir.Clause) -> str:
    """An earlier line as a message names it."""
    return f"line {line.span.line}" if line.span else "an earlier line"


def _spoken(line: ir.SettleLine) -> str:
    if line.context is None:
        return "otherwise"
    return f"on {line.context}" + (f" by {line.who}" if line.who else "")


def _covers(earlier: ir.ValueLine, later: ir.ValueLine) -> bool:
    """Whether every group `later` matches is matched by `earlier` first: its kinds (none:
    the `else` line, every kind), no narrower `with`, and every key `later` answers."""
    if earlier.kinds and not set(later.kinds) <= set(earlier.kinds):
        return False
    if earlier.kinds and not later.kinds:
        return False
    if earlier.with_attribute is not None and (
        earlier.with_attribute != later.with_attribute or earlier.with_values != later.with_values
    ):
        return False
    if earlier.keyed:  # a group whose value it does not list goes on to the next lines
        return bool(later.keyed) and set(later.keyed) <= set(earlier.keyed)
    return True


class OrderChecks:
    """A mixin of `dsl.checking.checker.Checker` (which supplies `rules` and `report`)."""

    def check_line_order(self: Checker) -> None:
        for settle in self.rules.settles.values():
            self._check_settle_order(settle)
        if self.rules.next_dealer is not None:
            self._check_dealer_order(self.rules.next_dealer)
        for table in self.rules.values.values():
            self._check_value_order(table)

    def _check_value_order(self: Checker, table: ir.ValueTable) -> None:
        for at, line in enumerate(table.lines):
            before = next((other for other in table.lines[:at] if _covers(other, line)), None)
            if before is not None:
                where = _where(before)
                self.report(
                    line,
                    "E110",
                    f"this line of value table {table.name!r} is never read: {where} matches "
                    "every group it would (the first line that matches decides)",
                    "drop one of the two, or put the narrower line first",
                )

    def _check_settle_order(self: Checker, settle: ir.Settle) -> None:
        earlier: list[ir.SettleLine] = []
        fallback: ir.SettleLine | None = None
        for line in settle.lines:
            if line.context is None:
                if fallback is not None:
                    self.report(
                        line,
                        "E102",
                        f"settle {settle.name!r} has two 'otherwise' lines: only one is paid",
                        "keep one 'otherwise' line; write the other as an 'on …' line",
                    )
                fallback = line
                continue
            before = next(
                (
                    other
                    for other in earlier
                    if other.context == line.context and line.who in COVERS[other.who]
                ),
                None,
            )
            if before is not None:
                where = _where(before)
                self.report(
                    line,
                    "E110",
                    f"'{_spoken(line)}' in settle {settle.name!r} is never paid: {where}, "
                    f"'{_spoken(before)}', pays every win it would (the first line that fits "
                    "is paid)",
                    "drop one of the two, or put the narrower line first",
                )
            earlier.append(line)

    def _check_dealer_order(self: Checker, clause: ir.NextDealer) -> None:
        settled: dict[str, ir.DealerLine] = {}
        for line in clause.lines:
            before = settled.get(line.case)
            if before is not None:
                where = _where(before)
                self.report(
                    line,
                    "E110",
                    f"this '{CASES[line.case]}' line is never read: {where} has no condition "
                    "and decides every such hand (the first line that fits decides)",
                    "put the lines with a condition first, the one without last",
                )
            elif line.condition is None:
                settled[line.case] = line
