"""How a simulation's figures read: a rate in % with its bounds, a mean ± the half-width
of its interval, rule ids with their runs shortened. Shared by the CLI and the playground.

A figure has two decimals (a rate in %: one), or two significant digits when those would
round it to zero: a pattern on 2 hands in 2,000 reads 0.0010 ±0.0014, not 0.00 ±0.00."""

from __future__ import annotations

import math
from collections.abc import Sequence

from tablerules.interpreter.simulate.estimate import Estimate

RATES = ("rate", "share of wins")
MOST_DECIMALS = 12  # beyond, a figure is written with an exponent


def fixed(value: float, decimals: int, signed: bool = False) -> str:
    """`value` with `decimals` decimals, or with two significant digits where those
    decimals would show a figure that is not zero as zero."""
    sign = "+" if signed else ""
    if math.isnan(value):
        return "–"
    if math.isinf(value):
        return "-∞" if value < 0 else f"{sign}∞"
    if value != 0 and round(value, decimals) == 0:
        decimals = 1 - math.floor(math.log10(abs(value)))
        if decimals > MOST_DECIMALS:
            return f"{value:{sign}.1e}"
    return f"{value:{sign},.{decimals}f}"


def number(value: float, measure: str, signed: bool = False) -> str:
    if measure in RATES:
        text = fixed(value * 100, 1, signed)
        return text if text == "–" else text + "%"
    return fixed(value, 2, signed)


def with_interval(estimate: Estimate | None, measure: str, signed: bool = False) -> str:
    """A mean ± the half-width of its interval; a rate with its (uneven) bounds."""
    if estimate is None:
        return ""
    text = number(estimate.mean, measure, signed)
    if math.isnan(estimate.half_width):
        return text
    if measure in RATES and not signed:
        return f"{text} [{fixed(estimate.low * 100, 1)}–{fixed(estimate.high * 100, 1)}]"
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
