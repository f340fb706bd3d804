"""A simulation's chart as a standalone SVG: money per hand under each ledger label and
the value distribution of wins, each bar with its 95% interval, one colour per side.

Plain SVG written by hand (no plotting library), so `simulate --chart` works wherever the
command does and the picture can sit in a document beside the table it comes from.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from tablerules.cli.transcript import width
from tablerules.interpreter.simulate import Estimate, Plan, Row
from tablerules.interpreter.simulate.wording import number

COLOURS = ("#3b6fb6", "#e07b39")
BAR = 14  # height of one side's bar
GAP = 8  # between rows
CHAR_PX = 7.5  # about one narrow character at 13 px (a wide one counts twice)
PLOT = 420  # width of the bars' area
STYLE = (
    "<style>.h{font-weight:bold}.v{fill:#444;font-size:11px}"
    ".ci{stroke:#222;stroke-width:1.2;fill:none}</style>"
)


@dataclass
class Panel:
    heading: str
    rows: list[Row]
    shown: Callable[[float], str]  # how a value is written beside its bar
    label: Callable[[str], str]  # a row's name, shortened for the chart


def panels(rows: Sequence[Row]) -> list[Panel]:
    money = [
        r
        for r in rows
        if r.section == "money by ledger label" and r.name.endswith(": money per hand")
    ]
    shares = [r for r in rows if r.measure == "share of wins"]
    found = [
        Panel(
            "money per hand, by ledger label",
            money,
            lambda v: number(v, "mean"),
            lambda name: name.removesuffix(": money per hand"),
        ),
        Panel(
            "share of wins, by value",
            shares,
            lambda v: number(v, "rate"),
            lambda name: name.removeprefix("value "),
        ),
    ]
    return [panel for panel in found if panel.rows]


def _top(rows: Sequence[Row]) -> float:
    """The largest value the bars reach (a value beyond a float is drawn without a bar)."""
    highs = [
        v.mean if math.isnan(v.high) else v.high for r in rows for v in r.values if v is not None
    ]
    top = max((h for h in highs if math.isfinite(h)), default=0.0)
    return top if top > 0 else 1.0


def _bar(x0: float, y: float, value: Estimate, scale: float, colour: str, text: str) -> list[str]:
    """One side's bar, its interval's whisker and its value."""
    drawn = math.isfinite(value.mean) and not math.isinf(value.high)
    length = max(0.0, value.mean) * scale if drawn else 0.0
    parts = [
        f'<rect x="{x0:.1f}" y="{y:.1f}" width="{length:.1f}" height="{BAR - 2}" fill="{colour}"/>'
    ]
    end = x0 + length
    if drawn and not math.isnan(value.low):
        low, high = x0 + max(0.0, value.low) * scale, x0 + max(0.0, value.high) * scale
        mid = y + (BAR - 2) / 2
        parts.append(
            f'<path d="M{low:.1f} {mid:.1f}H{high:.1f}M{low:.1f} {mid - 4:.1f}V{mid + 4:.1f}'
            f'M{high:.1f} {mid - 4:.1f}V{mid + 4:.1f}" class="ci"/>'
        )
        end = max(end, high)
    parts.append(f'<text x="{end + 6:.1f}" y="{y + BAR - 4:.1f}" class="v">{escape(text)}</text>')
    return parts


def chart_svg(plan: Plan, rows: Sequence[Row], title: str) -> str:
    sides = len(plan.sides)
    shown = panels(rows)
    names = [panel.label(r.name) for panel in shown for r in panel.rows]
    x0 = 20 + CHAR_PX * max((width(n) for n in names), default=8)
    body: list[str] = []
    y = 34.0
    for panel in shown:
        body.append(f'<text x="10" y="{y + 16:.1f}" class="h">{escape(panel.heading)}</text>')
        y += 28
        scale = PLOT / _top(panel.rows)
        for row in panel.rows:
            middle = y + sides * BAR / 2 + 4
            body.append(f'<text x="10" y="{middle:.1f}">{escape(panel.label(row.name))}</text>')
            for index, value in enumerate(row.values):
                if value is not None:
                    colour = COLOURS[index % 2]
                    body += _bar(x0, y + index * BAR, value, scale, colour, panel.shown(value.mean))
            y += sides * BAR + GAP
        y += 10
    for index, side in enumerate(plan.sides):
        lx = x0 + index * 220
        body.append(
            f'<rect x="{lx:.1f}" y="{y:.1f}" width="12" height="12" fill="{COLOURS[index % 2]}"/>'
            f'<text x="{lx + 18:.1f}" y="{y + 11:.1f}">{escape(side.name)}</text>'
        )
    body.append(
        f'<text x="{x0:.1f}" y="{y + 32:.1f}" class="v">bars: means; whiskers: 95% intervals</text>'
    )
    total, height = x0 + PLOT + 90, y + 44
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{total:.0f}" height="{height:.0f}"'
            f' viewBox="0 0 {total:.0f} {height:.0f}" font-family="sans-serif" font-size="13">',
            STYLE,
            '<rect width="100%" height="100%" fill="white"/>',
            f'<text x="10" y="20" class="h">{escape(title)}</text>',
            *body,
            "</svg>",
        ]
    )
