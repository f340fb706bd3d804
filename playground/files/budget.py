"""Rule text typed or uploaded in the playground is tried in a worker process first.

The playground serves many users from one process, and a rule file is input from anyone. A
file within the limits checks quickly, but playing it can still take long (a deck of 256
card kinds dealt 40 cards a seat), and checking and playing run Python, which would hold the
server for everyone. So before the server touches a text it has not seen, a worker process
(`playground.files.trial`) checks it and plays one whole hand of it with greedy bots, under a
CPU-time and a memory budget (`RLIMIT_CPU`, `RLIMIT_AS`) and a wall-clock deadline. The
server waits on a pipe meanwhile — other users' pages go on — and then:

- the text is over budget: it is refused with a message saying which budget, the worker is
  stopped, and the last version that worked keeps running;
- it has errors: the worker's diagnostics are shown, nothing else is done with it;
- it checks and plays within budget: the server checks it itself (which the worker has just
  shown to be quick) and plays it.

Workers are started once and kept (at most one per core); every `extends` in the playground
may reach only the bundled rule files. Verdicts are kept by the text's digest, so a rerun or
another user with the same text does not wait again.

The trial plays one hand; other hands of the same text (another seed, other bots, a user at
a seat) are played by the server, and a file may make some hands far slower than others.
So every hand the server plays runs on a `HandClock`: all the CPU time the hand costs —
the deal, the bots' choices and the engine's work on every move, down to each evaluation
of a hand — is counted (this thread's alone, so a busy server does not count against it).
The clock is an `interpreter.deadline.Deadline`, which the engine checks at every decision
and inside every evaluation, so once `HAND_CPU_SECONDS` are spent the hand stops where it
is, with a message, instead of holding the server's thread. A simulation of many hands
(the Statistics tab) runs on a `CpuBudget` of `SIMULATION_CPU_SECONDS`, asked before every
move and checked by the engine inside each: past it, the hands played so far are what the
user sees.
"""

from __future__ import annotations

import hashlib
import json
import os
import select
import signal
import subprocess
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablerules.dsl.diagnostics import Diagnostic
from tablerules.dsl.limits import LIMIT_CODE
from tablerules.dsl.loading.bases import BUNDLED_ONLY
from tablerules.dsl.loading.bundled import bundled_files
from tablerules.dsl.loading.loader import Loaded
from tablerules.interpreter.api import CheckCache, Checked, check
from tablerules.interpreter.deadline import Deadline, within
from tablerules.playground.files.trial import OUT_OF_MEMORY
from tablerules.playground.words.page_messages import Said

CPU_SECONDS = 10  # to check a text and play one hand of it, in the worker
MEMORY_MB = 1024  # the worker's address space
WALL_SECONDS = 30  # a trial is stopped after this long whatever it is doing
STARTUP_SECONDS = 60  # a new worker's imports, on a busy machine
WORKERS = max(1, min(os.cpu_count() or 1, 4))
REMEMBERED = 256  # verdicts kept
HAND_CPU_SECONDS = 20.0  # all of one hand's work on the server's thread
SIMULATION_CPU_SECONDS = 90.0  # one simulation of the Statistics tab


@dataclass(frozen=True)
class Verdict:
    """What the trial found: `ok`, `errors` (with the diagnostics) or `over` (a budget
    ran out: `reason` says which)."""

    outcome: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    reason: str = ""


class _Worker:
    """One worker process, spoken to one JSON line at a time."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tablerules.playground.files.trial",
                str(MEMORY_MB),
                str(CPU_SECONDS),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
            errors="surrogatepass",
        )
        self.fresh = True

    def ask(self, request: dict[str, Any], seconds: float) -> dict[str, Any] | None:
        """The verdict, or None when the worker died or ran past `seconds`."""
        assert self.process.stdin is not None and self.process.stdout is not None
        try:
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
            ready, _, _ = select.select([self.process.stdout], [], [], seconds)
            line = self.process.stdout.readline() if ready else ""
        except (OSError, ValueError):
            return None
        self.fresh = False
        return json.loads(line) if line else None

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()


class _Pool:
    """Idle workers, and how many exist; a trial takes one or starts one."""

    def __init__(self) -> None:
        self.idle: list[_Worker] = []
        self.count = 0
        self.lock = threading.Condition()

    def take(self) -> _Worker:
        with self.lock:
            while not self.idle and self.count >= WORKERS:
                self.lock.wait()
            if self.idle:
                return self.idle.pop()
            self.count += 1
        return _Worker()

    def give_back(self, worker: _Worker, healthy: bool) -> None:
        if not healthy:
            worker.stop()
        with self.lock:
            if healthy:
                self.idle.append(worker)
            else:
                self.count -= 1
            self.lock.notify()


_pool = _Pool()
_verdicts: OrderedDict[str, Verdict] = OrderedDict()
_verdicts_lock = threading.Lock()


def _trusted(path: Path, text: str) -> bool:
    """A bundled file's own text needs no trial."""
    for bundled in bundled_files():
        if bundled == path and bundled.read_text(encoding="utf-8") == text:
            return True
    return False


def try_in_worker(path: Path, text: str, options: dict[str, str]) -> Verdict:
    """Run the trial in a worker and wait for its verdict (or stop it)."""
    worker = _pool.take()
    seconds = WALL_SECONDS + (STARTUP_SECONDS if worker.fresh else 0)
    answer = worker.ask({"path": str(path), "text": text, "options": options}, seconds)
    ended = _ended(worker)  # read before an unhealthy worker is stopped
    healthy = answer is not None and answer.get("outcome") != "over"
    _pool.give_back(worker, healthy)
    if answer is None:
        return Verdict("over", reason=_why_stopped(ended))
    if answer["outcome"] == "over":
        return Verdict("over", reason=f"needs more than {MEMORY_MB} MB of memory")
    diagnostics = [_diagnostic(d) for d in answer.get("diagnostics", [])]
    return Verdict(answer["outcome"], diagnostics)


def _ended(worker: _Worker) -> int | None:
    """The worker's exit status, None while it runs. A worker whose output has closed is
    ending: its status is waited for briefly, or a worker that died at once would be read
    as one still running past the deadline."""
    stdout = worker.process.stdout
    closed = stdout is not None and select.select([stdout], [], [], 0)[0] != []
    if closed and worker.process.poll() is None:
        try:
            return worker.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return None
    return worker.process.poll()


def _why_stopped(status: int | None) -> str:
    """Why a worker gave no verdict, from its exit status: still running when the deadline
    passed (None), stopped by the kernel at its CPU budget (SIGXCPU), or ended otherwise."""
    if status is None:
        return f"took longer than {WALL_SECONDS} s"
    if status == -signal.SIGXCPU:
        return f"needs more than {CPU_SECONDS} s of computing"
    if status == OUT_OF_MEMORY:
        return f"needs more than {MEMORY_MB} MB of memory"
    return f"ended its worker process (exit status {status}) before it gave a verdict"


def _diagnostic(data: dict[str, Any]) -> Diagnostic:
    return Diagnostic(
        file=data["file"],
        line=data["line"],
        column=data["column"],
        code=data["code"],
        message=data["message"],
        severity=data["severity"],
        hint=data["hint"],
        source_line=data["source_line"],
    )


def verdict(path: Path, text: str, options: dict[str, str]) -> Verdict:
    """The trial's verdict for this text, remembered by its digest."""
    parts = [str(path), text, *sorted(f"{k}={v}" for k, v in options.items())]
    key = hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()
    with _verdicts_lock:
        found = _verdicts.get(key)
    if found is None:
        found = try_in_worker(path, text, options)
        with _verdicts_lock:
            _verdicts[key] = found
            while len(_verdicts) > REMEMBERED:
                _verdicts.popitem(last=False)
    return found


def checked_within_budget(
    path: Path,
    text: str,
    options: dict[str, str] | None = None,
    checks: CheckCache | None = None,
) -> Checked:
    """`check` for the playground: a text not yet seen is tried in a worker first; one that
    runs out of budget, or has errors, comes back as diagnostics without being compiled here.
    With `checks`, a text that passed is parsed there once for all its option values."""
    options = dict(options or {})
    if not _trusted(path, text):
        found = verdict(path, text, options)
        if found.outcome != "ok":
            diagnostics = found.diagnostics or [_over_budget(path, found.reason)]
            return Checked(Loaded(str(path), None, diagnostics), None, diagnostics)
    if checks is not None:
        return checks.check(path, text=text, options=options, policy=BUNDLED_ONLY)
    return check(path, text=text, options=options, policy=BUNDLED_ONLY)


def _over_budget(path: Path, reason: str) -> Diagnostic:
    return Diagnostic(
        file=str(path),
        line=1,
        column=1,
        code=LIMIT_CODE,
        message=f"the playground stopped these rules: checking them and playing a hand {reason}",
        hint="make the deck, the deal or the groups smaller; `tablerules play` on your own "
        "machine has no such budget",
    )


# ── hands the server plays ─────────────────────────────────────────
class OverBudget(RuntimeError):
    """A hand has used up its time; `said` tells the user so, in the page's language."""

    def __init__(self, seconds: float) -> None:
        self.said = Said("hand.over_budget", {"seconds": f"{seconds:g}"})
        super().__init__(str(self.said))


class HandClock:
    """The CPU seconds one hand has cost the server's thread, whatever did the work: the
    deal, the bots' choices, the engine's moves and evaluations."""

    def __init__(
        self, seconds: float | None = None, clock: Callable[[], float] = time.thread_time
    ) -> None:
        self.seconds = HAND_CPU_SECONDS if seconds is None else seconds
        self.clock = clock
        self.spent = 0.0

    @contextmanager
    def running(self) -> Iterator[None]:
        """Count the body's work on this clock; once the hand's seconds are spent, the
        engine stops it wherever it is (at a decision or inside an evaluation) with
        `OverBudget`."""
        started = self.clock()
        try:
            with within(Deadline(self.seconds - self.spent, self.clock, self._over)):
                yield
        finally:
            self.spent += self.clock() - started

    def _over(self, _detail: str) -> OverBudget:
        return OverBudget(self.seconds)


class CpuBudget:
    """The CPU seconds this thread may spend on one long piece of work (a simulation):
    `exhausted()` turns true once they are spent. Only this thread's time counts, so other
    users' work on the server does not eat into it."""

    def __init__(
        self, seconds: float | None = None, clock: Callable[[], float] = time.thread_time
    ) -> None:
        self.seconds = SIMULATION_CPU_SECONDS if seconds is None else seconds
        self.clock = clock
        self.started = clock()

    @property
    def spent(self) -> float:
        return self.clock() - self.started

    def exhausted(self) -> bool:
        return self.spent > self.seconds

    def deadline(self, error: Callable[[str], Exception]) -> Deadline:
        """What is left of the budget, as a deadline the engine checks inside its work
        (`interpreter.deadline`): past it, `error` is raised wherever the work is."""
        return Deadline(self.seconds - self.spent, self.clock, error)
