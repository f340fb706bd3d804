"""Resident memory of one process playing many hands: the figures of the memory benchmark.

    python benchmarks/children/play_memory.py RULES --hands N --every K --seed S

Plays N hands with a random bot at every seat (hand i dealt from seed S+i) on one loaded
game, the way a long simulation would, and prints a JSON object: the resident set size
(VmRSS) after loading and after every K hands, and the peak (VmHWM), in MB.
"""

from __future__ import annotations

import argparse
import json
import sys

from tablerules.interpreter import load_game
from tablerules.interpreter.bots.players import RandomBot
from tablerules.interpreter.engine import Table


def memory_mb() -> dict[str, float]:
    """Current and peak resident set size of this process, from /proc/self/status."""
    found: dict[str, float] = {}
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                found[name] = int(value.split()[0]) / 1024
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rules")
    parser.add_argument("--hands", type=int, required=True)
    parser.add_argument("--every", type=int, required=True)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game = load_game(args.rules)
    seats = game.compiled.rules.seats.count if game.compiled.rules.seats else 1
    bots = [RandomBot(args.seed * seats + seat) for seat in range(seats)]
    samples = [{"hands": 0, "rss_mb": round(memory_mb()["VmRSS"], 1)}]
    for index in range(1, args.hands + 1):
        table = Table(game, seed=args.seed + index)
        while not table.finished:
            seat = table.waiting_for()[0]
            table.apply(bots[seat].choose(table, seat))
        if index % args.every == 0 or index == args.hands:
            samples.append({"hands": index, "rss_mb": round(memory_mb()["VmRSS"], 1)})
    print(json.dumps({"samples": samples, "peak_mb": round(memory_mb()["VmHWM"], 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
