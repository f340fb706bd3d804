"""Benchmark hand evaluation against the `mahjong` library, sides interleaved over rounds.

(a) 跑馬仔 win test (`Evaluator.wins_packed`) against `mahjong.agari.Agari.is_agari` on
    new complete and new random 14-tile hands: cold (the first hands a freshly compiled
    game sees) and steady (a game that has already judged 50,000 other hands).
(b) Full evaluation (`Game.evaluate`: every split, each group's kind and value, the best
    split, the reasons) against `mahjong`'s `HandDivider.divide_hand` on new complete hands.
(c) 跑胡子 `Game.evaluate(cards).best` on new complete and random 15-card hands, in units
    of one `is_agari` call on a complete 14-tile hand, measured in the same rounds.

Every round draws new hands from its own seed, so "new" holds in every round; CPU time per
call, min and median over the rounds (see `bench_timing.py`). Run with --help for options.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from bench_hands import group_hands, is_kokushi, is_seven_pairs, mahjong_hands, to_mahjong_order
from bench_report import machine, progress
from bench_timing import Figures, Ratio, cpu_calls, cpu_calls_packing, interleave
from mahjong.agari import Agari
from mahjong.hand_calculating.divider import HandDivider
from tablerules.interpreter import Game, load_game

ROOT = Path(__file__).resolve().parent.parent
PAOMAZAI = ROOT / "rules" / "paomazai.rules"
PAOHUZI = ROOT / "rules" / "paohuzi.rules"
PMZ_SEED = 136  # any fixed seeds: the hands are the same on every run
PHZ_SEED = 80
WARMUP_SEED = 50_000  # the steady game's earlier hands come from other seeds than the rounds'

FULL = {"rounds": 12, "hands": 10_000, "warmup": 50_000}
QUICK = {"rounds": 2, "hands": 500, "warmup": 1_000}

TARGETS = {
    "win_test_steady": 5.0,  # × is_agari, new complete hands, steady
    "win_test_cold": 4.0,  # × is_agari, new complete hands, cold
    "full_evaluate": 4.0,  # × divide_hand, new complete hands
    "paohuzi_units": 2.0,  # at most this many is_agari calls per 跑胡子 evaluation
}


@dataclass(frozen=True)
class Plan:
    rounds: int
    hands: int
    warmup: int


def mahjong_version() -> str:
    try:
        return version("mahjong")
    except PackageNotFoundError:
        return "?"


def mark(ok: bool) -> str:
    return "✓" if ok else "✗"


def consume(evaluation: Any) -> int:
    """Read what a full evaluation promises: every split's groups and total, and the best."""
    seen = 0
    for split in evaluation.decompositions:
        seen += len(split.groups) + split.total
    best = evaluation.best
    return seen + (best.total if best is not None else 0)


# ── (a) 跑馬仔 win test ─────────────────────────────────────────────
@dataclass
class WinTest:
    """Per-call figures of the win tests on one set of hands, and their answers."""

    name: str
    figures: dict[str, Figures]
    hands: int = 0
    ours_wins: int = 0
    mahjong_wins: int = 0
    mahjong_only_special: int = 0  # seven pairs / kokushi: mahjong wins, 跑馬仔 does not
    other_disagreements: int = 0

    @property
    def agreed(self) -> bool:
        return self.other_disagreements == 0

    def ratio(self, side: str) -> Ratio:
        return Ratio.of(self.figures[side], self.figures["mahjong"])

    def to_json(self) -> dict[str, Any]:
        return {
            "sides": {name: f.to_json() for name, f in self.figures.items()},
            "ratio_to_mahjong": {
                name: self.ratio(name).to_json() for name in self.figures if name != "mahjong"
            },
            "hands_judged": self.hands,
            "ours_wins": self.ours_wins,
            "mahjong_wins": self.mahjong_wins,
            "mahjong_only_seven_pairs_or_kokushi": self.mahjong_only_special,
            "other_disagreements": self.other_disagreements,
            "agreed": self.agreed,
        }


def warmed_game(path: Path, hands: list[Any], judge: Callable[[Game, Any], object]) -> Game:
    """A freshly loaded game that has already judged `hands`."""
    game = load_game(path)
    for hand in hands:
        judge(game, hand)
    return game


def bench_win_test(name: str, plan: Plan, pick: int) -> WinTest:
    """`pick` 0: complete hands, 1: random hands."""
    warmup = mahjong_hands(WARMUP_SEED, plan.warmup)[pick]
    steady = warmed_game(
        PAOMAZAI, warmup, lambda g, c: g.evaluator.wins_packed(g.compiled.pack_counts(c))
    )
    steady_packed = steady.compiled.pack_counts
    result = WinTest(name, {})
    rounds: dict[int, tuple[list[list[int]], list[int], list[list[int]]]] = {}

    def hands(index: int) -> tuple[list[list[int]], list[int], list[list[int]]]:
        if index not in rounds:
            rounds.clear()
            counts = mahjong_hands(PMZ_SEED + index, plan.hands)[pick]
            packed = [steady_packed(c) for c in counts]
            rounds[index] = (counts, packed, [to_mahjong_order(c) for c in counts])
            _compare(result, steady, counts, packed, rounds[index][2])
        return rounds[index]

    def cold(index: int) -> tuple[int, int]:
        game = load_game(PAOMAZAI)
        return cpu_calls(game.evaluator.wins_packed, hands(index)[1])

    def ours_steady(index: int) -> tuple[int, int]:
        return cpu_calls(steady.evaluator.wins_packed, hands(index)[1])

    def with_packing(index: int) -> tuple[int, int]:
        return cpu_calls_packing(steady.evaluator.wins_packed, steady_packed, hands(index)[0])

    def agari(index: int) -> tuple[int, int]:
        return cpu_calls(Agari.is_agari, hands(index)[2])

    progress(f"(a) 跑馬仔 win test, {name} hands: {plan.rounds} rounds of {plan.hands:,}")
    result.figures = interleave(
        plan.rounds,
        {
            "ours cold": cold,
            "ours steady": ours_steady,
            "ours steady + packing": with_packing,
            "mahjong": agari,
        },
    )
    return result


def _compare(
    result: WinTest, game: Game, counts: list[list[int]], packed: list[int], theirs: list[list[int]]
) -> None:
    """Both sides' answers on one round's hands (outside the clock)."""
    for hand, ours_packed, their_hand in zip(counts, packed, theirs, strict=True):
        ours = game.evaluator.wins_packed(ours_packed)
        their = Agari.is_agari(their_hand)
        result.hands += 1
        result.ours_wins += ours
        result.mahjong_wins += their
        if ours == their:
            continue
        if their and not ours and (is_seven_pairs(hand) or is_kokushi(hand)):
            result.mahjong_only_special += 1
        else:
            result.other_disagreements += 1


# ── (b) full evaluation ───────────────────────────────────────────
@dataclass
class FullEvaluation:
    figures: dict[str, Figures]
    splits_ours: int = 0
    splits_theirs: int = 0  # without their seven-pairs splits, which 跑馬仔 has no group for
    disagreements: int = 0

    def ratio(self, side: str) -> Ratio:
        return Ratio.of(self.figures[side], self.figures["mahjong divide_hand"])

    def to_json(self) -> dict[str, Any]:
        return {
            "sides": {name: f.to_json() for name, f in self.figures.items()},
            "ratio_to_divide_hand": {
                name: self.ratio(name).to_json()
                for name in self.figures
                if name != "mahjong divide_hand"
            },
            "splits_ours": self.splits_ours,
            "splits_theirs_without_seven_pairs": self.splits_theirs,
            "hands_with_different_split_counts": self.disagreements,
        }


def _as_cards(counts: list[int]) -> list[int]:
    return [card for card, n in enumerate(counts) for _ in range(n)]


def bench_full_evaluation(plan: Plan) -> FullEvaluation:
    warmup = [_as_cards(c) for c in mahjong_hands(WARMUP_SEED, plan.warmup)[0]]
    steady = warmed_game(PAOMAZAI, warmup, lambda g, cards: consume(g.evaluate(cards)))
    result = FullEvaluation({})
    divide = HandDivider.divide_hand
    rounds: dict[int, tuple[list[list[int]], list[list[int]]]] = {}

    def hands(index: int) -> tuple[list[list[int]], list[list[int]]]:
        if index not in rounds:
            rounds.clear()
            counts = mahjong_hands(PMZ_SEED + index, plan.hands)[0]
            ours = [_as_cards(c) for c in counts]
            theirs = [to_mahjong_order(c) for c in counts]
            rounds[index] = (ours, theirs)
            for cards, their in zip(ours, theirs, strict=True):
                mine = len(steady.evaluate(cards).decompositions)
                other = sum(1 for split in divide(their) if len(split) != 7)
                result.splits_ours += mine
                result.splits_theirs += other
                result.disagreements += mine != other
        return rounds[index]

    def run(game: Game, index: int) -> tuple[int, int]:
        evaluate = game.evaluate
        return cpu_calls(lambda cards: consume(evaluate(cards)), hands(index)[0])

    def theirs(index: int) -> tuple[int, int]:
        return cpu_calls(lambda tiles: len(divide(tiles)), hands(index)[1])

    progress(f"(b) full evaluation: {plan.rounds} rounds of {plan.hands:,} complete hands")
    result.figures = interleave(
        plan.rounds,
        {
            "ours cold": lambda index: run(load_game(PAOMAZAI), index),
            "ours steady": lambda index: run(steady, index),
            "mahjong divide_hand": theirs,
        },
    )
    return result


# ── (c) 跑胡子 in is_agari units ────────────────────────────────────
@dataclass
class PaohuziBest:
    name: str
    figures: dict[str, Figures]
    wins: int = 0
    judged: int = 0

    def units(self, side: str) -> tuple[float, float]:
        """Our per-call time in is_agari calls, at min and at median."""
        ours, unit = self.figures[side], self.figures["is_agari (unit)"]
        return ours.min_ns / unit.min_ns, ours.median_ns / unit.median_ns

    def to_json(self) -> dict[str, Any]:
        return {
            "sides": {name: f.to_json() for name, f in self.figures.items()},
            "is_agari_units": {
                name: {"at_min": round(u[0], 3), "at_median": round(u[1], 3)}
                for name in self.figures
                if name != "is_agari (unit)"
                for u in [self.units(name)]
            },
            "hands_judged": self.judged,
            "wins": self.wins,
        }


def paohuzi_hands(seed: int, count: int) -> tuple[list[list[int]], list[list[int]]]:
    """5 random in-hand groups of 3 (from the compiled instances), and random 15-card hands."""
    game: Game = load_game(PAOHUZI)
    groups = [i.cards for i in game.compiled.instances if len(i.cards) == 3]
    return group_hands(seed, count, groups, len(game.cards), n_groups=5, size=15)


def best_of(evaluate: Callable[[list[int]], Any]) -> Callable[[list[int]], object]:
    def run(cards: list[int]) -> object:
        best = evaluate(cards).best
        return None if best is None else (best.total, best.groups)

    return run


def bench_paohuzi(name: str, plan: Plan, pick: int) -> PaohuziBest:
    warmup = paohuzi_hands(WARMUP_SEED, plan.warmup)[pick]
    steady = warmed_game(PAOHUZI, warmup, lambda g, cards: g.evaluate(cards).best)
    result = PaohuziBest(name, {})
    rounds: dict[int, tuple[list[list[int]], list[list[int]]]] = {}

    def hands(index: int) -> tuple[list[list[int]], list[list[int]]]:
        if index not in rounds:
            rounds.clear()
            ours = paohuzi_hands(PHZ_SEED + index, plan.hands)[pick]
            unit = [to_mahjong_order(c) for c in mahjong_hands(PMZ_SEED + index, plan.hands)[0]]
            rounds[index] = (ours, unit)
            result.judged += len(ours)
            result.wins += sum(steady.evaluate(cards).best is not None for cards in ours)
        return rounds[index]

    progress(f"(c) 跑胡子 {name} hands: {plan.rounds} rounds of {plan.hands:,}")
    result.figures = interleave(
        plan.rounds,
        {
            "ours cold": lambda i: cpu_calls(best_of(load_game(PAOHUZI).evaluate), hands(i)[0]),
            "ours steady": lambda i: cpu_calls(best_of(steady.evaluate), hands(i)[0]),
            "is_agari (unit)": lambda i: cpu_calls(Agari.is_agari, hands(i)[1]),
        },
    )
    return result


# ── report ────────────────────────────────────────────────────────
@dataclass
class Report:
    plan: Plan
    info: dict[str, Any]
    wins: list[WinTest] = field(default_factory=list)
    full: FullEvaluation | None = None
    paohuzi: list[PaohuziBest] = field(default_factory=list)

    def print(self) -> None:
        plan = self.plan
        print()
        print(f"Python   {self.info['python']}; mahjong {mahjong_version()}")
        print(
            f"Machine  {self.info['platform']}, {self.info['cpu']}, {self.info['cpu_count']} CPUs"
        )
        print(
            f"CPU time per call, sides interleaved over {plan.rounds} rounds of"
            f" {plan.hands:,} new hands; min and median over the rounds."
            f" Steady = after {plan.warmup:,} other hands."
        )
        print()
        print("(a) 跑馬仔 win test vs mahjong Agari.is_agari — µs per call (× is_agari)")
        for test in self.wins:
            print(f"    {test.name} hands")
            for side, figures in test.figures.items():
                times = f"min {figures.min_us:7.3f}  median {figures.median_us:7.3f}"
                if side == "mahjong":
                    print(f"      {side:<24} {times}")
                    continue
                ratio = test.ratio(side)
                print(
                    f"      {side:<24} {times}"
                    f"   ×{ratio.at_min:5.2f} (min)  ×{ratio.at_median:5.2f} (median)"
                )
            print(
                f"      answers: ours win {test.ours_wins:,}, mahjong {test.mahjong_wins:,} of"
                f" {test.hands:,}; seven pairs/kokushi (mahjong only)"
                f" {test.mahjong_only_special:,};"
                f" other disagreements {test.other_disagreements:,} {mark(test.agreed)}"
            )
        complete = self.wins[0]
        steady = complete.ratio("ours steady").at_median
        cold = complete.ratio("ours cold").at_median
        print(
            f"    target: complete, steady ≥ {TARGETS['win_test_steady']:g}×"
            f" {mark(steady >= TARGETS['win_test_steady'])}, cold ≥ {TARGETS['win_test_cold']:g}×"
            f" {mark(cold >= TARGETS['win_test_cold'])} (at the median)"
        )
        print()
        if self.full is not None:
            full = self.full
            print("(b) Full evaluation (every split, values, best) vs HandDivider.divide_hand")
            for side, figures in full.figures.items():
                times = f"min {figures.min_us:7.2f}  median {figures.median_us:7.2f}"
                if side == "mahjong divide_hand":
                    print(f"      {side:<24} {times}")
                    continue
                ratio = full.ratio(side)
                print(
                    f"      {side:<24} {times}"
                    f"   ×{ratio.at_min:5.2f} (min)  ×{ratio.at_median:5.2f} (median)"
                )
            print(
                f"      splits: ours {full.splits_ours:,}, divide_hand {full.splits_theirs:,}"
                f" (without seven pairs); hands that differ {full.disagreements:,}"
                f" {mark(full.disagreements == 0)}"
            )
            ratio = full.ratio("ours steady").at_median
            print(
                f"    target: ≥ {TARGETS['full_evaluate']:g}× divide_hand (steady, median)"
                f" {mark(ratio >= TARGETS['full_evaluate'])}"
            )
            print()
        print("(c) 跑胡子 evaluate(cards).best — µs per call, and in is_agari calls")
        for test in self.paohuzi:
            print(f"    {test.name} hands ({test.wins:,} of {test.judged:,} win)")
            for side, figures in test.figures.items():
                times = f"min {figures.min_us:7.3f}  median {figures.median_us:7.3f}"
                if side == "is_agari (unit)":
                    print(f"      {side:<24} {times}")
                    continue
                at_min, at_median = test.units(side)
                print(
                    f"      {side:<24} {times}"
                    f"   {at_min:5.2f} units (min)  {at_median:5.2f} units (median)"
                )
        units = self.paohuzi[0].units("ours steady")[1]
        print(
            f"    target: complete, steady ≤ {TARGETS['paohuzi_units']:g} units"
            f" {mark(units <= TARGETS['paohuzi_units'])} (at the median)"
        )
        print()

    def agreed(self) -> bool:
        complete = self.wins[0]
        return (
            all(test.agreed for test in self.wins)
            and complete.ours_wins == complete.mahjong_wins == complete.hands
            and (self.full is None or self.full.disagreements == 0)
        )

    def to_json(self) -> dict[str, Any]:
        complete = self.wins[0]
        paohuzi = self.paohuzi[0]
        return {
            "machine": self.info,
            "mahjong_version": mahjong_version(),
            "rounds": self.plan.rounds,
            "hands_per_round": self.plan.hands,
            "warmup_hands": self.plan.warmup,
            "seeds": {"paomazai": PMZ_SEED, "paohuzi": PHZ_SEED, "warmup": WARMUP_SEED},
            "paomazai_win_test": {t.name: t.to_json() for t in self.wins},
            "full_evaluation": self.full.to_json() if self.full else None,
            "paohuzi_best": {t.name: t.to_json() for t in self.paohuzi},
            "targets": {
                **TARGETS,
                "win_test_steady_met": complete.ratio("ours steady").at_median
                >= TARGETS["win_test_steady"],
                "win_test_cold_met": complete.ratio("ours cold").at_median
                >= TARGETS["win_test_cold"],
                "full_evaluate_met": self.full is not None
                and self.full.ratio("ours steady").at_median >= TARGETS["full_evaluate"],
                "paohuzi_units_met": paohuzi.units("ours steady")[1] <= TARGETS["paohuzi_units"],
            },
            "agreed": self.agreed(),
        }


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=(
            "Time the 跑馬仔 win test and full evaluation against the mahjong library and "
            "跑胡子 evaluation in is_agari units: CPU time, sides interleaved over rounds of "
            "new hands, min and median; print a table of the figures."
        ),
        epilog="Exit status 1 if the two sides' answers disagree (beyond seven pairs/kokushi).",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help=f"smoke run: {QUICK['rounds']} rounds of {QUICK['hands']:,} hands "
        f"(default {FULL['rounds']} rounds of {FULL['hands']:,})",
    )
    parser.add_argument("--rounds", type=int, metavar="N", help="rounds per comparison")
    parser.add_argument("--hands", type=int, metavar="N", help="new hands per round")
    parser.add_argument("--json", metavar="FILE", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    base = QUICK if args.quick else FULL
    args.plan = Plan(
        rounds=args.rounds or base["rounds"],
        hands=args.hands or base["hands"],
        warmup=base["warmup"],
    )
    if args.plan.rounds < 1 or args.plan.hands < 10:
        parser.error("--rounds must be at least 1 and --hands at least 10")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    plan: Plan = args.plan
    report = Report(plan, machine())
    report.wins = [bench_win_test("complete", plan, 0), bench_win_test("random", plan, 1)]
    report.full = bench_full_evaluation(plan)
    report.paohuzi = [bench_paohuzi("complete", plan, 0), bench_paohuzi("random", plan, 1)]
    report.print()
    result = report.to_json()
    if args.json is not None:
        args.json.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
        print(f"figures written to {args.json}")
    if not result["agreed"]:
        print("the two sides' answers disagree: see the answers above", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
