"""Benchmark two revisions of the project side by side: the same work, each on its own code.

The default compares the last commit before the rule language's hand patterns, table
conditions and scoring systems (v2) with the checkout as it is, on the bundled default rule
files (跑馬仔 and 跑胡子, each revision with its own copy), for the bar that v2 must keep:
evaluation and play within 10% of the speed before it.

Each revision runs in a process of its own (`children/revision_side.py`), importing
`tablerules` from that revision's source tree (taken with `git archive`; the checkout
itself for `.`). The processes stay up for the whole run and are asked for one task's
share at a time, so the sides interleave over rounds as in every benchmark here
(`bench_timing.py`): CPU time of the work alone, min and median over the rounds, new hands
every round. Tasks:

* 跑馬仔 evaluate: `Game.evaluate` of new complete 14-tile hands, every split read
  (as `bench_evaluate.py` (b)), in a game that has judged other hands before;
* 跑馬仔 win test: `Evaluator.wins_packed` on new random 14-tile hands (as (a));
* 跑胡子 evaluate: `Game.evaluate(...).best` of new complete 15-card hands (as (c));
* 跑馬仔 / 跑胡子 play random, play greedy: whole hands, a bot at every seat (as
  `bench_play.py` (f));
* 跑馬仔 / 跑胡子 cold start: `python -m tablerules evaluate RULES --hand ...`, whole
  processes, after one untimed run of each.

Each task's result is a checksum of what it computed; the report says whether both
revisions computed the same (a difference means the rules or the engine changed what is
played, which the figures then include). Run with --help for the options.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from bench_report import machine, progress
from bench_timing import Figures, Ratio, Share, child_cpu_ns, child_env, interleave

ROOT = Path(__file__).resolve().parent.parent
SIDE = ROOT / "benchmarks" / "children" / "revision_side.py"
# the last commit before the rule language's v2 (hand patterns, table conditions, scoring)
BEFORE_V2 = "155d790"
LAYERS = ("dsl", "interpreter", "cli", "rules")  # tablerules.X is the folder X of a tree

FULL = {
    "rounds": 10,
    "warmup": 10_000,
    "跑馬仔 evaluate": 5_000,
    "跑馬仔 win test": 100_000,
    "跑胡子 evaluate": 2_000,
    "跑馬仔 play random": 100,
    "跑胡子 play random": 100,
    "跑馬仔 play greedy": 20,
    "跑胡子 play greedy": 20,
    "cold start rounds": 5,
}
QUICK = {
    "rounds": 2,
    "warmup": 50,
    "跑馬仔 evaluate": 50,
    "跑馬仔 win test": 100,
    "跑胡子 evaluate": 30,
    "跑馬仔 play random": 3,
    "跑胡子 play random": 3,
    "跑馬仔 play greedy": 2,
    "跑胡子 play greedy": 2,
    "cold start rounds": 1,
}
TASKS = (
    "跑馬仔 evaluate",
    "跑馬仔 win test",
    "跑胡子 evaluate",
    "跑馬仔 play random",
    "跑胡子 play random",
    "跑馬仔 play greedy",
    "跑胡子 play greedy",
)
COLD = {
    "跑馬仔 cold start": ("paomazai.rules", "111222333m 444m 5m"),
    "跑胡子 cold start": ("paohuzi.rules", "一二三 壹貳叁 二七十 四四四 五五 五"),
}
TARGET = 0.9  # the after revision's speed as a share of the before revision's, at the median


def mark(ok: bool) -> str:
    return "✓" if ok else "✗"


def chosen(task: str, only: str | None) -> bool:
    return only is None or only in task


# ── the two code trees ─────────────────────────────────────────────
@dataclass
class Revision:
    """One side: a revision, its source tree and the folder `tablerules` is imported from."""

    label: str  # as given: a commit, a branch, or "." for the checkout
    commit: str  # the commit it names ("" for the checkout: its files as they are)
    tree: Path
    shim: Path

    @property
    def env(self) -> dict[str, str]:
        return {"PYTHONPATH": str(self.shim)}

    @property
    def environment(self) -> dict[str, str]:
        """The whole environment of this side's children."""
        return {**_environment(), **self.env}


def resolve(label: str) -> str:
    if label == ".":
        return ""
    done = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", f"{label}^{{commit}}"],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"bench_revisions: {label!r} is not a commit of this repository")
    return done.stdout.strip()


def prepare(label: str, folder: Path) -> Revision:
    """The revision's tree (extracted from git, or the checkout) and a package folder over
    it: `tablerules/` with the tree's own `tablerules/*.py` and a link per layer."""
    commit = resolve(label)
    tree = ROOT
    if commit:
        tree = folder / "tree"
        tree.mkdir(parents=True)
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", commit],
            capture_output=True,
            check=True,
        ).stdout
        with tempfile.TemporaryFile() as buffer:
            buffer.write(archive)
            buffer.seek(0)
            with tarfile.open(fileobj=buffer) as tar:
                tar.extractall(tree, filter="data")
    package = folder / "shim" / "tablerules"
    package.mkdir(parents=True)
    for module in (tree / "tablerules").glob("*.py"):
        shutil.copy(module, package / module.name)
    for layer in LAYERS:
        (package / layer).symlink_to(tree / layer, target_is_directory=True)
    return Revision(label, commit, tree, folder / "shim")


class Worker:
    """A revision's long-lived process: one request, one answer."""

    def __init__(self, revision: Revision, warmup: int) -> None:
        self.revision = revision
        self.process = subprocess.Popen(
            [sys.executable, str(SIDE), str(revision.tree), str(warmup)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=revision.environment,
        )
        hello = self.ask({"hello": True})
        for layer, imported in hello["imported"].items():
            expected = (revision.tree / layer).resolve()
            if not Path(imported).is_relative_to(expected):
                self.close()
                raise SystemExit(
                    f"bench_revisions: {revision.label} imported {imported},"
                    f" not its own tree's {expected}"
                )

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        stdin: IO[str] = self.process.stdin  # type: ignore[assignment]
        stdout: IO[str] = self.process.stdout  # type: ignore[assignment]
        stdin.write(json.dumps(request) + "\n")
        stdin.flush()
        line = stdout.readline()
        if not line:
            raise SystemExit(f"bench_revisions: the {self.revision.label} side stopped")
        return json.loads(line)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=60)


def _environment() -> dict[str, str]:
    """The children's environment, without a PYTHONPATH of this process's."""
    environment = child_env()
    environment.pop("PYTHONPATH", None)
    return environment


# ── timing ─────────────────────────────────────────────────────────
@dataclass
class Comparison:
    """One task on both sides: per-call figures and each round's answers."""

    task: str
    figures: dict[str, Figures]
    answers: dict[str, list[int]] = field(default_factory=dict)

    def ratio(self, before: str, after: str) -> Ratio:
        """The after side's speed as a share of the before side's: before time / after time."""
        return Ratio.of(self.figures[after], self.figures[before])

    def same(self) -> bool | None:
        values = list(self.answers.values())
        if not values or any(not v for v in values):
            return None
        return all(v == values[0] for v in values[1:])


def bench_task(task: str, workers: dict[str, Worker], plan: dict[str, int]) -> Comparison:
    comparison = Comparison(task, {})

    def share(name: str) -> Share:
        def run(index: int) -> tuple[int, int]:
            answer = workers[name].ask({"task": task, "round": index, "size": plan[task]})
            comparison.answers.setdefault(name, []).append(answer["answer"])
            return answer["ns"], answer["calls"]

        return run

    progress(f"{task}: {plan['rounds']} rounds of {plan[task]:,}")
    comparison.figures = interleave(plan["rounds"], {name: share(name) for name in workers})
    return comparison


def bench_cold(task: str, revisions: dict[str, Revision], plan: dict[str, int]) -> Comparison:
    rules, hand = COLD[task]

    def command(revision: Revision) -> list[str]:
        path = revision.tree / "rules" / rules
        # -P: the current folder is not searched first (a checkout's own tablerules/ would be)
        return [sys.executable, "-P", "-m", "tablerules", "evaluate", str(path), "--hand", hand]

    for revision in revisions.values():  # untimed: compiled modules and parse tables cached
        subprocess.run(
            command(revision),
            capture_output=True,
            check=True,
            env=revision.environment,
        )
    progress(f"{task}: {plan['cold start rounds']} rounds")
    figures = interleave(
        plan["cold start rounds"],
        {
            name: (lambda _, r=revision: (child_cpu_ns(command(r), env=r.environment), 1))
            for name, revision in revisions.items()
        },
    )
    return Comparison(task, figures)


# ── report ────────────────────────────────────────────────────────
def print_report(
    info: dict[str, Any], plan: dict[str, int], names: tuple[str, str], rows: list[Comparison]
) -> None:
    before, after = names
    print()
    print(f"Python   {info['python']}")
    print(f"Machine  {info['platform']}, {info['cpu']}, {info['cpu_count']} CPUs")
    print(
        f"Before   {before}    After   {after}    — CPU time per call, {plan['rounds']} rounds"
        " (sides interleaved); min and median over the rounds"
    )
    print()
    print(
        f"    {'task':<22} {'before min':>11} {'median':>10} {'after min':>11} {'median':>10}"
        f" {'speed min':>10} {'median':>8}  same work"
    )
    for row in rows:
        old, new = row.figures[before], row.figures[after]
        ratio = row.ratio(before, after)
        same = row.same()
        said = "—" if same is None else mark(same)
        unit, scale = ("ms", 1e6) if old.median_ns > 1e6 else ("µs", 1e3)
        times = [f.min_ns / scale for f in (old, new)], [f.median_ns / scale for f in (old, new)]
        print(
            f"    {row.task:<22} {times[0][0]:>8.1f} {unit} {times[1][0]:>7.1f} {unit}"
            f" {times[0][1]:>8.1f} {unit} {times[1][1]:>7.1f} {unit}"
            f" {ratio.at_min:>9.2f}× {ratio.at_median:>7.2f}×  {said}"
        )
    if not rows:
        print("    no task chosen")
        return
    worst = min(row.ratio(before, after).at_median for row in rows)
    print(
        f"    speed: the after side's calls per CPU second over the before side's."
        f" Target ≥ {TARGET:g}× at the median on every row: {mark(worst >= TARGET)}"
        f" (lowest {worst:.2f}×)"
    )
    print()


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=(
            "Time the same evaluation and play work on two revisions of the project, side by"
            " side (each on its own code and bundled rule files; CPU time, interleaved rounds,"
            " min and median)."
        ),
        epilog="Progress goes to stderr, the report to stdout.",
    )
    parser.add_argument(
        "--before",
        default=BEFORE_V2,
        metavar="REV",
        help=f"the earlier revision (default {BEFORE_V2}: the last one before the rule"
        " language's v2)",
    )
    parser.add_argument(
        "--after", default=".", metavar="REV", help="the later revision (default .: the checkout)"
    )
    parser.add_argument("--quick", action="store_true", help="smoke run: a little of each task")
    parser.add_argument("--rounds", type=int, metavar="N", help=f"default {FULL['rounds']}")
    parser.add_argument("--skip-cold", action="store_true", help="leave out the cold starts")
    parser.add_argument(
        "--only",
        metavar="WORD",
        help="only the tasks whose name holds WORD (e.g. play, evaluate, 跑胡子, cold)",
    )
    parser.add_argument("--json", metavar="FILE", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    args.plan = dict(QUICK if args.quick else FULL)
    if args.rounds is not None:
        if args.rounds < 1:
            parser.error("--rounds must be at least 1")
        args.plan["rounds"] = args.rounds
    if args.before == args.after:
        parser.error("--before and --after name the same revision")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    plan = args.plan
    names = (f"before ({args.before})", f"after ({args.after})")
    with tempfile.TemporaryDirectory(prefix="bench-revisions-") as folder:
        revisions = {
            name: prepare(label, Path(folder) / side)
            for name, label, side in zip(names, (args.before, args.after), ("a", "b"), strict=True)
        }
        warmup = plan["warmup"]
        progress(f"starting both sides (each compiles its games, warms them on {warmup:,} hands)")
        workers = {name: Worker(revision, plan["warmup"]) for name, revision in revisions.items()}
        try:
            rows = [bench_task(task, workers, plan) for task in TASKS if chosen(task, args.only)]
        finally:
            for worker in workers.values():
                worker.close()
        if not args.skip_cold:
            rows += [bench_cold(task, revisions, plan) for task in COLD if chosen(task, args.only)]
        commits = {name: r.commit or "the checkout" for name, r in revisions.items()}
    info = machine()
    print_report(info, plan, names, rows)
    if args.json is not None:
        before, after = names
        result = {
            "machine": info,
            "plan": plan,
            "revisions": commits,
            "target": TARGET,
            "tasks": {
                row.task: {
                    "sides": {name: f.to_json() for name, f in row.figures.items()},
                    "after_speed_vs_before": row.ratio(before, after).to_json(),
                    "same_work": row.same(),
                }
                for row in rows
            },
        }
        args.json.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
        print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
