"""Numbers a game carries from one hand to the next (`carry NAME { … }`), compiled once.

A hand reads each carried number by its name in any expression, as it reads the dealer's
streak; the game (`interpreter.match`, simulate, a scenario) gives the values to the hand and
works out the next hand's values once the hand is over: after a hand with a winner by the
`after win` line, after a drawn hand by `after drawn hand`, each read with the values the
hand was played with. A number with no line for the case keeps its value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.expressions import (
    Compiled,
    Scope,
    Tables,
    compile_expr,
    saturated,
)


@dataclass(frozen=True)
class CarriedRule:
    """One carried number: its start and its two updates (None keeps the value)."""

    name: str
    title: str
    starts: int
    after_win: Compiled | None
    after_drawn: Compiled | None
    cites: tuple[str, ...]


def compile_carries(carries: Mapping[str, ir.Carry]) -> tuple[CarriedRule, ...]:
    """The carried numbers of a rule file, in file order."""
    return tuple(
        CarriedRule(
            carry.name,
            carry.title,
            carry.starts,
            compile_expr(carry.after_win) if carry.after_win is not None else None,
            compile_expr(carry.after_drawn) if carry.after_drawn is not None else None,
            tuple(carry.cites),
        )
        for carry in carries.values()
    )


def starting(rules: tuple[CarriedRule, ...]) -> dict[str, int]:
    """The carried numbers of a game's first hand."""
    return {rule.name: rule.starts for rule in rules}


def carried_after(
    rules: tuple[CarriedRule, ...],
    values: Mapping[str, int],
    won: bool,
    names: Mapping[str, int],
    tables: Tables,
) -> dict[str, int]:
    """The next hand's carried numbers after a hand played with `values`: `won` says whether
    it had a winner; `names` are the options and the dealer's streak the updates may read."""
    scope = Scope({**names, **values}, tables)
    after: dict[str, int] = {}
    for rule in rules:
        update = rule.after_win if won else rule.after_drawn
        value = values.get(rule.name, rule.starts)
        after[rule.name] = saturated(update(scope)) if update is not None else value
    return after
