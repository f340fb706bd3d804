"""Expressions of a rule file, compiled once into closures, and explained on demand.

An expression reads names (options, `let` names, quantities of the hand in play), looks
numbers up in the file's tables and counts the winner's table groups. `compile_expr` turns
it into a function of a `Scope`, built once per clause; `trace` evaluates it slowly while
writing it out twice, as written and with every name replaced by its number, which is how
a payment explains its arithmetic (`(囤 + 1) × base_stake = (4 + 1) × 2 = 10`).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tablerules.dsl.model import ir, ir_scoring

MAX_POWER = 64  # exponents are capped: a rule file cannot make a number without end
# Sums, products and powers saturate at 2^256 (a number of 78 digits, beyond any stake), so that a
# chain of `let`s raising powers of powers cannot build a number of millions of digits.
MAX_MAGNITUDE = 1 << 256


class ExprError(ValueError):
    """An expression names something that has no value at this point of the hand."""


class Tables:
    """The file's lookup tables: the row with the largest key not above the number."""

    def __init__(self, tables: Mapping[str, ir_scoring.LookupTable]) -> None:
        self.rows: dict[str, tuple[list[int], list[int]]] = {}
        for name, table in tables.items():
            rows = sorted((row.key, row.value) for row in table.rows)
            self.rows[name] = ([key for key, _ in rows], [value for _, value in rows])

    def lookup(self, name: str, number: int) -> int:
        keys, values = self.rows[name]
        position = bisect_right(keys, number) - 1
        return values[position] if position >= 0 else 0


@dataclass
class Scope:
    """What an expression may read: names, the tables, the winner's table groups by kind,
    and (for hand patterns) the winning hand."""

    names: dict[str, int]
    tables: Tables
    counts: Mapping[str, int] = field(default_factory=dict)
    hand: Any = None  # a hand view, for the quantities of a winning hand

    def name(self, name: str) -> int:
        try:
            return self.names[name]
        except KeyError:
            raise ExprError(f"{name!r} has no value here") from None


Compiled = Callable[[Scope], int]


def _truth(value: int) -> int:
    return 1 if value else 0


def saturated(value: int) -> int:
    """`value`, held within ±2^256."""
    if value > MAX_MAGNITUDE:
        return MAX_MAGNITUDE
    return -MAX_MAGNITUDE if value < -MAX_MAGNITUDE else value


def saturated_power(base: int, exponent: int) -> int:
    """base ** exponent for exponent ≥ 0, held within ±2^256 without ever computing a
    larger number (a pattern that holds a billion times, worth ×2 each time)."""
    if abs(base) > 1 and (abs(base).bit_length() - 1) * exponent > MAX_MAGNITUDE.bit_length():
        return saturated(MAX_MAGNITUDE * 2 * (-1 if base < 0 and exponent % 2 else 1))
    return saturated(base**exponent)


def _power(base: int, exponent: int) -> int:
    if exponent < 0:  # whole numbers only: a fraction rounds down to 0
        return 1 if base == 1 else 0
    return saturated_power(base, min(exponent, MAX_POWER))


def _divide(left: int, right: int) -> int:
    return left // right if right else 0


BINARY: dict[str, Callable[[int, int], int]] = {
    "add": lambda a, b: saturated(a + b),
    "sub": lambda a, b: saturated(a - b),
    "mul": lambda a, b: saturated(a * b),
    "div": _divide,
    "pow": _power,
    "eq": lambda a, b: _truth(a == b),
    "ne": lambda a, b: _truth(a != b),
    "lt": lambda a, b: _truth(a < b),
    "le": lambda a, b: _truth(a <= b),
    "gt": lambda a, b: _truth(a > b),
    "ge": lambda a, b: _truth(a >= b),
}


def _least(*values: int) -> int:
    """`min(a, …)`: the least of one or more numbers (of one number, that number)."""
    return min(values)


def _most(*values: int) -> int:
    """`max(a, …)`: the greatest of one or more numbers (of one number, that number)."""
    return max(values)


FUNCTIONS: dict[str, Callable[..., int]] = {"min": _least, "max": _most}

# extra atoms (hand quantities, conditions of the table) compile through these hooks
QuantityCompiler = Callable[[ir.Expr], Compiled | None]


def compile_expr(expression: ir.Expr, quantities: QuantityCompiler | None = None) -> Compiled:
    """A closure computing `expression` in a scope; built once, called many times."""
    op = expression.op
    if quantities is not None:
        special = quantities(expression)
        if special is not None:
            return special
    if op in ir.PAYER_OPS:  # set by the settlement for each payer in turn
        return lambda scope: scope.name(op)
    if op in ir.SEAT_OPS:  # a seat's hand at a drawn hand: asked of the seat in the scope
        word = expression.name or ""
        return lambda scope: scope.hand.seat_fact(op, word)
    if op == "num":
        number = expression.value or 0
        return lambda scope: number
    if op == "ref":
        name = expression.name or ""
        return lambda scope: scope.name(name)
    if op == "count":
        kind = expression.name or ""
        return lambda scope: scope.counts.get(kind, 0)
    args = [compile_expr(a, quantities) for a in expression.args]
    if op == "call":
        name = expression.name or ""
        function = FUNCTIONS.get(name)
        if function is not None:
            return lambda scope: function(*(a(scope) for a in args))
        (argument,) = args
        return lambda scope: scope.tables.lookup(name, argument(scope))
    if op == "neg":
        (operand,) = args
        return lambda scope: -operand(scope)
    if op == "not":
        (operand,) = args
        return lambda scope: 0 if operand(scope) else 1
    if op == "and":
        left, right = args
        return lambda scope: _truth(left(scope) and right(scope))
    if op == "or":
        left, right = args
        return lambda scope: _truth(left(scope) or right(scope))
    if op == "if":
        condition, then, otherwise = args
        return lambda scope: then(scope) if condition(scope) else otherwise(scope)
    left, right = args
    combine = BINARY[op]
    return lambda scope: combine(left(scope), right(scope))


def reads_payer(expression: ir.Expr) -> bool:
    """Whether the expression reads who pays (`payer is dealer`, `payer seat`...), so that
    its value is worked out for each payer on its own."""
    if expression.op in ir.PAYER_OPS:
        return True
    return any(reads_payer(argument) for argument in expression.args)


def payer_names(payer: int, winner: int, dealer: int, seats: int) -> dict[str, int]:
    """The names `payer is dealer`, `winner is dealer` and `payer seat` (counted from the
    winner in turn order: 1 is the seat after the winner) for one payer of a win."""
    return {
        "payer is dealer": 1 if payer == dealer else 0,
        "winner is dealer": 1 if winner == dealer else 0,
        "payer seat": (payer - winner) % seats,
    }


# ── writing an expression out ─────────────────────────────────────────
SYMBOLS = {
    "add": "+",
    "sub": "-",
    "mul": "×",
    "div": "/",
    "pow": "^",
    "eq": "=",
    "ne": "≠",
    "lt": "<",
    "le": "≤",
    "gt": ">",
    "ge": "≥",
    "and": "and",
    "or": "or",
}
PRECEDENCE = {
    "if": 0,
    "or": 1,
    "and": 2,
    "not": 3,
    "eq": 4,
    "ne": 4,
    "lt": 4,
    "le": 4,
    "gt": 4,
    "ge": 4,
    "add": 5,
    "sub": 5,
    "mul": 6,
    "div": 6,
    "pow": 7,
    "neg": 8,
}
ATOM = 9

Leaf = Callable[[ir.Expr], str | None]


def render(expression: ir.Expr, leaf: Leaf | None = None) -> str:
    """The expression as text; `leaf` may write a name (or quantity) its own way."""
    return _render(expression, leaf, 0)


def _render(expression: ir.Expr, leaf: Leaf | None, outer: int) -> str:
    op = expression.op
    if leaf is not None:
        written = leaf(expression)
        if written is not None:
            return written
    if op == "num":
        return str(expression.value)
    if op in ("ref", "count") and not expression.args:
        return f"count {expression.name}" if op == "count" else str(expression.name)
    if op == "call":
        inner = ", ".join(_render(a, leaf, 0) for a in expression.args)
        return f"{expression.name}({inner})"
    if op in ir.HAND_OPS:
        return hand_text(expression)
    level = PRECEDENCE.get(op, ATOM)
    args = expression.args
    if op == "neg":
        text = f"-{_render(args[0], leaf, level)}"
    elif op == "not":
        text = f"not {_render(args[0], leaf, level)}"
    elif op == "if":
        condition, then, otherwise = (_render(a, leaf, 1) for a in args)
        text = f"if {condition} then {then} else {otherwise}"
    else:
        left_level = level + 1 if op == "pow" else level
        right_level = level if op == "pow" else level + 1
        left = _render(args[0], leaf, left_level)
        right = _render(args[1], leaf, right_level)
        text = f"{left} {SYMBOLS[op]} {right}"
    return f"({text})" if level < outer else text


def _items_text(items: list[ir.CardSelector]) -> str:
    words = []
    for item in items:
        if item.card is not None:
            words.append(item.card)
        elif item.seat_set is not None:
            words.append(f"seat cards {item.seat_set}")
        elif item.round_set is not None:
            words.append(f"round cards {item.round_set}")
        elif item.declared is not None:
            words.append(f"declared {item.declared}")
        else:
            inner = ", ".join(
                f"{f.attribute} {' '.join(str(v) for v in f.values)}" for f in item.filters
            )
            words.append(f"({inner})")
    return " ".join(words)


def hand_text(expression: ir.Expr) -> str:
    """A quantity of the winning hand or a condition of the table, as the rule file says it."""
    op = expression.op
    items = _items_text(expression.items)
    if op == "cards":
        return f"cards {items}".rstrip()
    if op == "distinct":
        return f"distinct {expression.name}" + (f" in {items}" if items else "")
    if op in ("groups", "claimed"):
        text = "groups" if op == "groups" else "claimed groups"
        if expression.kinds:
            text += " of " + " ".join(expression.kinds)
        return text + (f" with {items}" if items else "")
    if op == "form":
        return f"form {expression.name}"
    if op == "won":
        by = f" by {expression.who}" if expression.who else ""
        return f"won on {expression.context}{by}"
    if op == "holds distinct":
        return f"holds distinct {expression.name}"
    if op == "best win":
        return f"best win of {expression.name}"
    if op == "alike":
        return f"sets of {expression.value} alike"
    if op == "held":
        return "cards in hand"
    if op in ("discard after replacement", "discard after last card"):
        return f"won on {op}"
    return op


@dataclass(frozen=True)
class Trace:
    """An expression evaluated: as written, with its names' numbers, and its value."""

    written: str
    numbers: str
    value: int

    def sentence(self) -> str:
        """`(囤 + 1) × base_stake = (4 + 1) × 2 = 10`, without repeating equal steps."""
        steps = [self.written]
        for step in (self.numbers, str(self.value)):
            if step != steps[-1]:
                steps.append(step)
        return " = ".join(steps)


def trace(
    expression: ir.Expr,
    scope: Scope,
    quantities: QuantityCompiler | None = None,
    describe: Leaf | None = None,
) -> Trace:
    """Evaluate slowly, writing the expression out as written and with numbers."""

    def numbers(node: ir.Expr) -> str | None:
        if node.op in ("num", "neg", "not", "and", "or", "if") or node.op in BINARY:
            return None
        if node.op == "call" and node.name in FUNCTIONS:
            return None
        return str(compile_expr(node, quantities)(scope))

    value = compile_expr(expression, quantities)(scope)
    return Trace(render(expression, describe), render(expression, numbers), value)
