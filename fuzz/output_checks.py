"""What the commands' CSV and JSON outputs must be: JSON that a strict reader takes (no
NaN, no Infinity), and CSV with one cell per column in every row and no cell a
spreadsheet would run as a formula (one starting with = + - @ that is not a number)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from fuzz.harness import Finding

FORMULA = ("=", "+", "-", "@")


def strict_json(text: str, what: str) -> Any:
    """`text` read as JSON; NaN, Infinity and anything else that is not JSON are findings."""

    def refuse(constant: str) -> object:
        raise Finding(f"{what}: {constant} is not JSON")

    try:
        return json.loads(text, parse_constant=refuse)
    except json.JSONDecodeError as error:
        raise Finding(f"{what}: not JSON ({error}): {text[:300]!r}") from None


def _is_number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def check_csv(text: str) -> None:
    """One cell per column in every row, and no cell a spreadsheet would take for a formula."""
    rows = list(csv.reader(io.StringIO(text, newline="")))
    if not rows:
        raise Finding("an empty CSV")
    for number, row in enumerate(rows, start=1):
        if len(row) != len(rows[0]):
            raise Finding(f"CSV row {number} has {len(row)} cells for {len(rows[0])} columns")
        for cell in row:
            if cell.startswith(FORMULA) and not _is_number(cell):
                raise Finding(f"CSV row {number}: a cell read as a formula: {cell!r}")
