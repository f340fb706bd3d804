"""A bound on the CPU time of one piece of work, checked inside the engine's long loops.

A caller that runs rules it does not trust on a thread it must get back (a server playing
hands for its users) sets a `Deadline` around the work with `within`. The engine calls
`check()` at every decision it takes and inside every evaluation that may take long (each
judging of a hand's splits, each step of their enumeration, each split listed and each
count of them made), and the bots check it as they measure hands (each sub-hand a distance
solves, each table of signatures combined); past the deadline `check()` raises the
deadline's error from wherever the work is, so no step can run on unbounded.
Without a deadline on the thread (the command line, the library) `check()` costs one test
of an empty dict.

Only the thread's own CPU time counts (`time.thread_time`), so other threads' work does
not eat into it. Work cut off leaves the object it was working on half changed: the
caller throws it away (or rebuilds it) rather than using it on.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager


class OutOfTime(RuntimeError):
    """The work went past its deadline."""


class Deadline:
    """At most `seconds` of `clock` (this thread's CPU seconds) from now; `check()` raises
    `error` past them."""

    def __init__(
        self,
        seconds: float,
        clock: Callable[[], float] = time.thread_time,
        error: Callable[[str], Exception] = OutOfTime,
    ) -> None:
        self.seconds = seconds
        self.clock = clock
        self.error = error
        self.started = clock()

    @property
    def spent(self) -> float:
        return self.clock() - self.started

    def check(self) -> None:
        spent = self.spent
        if spent > self.seconds:
            raise self.error(f"{spent:.1f} s spent, past the deadline of {self.seconds:g} s")


_running: dict[int, Deadline] = {}  # each thread's deadline, while it has one


@contextmanager
def within(deadline: Deadline) -> Iterator[Deadline]:
    """Run the body under `deadline` (on this thread; an outer deadline waits meanwhile)."""
    thread = threading.get_ident()
    outer = _running.get(thread)
    _running[thread] = deadline
    try:
        yield deadline
    finally:
        if outer is None:
            del _running[thread]
        else:
            _running[thread] = outer


def check() -> None:
    """Raise the error of this thread's deadline if it has passed; nothing without one."""
    if _running:
        deadline = _running.get(threading.get_ident())
        if deadline is not None:
            deadline.check()
