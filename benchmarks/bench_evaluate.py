"""Benchmark the rule-file interpreter against the `mahjong` library, in one run.

(a) 跑馬仔 win test (`Evaluator.wins_packed`) against `mahjong.agari.Agari.is_agari` on the
    same complete and random 14-tile hands: calls per second, cold and warm, and whether
    both sides give the same answers.
(b) 跑胡子 best decomposition (`Evaluator.evaluate(cards).best`) on complete and random
    15-card hands: median and p90 µs per hand, cold and warm.

"Cold" is the first pass over a freshly loaded game, while its memo tables fill; "warm"
passes repeat the same hands. Run with --help for the options.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from bench_hands import group_hands, is_kokushi, is_seven_pairs, mahjong_hands, to_mahjong_order
from bench_report import machine, progress
from bench_timing import (
    Latency,
    best_latencies,
    best_of,
    calls_per_second,
    calls_per_second_packing,
)
from mahjong.agari import Agari
from tablerules.interpreter import Game, load_game

ROOT = Path(__file__).resolve().parent.parent
PAOMAZAI = ROOT / "rules" / "paomazai.rules"
PAOHUZI = ROOT / "rules" / "paohuzi.rules"
PMZ_SEED = 136  # any fixed seeds: the hands are the same on every run
PHZ_SEED = 80
FULL_HANDS = 10_000
QUICK_HANDS = 1_000
PASSES = 3  # warm passes, ours and mahjong's; the best one is reported
TARGET_RATIO = 3.0  # ours vs mahjong on complete hands
TARGET_MEDIAN_US = 20.0  # 跑胡子 median per hand


# ── (a) 跑馬仔 against mahjong ─────────────────────────────────────
@dataclass
class WinTestResult:
    """Throughputs (calls per second) and answers for one set of 14-tile hands."""

    name: str
    hands: int
    ours_cold: float
    ours_warm: float
    ours_warm_packing: float
    mahjong_best: float
    ours_wins: int
    mahjong_wins: int
    mahjong_only_special: int  # seven pairs / kokushi: mahjong wins, 跑馬仔 does not
    other_disagreements: int

    @property
    def agreed(self) -> bool:
        return self.other_disagreements == 0

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "ours_cold_per_s": round(self.ours_cold),
            "ours_warm_per_s": round(self.ours_warm),
            "ours_warm_with_packing_per_s": round(self.ours_warm_packing),
            "mahjong_best_per_s": round(self.mahjong_best),
            "ratio_cold": round(self.ours_cold / self.mahjong_best, 3),
            "ratio_warm": round(self.ours_warm / self.mahjong_best, 3),
            "ratio_warm_with_packing": round(self.ours_warm_packing / self.mahjong_best, 3),
            "ours_wins": self.ours_wins,
            "mahjong_wins": self.mahjong_wins,
            "mahjong_only_seven_pairs_or_kokushi": self.mahjong_only_special,
            "other_disagreements": self.other_disagreements,
            "agreed": self.agreed,
        }


def bench_win_test(name: str, hands: list[list[int]]) -> WinTestResult:
    """Time both win tests on the same hands (ours on a fresh game) and compare answers."""
    game = load_game(PAOMAZAI)
    compiled, evaluator = game.compiled, game.evaluator
    packed = [compiled.pack_counts(counts) for counts in hands]
    theirs = [to_mahjong_order(counts) for counts in hands]
    progress(f"跑馬仔 {name}: ours, cold pass then {PASSES} warm passes")
    cold = calls_per_second(evaluator.wins_packed, packed)
    warm = best_of(PASSES, lambda: calls_per_second(evaluator.wins_packed, packed))
    warm_packing = best_of(
        PASSES,
        lambda: calls_per_second_packing(evaluator.wins_packed, compiled.pack_counts, hands),
    )
    progress(f"跑馬仔 {name}: mahjong Agari.is_agari, {PASSES} passes")
    mahjong = best_of(PASSES, lambda: calls_per_second(Agari.is_agari, theirs))
    ours_answers = [evaluator.wins_packed(p) for p in packed]
    their_answers = [Agari.is_agari(t) for t in theirs]
    special = other = 0
    for counts, ours, their in zip(hands, ours_answers, their_answers, strict=True):
        if ours == their:
            continue
        if their and not ours and (is_seven_pairs(counts) or is_kokushi(counts)):
            special += 1
        else:
            other += 1
    return WinTestResult(
        name=name,
        hands=len(hands),
        ours_cold=cold,
        ours_warm=warm,
        ours_warm_packing=warm_packing,
        mahjong_best=mahjong,
        ours_wins=sum(ours_answers),
        mahjong_wins=sum(their_answers),
        mahjong_only_special=special,
        other_disagreements=other,
    )


# ── (b) 跑胡子 best decomposition ─────────────────────────────────
@dataclass
class BestResult:
    """Per-hand times of `evaluate(cards).best` for one set of 15-card hands."""

    name: str
    hands: int
    cold: Latency
    warm: Latency
    wins: int

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "cold": self.cold.to_json(),
            "warm": self.warm.to_json(),
            "wins": self.wins,
        }


def bench_best(name: str, hands: list[list[int]]) -> BestResult:
    """A cold pass on a freshly loaded game, then a warm pass over the same hands."""
    game = load_game(PAOHUZI)
    progress(f"跑胡子 {name}: cold pass")
    cold, wins = best_latencies(game.evaluator.evaluate, hands)
    progress(f"跑胡子 {name}: warm pass")
    warm, _ = best_latencies(game.evaluator.evaluate, hands)
    return BestResult(name, len(hands), cold, warm, wins)


def paohuzi_hands(count: int) -> tuple[list[list[int]], list[list[int]]]:
    """5 random in-hand groups of 3 (from the compiled instances), and random 15-card hands."""
    game: Game = load_game(PAOHUZI)
    groups = [i.cards for i in game.compiled.instances if len(i.cards) == 3]
    return group_hands(PHZ_SEED, count, groups, len(game.cards), n_groups=5, size=15)


# ── report ────────────────────────────────────────────────────────
def mahjong_version() -> str:
    try:
        return version("mahjong")
    except PackageNotFoundError:
        return "?"


def mark(ok: bool) -> str:
    return "✓" if ok else "✗"


def print_report(info: dict[str, Any], wins: list[WinTestResult], best: list[BestResult]) -> None:
    print()
    print(f"Python   {info['python']}")
    print(f"Machine  {info['platform']}, {info['cpu']}, {info['cpu_count']} CPUs")
    print()
    print(f"(a) 跑馬仔 win test vs mahjong {mahjong_version()} Agari.is_agari — calls per second")
    print(f"    ours cold = first pass on a fresh game; warm and mahjong = best of {PASSES}")
    header = (
        f"    {'set':<9} {'hands':>6} {'ours cold':>11} {'ours warm':>11} {'warm+pack':>11}"
        f" {'mahjong':>11} {'cold ×':>7} {'warm ×':>7} {'pack ×':>7}"
    )
    print(header)
    for r in wins:
        print(
            f"    {r.name:<9} {r.hands:>6} {r.ours_cold:>11,.0f} {r.ours_warm:>11,.0f}"
            f" {r.ours_warm_packing:>11,.0f} {r.mahjong_best:>11,.0f}"
            f" {r.ours_cold / r.mahjong_best:>6.2f}× {r.ours_warm / r.mahjong_best:>6.2f}×"
            f" {r.ours_warm_packing / r.mahjong_best:>6.2f}×"
        )
    for r in wins:
        if r.name == "complete":
            ratios = {
                "cold": r.ours_cold / r.mahjong_best,
                "warm": r.ours_warm / r.mahjong_best,
                "warm+pack": r.ours_warm_packing / r.mahjong_best,
            }
            shown = ", ".join(f"{k} {mark(v >= TARGET_RATIO)}" for k, v in ratios.items())
            print(f"    target: ≥ {TARGET_RATIO:g}× mahjong on complete hands — {shown}")
    print("    answers:")
    for r in wins:
        print(
            f"      {r.name:<9} ours win {r.ours_wins:,}, mahjong win {r.mahjong_wins:,};"
            f" seven pairs/kokushi (mahjong only) {r.mahjong_only_special:,};"
            f" other disagreements {r.other_disagreements:,} {mark(r.agreed)}"
        )
    print()
    print("(b) 跑胡子 evaluate(cards).best — µs per hand")
    print("    cold = first pass on a fresh game; warm = a second pass over the same hands")
    print(
        f"    {'set':<9} {'hands':>6} {'cold med':>9} {'cold p90':>9}"
        f" {'warm med':>9} {'warm p90':>9} {'wins':>6}"
    )
    for r in best:
        print(
            f"    {r.name:<9} {r.hands:>6} {r.cold.median_us:>9.2f} {r.cold.p90_us:>9.2f}"
            f" {r.warm.median_us:>9.2f} {r.warm.p90_us:>9.2f} {r.wins:>6,}"
        )
    checks = ", ".join(
        f"{r.name} cold {mark(r.cold.median_us <= TARGET_MEDIAN_US)}"
        f" warm {mark(r.warm.median_us <= TARGET_MEDIAN_US)}"
        for r in best
    )
    print(f"    target: median ≤ {TARGET_MEDIAN_US:g} µs — {checks}")
    print()


def figures(
    info: dict[str, Any], count: int, wins: list[WinTestResult], best: list[BestResult]
) -> dict[str, Any]:
    """Everything measured, for --json."""
    complete = next(r for r in wins if r.name == "complete")
    return {
        "machine": info,
        "mahjong_version": mahjong_version(),
        "hands_per_set": count,
        "seeds": {"paomazai": PMZ_SEED, "paohuzi": PHZ_SEED},
        "passes": PASSES,
        "paomazai_win_test": {r.name: r.to_json() for r in wins},
        "paohuzi_best": {r.name: r.to_json() for r in best},
        "targets": {
            "ratio_complete_at_least": TARGET_RATIO,
            "paohuzi_median_us_at_most": TARGET_MEDIAN_US,
            "ratio_complete_cold_met": complete.ours_cold / complete.mahjong_best >= TARGET_RATIO,
            "ratio_complete_warm_met": complete.ours_warm / complete.mahjong_best >= TARGET_RATIO,
            "paohuzi_median_cold_met": all(r.cold.median_us <= TARGET_MEDIAN_US for r in best),
            "paohuzi_median_warm_met": all(r.warm.median_us <= TARGET_MEDIAN_US for r in best),
        },
        "agreed": all(r.agreed for r in wins)
        and complete.ours_wins == complete.mahjong_wins == complete.hands,
    }


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=(
            "Time the 跑馬仔 win test against the mahjong library (same hands, one run) and "
            "the 跑胡子 best decomposition; print a table of the figures."
        ),
        epilog="Exit status 1 if the two win tests disagree beyond seven pairs/kokushi.",
    )
    size = parser.add_mutually_exclusive_group()
    size.add_argument(
        "--quick",
        action="store_true",
        help=f"smoke run: {QUICK_HANDS:,} hands per set instead of {FULL_HANDS:,}",
    )
    size.add_argument(
        "--hands", type=int, metavar="N", help=f"hands per set (default {FULL_HANDS:,})"
    )
    parser.add_argument("--json", metavar="FILE", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    if args.hands is None:
        args.hands = QUICK_HANDS if args.quick else FULL_HANDS
    if args.hands < 10:
        parser.error("--hands must be at least 10")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    info = machine()
    count = args.hands
    progress(f"generating {count:,} complete and {count:,} random hands per game")
    pmz_complete, pmz_random = mahjong_hands(PMZ_SEED, count)
    phz_complete, phz_random = paohuzi_hands(count)
    wins = [bench_win_test("complete", pmz_complete), bench_win_test("random", pmz_random)]
    best = [bench_best("complete", phz_complete), bench_best("random", phz_random)]
    print_report(info, wins, best)
    result = figures(info, count, wins, best)
    if args.json is not None:
        args.json.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
        print(f"figures written to {args.json}")
    if not result["agreed"]:
        print("the two win tests disagree: see the answers above", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
