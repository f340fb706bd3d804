"""Timing that holds up on a shared, noisy machine: CPU time, sides interleaved over rounds.

Every comparison runs in rounds. In each round every side does its share of work once
(the order of the sides rotates from round to round, so none is always first after a
pause), and each side's CPU time for that share is divided by its number of calls. The
report gives each side's minimum and median per-call time over the rounds, and the ratio
of the two sides at both. CPU time (`time.process_time_ns`, or the children's user+system
time for other processes) does not count the time the machine gave to other programs,
which wall-clock time would.

Each side's loop is written out rather than wrapped in a lambda, so both sides of a
comparison pay the same loop overhead and nothing else. The garbage collector is left on.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from time import process_time_ns
from typing import Any

Share = Callable[[int], tuple[int, int]]
"""One side's work for round `r`: returns (CPU nanoseconds, calls made)."""


@dataclass(frozen=True)
class Figures:
    """Per-call CPU time of one side over the rounds, in nanoseconds."""

    per_call_ns: tuple[float, ...]
    calls: int  # calls per round (the last round's)

    @property
    def rounds(self) -> int:
        return len(self.per_call_ns)

    @property
    def min_ns(self) -> float:
        return min(self.per_call_ns)

    @property
    def median_ns(self) -> float:
        return statistics.median(self.per_call_ns)

    @property
    def min_us(self) -> float:
        return self.min_ns / 1000

    @property
    def median_us(self) -> float:
        return self.median_ns / 1000

    def per_second(self, at: str = "median") -> float:
        ns = self.median_ns if at == "median" else self.min_ns
        return 1e9 / ns if ns else float("inf")

    def to_json(self) -> dict[str, Any]:
        return {
            "rounds": self.rounds,
            "calls_per_round": self.calls,
            "min_us": round(self.min_us, 4),
            "median_us": round(self.median_us, 4),
            "per_s_at_median": round(self.per_second("median"), 1),
        }


@dataclass(frozen=True)
class Ratio:
    """How many times faster `ours` is than `peer` (peer time / our time), at min and median."""

    at_min: float
    at_median: float

    @classmethod
    def of(cls, ours: Figures, peer: Figures) -> Ratio:
        return cls(peer.min_ns / ours.min_ns, peer.median_ns / ours.median_ns)

    def to_json(self) -> dict[str, float]:
        return {"at_min": round(self.at_min, 3), "at_median": round(self.at_median, 3)}


def interleave(
    rounds: int, sides: Mapping[str, Share], progress: Callable[[str], None] | None = None
) -> dict[str, Figures]:
    """Run every side once per round, rotating their order; per-call CPU time per side."""
    names = list(sides)
    samples: dict[str, list[float]] = {name: [] for name in names}
    calls: dict[str, int] = dict.fromkeys(names, 0)
    for index in range(rounds):
        shift = index % len(names)
        for name in names[shift:] + names[:shift]:
            spent, made = sides[name](index)
            samples[name].append(spent / made)
            calls[name] = made
        if progress is not None:
            progress(f"round {index + 1} of {rounds}")
    return {name: Figures(tuple(samples[name]), calls[name]) for name in names}


def cpu_calls(test: Callable[[Any], object], inputs: Sequence[Any]) -> tuple[int, int]:
    """CPU time of one pass of `test(x)` over `inputs`, and the number of calls."""
    start = process_time_ns()
    for item in inputs:
        test(item)
    return process_time_ns() - start, len(inputs)


def cpu_calls_packing(
    test: Callable[[int], object], pack: Callable[[Any], int], inputs: Sequence[Any]
) -> tuple[int, int]:
    """CPU time of one pass of `test(pack(x))`: the same test, paying for the packing too."""
    start = process_time_ns()
    for item in inputs:
        test(pack(item))
    return process_time_ns() - start, len(inputs)


def child_env(**more: str) -> dict[str, str]:
    """The environment for timed child processes: this one, with Python's default of
    caching compiled modules (an installed package has them; a cleared cache would make
    every run compile the project's modules again), and `more` variables."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(more)
    return env


def child_cpu_ns(
    command: Sequence[str], stdout: Any = subprocess.DEVNULL, env: dict[str, str] | None = None
) -> int:
    """User + system CPU time of one run of `command` (a child process), in nanoseconds.

    Raises `subprocess.CalledProcessError` if the command fails.
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    environment = env if env is not None else child_env()
    subprocess.run(command, stdout=stdout, stderr=subprocess.PIPE, check=True, env=environment)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    spent = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return int(spent * 1e9)
