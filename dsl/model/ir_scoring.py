"""The IR of how hands score: lookup tables (points to money), named hand patterns and the
scores they make. Their conditions are the expressions of `dsl.model.ir_base`.
"""

from __future__ import annotations

from typing import Literal

from tablerules.dsl.model.ir_base import Clause, Expr
from tablerules.dsl.model.records import Field


class TableRow(Clause):
    key: int
    value: int


class LookupTable(Clause):
    """A number in, a number out: the row with the largest key not above the number."""

    name: str
    title: str = ""
    rows: list[TableRow] = Field(default_factory=list)


class Worth(Clause):
    """What a hand pattern is worth each time it holds: points added, or a multiplier."""

    op: Literal["add", "times"]
    amount: int | str = Field(description="a number or the name of a number option")
    score: str | None = Field(None, description="the score it counts in (the file's only one)")


class HandPattern(Clause):
    """A named pattern of a winning hand: when it holds, and what it is worth.

    Judged on each winning split with how the hand was won. It holds when every `when`
    expression is not 0, as many times as `counts` says (once without it).
    """

    name: str
    title: str = ""
    when: list[Expr] = Field(default_factory=list)
    counts: Expr | None = None
    worth: list[Worth] = Field(default_factory=list)
    excludes: list[str] = Field(default_factory=list)
    limit: bool = Field(False, description="when it holds, no other pattern counts")


class Score(Clause):
    """A number the hand patterns make: (start + points) × multipliers, capped."""

    name: str
    title: str = ""
    starts_at: int | str | None = Field(
        None, description="default: 0, or 1 when its patterns only multiply"
    )
    at_most: int | str | None = None
    decides_best: bool = Field(False, description="the best split is the one it makes largest")


class ScoreMinimum(Clause):
    """`score NAME at least N` in the win clause: a split that makes less does not win."""

    score: str
    at_least: int | str = Field(description="a number or the name of a number option")
