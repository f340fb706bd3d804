"""`python -m logcheck`: check play logs against the invariants, or play hands and check them.

    python -m logcheck LOG [LOG ...]
    python -m logcheck --play RULES [--hands N] [--bots random|greedy] [--seed S] [--keep LOG]
    python -m logcheck --list

Run it with the tests folder on the path (`PYTHONPATH=tests`), from the project's root.
Exit status 1 when an invariant fails.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from logcheck.check import Report, check_log
from logcheck.invariants import INVARIANTS
from logcheck.play import play_log


def _progress(total: int | None) -> object:
    last = [time.monotonic()]

    def show(done: int) -> None:
        if sys.stderr.isatty() and time.monotonic() - last[0] >= 1.0:
            last[0] = time.monotonic()
            print(f"… {done}{f' of {total}' if total else ''} hands checked", file=sys.stderr)

    return show


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m logcheck",
        description="Check play logs (tablerules play --log) against invariants the rule "
        "documents state, from the events alone.",
    )
    parser.add_argument("logs", nargs="*", metavar="LOG", help="play logs to check")
    parser.add_argument("--play", metavar="RULES", help="play hands of RULES first, then check")
    parser.add_argument("--hands", type=int, default=2000, help="hands to play (default 2000)")
    parser.add_argument("--bots", choices=("random", "greedy"), default="random")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first hand")
    parser.add_argument("--keep", metavar="LOG", help="write the played log here")
    parser.add_argument(
        "--only", metavar="NAME", action="append", help="run only this invariant (repeatable)"
    )
    parser.add_argument("--examples", type=int, default=3, help="violations shown per invariant")
    parser.add_argument("--list", action="store_true", help="list the invariants and exit")
    args = parser.parse_args(argv)
    if args.list:
        for name, cls in INVARIANTS.items():
            games = ", ".join(g.__name__ for g in cls.games) or "every game"
            print(f"{name} ({games}): {cls.summary}")
        return 0
    logs = list(args.logs)
    with tempfile.TemporaryDirectory() as folder:
        if args.play:
            log = args.keep or str(Path(folder) / "played.jsonl")
            print(f"playing {args.hands} hands of {args.play} ({args.bots} bots)", file=sys.stderr)
            play_log(args.play, log, args.hands, args.bots, args.seed)
            logs.append(log)
        if not logs:
            parser.error("give logs to check, or --play RULES")
        reports: list[Report] = []
        for log in logs:
            report = check_log(log, args.only, _progress(None))  # type: ignore[arg-type]
            print(f"{log}:")
            print(report.summary(args.examples))
            reports.append(report)
    return 0 if all(report.ok for report in reports) else 1


if __name__ == "__main__":
    sys.exit(main())
