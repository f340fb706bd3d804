"""Smoke test of the whole-game benchmark: it runs both games and RLCard, the CLI against the
API and the memory run, and writes figures in the shape the docs describe. No timing
assertions: speed is for the benchmark to show."""

from __future__ import annotations

from conftest import QuickRun


def test_quick_play_benchmark_writes_figures_for_every_part(quick_benchmark: QuickRun) -> None:
    run, figures = quick_benchmark("bench_play.py")

    assert {"machine", "plan", "seed", "self_play", "cli_play_vs_api", "memory"} <= set(figures)
    plan = figures["plan"]
    sides = figures["self_play"]["sides"]
    assert set(sides) == {"RLCard mahjong", "跑馬仔", "跑胡子"}
    for name, side in sides.items():
        games = plan["rlcard_games" if name == "RLCard mahjong" else "our_games"]
        assert side["games"] == games * plan["rounds"], name
        assert side["per_game"]["rounds"] == plan["rounds"]
        assert 0 < side["per_game"]["min_us"] <= side["per_game"]["median_us"]
        assert 0 < side["per_decision"]["min_us"] <= side["per_decision"]["median_us"]
        assert side["steps_per_game"] > 0 and 0 <= side["won_share"] <= 1
    for name in ("跑馬仔", "跑胡子"):
        details = sides[name]["details"]
        assert details["players"] == 4 and len(details["wins_by_seat"]) == 4
        assert figures["self_play"]["ratio_to_rlcard"][name]["at_median"] > 0

    cli = figures["cli_play_vs_api"]
    assert cli["same_totals"] is True
    assert set(cli["games"]) == {"跑馬仔", "跑胡子"}
    for game in cli["games"].values():
        assert set(game["sides"]) == {"play --log", "API"}
        assert game["cli_speed_vs_api"]["at_median"] > 0

    presets = figures["presets"]
    assert set(presets) == {"random", "greedy"}
    for bot, part in presets.items():
        assert {name: p["base"] for name, p in part["preset_vs_base"].items()} == {
            "跑馬仔番": "跑馬仔",
            "跑胡子名堂": "跑胡子",
            "跑胡子名堂3人": "跑胡子3人",
        }
        assert all(p["at_median"] > 0 for p in part["preset_vs_base"].values())
        games = plan[f"preset_{bot}_games"] * plan["rounds"]
        assert all(side["games"] == games for side in part["sides"].values())
    assert presets["greedy"]["sides"]["跑胡子名堂"]["rules"] == (
        "rules/variants/paohuzi-mingtang.rules"
    )
    assert "of 跑馬仔's speed" in run.stdout

    memory = figures["memory"]
    hands = [sample["hands"] for sample in memory["samples"]]
    assert hands[0] == 0 and hands[-1] == plan["memory_hands"]
    assert memory["peak_mb"] >= max(sample["rss_mb"] for sample in memory["samples"]) > 0
    assert "× RLCard" in run.stdout and "跑胡子" in run.stdout


def test_quick_play_benchmark_plays_the_regional_files(quick_benchmark: QuickRun) -> None:
    """`--regional`: the six regional files of rule language v3 beside RLCard, each side's
    games played whole, with the regional target (≥ 10×) named."""
    skipped = ("--skip-cli", "--skip-memory", "--skip-presets")
    done, figures = quick_benchmark("bench_play.py", "--regional", *skipped)
    sides = figures["self_play"]["sides"]
    assert set(sides) == {"RLCard mahjong", "四川", "廣東", "紅中", "台灣", "長沙", "常德"}
    rules = {name: side["details"].get("rules") for name, side in sides.items()}
    assert rules["常德"] == "rules/variants/paohuzi-changde.rules"
    assert "target: ≥ 10× RLCard" in done.stdout
