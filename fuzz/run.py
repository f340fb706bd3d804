"""`python -m fuzz.run`: a fuzzing campaign over the nine targets, on every core.

    python -m fuzz.run --inputs 100000 --jobs 2 --json fuzz/last-run.json

Input N of target T is made from the seed and N alone (`fuzz.inputs`), so any finding is
reproduced with `--target T --only N`. Each worker process runs under an address-space
limit and an alarm; every input is timed in CPU seconds (the machine may be shared). A
finding — an exception, an `internal error`, an input over the time limit, memory
exhausted — is saved with its input and traceback under `--findings` as soon as it is
found. A progress line goes to stderr at least every 30 s. The summary gives, per target,
the outcomes, the slowest input and the workers' peak memory; the exit status is 1 when
there is any finding.

Ctrl-C stops the campaign and still writes the summary of what was run (marked
incomplete, exit status 130 without findings). With `--state FILE` every finished chunk
is kept in FILE as it finishes, and the same command run again resumes from there.
"""

from __future__ import annotations

import argparse
import gc
import json
import multiprocessing
import os
import resource
import signal
import sys
import time
import traceback
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from fuzz.keeping import Progress, State, save_finding

TARGET_NAMES = (
    "rules",
    "notation",
    "hands",
    "replay",
    "play",
    "scenarios",
    "checkpoints",
    "outputs",
    "api",
)
# Shares of the inputs: the targets that play, simulate or resume cost 5 to 40 times as
# much per input as checking a file, so they get fewer (play and outputs about 0.1 s each).
SHARES = {
    "rules": 0.42,
    "notation": 0.12,
    "hands": 0.12,
    "replay": 0.12,
    "play": 0.08,
    "scenarios": 0.07,
    "checkpoints": 0.04,
    "outputs": 0.03,
    "api": 0.03,
}
CHUNK = 25


class Timeout(Exception):
    """The alarm rang: an input ran past the hard time limit."""


@dataclass
class Tally:
    """What a run (or a chunk of it) found, for one target."""

    inputs: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)
    slow: int = 0  # inputs over the time limit
    slowest: float = 0.0
    slowest_index: int = -1
    seconds: float = 0.0
    findings: list[dict[str, Any]] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.inputs += other.inputs
        for kind, count in other.outcomes.items():
            self.outcomes[kind] = self.outcomes.get(kind, 0) + count
        self.slow += other.slow
        self.seconds += other.seconds
        if other.slowest > self.slowest:
            self.slowest, self.slowest_index = other.slowest, other.slowest_index
        self.findings.extend(other.findings)


@dataclass(frozen=True)
class Settings:
    seed: int
    slow: float  # seconds: an input taking longer is a finding
    hard: int  # seconds: the alarm stops an input here
    memory_mb: int  # the worker's address-space limit
    findings: Path | None = None  # where a worker saves each finding as it finds it


_settings: Settings | None = None


def _alarm(_signum: int, _frame: Any) -> None:
    raise Timeout


def _start_worker(settings: Settings) -> None:
    """Limit the worker's memory, arm the alarm handler, and warm every target once.

    A worker is forked from its parent (a test process may hold a large heap): the
    inherited objects are frozen out of the garbage collector, so no collection walks
    them, copying their pages, on an input's clock. Then input 0 of every target is run
    untimed, so the first use of a command (its imports and compiled tables) is not
    counted against whichever input comes first. Ctrl-C is the parent's to handle: a
    worker ignores it (else it would be a finding)."""
    global _settings
    _settings = settings
    gc.freeze()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    limit = settings.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    signal.signal(signal.SIGALRM, _alarm)
    sys.setrecursionlimit(1000)  # the default: a deep recursion must be a finding here too
    from fuzz.inputs import INPUTS, corpus
    from fuzz.targets import TARGETS

    corpus()
    for name in TARGET_NAMES:
        _warm(INPUTS[name], TARGETS[name], settings)


def _warm(make: Any, run: Any, settings: Settings) -> None:
    """Run input 0 of a target once, its outcome unread: a finding in it is found again
    when the input is timed."""
    signal.alarm(settings.hard)
    try:
        run(make(0, settings.seed), 0)
    except BaseException:  # the timed run reports it
        pass
    finally:
        signal.alarm(0)


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _run_chunk(job: tuple[str, list[int]]) -> tuple[str, int, Tally, float]:
    from fuzz.inputs import INPUTS
    from fuzz.targets import TARGETS

    assert _settings is not None
    target, indexes = job
    tally = Tally()
    make, run = INPUTS[target], TARGETS[target]
    for index in indexes:
        data = b""
        started = time.process_time()  # CPU time: the machine may be shared
        kind = "finding"
        problem = ""
        signal.alarm(_settings.hard)
        try:
            data = make(index, _settings.seed)
            started = time.process_time()
            kind = run(data, index)
        except Timeout:
            problem = f"over the hard limit of {_settings.hard} s"
        except MemoryError:
            problem = f"memory exhausted (limit {_settings.memory_mb} MB)"
        except BaseException:
            problem = traceback.format_exc(limit=-12)
        finally:
            signal.alarm(0)
        elapsed = time.process_time() - started
        tally.inputs += 1
        tally.seconds += elapsed
        tally.outcomes[kind] = tally.outcomes.get(kind, 0) + 1
        if elapsed > tally.slowest:
            tally.slowest, tally.slowest_index = elapsed, index
        if elapsed > _settings.slow and not problem:
            tally.slow += 1
            problem = f"took {elapsed:.2f} s (the limit is {_settings.slow} s)"
            kind = "slow"
        if problem:
            finding = {
                "target": target,
                "index": index,
                "kind": kind,
                "problem": problem,
                "seconds": round(elapsed, 3),
                "input": data.hex(),
            }
            tally.findings.append(finding)
            if _settings.findings is not None:
                save_finding(finding, _settings.findings)
    return target, indexes[0], tally, _peak_mb()


def _jobs(counts: dict[str, int]) -> list[tuple[str, list[int]]]:
    """Chunks of input numbers, the targets interleaved so progress shows all of them."""
    queues = {t: list(range(n)) for t, n in counts.items()}
    jobs: list[tuple[str, list[int]]] = []
    while any(queues.values()):
        for target, queue in queues.items():
            if queue:
                jobs.append((target, queue[:CHUNK]))
                del queue[:CHUNK]
    return jobs


def split(total: int, targets: list[str]) -> dict[str, int]:
    """How many inputs each target gets out of `total`."""
    weight = sum(SHARES[t] for t in targets)
    counts = {t: int(total * SHARES[t] / weight) for t in targets}
    counts[targets[0]] += total - sum(counts.values())
    return counts


def campaign(
    total: int,
    seed: int = 1,
    jobs: int = 1,
    targets: list[str] | None = None,
    only: int | None = None,
    settings: Settings | None = None,
    progress: bool = False,
    state: Path | None = None,
) -> dict[str, Any]:
    """Run `total` inputs (or input `only` of each target) and return the summary. With a
    `state` file, the chunks it records as finished are not run again (their tallies are
    read from it) and each chunk finished now is added to it. Ctrl-C ends the run early:
    the summary then says `"complete": false`."""
    targets = targets or list(TARGET_NAMES)
    settings = settings or Settings(seed, 2.0, 30, 2048)
    work = [(t, [only]) for t in targets] if only is not None else _jobs(split(total, targets))
    tallies = {t: Tally() for t in targets}
    peak = 0.0
    kept = None
    if state is not None:
        header = {"seed": seed, "inputs": total, "targets": targets, "only": only}
        kept = State(state, {**header, "slow": settings.slow})
        done = kept.load()
        for target, indexes in work:
            chunk = done.get((target, indexes[0]))
            if chunk is not None:
                tallies[target].add(Tally(**chunk["tally"]))
                peak = max(peak, chunk["peak"])
        work = [(t, ix) for t, ix in work if (t, ix[0]) not in done]
    planned = total if only is None else len(targets)
    shown = Progress(planned, sum(t.inputs for t in tallies.values()))
    started = time.monotonic()
    complete = False
    context = multiprocessing.get_context("fork")
    pool = context.Pool(jobs, initializer=_start_worker, initargs=(settings,))
    try:
        results = pool.imap_unordered(_run_chunk, work)
        while True:
            try:
                target, first, tally, worker_peak = results.next(timeout=1.0)
            except multiprocessing.TimeoutError:
                tally = None
            except StopIteration:
                break
            if tally is not None:
                tallies[target].add(tally)
                peak = max(peak, worker_peak)
                if kept is not None:
                    kept.add(target, first, asdict(tally), worker_peak)
            if progress and shown.due():
                findings = sum(len(t.findings) for t in tallies.values())
                shown.show(sum(t.inputs for t in tallies.values()), findings)
        complete = True
        pool.close()
    except KeyboardInterrupt:
        print("fuzz: stopped; the summary counts what was run", file=sys.stderr, flush=True)
    finally:
        pool.terminate()
        pool.join()
    elapsed = time.monotonic() - started
    summary = _summary(tallies, settings, jobs, elapsed, peak)
    summary["planned_inputs"] = planned
    summary["complete"] = complete
    return summary


def _summary(
    tallies: dict[str, Tally], settings: Settings, jobs: int, elapsed: float, peak: float
) -> dict[str, Any]:
    per_target = {
        name: {
            "inputs": t.inputs,
            "outcomes": dict(sorted(t.outcomes.items())),
            "findings": len(t.findings),
            "over_time_limit": t.slow,
            "slowest_seconds": round(t.slowest, 3),
            "slowest_input": t.slowest_index,
            "mean_ms": round(1000 * t.seconds / t.inputs, 2) if t.inputs else 0,
        }
        for name, t in tallies.items()
    }
    return {
        "seed": settings.seed,
        "inputs": sum(t.inputs for t in tallies.values()),
        "findings": sum(len(t.findings) for t in tallies.values()),
        "over_time_limit": sum(t.slow for t in tallies.values()),
        "time_limit_seconds": settings.slow,
        "memory_limit_mb": settings.memory_mb,
        "peak_worker_memory_mb": round(peak, 1),
        "slowest_seconds": round(max((t.slowest for t in tallies.values()), default=0), 3),
        "jobs": jobs,
        "wall_seconds": round(elapsed, 1),
        "machine": {"cpu_count": os.cpu_count(), "python": sys.version.split()[0]},
        "targets": per_target,
        "finding_details": [f for t in tallies.values() for f in t.findings],
    }


def save_findings(summary: dict[str, Any], folder: Path) -> list[Path]:
    """Each finding's input and what happened, as files to reproduce it from (the workers
    saved them as found; saved again here, they are the same files)."""
    return [save_finding(finding, folder) for finding in summary["finding_details"]]


def report(summary: dict[str, Any]) -> str:
    """The summary as a Markdown table (for docs/reliability.md)."""
    lines = [
        "| target | inputs | ok | refused | limit | findings | over 2 s | slowest | mean |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, row in summary["targets"].items():
        outcomes = row["outcomes"]
        lines.append(
            f"| {name} | {row['inputs']:,} | {outcomes.get('ok', 0):,} | "
            f"{outcomes.get('refused', 0):,} | {outcomes.get('limit', 0):,} | "
            f"{row['findings']} | {row['over_time_limit']} | {row['slowest_seconds']:.2f} s | "
            f"{row['mean_ms']:.1f} ms |"
        )
    lines.append(
        f"\n{summary['inputs']:,} inputs, seed {summary['seed']}, {summary['jobs']} processes, "
        f"{summary['wall_seconds'] / 60:.1f} min; peak memory of a worker "
        f"{summary['peak_worker_memory_mb']:.0f} MB (limit {summary['memory_limit_mb']} MB)."
    )
    if not summary.get("complete", True):
        lines.append(
            f"Stopped early: {summary['inputs']:,} of the {summary['planned_inputs']:,} "
            "inputs planned were run."
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m fuzz.run",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--inputs", type=int, default=100_000, help="inputs in all (default 100,000)"
    )
    parser.add_argument("--seed", type=int, default=1, help="campaign seed (default 1)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--target", action="append", choices=TARGET_NAMES, help="only these")
    parser.add_argument("--only", type=int, metavar="N", help="run only input N of each target")
    parser.add_argument("--slow", type=float, default=2.0, help="seconds that make a finding")
    parser.add_argument("--memory-mb", type=int, default=2048, help="a worker's memory limit")
    parser.add_argument("--json", metavar="FILE", help="write the summary as JSON")
    parser.add_argument(
        "--state",
        metavar="FILE",
        help="keep each finished chunk in FILE; run again with it to resume a stopped campaign",
    )
    parser.add_argument(
        "--findings",
        metavar="DIR",
        default="fuzz/findings",
        help="where findings are saved (default fuzz/findings)",
    )
    args = parser.parse_args(argv)
    findings = Path(args.findings)
    hard = max(30, int(args.slow * 10))
    settings = Settings(args.seed, args.slow, hard, args.memory_mb, findings)
    summary = campaign(
        args.inputs,
        args.seed,
        args.jobs,
        args.target,
        args.only,
        settings,
        progress=True,
        state=Path(args.state) if args.state else None,
    )
    saved = save_findings(summary, findings)
    print(report(summary))
    for path in saved:
        print(f"finding: {path}", file=sys.stderr)
    if args.json:
        data = {k: v for k, v in summary.items() if k != "finding_details"}
        Path(args.json).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    if summary["findings"]:
        return 1
    return 0 if summary["complete"] else 130


if __name__ == "__main__":
    sys.exit(main())
