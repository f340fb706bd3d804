"""An amount written out with its numbers: `2 × unit = 2 × 10`, then what it comes to.

Used wherever money is explained: the payments of a played hand (`narration.reckoning`) and
what a winning split would be paid (`hand.pricing`).
"""

from __future__ import annotations

from dataclasses import dataclass

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.expressions import (
    QuantityCompiler,
    Scope,
    Wording,
    compile_expr,
    trace,
)


@dataclass(frozen=True)
class Worked:
    """An expression with its numbers (`2 × unit = 2 × 10`) and what it comes to."""

    text: str
    value: int
    rounded: bool = False  # a division in it rounded down


def work(
    expression: ir.Expr,
    scope: Scope,
    shown: dict[str, str] | None = None,
    quantities: QuantityCompiler | None = None,
    wording: Wording | None = None,
) -> Worked:
    """`expression` written out, then with this hand's numbers; `shown` renames names on
    the way (the hand's value goes by the value table's name), `wording` writes its words
    and every other name (in the reader's language); `quantities` reads the winning hand,
    where the scope has one."""

    def describe(node: ir.Expr) -> str | None:
        if node.op == "ref" and shown and node.name in shown:
            return shown[node.name]
        return None

    traced = trace(expression, scope, quantities, describe, wording or Wording())
    text = (
        traced.written
        if traced.numbers == traced.written
        else (f"{traced.written} = {traced.numbers}")
    )
    return Worked(text, traced.value, rounds(expression, scope, quantities))


def rounds(expression: ir.Expr, scope: Scope, quantities: QuantityCompiler | None = None) -> bool:
    """Whether some division in `expression` drops a remainder here."""
    if expression.op == "div":
        left, right = (compile_expr(a, quantities)(scope) for a in expression.args)
        if right and left % right:
            return True
    return any(rounds(a, scope, quantities) for a in expression.args)


def worked_text(worked: Worked) -> str:
    """`2 × prize = 2 × 8 = 16`: the working and its amount, said once."""
    amount = str(worked.value)
    if worked.text == amount:
        text = amount
    elif worked.text.endswith(f" = {amount}"):
        text = worked.text  # `prize = 16`: the name's number is the amount
    else:
        text = f"{worked.text} = {amount}"
    return text + (" (rounded down)" if worked.rounded else "")
