"""What a fuzzing campaign keeps while it runs, so that a stopped one loses nothing: each
finding written to its folder the moment it is found, a progress line at a steady pace,
and a state file of the chunks finished, from which a stopped campaign resumes.

The state file is JSON lines: a first line naming the campaign (seed, inputs, targets,
time limit), then one line per finished chunk with what it found. A line cut short by a
stop is ignored (its chunk is run again).
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

PROGRESS_SECONDS = 30.0  # at most this long between two progress lines


def save_finding(finding: dict[str, Any], folder: Path) -> Path:
    """A finding's input and what happened, as two files to reproduce it from
    (`TARGET-INDEX-DIGEST.input` and `.txt`); the path of the input."""
    data = bytes.fromhex(finding["input"])
    digest = hashlib.sha256(data).hexdigest()[:12]
    folder.mkdir(parents=True, exist_ok=True)
    stem = folder / f"{finding['target']}-{finding['index']}-{digest}"
    stem.with_suffix(".input").write_bytes(data)
    stem.with_suffix(".txt").write_text(
        f"target {finding['target']}, input {finding['index']}: {finding['kind']}\n"
        f"{finding['problem']}\n",
        encoding="utf-8",
    )
    return stem.with_suffix(".input")


class Progress:
    """A line on stderr at least every `every` seconds: inputs done, rate, findings so
    far, time elapsed and an estimate of the time left (from this sitting's rate)."""

    def __init__(self, total: int, resumed: int, every: float = PROGRESS_SECONDS) -> None:
        self.total = total
        self.resumed = resumed  # inputs done in an earlier sitting
        self.every = every
        self.started = time.monotonic()
        self.last = self.started

    def due(self) -> bool:
        return time.monotonic() - self.last >= self.every

    def show(self, done: int, findings: int) -> None:
        now = time.monotonic()
        self.last = now
        elapsed = now - self.started
        rate = (done - self.resumed) / max(elapsed, 1e-9)
        left = (self.total - done) / rate if rate > 0 else 0.0
        print(
            f"fuzz: {done:,}/{self.total:,} inputs · {rate:,.1f}/s · {findings} findings · "
            f"{_minutes(elapsed)} elapsed · about {_minutes(left)} left",
            file=sys.stderr,
            flush=True,
        )


def _minutes(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.0f} s"
    return f"{seconds / 60:.1f} min"


class State:
    """The chunks a campaign has finished, kept in a file as they finish."""

    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        self.path = path
        self.header = header

    def load(self) -> dict[tuple[str, int], dict[str, Any]]:
        """The chunks finished in earlier sittings, by (target, first input); none when
        the file is new. A file of another campaign is refused in one line."""
        if not self.path.exists():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps({"campaign": self.header}) + "\n", encoding="utf-8")
            return {}
        text = self.path.read_text(encoding="utf-8")
        if text and not text.endswith("\n"):  # a line cut short: the next one starts anew
            with self.path.open("a", encoding="utf-8") as file:
                file.write("\n")
        lines = text.splitlines()
        first = _parsed(lines[0]) if lines else None
        if first is None or first.get("campaign") != self.header:
            raise SystemExit(
                f"fuzz: {self.path} is the state of another campaign "
                f"({first.get('campaign') if first else 'unreadable'}); "
                "give the same options or another --state file"
            )
        done: dict[tuple[str, int], dict[str, Any]] = {}
        for line in lines[1:]:
            chunk = _parsed(line)
            if chunk is not None and "target" in chunk:
                done[(chunk["target"], chunk["first"])] = chunk
        return done

    def add(self, target: str, first: int, tally: dict[str, Any], peak: float) -> None:
        """One finished chunk, appended and flushed at once."""
        line = json.dumps({"target": target, "first": first, "tally": tally, "peak": peak})
        with self.path.open("a", encoding="utf-8") as file:
            file.write(line + "\n")


def _parsed(line: str) -> dict[str, Any] | None:
    try:
        value = json.loads(line)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None
