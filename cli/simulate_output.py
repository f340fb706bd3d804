"""A simulation's rows as a text table, JSON or CSV.

Rates are shown as percentages, means with two decimals; each value carries its 95%
interval as ±half-width in the text (the bounds themselves in JSON and CSV). With two
sides, the difference A − B and its interval follow, and `*` marks a significant one.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Sequence
from typing import Any

from tablerules.cli.transcript import width
from tablerules.interpreter.simulate import Estimate, Plan, Row, Tally, histogram

RATES = ("rate", "share of wins")


def number(value: float, measure: str, signed: bool = False) -> str:
    if math.isnan(value):
        return "–"
    sign = "+" if signed else ""
    if measure in RATES:
        return f"{value * 100:{sign}.1f}%"
    return f"{value:{sign},.2f}"


def with_interval(estimate: Estimate | None, measure: str, signed: bool = False) -> str:
    """A mean ± the half-width of its interval; a rate with its (uneven) bounds."""
    if estimate is None:
        return ""
    text = number(estimate.mean, measure, signed)
    if math.isnan(estimate.half_width):
        return text
    if measure in RATES and not signed:
        return f"{text} [{estimate.low * 100:.1f}–{estimate.high * 100:.1f}]"
    return f"{text} ±{number(estimate.half_width, measure).lstrip('+')}"


def rule_ids(cites: Sequence[str]) -> str:
    """Rule ids with runs of numbers shortened: PMZ-7–10, 21 HK-1."""
    parts: list[str] = []
    prefix = ""
    run: list[int] = []

    def flush() -> None:
        if not run:
            return
        spans = []
        start = previous = run[0]
        for value in [*run[1:], None]:
            if value is not None and value == previous + 1:
                previous = value
                continue
            spans.append(str(start) if start == previous else f"{start}–{previous}")
            if value is not None:
                start = previous = value
        parts.append(f"{prefix}-{', '.join(spans)}")
        run.clear()

    for cite in cites:
        head, _, tail = cite.rpartition("-")
        if not tail.isdigit() or not head:
            flush()
            parts.append(cite)
            continue
        if head != prefix:
            flush()
            prefix = head
        run.append(int(tail))
    flush()
    return " ".join(parts)


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


def as_csv(plan: Plan, rows: Sequence[Row]) -> str:
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
    writer.writerow(header)
    for row in rows:
        line: list[Any] = [row.section, row.name, row.measure, " ".join(row.cites)]
        for value in row.values:
            line += _cells(value, with_n=True)
        if len(plan.sides) == 2:
            line += [*_cells(row.difference, with_n=False)[:3], int(row.significant)]
        writer.writerow(line)
    return out.getvalue()


def _cells(estimate: Estimate | None, with_n: bool) -> list[Any]:
    if estimate is None:
        return ["", "", "", "", ""] if with_n else ["", "", ""]
    values = [estimate.mean, estimate.low, estimate.high, estimate.sd]
    cells: list[Any] = ["" if math.isnan(v) else round(v, 6) for v in values]
    return [*cells, estimate.n] if with_n else cells
