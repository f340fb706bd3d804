"""Smoke test of the hand-evaluation benchmark: it runs, writes its figures, and both sides
agree on every hand.

No timing assertions: speed is shown by `make bench`, not decided by unit tests.
"""

from __future__ import annotations

from conftest import QuickRun


def _timed(side: dict, rounds: int) -> None:
    assert side["rounds"] == rounds
    assert 0 < side["min_us"] <= side["median_us"]


def test_quick_benchmark_writes_agreeing_figures(quick_benchmark: QuickRun) -> None:
    _, figures = quick_benchmark("bench_evaluate.py")

    sections = {"machine", "rounds", "hands_per_round", "paomazai_win_test", "full_evaluation"}
    assert sections | {"paohuzi_best", "targets", "agreed"} <= set(figures)
    assert {"python", "platform", "cpu_count"} <= set(figures["machine"])
    rounds, hands = figures["rounds"], figures["hands_per_round"]
    assert figures["agreed"] is True

    win_test = figures["paomazai_win_test"]
    assert set(win_test) == {"complete", "random"}
    for row in win_test.values():
        assert set(row["sides"]) == {
            "ours cold",
            "ours steady",
            "ours steady + packing",
            "mahjong",
        }
        for side in row["sides"].values():
            _timed(side, rounds)
        assert row["other_disagreements"] == 0 and row["agreed"] is True
        assert set(row["ratio_to_mahjong"]["ours steady"]) == {"at_min", "at_median"}
    complete = win_test["complete"]
    assert complete["ours_wins"] == complete["mahjong_wins"] == complete["hands_judged"]
    assert complete["hands_judged"] == rounds * hands

    full = figures["full_evaluation"]
    assert set(full["sides"]) == {"ours cold", "ours steady", "mahjong divide_hand"}
    assert full["hands_with_different_split_counts"] == 0
    assert full["splits_ours"] == full["splits_theirs_without_seven_pairs"] >= rounds * hands

    best = figures["paohuzi_best"]
    assert set(best) == {"complete", "random"}
    for row in best.values():
        for side in row["sides"].values():
            _timed(side, rounds)
        assert row["is_agari_units"]["ours steady"]["at_median"] > 0
    assert best["complete"]["wins"] > 0
