"""Estimates with 95% confidence intervals, from exact integer sums.

Every statistic of a simulation is built from a count, a sum and a sum of squares of
integers, so merging shards in any order gives the same numbers; these functions turn
them into a mean, a standard deviation and an interval. The integers are divided exactly
and only the quotients become floats: amounts of any size give an estimate, infinite
where a float cannot hold it, never an OverflowError.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054  # two-sided 95% quantile of the normal distribution


@dataclass(frozen=True)
class Estimate:
    """A mean (or rate) over `n` observations with its 95% interval and spread."""

    mean: float
    low: float
    high: float
    sd: float
    n: int

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0

    def to_json(self) -> dict[str, float | int | None]:
        """The fields, with null where there is no value (an interval from one hand)."""
        return {
            "mean": _finite(self.mean),
            "low": _finite(self.low),
            "high": _finite(self.high),
            "sd": _finite(self.sd),
            "n": self.n,
        }


def _finite(value: float) -> float | None:
    """The value, or None where there is none (NaN) or it is beyond a float (infinite)."""
    return value if math.isfinite(value) else None


def quotient(numerator: int, denominator: int) -> float:
    """numerator / denominator, correctly rounded, or ±infinity beyond a float's range."""
    try:
        return numerator / denominator
    except OverflowError:
        return math.inf if (numerator < 0) == (denominator < 0) else -math.inf


def mean_estimate(n: int, total: int, squares: int) -> Estimate:
    """The mean of `n` values given their sum and sum of squares (normal interval)."""
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan, math.nan, 0)
    mean = quotient(total, n)
    if n == 1:
        return Estimate(mean, math.nan, math.nan, math.nan, 1)
    variance = quotient(max(0, squares * n - total * total), n * (n - 1))  # exact until here
    sd = math.sqrt(variance)
    half = Z95 * sd / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, sd, n)


def rate_estimate(n: int, hits: int) -> Estimate:
    """A proportion `hits / n` with its Wilson score interval (sound near 0 and 1)."""
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan, math.nan, 0)
    p = quotient(hits, n)
    spread = max(0.0, p * (1 - p))  # hits beyond 0…n are no rate: no spread either
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(spread / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if hits == 0 else max(0.0, centre - half)
    high = 1.0 if hits == n else min(1.0, centre + half)
    return Estimate(p, low, high, math.sqrt(spread), n)


def difference_of_means(a: Estimate, b: Estimate) -> Estimate:
    """A − B for two independent samples (Welch's normal interval)."""
    if a.n < 2 or b.n < 2:
        return Estimate(a.mean - b.mean, math.nan, math.nan, math.nan, min(a.n, b.n))
    se = math.sqrt(a.sd * a.sd / a.n + b.sd * b.sd / b.n)
    mean = a.mean - b.mean
    return Estimate(mean, mean - Z95 * se, mean + Z95 * se, se, min(a.n, b.n))
