"""Smoke test of the environment benchmark: every side runs and the figures have the shape
docs/benchmarks.md describes. No timing assertions: speed is for the benchmark to show."""

from __future__ import annotations

import pytest
from conftest import QuickRun

pytest.importorskip("pettingzoo")


def test_quick_env_benchmark_writes_figures_for_every_side(quick_benchmark: QuickRun) -> None:
    _, figures = quick_benchmark("bench_env.py")
    assert set(figures["steps"]) == {
        "PettingZoo env (跑馬仔)",
        "env, no observation (跑馬仔)",
        "Table API (跑馬仔)",
        "RLCard mahjong env",
    }
    for side in figures["steps"].values():
        assert side["rounds"] == figures["plan"]["rounds"]
        assert 0 < side["min_us"] <= side["median_us"]
    for ratio in ("env_vs_rlcard", "env_vs_table"):
        assert figures[ratio]["at_median"] > 0
    assert 0 < figures["encode"]["min_us"] <= figures["encode"]["median_us"]
