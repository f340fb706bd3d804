"""Smoke test of the benchmark script: it runs, writes its figures, and both sides agree.

No timing assertions: speed is shown by `make bench`, not decided by unit tests.
"""

from __future__ import annotations

from conftest import QuickRun


def test_quick_benchmark_writes_agreeing_figures(quick_benchmark: QuickRun) -> None:
    _, figures = quick_benchmark("bench_evaluate.py")

    sections = {"machine", "hands_per_set", "paomazai_win_test", "paohuzi_best", "targets"}
    assert sections <= set(figures)
    assert {"python", "platform", "cpu_count"} <= set(figures["machine"])
    assert figures["hands_per_set"] == 1_000
    assert figures["agreed"] is True

    win_test = figures["paomazai_win_test"]
    assert set(win_test) == {"complete", "random"}
    for row in win_test.values():
        for key in ("ours_cold_per_s", "ours_warm_per_s", "ours_warm_with_packing_per_s"):
            assert row[key] > 0
        assert row["mahjong_best_per_s"] > 0
        assert row["other_disagreements"] == 0 and row["agreed"] is True
    complete = win_test["complete"]
    assert complete["ours_wins"] == complete["mahjong_wins"] == complete["hands"] == 1_000

    best = figures["paohuzi_best"]
    assert set(best) == {"complete", "random"}
    for row in best.values():
        assert row["hands"] == 1_000
        for timing in (row["cold"], row["warm"]):
            assert 0 < timing["median_us"] <= timing["p90_us"]
    assert best["complete"]["wins"] > 0
