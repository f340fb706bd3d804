"""Benchmark the reinforcement-learning environment (`tablerules.env`).

(k) Steps with random legal actions, per CPU second, three sides interleaved over rounds:
    the PettingZoo AEC environment on 跑馬仔 (the loop an agent runs: `agent_iter`, `last()`
    with its observation and mask, a random id among the mask's, `step`); the raw `Table`
    API on the same deals (the same seeds: `offered`, a random choice, `apply`); and
    RLCard's mahjong environment with 4 `RandomAgent`s (`peers/rlcard_mahjong.py`, its own
    observation and legal actions each step). A fourth side runs the environment's loop
    without asking for observations (`last(observe=False)`, a random id of `legal_ids()`):
    what the bookkeeping costs apart from the encoding. Per step: CPU time over the
    round's steps.
(l) Observation encoding on 跑馬仔: `ObservationEncoder.encode` for every seat over states
    taken from random hands, CPU time per call.

Every figure is CPU time, min and median over the rounds. Run with --help for the options.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from time import process_time_ns
from typing import Any

import numpy as np
from bench_report import machine, progress
from bench_timing import Figures, Ratio, interleave
from peers.rlcard_mahjong import RLCardMissingError, rlcard_games_per_second
from tablerules.agents.observation import ObservationEncoder
from tablerules.interpreter import load_game
from tablerules.interpreter.engine import Table

import tablerules

SEED = 2_024
RULES = "paomazai"
GAME = "跑馬仔"
FULL = {"rounds": 12, "hands": 60, "rlcard_games": 30, "encode_states": 400}
QUICK = {"rounds": 2, "hands": 3, "rlcard_games": 2, "encode_states": 20}
TARGETS = {
    "env_vs_rlcard": 10.0,  # env steps per CPU second / RLCard's
    "env_vs_table": 0.5,  # env steps per CPU second / the raw Table API's
    "encode_us": 30.0,  # observation encoding, µs per call
}
ENV, TABLE, RLCARD = f"PettingZoo env ({GAME})", f"Table API ({GAME})", "RLCard mahjong env"
BARE = f"env, no observation ({GAME})"


def env_share(hands: int):
    env = tablerules.env(RULES)

    def run(index: int) -> tuple[int, int]:
        rng = random.Random(index)
        steps = 0
        start = process_time_ns()
        for hand in range(hands):
            env.reset(seed=SEED + index * 1_000 + hand)
            for _ in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = np.flatnonzero(observation["action_mask"])
                env.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
        return process_time_ns() - start, steps

    return run


def bare_env_share(hands: int):
    env = tablerules.env(RULES)

    def run(index: int) -> tuple[int, int]:
        rng = random.Random(index)
        steps = 0
        start = process_time_ns()
        for hand in range(hands):
            env.reset(seed=SEED + index * 1_000 + hand)
            for _ in env.agent_iter():
                _, _, terminated, truncated, _ = env.last(observe=False)
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = env.legal_ids()
                env.step(legal[rng.randrange(len(legal))])
                steps += 1
        return process_time_ns() - start, steps

    return run


def table_share(hands: int):
    game = load_game(RULES)

    def run(index: int) -> tuple[int, int]:
        rng = random.Random(index)
        steps = 0
        start = process_time_ns()
        for hand in range(hands):
            table = Table(game, seed=SEED + index * 1_000 + hand)
            while not table.finished:
                seat = table.waiting_for()[0]
                offered = table.offered(seat)
                table.apply(offered[rng.randrange(len(offered))])
                steps += 1
        return process_time_ns() - start, steps

    return run


def rlcard_share(games: int):
    def run(index: int) -> tuple[int, int]:
        result = rlcard_games_per_second(games, SEED + index * 7_919)
        steps = round(result["steps_per_game"] * games)
        return int(result["seconds"] * 1e9), steps

    return run


def encode_states(count: int) -> list[Table]:
    """Tables of random hands stopped at random moments, `count` of them."""
    game = load_game(RULES)
    rng = random.Random(SEED)
    tables = []
    seed = SEED
    while len(tables) < count:
        table = Table(game, seed=seed)
        seed += 1
        stop = rng.randrange(120)
        for _ in range(stop):
            if table.finished:
                break
            seat = table.waiting_for()[0]
            table.apply(rng.choice(table.legal_actions(seat)))
        tables.append(table)
    return tables


def encode_share(tables: list[Table]):
    encoder = ObservationEncoder(load_game(RULES))
    seats = encoder.seats

    def run(_: int) -> tuple[int, int]:
        start = process_time_ns()
        for table in tables:
            for seat in range(seats):
                encoder.encode(table, seat)
        return process_time_ns() - start, len(tables) * seats

    return run


def mark(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Time the PettingZoo environment's steps beside the raw Table API and "
        "RLCard's mahjong environment, and the observation encoding (CPU time, interleaved "
        "rounds); print the figures.",
        epilog="Progress goes to stderr, the report to stdout. Exit status 1 without RLCard.",
    )
    parser.add_argument("--quick", action="store_true", help="smoke run: a few hands per part")
    parser.add_argument("--rounds", type=int, metavar="N", help="rounds (default 12)")
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
    try:
        rlcard_share(1)(0)  # RLCard present? (a one-game warm-up, not timed)
    except RLCardMissingError as error:
        print(error, file=sys.stderr)
        return 1
    progress(f"(k) steps: {plan['rounds']} rounds of {plan['hands']} hands")
    steps = interleave(
        plan["rounds"],
        {
            ENV: env_share(plan["hands"]),
            BARE: bare_env_share(plan["hands"]),
            TABLE: table_share(plan["hands"]),
            RLCARD: rlcard_share(plan["rlcard_games"]),
        },
        progress,
    )
    progress(f"(l) observation encoding over {plan['encode_states']} states")
    tables = encode_states(plan["encode_states"])
    encoding = interleave(plan["rounds"], {"encode": encode_share(tables)})["encode"]
    vs_rlcard = Ratio.of(steps[ENV], steps[RLCARD])
    vs_table = Ratio.of(steps[ENV], steps[TABLE])
    print_report(info, plan, steps, encoding, vs_rlcard, vs_table)
    if args.json is not None:
        result = {
            "machine": info,
            "plan": plan,
            "seed": SEED,
            "steps": {name: figures.to_json() for name, figures in steps.items()},
            "env_vs_rlcard": vs_rlcard.to_json(),
            "env_vs_table": vs_table.to_json(),
            "encode": encoding.to_json(),
            "targets": TARGETS,
        }
        args.json.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
        print(f"figures written to {args.json}")
    return 0


def print_report(
    info: dict[str, Any],
    plan: dict[str, int],
    steps: dict[str, Figures],
    encoding: Figures,
    vs_rlcard: Ratio,
    vs_table: Ratio,
) -> None:
    print()
    print(f"Python   {info['python']}")
    print(f"Machine  {info['platform']}, {info['cpu']}, {info['cpu_count']} CPUs")
    print()
    print(f"(k) steps with random legal actions, {plan['rounds']} rounds (CPU time per step)")
    for name, figures in steps.items():
        print(
            f"    {name:34} min {figures.min_us:8.1f} µs  median {figures.median_us:8.1f} µs"
            f"  ({figures.per_second():,.0f} steps/s at the median)"
        )
    print(
        f"    env vs RLCard: {vs_rlcard.at_min:.1f}× (min), {vs_rlcard.at_median:.1f}× (median)"
        f"  target ≥ {TARGETS['env_vs_rlcard']:g}× "
        f"{mark(vs_rlcard.at_median >= TARGETS['env_vs_rlcard'])}"
    )
    print(
        f"    env vs Table API: {vs_table.at_min:.2f}× (min), {vs_table.at_median:.2f}× "
        f"(median)  target ≥ {TARGETS['env_vs_table']:g}× "
        f"{mark(vs_table.at_median >= TARGETS['env_vs_table'])}"
    )
    print(
        f"(l) observation encoding ({GAME}): min {encoding.min_us:.1f} µs, median "
        f"{encoding.median_us:.1f} µs per call  target ≤ {TARGETS['encode_us']:g} µs "
        f"{mark(encoding.median_us <= TARGETS['encode_us'])}"
    )
    print()


if __name__ == "__main__":
    sys.exit(main())
