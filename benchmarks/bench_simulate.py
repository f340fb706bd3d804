"""Benchmark `tablerules simulate`'s executors: the same simulation on one process, on every
core (`--jobs auto`) and, with --ray, as Ray tasks on a local Ray runtime.

The sides run interleaved over rounds (their order alternating), each the whole simulation
from the plan to the merged statistics, pool start-up included; the report gives the wall
time of each side (min and median over the rounds), hands per second, and the speed-up of
every core over one process against the target of 1.8× on two cores. Every run's statistics
are checked to be identical to the first one's. The load average is printed too: the
speed-up can only be as good as the cores left free by others. Run with --help for options.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from bench_report import machine, progress
from tablerules.interpreter import load_game
from tablerules.interpreter.simulate import Plan, Simulation, Tally, Where, remember, side_for

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules" / "paomazai.rules"
FULL_HANDS = 4_000
QUICK_HANDS = 120
FULL_ROUNDS = 5
SEED = 2_024
TARGET_SPEEDUP = 1.8  # every core over one process, on two cores


def cpu_seconds() -> float:
    """CPU time of this process and of the children it has waited for."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(plan: Plan, where: Where) -> tuple[float, float, Tally]:
    cpu = cpu_seconds()
    start = time.perf_counter()
    tally = Simulation(plan).run(where)
    return time.perf_counter() - start, cpu_seconds() - cpu, tally


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Time one simulation on one process and on every core (and, with --ray, "
        "as Ray tasks), interleaved over rounds; print min and median wall times, hands/s "
        f"and the speed-up (target ≥ {TARGET_SPEEDUP}× on two cores).",
        epilog="Progress goes to stderr, the report to stdout.",
    )
    parser.add_argument(
        "--quick", action="store_true", help=f"smoke run: {QUICK_HANDS} hands, 1 round"
    )
    parser.add_argument(
        "--hands", type=int, metavar="N", help=f"hands per run (default {FULL_HANDS:,})"
    )
    parser.add_argument("--rounds", type=int, metavar="R", help=f"rounds (default {FULL_ROUNDS})")
    parser.add_argument("--rules", type=Path, default=RULES, help="the rule file")
    parser.add_argument("--bots", default="greedy", help="the bots (default greedy)")
    parser.add_argument("--ray", action="store_true", help="also time Ray tasks (local runtime)")
    parser.add_argument("--seed", type=int, default=SEED, help=f"seed (default {SEED})")
    parser.add_argument("--json", metavar="FILE", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    args.hands = args.hands or (QUICK_HANDS if args.quick else FULL_HANDS)
    args.rounds = args.rounds or (1 if args.quick else FULL_ROUNDS)
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    game = load_game(args.rules)
    side = side_for(args.rules.name, game, args.bots)
    remember(side, game)  # as the command does: forked workers start with the compiled game
    plan = Plan((side,), args.seed, args.hands)
    cores = len(os.sched_getaffinity(0))
    sides: dict[str, Where] = {"--jobs 1": Where(jobs=1), "--jobs auto": Where(jobs=0)}
    ray_start = None
    if args.ray:
        import ray

        began = time.perf_counter()
        ray.init(address="local", num_cpus=cores, include_dashboard=False, log_to_driver=False)
        ray_start = time.perf_counter() - began
        sides["--ray (local)"] = Where(ray=True)
    walls: dict[str, list[float]] = {name: [] for name in sides}
    cpus: dict[str, list[float]] = {name: [] for name in sides}
    reference: str | None = None
    loads = []
    for round_ in range(args.rounds):
        order = list(sides) if round_ % 2 == 0 else list(reversed(sides))
        for name in order:
            loads.append(os.getloadavg()[0])
            wall, cpu, tally = timed(plan, sides[name])
            text = json.dumps(tally.to_json(), sort_keys=True)
            reference = reference or text
            if text != reference:
                print(f"{name} gave other statistics than the first run", file=sys.stderr)
                return 1
            walls[name].append(wall)
            cpus[name].append(cpu)
            progress(f"round {round_ + 1}: {name} {wall:.2f} s, {args.hands / wall:,.0f} hands/s")
    if args.ray:
        ray.shutdown()
    figures = report(args, cores, walls, cpus, loads, ray_start)
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2, ensure_ascii=False) + "\n")
        print(f"figures written to {args.json}")
    return 0


def report(
    args: argparse.Namespace,
    cores: int,
    walls: dict[str, list[float]],
    cpus: dict[str, list[float]],
    loads: list[float],
    ray_start: float | None,
) -> dict[str, Any]:
    info = machine()
    print()
    print(f"Python   {info['python']}")
    print(f"Machine  {info['platform']}, {info['cpu']}, {cores} cores for this process")
    print(
        f"Load     1-minute load average {min(loads):.2f} to {max(loads):.2f} (mean "
        f"{statistics.fmean(loads):.2f}) as each run began; {cores} cores"
    )
    print()
    print(
        f"{args.rules.name}, {args.hands:,} hands of {args.bots} bots from seed {args.seed},"
        f" {args.rounds} round(s), sides interleaved; wall time of the whole simulation"
    )
    print(f"    {'side':<16} {'min s':>8} {'median s':>9} {'hands/s':>9} {'CPU s':>8}")
    rows = {}
    for name, times in walls.items():
        best, median = min(times), statistics.median(times)
        cpu = statistics.median(cpus[name])
        rows[name] = {
            "min_s": best,
            "median_s": median,
            "hands_per_s": args.hands / median,
            "cpu_s_median": cpu,
            "runs": times,
        }
        print(
            f"    {name:<16} {best:>8.2f} {median:>9.2f} {args.hands / median:>9,.0f} {cpu:>8.2f}"
        )
    one, every = walls["--jobs 1"], walls["--jobs auto"]
    by_median = statistics.median(one) / statistics.median(every)
    by_min = min(one) / min(every)
    met = by_median >= TARGET_SPEEDUP
    print(
        f"    speed-up of --jobs auto over --jobs 1: {by_median:.2f}× (medians), "
        f"{by_min:.2f}× (minima); target ≥ {TARGET_SPEEDUP}× on two cores "
        f"{'✓' if met else '✗'}"
    )
    if ray_start is not None:
        ray_row = walls["--ray (local)"]
        print(
            f"    Ray: {statistics.median(one) / statistics.median(ray_row):.2f}× over "
            f"--jobs 1 once the runtime is up (starting it took {ray_start:.1f} s)"
        )
    print("    every run gave identical statistics")
    print("    CPU s: this process and the pool's workers (Ray's workers are not counted)")
    print()
    return {
        "machine": {**info, "cores": cores},
        "load_average": statistics.fmean(loads),
        "load_range": [min(loads), max(loads)],
        "rules": args.rules.name,
        "hands": args.hands,
        "rounds": args.rounds,
        "seed": args.seed,
        "bots": args.bots,
        "sides": rows,
        "speedup": {"by_median": by_median, "by_min": by_min},
        "ray_start_s": ray_start,
        "targets": {"speedup_at_least": TARGET_SPEEDUP, "met": met},
    }


if __name__ == "__main__":
    sys.exit(main())
