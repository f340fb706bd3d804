"""The process a Statistics tab's simulation runs in: `python -m
tablerules.playground.experiments.simulation_worker MEMORY_MB CPU_SECONDS`.

It reads one request on standard input — the sides (each a rule file's path, its text and
option values, and its name in the figures), the seed, the hands and the bots — plays the
hands as `playground.experiments.simulation.simulate` does (within the playground's CPU budget for a
simulation, asked before every move and checked inside each), and writes JSON lines on
standard output: `{"done": N, "seconds": S}` after each shard, then `{"tally": ...,
"seconds": S, "stopped": "..."}` (or `{"error": "..."}`).

A process of its own, not a thread of the server: the server's thread stays free for the
page (every tab keeps answering while the hands are played), and the two do not share one
interpreter lock. Its texts have been tried already (`playground.files.budget`); it runs under
the same memory limit, and the kernel stops it a little past its CPU budget whatever it
is doing.
"""

from __future__ import annotations

import json
import resource
import sys
from pathlib import Path
from typing import Any

from tablerules.dsl.loading.bases import BUNDLED_ONLY
from tablerules.interpreter.api import Game, check
from tablerules.playground.experiments.simulation import plan_for, simulate
from tablerules.playground.files.budget import CpuBudget

CPU_MARGIN = 10  # seconds past the budget before the kernel stops the process


def say(record: dict[str, Any]) -> None:
    print(json.dumps(record), flush=True)


def game_of(side: dict[str, Any]) -> Game | str:
    """The game of one side, or why it cannot be played."""
    path = Path(side["path"])
    checked = check(path, text=side.get("text"), options=side["options"], policy=BUNDLED_ONLY)
    if checked.game is None:
        found = checked.errors or checked.diagnostics
        return f"{side['name']}: {found[0].message if found else 'cannot be played'}"
    return checked.game


def run(request: dict[str, Any], seconds: float) -> dict[str, Any]:
    """Play the request's hands, telling each shard done; the last record to write."""
    sides = []
    for side in request["sides"]:
        game = game_of(side)
        if isinstance(game, str):
            return {"error": game}
        sides.append((side["name"], game))
    plan = plan_for(sides, request["seed"], request["hands"], request["bots"])
    outcome = simulate(
        plan, CpuBudget(seconds), lambda done, spent: say({"done": done, "seconds": spent})
    )
    return {
        "tally": outcome.tally.to_json(),
        "seconds": outcome.seconds,
        "stopped": outcome.stopped,
    }


def main() -> None:
    memory = int(sys.argv[1]) * 1024 * 1024
    seconds = float(sys.argv[2])
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    limit = int(seconds) + CPU_MARGIN
    resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))
    try:
        answer = run(json.loads(sys.stdin.readline()), seconds)
    except MemoryError:
        answer = {"error": f"the simulation needed more than {sys.argv[1]} MB of memory"}
    say(answer)


if __name__ == "__main__":
    main()
