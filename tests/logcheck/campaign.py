"""`python -m logcheck.campaign`: every invariant over a million hands of every bundled rule
file and variant, with random and with greedy bots, on every core.

    PYTHONPATH=tests python -m logcheck.campaign [--hands 1000000] [--greedy 0.3]
        [--jobs N] [--state FILE] [--json FILE]

The hands are shared out between the rule files equally, `--greedy` of them played by
greedy bots and the rest by random bots (greedy bots think: a hand of theirs costs two to
ten times a random one). Each (rule file, bots) plan is cut into stretches (`run.STRETCH`
hands), played in memory through `tablerules play`'s own session and checked as it comes,
the stretches of all plans spread over `--jobs` processes, four of a plan in a row; a
worker holds the game of the stretch it plays and lets go of the others, so its memory is
that of one game (and its tables, each bounded), whatever the number of hands. Beside the
invariants of every hand (see `python -m logcheck --list`), the first stretch of each plan
is played once more by `tablerules play --log` in a process of its own, with another hash
seed, and must give the same lines byte for byte: the same seed gives the same log, in any
process.

`--state FILE` keeps each finished stretch's findings, so an interrupted campaign (Ctrl-C)
goes on where it stopped when run again with the same arguments. Progress goes to standard
error every few seconds; the summary (a table per rule file and bots) to standard output,
and with `--json` as figures. Exit status 1 when any invariant fails.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from logcheck.check import check_hands
from logcheck.invariants import INVARIANTS
from logcheck.logfile import Hand
from logcheck.play import BOT_KINDS, Plan, forget_other_games, header_of, play_hands
from logcheck.run import STRETCH, stretches

ROOT = Path(__file__).resolve().parent.parent.parent
PROGRESS_SECONDS = 10.0
EXAMPLES = 5  # violations kept per (plan, invariant)
RUN = 4  # stretches of one plan queued one after the other (a worker keeps one game loaded)
OTHER_HASH_SEED = "20261201"  # the replaying process's hash seed (the workers' are random)


def rule_files() -> list[Path]:
    """Every bundled rule file and variant, as a path relative to the project's root."""
    folder = ROOT / "rules"
    found = [*sorted(folder.glob("*.rules")), *sorted((folder / "variants").glob("*.rules"))]
    return [path.relative_to(ROOT) for path in found]


def campaign_plans(hands: int, greedy: float, seed: int) -> list[Plan]:
    """The plans of a campaign: each rule file gets an equal share of the random-bot hands
    and of the greedy-bot hands (the first files one more when they do not divide)."""
    files = rule_files()
    greedy_hands = round(hands * greedy)
    plans = []
    for bots, total in (("random", hands - greedy_hands), ("greedy", greedy_hands)):
        share, extra = divmod(total, len(files))
        for index, rules in enumerate(files):
            count = share + (1 if index < extra else 0)
            if count:
                plans.append(Plan(str(rules), count, bots, seed))
    return plans


@dataclass
class Tally:
    """What the stretches of one plan found."""

    rules: str
    bots: str
    planned: int
    hands: int = 0
    failed: Counter[str] = field(default_factory=Counter)  # invariant -> failing hands
    examples: list[str] = field(default_factory=list)
    cpu_seconds: float = 0.0
    first_digest: str = ""  # of the first stretch's lines, as the campaign played them
    again_digest: str = ""  # of the same hands, played again by `tablerules play --log`

    @property
    def same_log(self) -> bool | None:
        """Whether the first stretch, played again, gave the same lines (None: not known)."""
        if not self.first_digest or not self.again_digest:
            return None
        return self.first_digest == self.again_digest

    @property
    def ok(self) -> bool:
        return not any(self.failed.values()) and self.same_log is not False


@dataclass(frozen=True)
class Done:
    """One stretch played and checked (what a worker sends back, and the state keeps)."""

    rules: str
    bots: str
    first: int
    hands: int
    failed: dict[str, int]
    examples: list[str]
    digest: str
    cpu_seconds: float
    peak_mb: float

    def key(self) -> tuple[str, str, int]:
        return (self.rules, self.bots, self.first)


def _lines_digest(hands: Iterator[Hand], digest: Any) -> Iterator[Hand]:
    for hand in hands:
        for line in hand.lines:
            digest.update(line.encode("utf-8"))
            digest.update(b"\n")
        yield hand


def play_and_check(part: Plan) -> Done:
    """Play one stretch in memory, check every invariant, and digest its lines."""
    started = time.process_time()
    forget_other_games(part)  # a worker holds one game at a time: its memory stays bounded
    header, hands = play_hands(part, True)
    digest = hashlib.sha256()
    report = check_hands(header, _lines_digest(hands, digest))
    examples = [f"{v.invariant}: {v}" for v in report.violations[:EXAMPLES]]
    return Done(
        part.rules,
        part.bots,
        part.first,
        report.hands,
        {name: count for name, count in report.failed.items() if count},
        examples,
        digest.hexdigest(),
        time.process_time() - started,
        resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    )


def played_by_the_command(part: Plan) -> str:
    """The digest of the hand lines `tablerules play --log` writes for a plan's first
    stretch, in a process of its own with a hash seed of its own."""
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "again.jsonl"
        command = [
            sys.executable,
            "-m",
            "tablerules",
            "play",
            part.rules,
            "--seed",
            str(part.seed),
            "--hands",
            str(part.hands),
            "--bots",
            part.bots,
            "--quiet",
            "--log",
            str(log),
        ]
        environment = {**os.environ, "PYTHONHASHSEED": OTHER_HASH_SEED}
        subprocess.run(
            command, cwd=ROOT, env=environment, check=True, capture_output=True, timeout=3600
        )
        digest = hashlib.sha256()
        with open(log, encoding="utf-8") as lines:
            next(lines)  # the header: its hand count differs from the stretch's
            for line in lines:
                digest.update(line.rstrip("\n").encode("utf-8"))
                digest.update(b"\n")
        return digest.hexdigest()


def _load_state(path: str | None) -> dict[tuple[str, str, int], Done]:
    if path is None or not os.path.exists(path):
        return {}
    found = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                done = Done(**json.loads(line))
                found[done.key()] = done
    return found


def _interleaved(parts: dict[tuple[str, str], list[Plan]], run: int = RUN) -> list[Plan]:
    """The stretches of every plan taken in turn, `run` at a time: every file is under way
    early, and a worker mostly goes on with the game it has loaded."""
    queues = [list(reversed(queue)) for queue in parts.values()]
    order = []
    while any(queues):
        for queue in queues:
            for _ in range(min(run, len(queue))):
                order.append(queue.pop())
    return order


class Progress:
    """A line on standard error every few seconds: hands, rate, time left, findings."""

    def __init__(self, total: int, done: int) -> None:
        self.total = total
        self.start_done = done
        self.started = time.monotonic()
        self.last = 0.0

    def show(self, done: int, failing: int, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self.last < PROGRESS_SECONDS:
            return
        self.last = now
        rate = (done - self.start_done) / max(now - self.started, 1e-9)
        text = f"… {done:,} of {self.total:,} hands ({100 * done / self.total:.1f}%)"
        if rate:
            left = (self.total - done) / rate
            text += f", {rate:,.0f} a second, about {_duration(left)} left"
        text += f"; {failing} hands failing" if failing else "; every invariant holds"
        print(text, file=sys.stderr, flush=True)


def run_campaign(
    plans: list[Plan], jobs: int, size: int = STRETCH, state: str | None = None
) -> tuple[list[Tally], dict[str, Any]]:
    """Play and check every plan (see the module's docstring); the tallies per plan, and
    figures of the whole run."""
    started = time.monotonic()
    tallies = {(plan.rules, plan.bots): Tally(plan.rules, plan.bots, plan.hands) for plan in plans}
    done = _load_state(state)
    parts = {(plan.rules, plan.bots): stretches(plan, size) for plan in plans}
    todo = [part for part in _interleaved(parts) if (part.rules, part.bots, part.first) not in done]
    peak = 0.0

    def record(finished: Done) -> None:
        nonlocal peak
        tally = tallies[(finished.rules, finished.bots)]
        tally.hands += finished.hands
        tally.failed.update(finished.failed)
        tally.examples = [*tally.examples, *finished.examples][:EXAMPLES]
        tally.cpu_seconds += finished.cpu_seconds
        if finished.first == 1:
            tally.first_digest = finished.digest
        peak = max(peak, finished.peak_mb)

    for finished in done.values():
        record(finished)
    total = sum(plan.hands for plan in plans)
    progress = Progress(total, sum(t.hands for t in tallies.values()))
    for plan in plans:  # compiled once here; the forked workers share them
        header_of(plan)
    # The first stretch of each plan is also played again by the command, among the others.
    tasks: list[tuple[str, Plan]] = [("check", part) for part in todo]
    firsts = [("again", part[0]) for part in parts.values()]
    tasks[len(parts) : len(parts)] = firsts
    keeping = open(state, "a", encoding="utf-8") if state else None  # noqa: SIM115
    context = multiprocessing.get_context("fork")
    try:
        with ProcessPoolExecutor(max_workers=max(jobs, 1), mp_context=context) as pool:
            queue = iter(tasks)
            pending: dict[Future[Any], tuple[str, Plan]] = {}

            def submit() -> None:
                task = next(queue, None)
                if task is not None:
                    kind, part = task
                    work = played_by_the_command if kind == "again" else play_and_check
                    pending[pool.submit(work, part)] = task

            for _ in range(2 * max(jobs, 1)):  # a few tasks ahead of the workers
                submit()
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    kind, part = pending.pop(future)
                    if kind == "again":
                        tallies[(part.rules, part.bots)].again_digest = future.result()
                    else:
                        result = future.result()
                        record(result)
                        if keeping is not None:
                            line = json.dumps(result.__dict__, ensure_ascii=False)
                            keeping.write(line + "\n")
                            keeping.flush()
                    submit()
                failing = sum(sum(t.failed.values()) for t in tallies.values())
                progress.show(sum(t.hands for t in tallies.values()), failing)
    finally:
        if keeping is not None:
            keeping.close()
    figures = {
        "hands": sum(t.hands for t in tallies.values()),
        "invariants": list(INVARIANTS),
        "jobs": jobs,
        "wall_seconds": round(time.monotonic() - started, 1),
        "cpu_seconds": round(sum(t.cpu_seconds for t in tallies.values()), 1),
        "peak_worker_mb": round(peak, 1),
        "ok": all(t.ok for t in tallies.values()),
    }
    return list(tallies.values()), figures


def _duration(seconds: float) -> str:
    hours, rest = divmod(round(seconds), 3600)
    return f"{hours} h {rest // 60:02} min" if hours else f"{rest // 60} min {rest % 60:02} s"


def summary(tallies: list[Tally], figures: dict[str, Any]) -> str:
    """The campaign as a table: hands per rule file and bots, and what failed."""
    lines = [
        "| rule file | bots | hands | CPU per hand | failing hands | same log again |",
        "|---|---|---:|---:|---|---|",
    ]
    for tally in tallies:
        failing = ", ".join(f"{name} {count}" for name, count in tally.failed.items() if count)
        again = {True: "yes", False: "NO", None: "—"}[tally.same_log]
        per_hand = 1000 * tally.cpu_seconds / max(tally.hands, 1)
        lines.append(
            f"| {tally.rules} | {tally.bots} | {tally.hands:,} | {per_hand:.0f} ms | "
            f"{failing or 'none'} | {again} |"
        )
    lines.append(
        f"\n{figures['hands']:,} hands, {len(figures['invariants'])} invariants, "
        f"{_duration(figures['wall_seconds'])} on {figures['jobs']} processes "
        f"({_duration(figures['cpu_seconds'])} of CPU), workers at most "
        f"{figures['peak_worker_mb']:.0f} MB: "
        + ("every invariant holds" if figures["ok"] else "INVARIANTS FAIL")
    )
    for tally in tallies:
        lines += [f"  {tally.rules} ({tally.bots}): {example}" for example in tally.examples]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m logcheck.campaign",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    parser.add_argument("--hands", type=int, default=1_000_000, help="hands in all")
    parser.add_argument(
        "--greedy", type=float, default=0.3, help="the share of greedy-bot hands (default 0.3)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of each plan's first hand")
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: every core)"
    )
    parser.add_argument("--stretch", type=int, default=STRETCH, help="hands per stretch")
    parser.add_argument("--state", metavar="FILE", help="keep finished stretches here; resume")
    parser.add_argument("--json", metavar="FILE", help="write the figures as JSON")
    args = parser.parse_args(argv)
    plans = campaign_plans(args.hands, args.greedy, args.seed)
    kinds = ", ".join(f"{sum(p.hands for p in plans if p.bots == b):,} {b}" for b in BOT_KINDS)
    print(
        f"campaign: {args.hands:,} hands ({kinds}) of {len(rule_files())} rule files, "
        f"{len(INVARIANTS)} invariants, on {args.jobs} processes",
        file=sys.stderr,
    )
    try:
        tallies, figures = run_campaign(plans, args.jobs, args.stretch, args.state)
    except KeyboardInterrupt:
        kept = f"; run again with --state {args.state} to go on" if args.state else ""
        print(f"interrupted{kept}", file=sys.stderr)
        return 130
    print(summary(tallies, figures))
    if args.json:
        figures["plans"] = [
            {
                "rules": t.rules,
                "bots": t.bots,
                "hands": t.hands,
                "failed": dict(t.failed),
                "cpu_seconds": round(t.cpu_seconds, 1),
                "same_log_again": t.same_log,
            }
            for t in tallies
        ]
        Path(args.json).write_text(json.dumps(figures, indent=2, ensure_ascii=False) + "\n")
    return 0 if figures["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
