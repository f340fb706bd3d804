"""How a simulation's figures read: a rate in % with its bounds, a mean ± the half-width
of its interval, rule ids with their runs shortened. Shared by the CLI and the playground.

A figure has two decimals (a rate in %: one), or two significant digits when those would
round it to zero; a mean is written to the decimals of its half-width, so a pattern on 2
hands in 2,000 reads 0.0010 ±0.0014, not 0.00 ±0.00, and noise stays noise (+0.00 ±0.08)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from tablerules.interpreter.simulate.estimate import Estimate

RATES = ("rate", "share of wins")
MOST_DECIMALS = 12  # a figure needing more is written with an exponent


def decimals_for(value: float, decimals: int) -> int:
    """`decimals`, or more where those would show a figure that is not zero as zero: as
    many as give it two significant digits."""
    if value == 0 or not math.isfinite(value) or round(value, decimals) != 0:
        return decimals
    return 1 - math.floor(math.log10(abs(value)))


def fixed(value: float, decimals: int, signed: bool = False) -> str:
    """`value` with `decimals` decimals ("–" for none, "∞" beyond a float)."""
    sign = "+" if signed else ""
    if math.isnan(value):
        return "–"
    if math.isinf(value):
        return "-∞" if value < 0 else f"{sign}∞"
    if decimals > MOST_DECIMALS:
        return f"{value:{sign}.1e}"
    return f"{value:{sign},.{decimals}f}"


def number(value: float, measure: str, signed: bool = False) -> str:
    if measure in RATES:
        percent = value * 100
        text = fixed(percent, decimals_for(percent, 1), signed)
        return text if text == "–" else text + "%"
    return fixed(value, decimals_for(value, 2), signed)


def with_interval(estimate: Estimate | None, measure: str, signed: bool = False) -> str:
    """A mean ± the half-width of its interval, both to the half-width's decimals; a rate
    with its (uneven) bounds."""
    if estimate is None:
        return ""
    half = estimate.half_width
    if math.isnan(half):
        return number(estimate.mean, measure, signed)
    if measure in RATES and not signed:
        low, high = estimate.low * 100, estimate.high * 100
        bounds = f"{fixed(low, decimals_for(low, 1))}–{fixed(high, decimals_for(high, 1))}"
        return f"{number(estimate.mean, measure)} [{bounds}]"
    scale, base, unit = (100, 1, "%") if measure in RATES else (1, 2, "")
    mean, half = estimate.mean * scale, half * scale
    decimals = decimals_for(half if half else mean, base)
    return f"{fixed(mean, decimals, signed)}{unit} ±{fixed(half, decimals)}{unit}"


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
