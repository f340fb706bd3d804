"""How a simulation's figures read: a rate in % with its bounds, a mean ± the half-width
of its interval, rule ids with their runs shortened. Shared by the CLI and the playground."""

from __future__ import annotations

import math
from collections.abc import Sequence

from tablerules.interpreter.simulate.estimate import Estimate

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
    """Rule ids with runs of numbers shortened: R-7, R-8, R-9, R-21, S-1 → R-7–9, 21 S-1."""
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
