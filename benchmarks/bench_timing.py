"""Timing loops for the benchmarks: throughput of a whole pass, or per-call latencies.

Each loop is written out rather than wrapped in a lambda, so both sides of a comparison
pay the same loop overhead and nothing else. The garbage collector is left on.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from time import perf_counter, perf_counter_ns
from typing import Any


def calls_per_second(test: Callable[[Any], object], inputs: Sequence[Any]) -> float:
    """One pass of `test(x)` over `inputs`, as calls per second."""
    start = perf_counter()
    for item in inputs:
        test(item)
    return len(inputs) / (perf_counter() - start)


def calls_per_second_packing(
    test: Callable[[int], object], pack: Callable[[Any], int], inputs: Sequence[Any]
) -> float:
    """One pass of `test(pack(x))`: the same test, paying for the packing too."""
    start = perf_counter()
    for item in inputs:
        test(pack(item))
    return len(inputs) / (perf_counter() - start)


def best_of(passes: int, run: Callable[[], float]) -> float:
    """The highest throughput of `passes` runs (the least disturbed one)."""
    return max(run() for _ in range(passes))


@dataclass(frozen=True)
class Latency:
    """Per-call times of one pass, in microseconds."""

    median_us: float
    p90_us: float
    mean_us: float

    def to_json(self) -> dict[str, float]:
        return {
            "median_us": round(self.median_us, 3),
            "p90_us": round(self.p90_us, 3),
            "mean_us": round(self.mean_us, 3),
        }


def summarize(nanoseconds: Sequence[int]) -> Latency:
    """Median, 90th percentile and mean of per-call times given in nanoseconds."""
    micro = [n / 1000 for n in nanoseconds]
    p90 = statistics.quantiles(micro, n=10, method="inclusive")[8]
    return Latency(statistics.median(micro), p90, statistics.fmean(micro))


def best_latencies(evaluate: Callable[[Any], Any], hands: Sequence[Any]) -> tuple[Latency, int]:
    """Time `evaluate(hand).best` per hand; also count the hands that have a best (win)."""
    clock = perf_counter_ns
    times: list[int] = []
    wins = 0
    for hand in hands:
        start = clock()
        best = evaluate(hand).best
        times.append(clock() - start)
        wins += best is not None
    return summarize(times), wins
