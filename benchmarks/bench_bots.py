"""Benchmark the bots' CPU time per decision (`make bench-bots`).

(m) The value bot at its default setting (`--bots value`) and the greedy bot, each at seat 0
    of the same deals with greedy bots at the other seats, sides interleaved over rounds
    (each round new seeds): the CPU time spent in the seat-0 bot's `choose`, divided by its
    decisions — every decision it makes, the single-choice ones included, as a simulation
    pays them. One row per rule file (跑馬仔, 跑胡子, 香港). Target: ≤ 20 ms per decision.

Every figure is CPU time, min and median over the rounds. Run with --help for the options.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from time import process_time_ns
from typing import Any

from bench_report import machine, progress
from bench_timing import Figures, interleave
from tablerules.interpreter import load_game
from tablerules.interpreter.bots.players import GreedyBot, make_bot
from tablerules.interpreter.engine import Table

SEED = 2_024
FILES = ("paomazai", "paohuzi", "hongkong")
FULL = {"rounds": 5, "hands": 6}
QUICK = {"rounds": 2, "hands": 1}
TARGET_MS = 20.0  # the value bot at its default setting, per decision


def bot_share(rules: str, bot: str, hands: int):
    """Seat 0's bot timed over `hands` hands of the round's deals, greedy bots elsewhere."""
    game = load_game(rules)

    def run(index: int) -> tuple[int, int]:
        spent = 0
        decisions = 0
        for hand in range(hands):
            seed = SEED + index * 1_000 + hand
            table = Table(game, seed=seed)
            seats = table.play.seats
            bots = [make_bot(bot, seed * seats)]
            bots += [GreedyBot(seed * seats + s) for s in range(1, seats)]
            while not table.finished:
                seat = table.waiting_for()[0]
                if seat:
                    table.apply(bots[seat].choose(table, seat))
                    continue
                start = process_time_ns()
                choice = bots[0].choose(table, 0)
                spent += process_time_ns() - start
                decisions += 1
                table.apply(choice)
        return spent, decisions

    return run


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Time the value bot and the greedy bot per decision (CPU time, "
        "interleaved rounds, the same deals); print the figures.",
        epilog="Progress goes to stderr, the report to stdout.",
    )
    parser.add_argument("--quick", action="store_true", help="smoke run: one hand per round")
    parser.add_argument("--rounds", type=int, metavar="N", help="rounds (default 5)")
    parser.add_argument("--files", nargs="+", default=list(FILES), help="rule files to time")
    parser.add_argument("--json", metavar="FILE", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    args.plan = dict(QUICK if args.quick else FULL)
    if args.rounds is not None:
        if args.rounds < 1:
            parser.error("--rounds must be at least 1")
        args.plan["rounds"] = args.rounds
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    plan = args.plan
    info = machine()
    figures: dict[str, dict[str, Figures]] = {}
    for rules in args.files:
        progress(f"(m) {rules}: {plan['rounds']} rounds of {plan['hands']} hands")
        sides = {bot: bot_share(rules, bot, plan["hands"]) for bot in ("value", "greedy")}
        figures[rules] = interleave(plan["rounds"], sides, progress)
    print(f"bots per decision at seat 0, {plan['rounds']} rounds of {plan['hands']} hands")
    print(f"machine: {info['cpu']}, {info['cpu_count']} CPUs, {info['python']}")
    print("| file | bot | min ms/decision | median ms/decision | decisions a round |")
    print("|---|---|---:|---:|---:|")
    for rules, sides in figures.items():
        for bot, side in sides.items():
            print(
                f"| {rules} | {bot} | {side.min_ns / 1e6:.2f} | {side.median_ns / 1e6:.2f} "
                f"| {side.calls} |"
            )
    for rules, sides in figures.items():
        value = sides["value"].median_ns / 1e6
        verdict = "met" if value <= TARGET_MS else "MISSED"
        print(f"{rules}: value bot {value:.2f} ms per decision (median) — target ≤ 20 ms {verdict}")
    if args.json is not None:
        result: dict[str, Any] = {
            "machine": info,
            "plan": plan,
            "seed": SEED,
            "figures": {
                rules: {bot: side.to_json() for bot, side in sides.items()}
                for rules, sides in figures.items()
            },
            "target_ms": TARGET_MS,
        }
        args.json.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
        print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
