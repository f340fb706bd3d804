"""The IR of how hands score: lookup tables (points to money), and the clauses that build on
the expressions of `dsl.ir_base`.
"""

from __future__ import annotations

from tablerules.dsl.ir_base import Clause
from tablerules.dsl.records import Field


class TableRow(Clause):
    key: int
    value: int


class LookupTable(Clause):
    """A number in, a number out: the row with the largest key not above the number."""

    name: str
    title: str = ""
    rows: list[TableRow] = Field(default_factory=list)
