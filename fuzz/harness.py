"""What every fuzz target shares: the command run in this process with its output caught,
a scratch folder of the worker's own, the folder fuzzed rule files are checked in, and
what counts as a finding when nothing raised.

Importing it sets `TABLERULES_DEBUG`, so an internal error raises (and is a finding)
instead of being reported, and makes the commands check a rule file once per worker.
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tablerules.cli.common as common
import tablerules.cli.replay as replay_cli
from tablerules.cli.main import main
from tablerules.interpreter.api import Checked, check

from fuzz.corpus import EXAMPLES, NEGATIVE

os.environ["TABLERULES_DEBUG"] = "1"  # an internal error raises instead of being reported


@functools.lru_cache(maxsize=32)
def _checked(
    path: Path,
    content: str | bytes | None,
    options: tuple[tuple[str, str], ...],
    policy: Any,
    display: Any,
) -> Checked:
    text = content if isinstance(content, str) else None
    return check(path, text=text, options=dict(options), policy=policy, display=display)


def _file_bytes(path: Path) -> bytes | None:
    try:
        return path.read_bytes() if path.is_file() else None
    except OSError:
        return None


def _cached_check(
    path: str | Path,
    text: str | None = None,
    options: dict[str, str] | None = None,
    policy: Any = None,
    display: Any = None,
    reuse: bool = False,
) -> Checked:
    """`check`, remembered in memory (never in the user's cache, whatever `reuse` says):
    the command is fuzzed, not the loading of the same bundled file thousands of times
    (the rule files themselves are the `rules` target). A file is remembered by its path
    and its bytes, so a file written again at the same path is checked again (a base it
    extends is not looked at: a target that rewrites bases gives each a path of its own)."""
    content = text if text is not None else _file_bytes(Path(path))
    options_key = tuple(sorted((options or {}).items()))
    return _checked(Path(path), content, options_key, policy, display)


common.check = _cached_check  # what `evaluate` and the other commands load rule files with
replay_cli.check = _cached_check


class Finding(AssertionError):
    """The tool misbehaved without raising: a diagnostic with no place, a stuck hand, an
    output that does not parse, a refusal of more than one line."""


@dataclass(frozen=True)
class Run:
    """What the command did: its status and what it wrote to each stream."""

    status: int
    stdout: str
    stderr: str


def scratch() -> Path:
    folder = Path(tempfile.gettempdir()) / f"tablerules-fuzz-{os.getpid()}"
    folder.mkdir(exist_ok=True)
    return folder


def run_cli(*argv: str) -> Run:
    """Run the command in this process; `SystemExit` (a usage error from argparse) counts
    as its status. `internal error` in its output is a finding."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(argv))
        except SystemExit as stop:
            status = stop.code if isinstance(stop.code, int) else 2
    run = Run(status, out.getvalue(), err.getvalue())
    if "internal error" in run.stdout + run.stderr:
        raise Finding((run.stdout + run.stderr)[-2000:])
    return run


def cli(*argv: str) -> int:
    """`run_cli`'s status alone."""
    return run_cli(*argv).status


def one_line_refusal(run: Run) -> None:
    """A refusal is status 1 and one line on standard error, saying `error:` (after any
    `warning:` lines the command gave before it found what it refuses)."""
    lines = [line for line in run.stderr.split("\n") if line.strip()]
    lines = [line for line in lines if not line.startswith("warning:")]
    if run.status != 1 or len(lines) != 1 or not lines[0].startswith("error:"):
        raise Finding(f"not a one-line refusal (status {run.status}): {run.stderr[-1500:]!r}")


def _workshop() -> Path:
    """A folder holding the documentation's example rule files, where fuzzed rule files are
    checked: their `extends "minimal.rules"` finds Pebbles, and bundled files go by name."""
    folder = scratch() / "workshop"
    folder.mkdir(exist_ok=True)
    for example in [*EXAMPLES.glob("*.rules"), *NEGATIVE.glob("*.rules")]:
        (folder / example.name).write_bytes(example.read_bytes())
    return folder


WORKSHOP = _workshop()
RULES_PATH = WORKSHOP / "fuzzed.rules"


def validate(checked: Checked, text: str, path: Path = RULES_PATH) -> None:
    """Every diagnostic has a place within the file."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").count("\n") + 1
    for diagnostic in checked.diagnostics:
        rendered = diagnostic.render()
        if diagnostic.file == "--option":
            continue
        if diagnostic.line < 1 or diagnostic.column < 1:
            raise Finding(f"a diagnostic without a place: {rendered}")
        if diagnostic.file == str(path) and diagnostic.line > lines + 1:
            raise Finding(f"a diagnostic past the end of the file: {rendered}")
