"""Benchmark whole games played by random bots: our engine's sides against RLCard's mahjong.

Every side plays the same number of full games (one game = one hand, deal to win or empty
wall) with a random bot at every seat, from the same seed, in this one process and run.
The peer is RLCard's `mahjong` env with 4 `RandomAgent`s (`peers/rlcard_mahjong.py`); our
sides come from `our_sides()` in `peers/ours_play.py`: the engine playing 跑馬仔 and
跑胡子 with `interpreter.bots.RandomBot`s. The report gives each side's games per second
and its ratio to RLCard, against the target of at least 10× RLCard. Run with --help for
the options.
"""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from pathlib import Path
from typing import Any

from bench_report import machine, progress
from peers import REQUIRED_KEYS, PlayFigures, PlayRunner
from peers.ours_play import our_sides
from peers.rlcard_mahjong import SIDE as RLCARD_SIDE
from peers.rlcard_mahjong import RLCardMissingError, rlcard_games_per_second

FULL_GAMES = 2_000
QUICK_GAMES = 100
SEED = 2_024  # any fixed seed: every side gets the same one, so runs repeat
TARGET_RATIO = 10.0  # our games per second vs RLCard's


def run_side(name: str, runner: PlayRunner, games: int, seed: int) -> PlayFigures:
    """Run one side and check that it answered in the shape every side shares."""
    progress(f"{name}: {games:,} games, seed {seed}")
    result = runner(games, seed)
    missing = REQUIRED_KEYS - set(result)
    if missing:
        raise TypeError(f"side {name!r} returned no {', '.join(sorted(missing))}")
    if result["games"] != games:
        raise ValueError(f"side {name!r} played {result['games']:,} games, not {games:,}")
    progress(f"{name}: {result['games_per_s']:,.2f} games/s ({result['seconds']:.2f} s)")
    return result


def ratio(row: PlayFigures, peer: PlayFigures) -> float:
    """A side's games per second over RLCard's."""
    return row["games_per_s"] / peer["games_per_s"]


def pad(text: str, width: int) -> str:
    """Left-align `text` in `width` columns, counting CJK characters as two (跑馬仔 is 6)."""
    used = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    return text + " " * max(0, width - used)


def mark(ok: bool) -> str:
    return "✓" if ok else "✗"


def print_report(
    info: dict[str, Any], peer: PlayFigures, ours: list[tuple[str, PlayFigures]]
) -> None:
    print()
    print(f"Python   {info['python']}")
    print(f"Machine  {info['platform']}, {info['cpu']}, {info['cpu_count']} CPUs")
    print()
    print(
        f"Whole games, a random bot at every seat — {peer['games']:,} games per side,"
        f" seed {peer['seed']}"
    )
    print(
        f"    {'side':<16} {'games':>6} {'seconds':>9} {'games/s':>10} {'steps/game':>11}"
        f" {'won':>7} {'drawn':>7} {'× RLCard':>9}"
    )
    for name, row in [(RLCARD_SIDE, peer), *ours]:
        print(
            f"    {pad(name, 16)} {row['games']:>6,} {row['seconds']:>9.2f}"
            f" {row['games_per_s']:>10,.2f} {row['steps_per_game']:>11.1f}"
            f" {row['won_share']:>7.1%} {row['drawn_share']:>7.1%}"
            f" {ratio(row, peer):>8.2f}×"
        )
    if ours:
        shown = ", ".join(
            f"{name} {ratio(row, peer):.1f}× {mark(ratio(row, peer) >= TARGET_RATIO)}"
            for name, row in ours
        )
    else:
        shown = "no engine side yet (benchmarks/peers/ours_play.py returns none)"
    print(f"    target: ≥ {TARGET_RATIO:g}× RLCard games/s — {shown}")
    details = peer.get("details", {})
    print(
        f"    RLCard {details.get('rlcard', '?')}, numpy {details.get('numpy', '?')}:"
        " a game is one hand; winner +1, others -1, drawn 0 for all"
    )
    print()


def figures(
    info: dict[str, Any], seed: int, peer: PlayFigures, ours: list[tuple[str, PlayFigures]]
) -> dict[str, Any]:
    """Everything measured, for --json."""
    return {
        "machine": info,
        "games_per_side": peer["games"],
        "seed": seed,
        "rlcard": peer,
        "ours": {name: row for name, row in ours},
        "ratio_to_rlcard": {name: ratio(row, peer) for name, row in ours},
        "targets": {
            "ratio_to_rlcard_at_least": TARGET_RATIO,
            "met": {name: ratio(row, peer) >= TARGET_RATIO for name, row in ours},
        },
    }


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=(
            "Time full games played by random bots: RLCard's mahjong (4 RandomAgents) and "
            "each side from benchmarks/peers/ours_play.py, in one run; print games per "
            "second and each side's ratio to RLCard (target ≥ 10×)."
        ),
        epilog="Progress goes to stderr, the report to stdout. Exit status 1 without RLCard.",
    )
    size = parser.add_mutually_exclusive_group()
    size.add_argument(
        "--quick",
        action="store_true",
        help=f"smoke run: {QUICK_GAMES:,} games per side instead of {FULL_GAMES:,}",
    )
    size.add_argument(
        "--games", type=int, metavar="N", help=f"games per side (default {FULL_GAMES:,})"
    )
    parser.add_argument("--seed", type=int, default=SEED, help=f"seed (default {SEED})")
    parser.add_argument("--json", metavar="FILE", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    if args.games is None:
        args.games = QUICK_GAMES if args.quick else FULL_GAMES
    if args.games < 1:
        parser.error("--games must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    info = machine()
    try:
        peer = run_side(RLCARD_SIDE, rlcard_games_per_second, args.games, args.seed)
    except RLCardMissingError as error:
        print(error, file=sys.stderr)
        return 1
    ours = [(name, run_side(name, runner, args.games, args.seed)) for name, runner in our_sides()]
    print_report(info, peer, ours)
    if args.json is not None:
        result = figures(info, args.seed, peer, ours)
        args.json.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
        print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
