"""`python -m differential`: play hands of every bundled rule file and of generated ones,
and judge every card offered (see the package).

    python -m differential [--hands N] [--generated G] [--seed S] [--jobs J]

Run it with the tests folder on the path (`PYTHONPATH=tests`), from the project's root.
Exit status 1 when the engine and `evaluate` disagree anywhere.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from multiprocessing import get_context

from differential.run import Report, plan, run_unit


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m differential",
        description="At every card offered in hands played by bots, the wins the engine "
        "offers each seat must be what Game.evaluate says of the same hand and situation.",
    )
    parser.add_argument("--hands", type=int, default=2000, help="hands in all (default 2000)")
    parser.add_argument(
        "--generated", type=int, default=100, help="generated rule files (default 100)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the first hand")
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: every core)"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.hands < 1 or args.generated < 0 or args.jobs < 1:
        print("differential: --hands and --jobs must be at least 1", file=sys.stderr)
        return 2
    units = plan(args.hands, args.generated, args.seed)
    total = Report()
    started = time.monotonic()
    try:
        with get_context("spawn").Pool(args.jobs) as pool:
            for report in pool.imap_unordered(run_unit, units):
                total.add(report)
    except KeyboardInterrupt:
        print(f"interrupted after {total.hands} hands", file=sys.stderr)
        print(total.summary())
        return 130
    seconds = time.monotonic() - started
    print(f"{total.summary()}\n{seconds:.0f} s on {args.jobs} processes")
    return 0 if total.ok else 1


if __name__ == "__main__":
    sys.exit(main())
