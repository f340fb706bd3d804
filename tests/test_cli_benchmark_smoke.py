"""Smoke test of the command-line benchmark: cold start and --hands-file against the peer
script run as whole processes and write figures. No timing assertions."""

from __future__ import annotations

from conftest import QuickRun


def test_quick_cli_benchmark_writes_figures(quick_benchmark: QuickRun) -> None:
    run, figures = quick_benchmark("bench_cli.py")

    cold = figures["cold_start"]
    assert set(cold["sides"]) == {
        "python -c pass",
        "evaluate 跑馬仔",
        "evaluate 跑胡子",
        "evaluate 跑馬仔, nothing cached",
    }
    for side in cold["sides"].values():
        assert 0 < side["min_us"] <= side["median_us"]
    assert cold["units_of_python_c_pass"]["evaluate 跑馬仔"]["at_median"] > 1

    bulk = figures["hands_file"]
    assert bulk["lines"] > 0
    assert "regex + is_agari + json script" in bulk["sides"]
    assert all(r["at_median"] > 0 for r in bulk["ratio_to_script"].values())
    assert "python -c pass" in run.stdout
