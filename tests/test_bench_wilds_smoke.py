"""Smoke test of the wild cards' benchmark (`benchmarks/bench_wilds.py`): its plain copy of
rules/hongzhong.rules loads, without wild cards, and both sides of the greedy comparison
play. No timing assertions: speed is for the benchmark."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from tablerules.interpreter import load_game

ROOT = Path(__file__).resolve().parents[1]


def _bench() -> ModuleType:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        spec = importlib.util.spec_from_file_location(
            "bench_wilds", ROOT / "benchmarks" / "bench_wilds.py"
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))


def test_the_plain_copy_loads_without_wild_cards(tmp_path: Path) -> None:
    game = load_game(_bench().plain_copy(tmp_path))
    assert not game.compiled.wilds


def test_the_greedy_comparison_plays_both_files() -> None:
    figures = _bench().greedy_figures(rounds=1, hands=1)
    row = figures["greedy decision"]
    assert row["plain_us"][0] > 0 and row["wild_us"][0] > 0


def test_the_winning_card_mode_times_every_row() -> None:
    figures = _bench().hand_figures(rounds=1, per_round=3, win_card=True)
    assert set(figures) == {
        f"{what} with a winning card, {wilds} wild"
        for what in ("win test", "best split")
        for wilds in range(1, 5)
    }
    for row in figures.values():
        assert row["wild_us"][0] > 0  # type: ignore[index]
