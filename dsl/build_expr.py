"""Parse tree to IR for expressions: amounts, counts and conditions.

A mixin of the clause builder in `dsl.build`, which supplies `span` and `bounded`.
"""

from __future__ import annotations

from typing import ClassVar

from lark import Token, Tree
from tablerules.dsl import ir
from tablerules.dsl.numbers import is_digits


def is_number(text: str) -> bool:
    """A whole number written with the digits 0-9 (other scripts' digits are names)."""
    return is_digits(text)


class ExpressionBuilder:
    """Turns an expression subtree into an `ir.Expr`, each node with its position."""

    OPS: ClassVar[dict[str, ir.ExprOp]] = {
        "add": "add",
        "sub": "sub",
        "mul": "mul",
        "div": "div",
        "pow": "pow",
        "neg": "neg",
        "eq": "eq",
        "ne": "ne",
        "lt": "lt",
        "le": "le",
        "gt": "gt",
        "ge": "ge",
        "and_": "and",
        "or_": "or",
        "not_": "not",
        "if_else": "if",
    }

    def expr(self, node: Tree | Token) -> ir.Expr:
        span = self.span(node)
        if isinstance(node, Token):
            text = str(node)
            if is_number(text):
                return ir.Expr(op="num", value=self.bounded(node), span=span)
            return ir.Expr(op="ref", name=text, span=span)
        if node.data == "ref":
            return self.expr(node.children[0])
        if node.data == "count_kind":
            return ir.Expr(op="count", name=str(node.children[0]), span=span)
        if node.data == "call":
            name, *arguments = node.children
            return ir.Expr(
                op="call",
                name=str(name),
                args=[self.expr(a) for a in arguments],
                span=self.span(name),
            )
        return ir.Expr(
            op=self.OPS[node.data], args=[self.expr(child) for child in node.children], span=span
        )
