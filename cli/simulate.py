"""`tablerules simulate RULES`: many hands, statistics with 95% intervals, on every core or
a Ray cluster; `--compare OTHER` plays the same hands under another file (or other bots)."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from tablerules.cli.commands import summary
from tablerules.cli.common import load_or_report, output_problem, write_output
from tablerules.cli.play import StopFlag, stop_on_interrupt
from tablerules.cli.progress import ProgressBar
from tablerules.cli.simulate_chart import chart_svg
from tablerules.cli.simulate_output import as_csv, as_json, text_table
from tablerules.dsl.diagnostics import visible
from tablerules.interpreter.api import Game
from tablerules.interpreter.bots.players import BOT_NAMES
from tablerules.interpreter.simulate import (
    CheckpointError,
    ExecutorError,
    Plan,
    Side,
    Simulation,
    Tally,
    Where,
    remember,
    rows,
    side_for,
)
from tablerules.interpreter.simulate.payoffs import compare_note
from tablerules.interpreter.simulate.plan import MAX_HANDS

EXAMPLES = """\
examples:
  tablerules simulate paomazai --hands 20000 --seed 1 --jobs auto
  tablerules simulate paomazai --compare paomazai-two-horses \\
      --hands 20000 --seed 1 --jobs auto --csv horses.csv
  tablerules simulate paomazai --bots sampling,greedy,greedy,greedy \\
      --compare-bots greedy --hands 500 --seed 1
  tablerules simulate paohuzi --hands 1000000 --ray --checkpoint phz.json
  tablerules simulate paohuzi --hands 1000000 --ray ray://head:10001

Hand i (from 0) is dealt with a seed hashed from --seed and i, by seat i mod SEATS (in
round i div SEATS, for rule files with rounds): the statistics depend only on --seed and
--hands, never on --jobs, Ray or an interruption.
"""


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "simulate",
        help=summary("simulate"),
        description="Bots play N independent hands of a rule file; every statistic comes "
        "with a 95% confidence interval. With --compare (or --compare-bots) the same hands "
        "are played a second way and each statistic is shown with the difference and its "
        "interval; * marks a significant difference.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("rules", metavar="RULES", help="the rule file")
    parser.add_argument(
        "--hands",
        type=_hands,
        default=1000,
        metavar="N",
        help=f"hands to play (default 1000, at most {MAX_HANDS:,})",
    )
    parser.add_argument("--seed", type=int, help="seed of the simulation (default: a random one)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set a table option of RULES",
    )
    parser.add_argument(
        "--bots",
        default="greedy",
        metavar="BOT[,BOT…]",
        help=f"the bot at every seat, or one per seat ({', '.join(BOT_NAMES)}; default greedy)",
    )
    parser.add_argument(
        "--samples",
        type=_positive,
        metavar="K",
        help="deals a sampling or value bot tries per choice (its budget)",
    )
    parser.add_argument("--compare", metavar="OTHER", help="also play the same hands under OTHER")
    parser.add_argument(
        "--compare-option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set a table option of OTHER",
    )
    parser.add_argument(
        "--compare-bots",
        metavar="BOT[,BOT…]",
        help="the bots of the second side (default: as --bots)",
    )
    parser.add_argument(
        "--jobs",
        type=_jobs,
        metavar="N|auto",
        help="processes to play on (auto: every core; default 1, or every core with --ray)",
    )
    parser.add_argument(
        "--ray",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help="run the shards as Ray tasks: on a local Ray runtime, or on the "
        "cluster at ADDRESS (needs pip install 'tablerules[ray]')",
    )
    parser.add_argument(
        "--checkpoint",
        metavar="FILE",
        help="keep the progress in FILE; run again to resume an interrupted run",
    )
    parser.add_argument(
        "--json", metavar="FILE", help="write the statistics as JSON (- for stdout)"
    )
    parser.add_argument("--csv", metavar="FILE", help="write the statistics as CSV (- for stdout)")
    parser.add_argument(
        "--chart",
        metavar="FILE.svg",
        help="draw money by ledger label and the value distribution of wins as SVG",
    )
    parser.set_defaults(run=run)


MAX_JOBS = 256  # processes one machine runs a simulation on; more is a typo, not a plan
CHART_SUFFIX = ".svg"


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


def _hands(text: str) -> int:
    value = _positive(text)
    if value > MAX_HANDS:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_HANDS:,}")
    return value


def _jobs(text: str) -> int:
    if text == "auto":
        return 0
    value = _positive(text)
    if value > MAX_JOBS:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_JOBS} (or auto: every core)")
    return value


def _side_and_game(path: str, options: list[str], bots: str) -> tuple[Side, Game] | None:
    checked = load_or_report(path, options)
    if checked is None or checked.game is None:
        return None
    names = tuple(name.strip() for name in bots.split(","))
    unknown = [name for name in names if name not in BOT_NAMES]
    if unknown:
        print(f"error: no bot named {unknown[0]!r} (bots: {', '.join(BOT_NAMES)})", file=sys.stderr)
        return None
    try:
        side = side_for(Path(path).name, checked.game, names[0] if len(names) == 1 else names)
    except ValueError as error:
        print(f"error: --bots {bots}: {error}", file=sys.stderr)
        return None
    remember(side, checked.game)
    return side, checked.game


def build_plan(args: argparse.Namespace, notes: list[str] | None = None) -> Plan | None:
    """The plan the arguments ask for (None: refused, said on standard error). A warning
    about the comparison goes to `notes` when given (said once the run is sure to go on),
    else straight to standard error."""
    found = _side_and_game(args.rules, args.option, args.bots)
    if found is None:
        return None
    first, first_game = found
    sides = [first]
    if args.compare or args.compare_bots:
        other = args.compare or args.rules
        options = args.compare_option if args.compare else args.option
        found = _side_and_game(other, options, args.compare_bots or args.bots)
        if found is None:
            return None
        second, second_game = found
        note = compare_note(
            (args.rules, other), (first_game, second_game), (first.bots, second.bots)
        )
        if note is not None and notes is not None:
            notes.append(note)
        elif note is not None:
            print(note, file=sys.stderr)
        if second.name == first.name:  # the same file, other bots: name the sides by bots
            sides = [_renamed(first), _renamed(second)]
        else:
            sides.append(second)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    budget = {"samples": args.samples} if args.samples else {}
    return Plan(tuple(sides), seed, args.hands, bot_budget=budget)


def _renamed(side: Side) -> Side:
    bots = side.bots[0] if len(set(side.bots)) == 1 else ",".join(side.bots)
    return Side(
        f"{bots} bots",
        side.rules_json,
        side.options,
        side.bots,
        side.seats,
        side.positions,
        side.value_name,
    )


def run(args: argparse.Namespace) -> int:
    """The whole command under one Ctrl-C handler, installed before any work and kept
    until the output is written: a first Ctrl-C at any moment stops the hands (if they are
    still being played) and gives the statistics so far, or all of them."""
    stop = StopFlag()
    with stop_on_interrupt(stop):
        return _simulate(args, stop)


def _simulate(args: argparse.Namespace, stop: StopFlag) -> int:
    if args.chart and not args.chart.lower().endswith(CHART_SUFFIX):
        print(
            f"error: --chart draws SVG: name a file ending in {CHART_SUFFIX},"
            f" not {visible(args.chart)}",
            file=sys.stderr,
        )
        return 1
    for target in (args.json, args.csv, args.chart, args.checkpoint):
        problem = output_problem(target) if target else None
        if problem is not None:  # found now, not after the hands are played
            print(f"error: cannot write {visible(target)}: {problem}", file=sys.stderr)
            return 1
    notes: list[str] = []
    plan = build_plan(args, notes)
    if plan is None:
        return 1
    try:
        simulation = Simulation(plan, args.checkpoint)
    except CheckpointError as error:  # a refusal is one line: the warning is not said
        print(f"error: {error}", file=sys.stderr)
        return 1
    for note in notes:
        print(note, file=sys.stderr)
    ray = args.ray is not None
    jobs = args.jobs if args.jobs is not None else 0 if ray else 1
    where = Where(jobs=jobs, ray=ray, address=args.ray or None)
    bar = ProgressBar(plan.hands, simulation.tally.hands)
    try:
        if not stop.requested:
            simulation.run(where, lambda: stop.requested, bar.update)
    except (ExecutorError, CheckpointError) as error:
        bar.close()
        print(f"error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # a second Ctrl-C: the hands stop at once
        pass
    finally:
        bar.close()
    tally = simulation.tally
    interrupted = tally.hands < plan.hands
    if interrupted:
        kept = f"; {args.checkpoint} keeps them, run again to go on" if args.checkpoint else ""
        print(f"interrupted after {tally.hands:,} of {plan.hands:,} hands{kept}", file=sys.stderr)
    if tally.hands == 0:
        return 130 if interrupted else 1
    written = report(args, plan, tally, where, simulation.resumed)
    return 130 if interrupted else 0 if written else 1


def report(args: argparse.Namespace, plan: Plan, tally: Tally, where: Where, resumed: int) -> bool:
    """Print the statistics and write the files asked for; False if one could not be.
    Those of an interrupted run say they are partial."""
    found = rows(plan, tally)
    complete = tally.hands >= plan.hands
    meta = {
        "seed": plan.seed,
        "hands": tally.hands,
        "planned_hands": plan.hands,
        "complete": complete,
    }
    status = (
        f"complete: {tally.hands:,} hands"
        if complete
        else f"partial: {tally.hands:,} of {plan.hands:,} hands"
    )
    to_stdout = False
    written = True
    for flag, text in (
        ("json", as_json(plan, tally, found, meta) if args.json else None),
        ("csv", as_csv(plan, found, status) if args.csv else None),
    ):
        target = getattr(args, flag)
        if text is None:
            continue
        if target == "-":
            sys.stdout.write(text if text.endswith("\n") else text + "\n")
            to_stdout = True
        else:
            written = write_output(target, text) and written
    done = _hands_done(tally.hands, plan.hands)
    if args.chart:
        title = f"{' vs '.join(s.name for s in plan.sides)}: {done}, seed {plan.seed}"
        written = write_output(args.chart, chart_svg(plan, found, title)) and written
    if to_stdout:
        return written
    names = " vs ".join(filter(None, (args.rules, args.compare)))
    bots = " vs ".join(_lineup(side) for side in plan.sides)
    how = (
        "Ray" if where.ray else "1 process" if where.workers == 1 else f"{where.workers} processes"
    )
    resumed_note = f" ({resumed:,} from the checkpoint)" if resumed else ""
    print(f"{names}: {done}{resumed_note} from seed {plan.seed}, {bots}; {how}")
    print(
        "95% intervals: a rate [low–high] in %, a mean ± half-width"
        + ("; * marks a difference whose interval excludes 0" if len(plan.sides) == 2 else "")
    )
    for line in text_table(plan, found):
        print(line)
    return written


def _hands_done(hands: int, planned: int) -> str:
    """'1 hand', '20 hands', or '10 of 30 hands (partial: …)' for an interrupted run."""
    if hands < planned:
        return f"{hands:,} of {planned:,} hands (partial: the run was interrupted)"
    return "1 hand" if hands == 1 else f"{hands:,} hands"


def _lineup(side: Side) -> str:
    if len(set(side.bots)) == 1:
        return f"{side.bots[0]} bots"
    return "bots " + ",".join(side.bots)
