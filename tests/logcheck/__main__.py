"""`python -m logcheck`: check play logs against the invariants, or play hands and check them.

    python -m logcheck LOG [LOG ...]
    python -m logcheck --play RULES [--hands N] [--bots random|greedy] [--seed S] [--jobs J]
    python -m logcheck --list

Run it with the tests folder on the path (`PYTHONPATH=tests`), from the project's root.
Exit status 1 when an invariant fails, 130 when interrupted.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable

from logcheck import INVARIANTS
from logcheck.check import KEPT, Report, check_log
from logcheck.games.by_rule_file import NoProfile
from logcheck.play import BOT_KINDS, Plan
from logcheck.run import STRETCH, check_plan

PROGRESS_SECONDS = 1.0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m logcheck",
        description="Check play logs (tablerules play --log) against invariants the rule "
        "documents state, from the events alone; or play hands on the spot (in memory, on "
        "every core) and check them.",
        epilog="examples:\n"
        "  python -m logcheck games.jsonl\n"
        "  python -m logcheck --play rules/paohuzi.rules --hands 2000 --bots greedy\n"
        "  python -m logcheck --play rules/paomazai.rules --hands 1000000 --jobs 2 "
        "--failing failing/",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("logs", nargs="*", metavar="LOG", help="play logs to check")
    parser.add_argument("--play", metavar="RULES", help="play hands of RULES and check them")
    parser.add_argument("--hands", type=int, default=2000, help="hands to play (default 2000)")
    parser.add_argument("--bots", choices=BOT_KINDS, default="random")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first hand (default 1)")
    parser.add_argument(
        "--option",
        metavar="NAME=VALUE",
        action="append",
        default=[],
        help="a table option of RULES (repeatable)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="processes that play and check (default: every core)",
    )
    parser.add_argument(
        "--stretch",
        type=int,
        default=STRETCH,
        help=f"hands a process plays at a time (default {STRETCH}); the stretches, not the "
        "processes, decide the dealers, so any --jobs gives the same report",
    )
    parser.add_argument(
        "--only", metavar="NAME", action="append", help="run only this invariant (repeatable)"
    )
    parser.add_argument("--examples", type=int, default=3, help="violations shown per invariant")
    parser.add_argument(
        "--failing",
        metavar="FOLDER",
        help=f"write each of the first {KEPT} failing hands to FOLDER as a log of its own "
        "(hand-K.jsonl), which tablerules replay reads",
    )
    parser.add_argument(
        "--as",
        dest="checked_as",
        metavar="GAME",
        help="check the hands as the game of this bundled rule file (hongkong, "
        "paohuzi-3p, ...): for a rule file of your own, which the documents do not name",
    )
    parser.add_argument("--list", action="store_true", help="list the invariants and exit")
    return parser


def _progress(total: int | None) -> Callable[[Report], None]:
    """A line on stderr at most once a second, when stderr is a terminal."""
    started = time.monotonic()
    last = [started]

    def show(report: Report) -> None:
        now = time.monotonic()
        if not sys.stderr.isatty() or now - last[0] < PROGRESS_SECONDS:
            return
        last[0] = now
        rate = report.hands / max(now - started, 1e-9)
        text = f"… {report.hands:,}" + (f" of {total:,}" if total else "") + " hands checked"
        text += f", {rate:,.0f} a second"
        if total and rate:
            text += f", about {(total - report.hands) / rate / 60:,.0f} min left"
        failed = sum(1 for count in report.failed.values() if count)
        text += f"; {failed} invariants failed" if failed else "; every invariant holds"
        print(text, file=sys.stderr, flush=True)

    return show


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.list:
        for name, cls in INVARIANTS.items():
            games = ", ".join(g.__name__ for g in cls.games) or "every game"
            print(f"{name} ({games}): {cls.summary}")
        return 0
    if not args.logs and not args.play:
        parser.error("give logs to check, or --play RULES")
    options = {}
    for text in args.option:
        name, equals, value = text.partition("=")
        if not equals:
            parser.error(f"--option {text!r}: write NAME=VALUE")
        options[name.strip()] = value.strip()
    reports: list[Report] = []
    try:
        for log in args.logs:
            reports.append(check_log(log, args.only, _progress(None), checked_as=args.checked_as))
        if args.play:
            plan = Plan(args.play, args.hands, args.bots, args.seed, 1, options)
            print(
                f"playing {args.hands:,} hands of {args.play} ({args.bots} bots) on "
                f"{args.jobs} processes",
                file=sys.stderr,
            )
            reports.append(
                check_plan(
                    plan,
                    args.only,
                    args.jobs,
                    args.stretch,
                    _progress(args.hands),
                    args.checked_as,
                )
            )
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except NoProfile as error:
        print(f"python -m logcheck: error: {error}", file=sys.stderr)
        return 2
    for report in reports:
        print(report.summary(args.examples))
    if args.failing:
        for report in reports:
            written = report.write_failing(args.failing)
            if written:
                print(
                    f"{len(written)} failing hands of {report.rules} written to {args.failing}"
                    f" ({', '.join(path.name for path in written)})"
                )
    return 0 if all(report.ok for report in reports) else 1


if __name__ == "__main__":
    sys.exit(main())
