"""Smoke test of the simulation benchmark: both sides run, agree, and the figures are
written. No timing assertions: speed is for the benchmark to show."""

from __future__ import annotations

from conftest import QuickRun


def test_quick_simulate_benchmark_writes_figures(quick_benchmark: QuickRun) -> None:
    run, figures = quick_benchmark("bench_simulate.py")
    assert figures["hands"] == 120 and figures["rounds"] == 1
    assert set(figures["sides"]) == {"--jobs 1", "--jobs auto"}
    for side in figures["sides"].values():
        assert side["min_s"] > 0 and side["hands_per_s"] > 0
    assert figures["speedup"]["by_median"] > 0
    assert figures["targets"]["speedup_at_least"] == 1.8
    assert "identical statistics" in run.stdout
