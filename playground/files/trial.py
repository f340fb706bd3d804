"""The worker process of `playground.files.budget`: `python -m tablerules.playground.files.trial`.

It reads one request per line on standard input — a rule file's path, its text and the
option values — checks the text (`extends` reaching only the bundled files), and when it
checks, plays one whole hand of it with greedy bots; then it writes one verdict per line on
standard output. It runs under the memory limit it is given; before each request it allows
itself the CPU seconds of the budget (the kernel stops it when they run out).
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

from tablerules.dsl.loading.bases import BUNDLED_ONLY
from tablerules.interpreter.api import Checked, check
from tablerules.interpreter.bots.players import GreedyBot
from tablerules.interpreter.engine import Table

MAX_STEPS = 20_000  # choices in the trial hand
# the exit status of a worker whose memory ran out where no verdict could be written (the
# handler itself, or the verdict's own writing, needing memory there was none of)
OUT_OF_MEMORY = 3


def _play_one_hand(checked: Checked) -> None:
    assert checked.game is not None
    table = Table(checked.game, seed=1)
    bots = [GreedyBot(seat) for seat in range(table.play.seats)]
    for _ in range(MAX_STEPS):
        waiting = table.waiting_for()
        if table.finished or not waiting:
            return
        table.apply(bots[waiting[0]].choose(table, waiting[0]))


def trial(request: dict[str, Any]) -> dict[str, Any]:
    """Check the text, and play a hand of it when it checks."""
    started = time.process_time()
    try:
        checked = check(
            Path(request["path"]),
            text=request["text"],
            options=request["options"],
            policy=BUNDLED_ONLY,
        )
        if not checked.ok or checked.game is None:
            found = [{**d.to_json(), "source_line": d.source_line} for d in checked.diagnostics]
            return {"outcome": "errors", "diagnostics": found}
        _play_one_hand(checked)
    except MemoryError:
        return {"outcome": "over", "reason": "memory"}
    return {"outcome": "ok", "seconds": time.process_time() - started}


def main() -> None:
    memory = int(sys.argv[1]) * 1024 * 1024
    cpu_seconds = int(sys.argv[2])
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    try:
        _serve(cpu_seconds)
    except MemoryError:
        os._exit(OUT_OF_MEMORY)


def _serve(cpu_seconds: int) -> None:
    """Answer each request line with one verdict line."""
    for line in sys.stdin:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        used = int(usage.ru_utime + usage.ru_stime) + 1
        hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
        resource.setrlimit(resource.RLIMIT_CPU, (used + cpu_seconds, hard))
        try:
            answer = trial(json.loads(line))
        except MemoryError:  # the request itself did not fit in the memory budget
            answer = {"outcome": "over", "reason": "memory"}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
