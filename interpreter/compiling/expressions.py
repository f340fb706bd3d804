"""Expressions of a rule file, compiled once into closures, and explained on demand.

An expression reads names (options, `let` names, quantities of the hand in play), looks
numbers up in the file's tables and counts the winner's table groups. `compile_expr` turns
it into a function of a `Scope`, built once per clause; `trace` evaluates it slowly while
writing it out twice, as written and with every name replaced by its number, which is how
a payment explains its arithmetic (`(囤 + 1) × base_stake = (4 + 1) × 2 = 10`).
"""

from __future__ import annotations

import re
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
# the rule language's own words, as templates: what `Wording` says where a reader's language
# gives none (the message catalogues' `[expression]` tables give these in each language)
ENGLISH: dict[str, str] = {
    "if": "if {condition} then {then} else {otherwise}",
    "and": "and",
    "or": "or",
    "not": "not {operand}",
    "count": "count {name}",
    "cards": "cards {items}",
    "distinct": "distinct {name}",
    "distinct_in": "distinct {name} in {items}",
    "groups": "groups",
    "claimed": "claimed groups",
    "groups_of": "{groups} of {kinds}",
    "groups_with": "{groups} with {items}",
    "form": "form {name}",
    "won": "won on {context}",
    "won_by": "won on {context} by {who}",
    "holds_distinct": "holds distinct {name}",
    "best_win": "best win of {who}",
    "alike": "sets of {n} alike",
    "held": "cards in hand",
    "seat_cards": "seat cards {name}",
    "round_cards": "round cards {name}",
    "declared": "declared {name}",
}
TEMPLATE_FIELD = re.compile(r"\{([a-z_]+)\}")


def _same(word: str) -> str:
    return word


@dataclass(frozen=True)
class Wording:
    """The words an expression is written in: the language's templates (`ENGLISH` by
    default; a word not among them is said as the rule file writes it), `name` for the
    file's names and `card` for its cards (as the file writes them by default)."""

    templates: Mapping[str, str] = field(default_factory=lambda: ENGLISH)
    name: Callable[[str], str] = _same
    card: Callable[[str], str] = _same

    def __call__(self, key: str, /, **values: object) -> str:
        template = self.templates.get(key, ENGLISH.get(key, key))
        return TEMPLATE_FIELD.sub(lambda found: str(values.get(found[1], found[0])), template)

    def word(self, table: str, word: str) -> str:
        """An engine word (`draw`, `self`, `last card`) from table `table`, else as written."""
        return self.templates.get(f"{table}.{word.replace(' ', '_')}", word)


PLAIN = Wording()

Leaf = Callable[[ir.Expr], str | None]


def render(expression: ir.Expr, leaf: Leaf | None = None, wording: Wording = PLAIN) -> str:
    """The expression as text in `wording`; `leaf` may write a name (or quantity) its own
    way."""
    return _render(expression, leaf, 0, wording)


def _render(expression: ir.Expr, leaf: Leaf | None, outer: int, wording: Wording) -> str:
    op = expression.op
    if leaf is not None:
        written = leaf(expression)
        if written is not None:
            return written
    if op == "num":
        return str(expression.value)
    if op in ("ref", "count") and not expression.args:
        name = wording.name(str(expression.name))
        return wording("count", name=name) if op == "count" else name
    if op == "call":
        inner = ", ".join(_render(a, leaf, 0, wording) for a in expression.args)
        function = str(expression.name)
        said = (
            wording.word("function", function) if function in FUNCTIONS else wording.name(function)
        )
        return f"{said}({inner})"
    if op in ir.HAND_OPS:
        return hand_text(expression, wording)
    level = PRECEDENCE.get(op, ATOM)
    args = expression.args
    if op == "neg":
        text = f"-{_render(args[0], leaf, level, wording)}"
    elif op == "not":
        text = wording("not", operand=_render(args[0], leaf, level, wording))
    elif op == "if":
        condition, then, otherwise = (_render(a, leaf, 1, wording) for a in args)
        text = wording("if", condition=condition, then=then, otherwise=otherwise)
    else:
        left_level = level + 1 if op == "pow" else level
        right_level = level if op == "pow" else level + 1
        left = _render(args[0], leaf, left_level, wording)
        right = _render(args[1], leaf, right_level, wording)
        symbol = wording(op) if op in ("and", "or") else SYMBOLS[op]
        text = f"{left} {symbol} {right}"
    return f"({text})" if level < outer else text


def _items_text(items: list[ir.CardSelector], wording: Wording) -> str:
    words = []
    for item in items:
        if item.card is not None:
            words.append(wording.card(item.card))
        elif item.seat_set is not None:
            words.append(wording("seat_cards", name=wording.name(item.seat_set)))
        elif item.round_set is not None:
            words.append(wording("round_cards", name=wording.name(item.round_set)))
        elif item.declared is not None:
            words.append(wording("declared", name=wording.name(item.declared)))
        else:
            inner = ", ".join(
                " ".join([wording.name(f.attribute), *(wording.name(str(v)) for v in f.values)])
                for f in item.filters
            )
            words.append(f"({inner})")
    return " ".join(words)


def hand_text(expression: ir.Expr, wording: Wording = PLAIN) -> str:
    """A quantity of the winning hand or a condition of the table, as the rule file says it
    (in `wording`)."""
    op = expression.op
    items = _items_text(expression.items, wording)
    name = wording.name(expression.name or "")
    if op == "cards":
        return wording("cards", items=items).rstrip()
    if op == "distinct":
        return wording("distinct_in" if items else "distinct", name=name, items=items)
    if op in ("groups", "claimed"):
        text = wording(op)
        if expression.kinds:
            kinds = " ".join(wording.name(kind) for kind in expression.kinds)
            text = wording("groups_of", groups=text, kinds=kinds)
        return wording("groups_with", groups=text, items=items) if items else text
    if op == "form":
        return wording("form", name=name)
    if op == "won":
        context = wording.word("context", expression.context or "")
        if expression.who:
            return wording("won_by", context=context, who=wording.word("who", expression.who))
        return wording("won", context=context)
    if op == "holds distinct":
        return wording("holds_distinct", name=name)
    if op == "best win":
        return wording("best_win", who=wording.word("who", expression.name or ""))
    if op == "alike":
        return wording("alike", n=expression.value)
    if op == "held":
        return wording("held")
    if op in ("discard after replacement", "discard after last card"):
        return wording("won", context=wording.word("context", op))
    return wording.word("op", op)


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
    wording: Wording = PLAIN,
) -> Trace:
    """Evaluate slowly, writing the expression out as written and with numbers (in
    `wording`)."""

    def numbers(node: ir.Expr) -> str | None:
        if node.op in ("num", "neg", "not", "and", "or", "if") or node.op in BINARY:
            return None
        if node.op == "call" and node.name in FUNCTIONS:
            return None
        return str(compile_expr(node, quantities)(scope))

    value = compile_expr(expression, quantities)(scope)
    written = render(expression, describe, wording)
    return Trace(written, render(expression, numbers, wording), value)
