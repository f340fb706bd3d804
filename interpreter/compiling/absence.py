"""Why a hand pattern did not hold on a winning split: each test of its `when` lines that
the hand fails, with what the test asks and what the hand has.

Derived from the pattern's expressions alone, so it works for any rule file: a comparison
of a quantity of the hand with a number (`cards (colour red) >= 10`) says the number
needed and the number held; a condition of the table (`won on draw by self`, `last card`,
`form X`) says it does not hold (or, under `not`, that it does); another comparison
says what each worked-out side comes to (`here 1 + 0 = 1`); `and` lists each part
that fails, `or` each way that would have done; anything else is written out as the file
writes it and with this hand's numbers. A pattern whose tests all hold but that counts 0
times says so with its `counts` expression.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.expressions import (
    Compiled,
    QuantityCompiler,
    Scope,
    Wording,
    compile_expr,
    trace,
)

COMPARISONS = frozenset({"eq", "ne", "lt", "le", "gt", "ge"})
MIRRORED = {"lt": "gt", "le": "ge", "gt": "lt", "ge": "le", "eq": "eq", "ne": "ne"}  # a < b: b > a
NEGATED = {"lt": "ge", "le": "gt", "gt": "le", "ge": "lt", "eq": "ne", "ne": "eq"}  # not (a < b)
# the quantities that are numbers
COUNTED = ("cards", "distinct", "groups", "claimed", "waits", "wilds", "alike", "held")


@dataclass(frozen=True)
class Need:
    """One test a hand fails.

    `compare`: the quantity `expr` must be `op` `needed`, and is `held`. `condition`: the
    table condition (or form) `expr` must hold (`holds`), or must not. `either`: one of
    `options` would have done. `other`: a test written as `written`, with this hand's
    numbers `numbers`, must hold (or not). `all`: the `options` together (a part of an
    `either`). `counts`: every test holds, but the pattern's `counts` expression
    (`written`, `numbers`) comes to 0."""

    kind: str
    expr: ir.Expr | None = None
    op: str = ""
    needed: int = 0
    held: int = 0
    holds: bool = True
    written: str = ""
    numbers: str = ""
    options: tuple[Need, ...] = ()


@dataclass(frozen=True)
class Absence:
    """A hand pattern that does not hold, and the tests that keep it out."""

    name: str
    title: str
    cites: tuple[str, ...]
    needs: tuple[Need, ...]


class AbsenceFinder:
    """Reads the failing tests of patterns in one scope (the winning split's), writing
    those it can only write out in `wording`."""

    def __init__(
        self, scope: Scope, quantities: QuantityCompiler, wording: Wording | None = None
    ) -> None:
        self.scope = scope
        self.quantities = quantities
        self.wording = wording or Wording()
        self._compiled: dict[int, Compiled] = {}

    def value(self, expression: ir.Expr) -> int:
        compiled = self._compiled.get(id(expression))
        if compiled is None:
            compiled = self._compiled[id(expression)] = compile_expr(expression, self.quantities)
        return compiled(self.scope)

    def absence(
        self,
        name: str,
        title: str,
        cites: tuple[str, ...],
        when: tuple[ir.Expr, ...],
        counts: ir.Expr | None,
    ) -> Absence:
        """Why the pattern `name` (tests `when`, times `counts`) does not hold here."""
        needs: list[Need] = []
        for test in when:
            if not self.value(test):
                needs += self.failing(test, True)
        if not needs and counts is not None and counts.op in COUNTED:  # none of them here
            needs.append(Need("compare", counts, "ge", 1, self.value(counts)))
        elif not needs and counts is not None:
            traced = trace(counts, self.scope, self.quantities, wording=self.wording)
            needs.append(Need("counts", written=traced.written, numbers=traced.numbers))
        return Absence(name, title, cites, tuple(needs))

    def failing(self, expression: ir.Expr, want: bool) -> list[Need]:
        """What keeps `expression` from being true (`want`) or false here."""
        op = expression.op
        args = expression.args
        if op == "not":
            return self.failing(args[0], not want)
        if (op == "and" and want) or (op == "or" and not want):  # every part must be so
            found: list[Need] = []
            for part in args:
                if bool(self.value(part)) != want:
                    found += self.failing(part, want)
            return found
        if op in ("and", "or"):  # one part would have done: none is
            options: list[Need] = []
            for part in args:
                found = self.failing(part, want)
                if len(found) > 1:  # a part that fails several ways: all of them at once
                    options.append(Need("all", options=tuple(found)))
                elif found and found[0].kind == "either":
                    options += found[0].options
                else:
                    options += found
            return [Need("either", options=tuple(options))]
        if op in COMPARISONS:
            compared = self._compared(expression, want)
            if compared is not None:
                return [compared]
            return [self._compared_sums(expression, want)]
        if op in ir.TABLE_CONDITIONS or op == "form":
            return [Need("condition", expression, holds=want)]
        if op in COUNTED:  # a count read as a condition: `when cards (…)`
            return [Need("compare", expression, "gt" if want else "eq", 0, self.value(expression))]
        traced = trace(expression, self.scope, self.quantities, wording=self.wording)
        return [Need("other", holds=want, written=traced.written, numbers=traced.numbers)]

    def _compared_sums(self, expression: ir.Expr, want: bool) -> Need:
        """A comparison of worked-out sides, each side said with its numbers and what it
        comes to (`1 + 0 = 1`): the comparison with its numbers put in (`1 + 0 = 0`) would
        read as though it held."""
        wording = self.wording
        written = trace(expression, self.scope, self.quantities, wording=wording).written
        sides = []
        for side in expression.args:
            if side.op == "num":
                continue
            traced = trace(side, self.scope, self.quantities, wording=wording)
            sides.append(traced.sentence().removeprefix(f"{traced.written} = "))
        return Need("other", holds=want, written=written, numbers=", ".join(sides))

    def _compared(self, expression: ir.Expr, want: bool) -> Need | None:
        """`QUANTITY op NUMBER` (either way round) as a number needed and held."""
        left, right = expression.args
        sides: list[tuple[ir.Expr, ir.Expr, str]] = [
            (left, right, expression.op),
            (right, left, MIRRORED[expression.op]),
        ]
        for quantity, number, op in sides:
            if quantity.op in COUNTED and number.op == "num" and number.value is not None:
                said = op if want else NEGATED[op]
                return Need("compare", quantity, said, number.value, self.value(quantity))
        return None
