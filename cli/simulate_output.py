"""A simulation's rows as a text table, JSON or CSV.

Rates are shown as percentages, means with two decimals (more for a figure that rounds
to zero); each value carries its 95% interval as ±half-width in the text (the bounds
themselves in JSON and CSV). With two sides, the difference A − B and its interval follow,
and `*` marks a significant one. The CSV is written for spreadsheets: a text cell that one
would read as a formula is quoted, and every line says whether the run was complete.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
from collections.abc import Sequence
from typing import Any

from tablerules.cli.transcript import width
from tablerules.interpreter.simulate import Estimate, Plan, Row, Tally, histogram
from tablerules.interpreter.simulate.wording import rule_ids, with_interval


def _pad(text: str, columns: int, right: bool = False) -> str:
    gap = " " * max(0, columns - width(text))
    return gap + text if right else text + gap


def text_table(plan: Plan, rows: Sequence[Row]) -> list[str]:
    paired = len(plan.sides) == 2
    headers = ["", *(side.name for side in plan.sides)]
    if paired:
        headers += ["A − B", ""]
    headers.append("rule ids")
    table: list[list[str] | str] = []
    section = ""
    for row in rows:
        if row.section != section:
            section = row.section
            table.append(section)
        cells = ["  " + row.name]
        cells += [with_interval(value, row.measure) for value in row.values]
        if paired:
            cells.append(with_interval(row.difference, row.measure, signed=True))
            cells.append("*" if row.significant else "")
        if row.measure == "mean" and row.name.endswith("money per hand") and row.values[0]:
            cells[0] += f" (σ {row.values[0].sd:,.1f})" if not paired else ""
        cells.append(rule_ids(row.cites))
        table.append(cells)
    columns = [width(h) for h in headers]
    for cells in table:
        if isinstance(cells, list):
            columns = [max(c, width(cell)) for c, cell in zip(columns, cells, strict=True)]
    lines = [
        "   ".join(
            _pad(h, c, i not in (0, len(headers) - 1))
            for i, (h, c) in enumerate(zip(headers, columns, strict=True))
        ).rstrip()
    ]
    for cells in table:
        if isinstance(cells, str):
            lines.append(cells)
            continue
        last = len(cells) - 1
        lines.append(
            "   ".join(
                _pad(cell, c, i not in (0, last))
                for i, (cell, c) in enumerate(zip(cells, columns, strict=True))
            ).rstrip()
        )
    return lines


def as_json(plan: Plan, tally: Tally, rows: Sequence[Row], meta: dict[str, Any]) -> str:
    data = {
        **meta,
        "sides": [
            {
                "name": side.name,
                "options": side.options,
                "bots": list(side.bots),
                "hands": tally.sides[i].hands,
                "win_values": [[v, n] for v, n in histogram(tally, i).items()],
            }
            for i, side in enumerate(plan.sides)
        ],
        "rows": [row.to_json() for row in rows],
    }
    return json.dumps(data, ensure_ascii=False, indent=1, allow_nan=False)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # OWASP's list for CSV injection
NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


def spreadsheet_cell(cell: Any) -> Any:
    """A text cell a spreadsheet would run as a formula, quoted as spreadsheets expect (a
    leading '); numbers, and text that is a plain number such as -5, unchanged."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS) and not NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


def as_csv(plan: Plan, rows: Sequence[Row], status: str) -> str:
    """One line per row; `status` (complete or partial, with the hands) ends every line."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    header = ["section", "name", "measure", "rule_ids"]
    for side in range(len(plan.sides)):
        letter = "ab"[side]
        header += [
            f"{letter}_mean",
            f"{letter}_low",
            f"{letter}_high",
            f"{letter}_sd",
            f"{letter}_n",
        ]
    if len(plan.sides) == 2:
        header += ["diff_mean", "diff_low", "diff_high", "significant"]
    header.append("status")
    writer.writerow(header)
    for row in rows:
        line: list[Any] = [row.section, row.name, row.measure, " ".join(row.cites)]
        for value in row.values:
            line += _cells(value, with_n=True)
        if len(plan.sides) == 2:
            line += [*_cells(row.difference, with_n=False)[:3], int(row.significant)]
        line.append(status)
        writer.writerow([spreadsheet_cell(cell) for cell in line])
    return out.getvalue()


def _cells(estimate: Estimate | None, with_n: bool) -> list[Any]:
    if estimate is None:
        return ["", "", "", "", ""] if with_n else ["", "", ""]
    values = [estimate.mean, estimate.low, estimate.high, estimate.sd]
    cells: list[Any] = [round(v, 6) if math.isfinite(v) else "" for v in values]
    return [*cells, estimate.n] if with_n else cells
