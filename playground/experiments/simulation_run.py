"""A Statistics tab's simulation running in its own process (`simulation_worker`), watched
from the server: how far it has come, its outcome once it ends, or why it ended early.

The page keeps a `SimulationRun` in its session and reads it whenever it is drawn, so the
hands go on being played while the user is in another tab (the server's thread is free
for the page), a change in the sidebar does not drop the run, and a run that ends early
says why. Free of Streamlit, so it can be tested alone.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import IO, Any

from tablerules.interpreter.simulate import Plan, Tally, rows
from tablerules.playground.experiments.simulation import Outcome
from tablerules.playground.files.budget import MEMORY_MB, SIMULATION_CPU_SECONDS


@dataclass(frozen=True)
class SideRequest:
    """One side as the worker plays it: a rule file's path, the text standing for it
    (None: the file on disk), its option values, and its name in the figures."""

    name: str
    path: str
    text: str | None
    options: dict[str, str] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "path": self.path, "text": self.text, "options": self.options}


class SimulationRun:
    """One simulation in its worker process. `key` is what it was asked with (the page
    compares it with what the sidebar asks now); `what` says it in words; `paths` name
    its sides as the command that plays the same hands does."""

    def __init__(
        self,
        plan: Plan,
        sides: list[SideRequest],
        key: tuple[object, ...],
        what: str,
        paths: list[tuple[str, list[str]]] | None = None,
        seconds: float = SIMULATION_CPU_SECONDS,
    ) -> None:
        self.plan = plan
        self.key = key
        self.what = what
        self.paths = paths or []  # how a command names each side: its file, its options
        self.budget = seconds
        self.done = 0
        self.seconds = 0.0  # CPU seconds the worker has spent
        self.started = time.monotonic()
        self.outcome: Outcome | None = None
        self.error = ""
        self.cancelled = False
        request = {
            "sides": [side.as_json() for side in sides],
            "seed": plan.seed,
            "hands": plan.hands,
            "bots": plan.sides[0].bots[0],
        }
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tablerules.playground.experiments.simulation_worker",
                str(MEMORY_MB),
                str(seconds),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
            errors="surrogatepass",
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        try:
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.close()
        except OSError:
            pass  # the reader says how the process ended
        self.reader = threading.Thread(
            target=self._read, args=(self.process.stdout,), name="simulation", daemon=True
        )
        self.reader.start()

    @property
    def running(self) -> bool:
        return self.outcome is None and not self.error

    def _read(self, lines: IO[str]) -> None:
        for line in lines:
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if "done" in record:
                self.done, self.seconds = int(record["done"]), float(record["seconds"])
            elif "tally" in record:
                tally = Tally.from_json(record["tally"])
                self.outcome = Outcome(
                    self.plan, tally, rows(self.plan, tally), record["seconds"], record["stopped"]
                )
            elif "error" in record:
                self.error = str(record["error"])
        status = self.process.wait()
        if self.outcome is None and not self.error:
            self.error = self._why_ended(status)

    def _why_ended(self, status: int) -> str:
        if self.cancelled:
            return f"stopped at your request after {self.done:,} of {self.plan.hands:,} hands"
        if status == -signal.SIGXCPU:
            return f"stopped past {self.budget:.0f} s of computing, the playground's budget"
        return f"its process ended (exit status {status}) before the figures were ready"

    def stop(self) -> None:
        """End the run now (its figures are lost: a shard's sums are whole only at its end)."""
        if self.process.poll() is None:
            self.cancelled = True
            self.process.kill()

    def wait(self, seconds: float) -> bool:
        """Wait for the run to end, at most `seconds`; whether it has."""
        self.reader.join(seconds)
        return not self.reader.is_alive()
