"""A progress bar on stderr for long runs: done, hands per second, time left.

Drawn only when stderr is a terminal (a pipe or a file gets nothing), redrawn at most a
few times a second, and wiped when the run ends so the results start on a clean line.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

REDRAW_SECONDS = 0.2
BAR = 24


def duration(seconds: float) -> str:
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


class ProgressBar:
    def __init__(self, total: int, done: int = 0, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.total = total
        self.first = done  # hands done before this run (a resumed checkpoint)
        self.done = done
        self.started = time.monotonic()
        self.drawn = 0.0
        self.shown = self.stream.isatty()

    def line(self, now: float) -> str:
        share = self.done / self.total if self.total else 1.0
        filled = int(share * BAR)
        bar = "█" * filled + "░" * (BAR - filled)
        text = f"{bar} {share:4.0%}  {self.done:,}/{self.total:,} hands"
        elapsed = now - self.started
        new = self.done - self.first
        if new > 0 and elapsed > 0:
            rate = new / elapsed
            left = (self.total - self.done) / rate
            text += f"  {rate:,.0f} hands/s  {duration(left)} left"
        return text

    def update(self, done: int) -> None:
        self.done = done
        now = time.monotonic()
        if self.shown and now - self.drawn >= REDRAW_SECONDS:
            self.drawn = now
            self.stream.write("\r\x1b[2K" + self.line(now))
            self.stream.flush()

    def close(self) -> None:
        if self.shown and self.drawn:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()
