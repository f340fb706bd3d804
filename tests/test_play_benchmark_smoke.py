"""Smoke test of the whole-game benchmark: it runs both games and RLCard and writes figures
in the shape every side shares. No timing assertions: speed is for the benchmark to show."""

from __future__ import annotations

from conftest import QuickRun

SIDE_KEYS = {
    "side",
    "games",
    "seed",
    "seconds",
    "games_per_s",
    "steps_per_game",
    "won_share",
    "drawn_share",
}


def test_quick_play_benchmark_writes_figures_for_every_side(quick_benchmark: QuickRun) -> None:
    run, figures = quick_benchmark("bench_play.py")

    assert {"machine", "games_per_side", "seed", "rlcard", "ours", "ratio_to_rlcard"} <= set(
        figures
    )
    assert {"python", "platform", "cpu", "cpu_count"} <= set(figures["machine"])
    games = figures["games_per_side"]
    assert games == 100

    sides = {"RLCard mahjong": figures["rlcard"], **figures["ours"]}
    assert set(figures["ours"]) == {"跑馬仔", "跑胡子"}
    for name, row in sides.items():
        assert set(row) >= SIDE_KEYS, name
        assert row["side"] == name and row["games"] == games
        assert row["seconds"] > 0 and row["games_per_s"] > 0 and row["steps_per_game"] > 0
        assert abs(row["won_share"] + row["drawn_share"] - 1) < 1e-9

    for name, row in figures["ours"].items():
        details = row["details"]
        assert details["players"] == 4
        assert len(details["wins_by_seat"]) == 4
        assert 0 < details["steps_min"] <= row["steps_per_game"] <= details["steps_max"]
        assert figures["ratio_to_rlcard"][name] > 0
    targets = figures["targets"]
    assert targets["ratio_to_rlcard_at_least"] == 10
    assert set(targets["met"]) == set(figures["ours"])
    assert "跑馬仔" in run.stdout and "跑胡子" in run.stdout and "× RLCard" in run.stdout
