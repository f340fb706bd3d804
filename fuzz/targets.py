"""The fuzz targets: one input in, one outcome out, through the same code a user reaches.

- `rules`: a rule file's bytes: read and checked as `tablerules check` does (through a file
  now and then, so reading is fuzzed too); when it checks, compiled, a dealt hand evaluated
  and one hand played to the end by random bots.
- `notation`: card text for `tablerules evaluate --hand/--table/--win-card` on a bundled game.
- `hands`: a hands file for `tablerules evaluate --hands-file`.
- `replay`: a play log for `tablerules replay`.

An outcome is `ok`, `refused` (located diagnostics or an error message) or `limit` (the
input hit a documented limit). Anything else — an exception, `internal error`, a diagnostic
without a place — escapes as an exception: that is a finding.
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tablerules.cli.common as common
import tablerules.cli.replay as replay_cli
from tablerules.cli.main import main
from tablerules.dsl.limits import LIMIT_CODE, MAX_RULE_BYTES
from tablerules.dsl.reading import ReadError, decode
from tablerules.interpreter.api import Checked, check
from tablerules.interpreter.bots import RandomBot
from tablerules.interpreter.engine import Table

from fuzz.corpus import EXAMPLES, NEGATIVE

os.environ["TABLERULES_DEBUG"] = "1"  # an internal error raises instead of being reported


@functools.lru_cache(maxsize=32)
def _checked(
    path: Path, text: str | None, options: tuple[tuple[str, str], ...], policy: Any, display: Any
) -> Checked:
    return check(path, text=text, options=dict(options), policy=policy, display=display)


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
    (the rule files themselves are the `rules` target)."""
    return _checked(Path(path), text, tuple(sorted((options or {}).items())), policy, display)


common.check = _cached_check  # what `evaluate` and the other commands load rule files with
replay_cli.check = _cached_check

MAX_STEPS = 3_000  # choices in one fuzzed hand; a hand still going after them is a finding
GAMES = ("paomazai", "paohuzi")


class Finding(AssertionError):
    """The tool misbehaved without raising: a diagnostic with no place, a stuck hand."""


def _scratch() -> Path:
    folder = Path(tempfile.gettempdir()) / f"tablerules-fuzz-{os.getpid()}"
    folder.mkdir(exist_ok=True)
    return folder


def _cli(*argv: str) -> int:
    """Run the command in this process, its output discarded; `SystemExit` (a usage error
    from argparse) counts as its status."""
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        try:
            status = main(list(argv))
        except SystemExit as stop:
            status = stop.code if isinstance(stop.code, int) else 2
    if "internal error" in sink.getvalue():
        raise Finding(sink.getvalue()[-2000:])
    return status


def _validate(checked: Checked, text: str) -> None:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").count("\n") + 1
    for diagnostic in checked.diagnostics:
        rendered = diagnostic.render()
        if diagnostic.file == "--option":
            continue
        if diagnostic.line < 1 or diagnostic.column < 1:
            raise Finding(f"a diagnostic without a place: {rendered}")
        if diagnostic.file == str(RULES_PATH) and diagnostic.line > lines + 1:
            raise Finding(f"a diagnostic past the end of the file: {rendered}")


def _workshop() -> Path:
    """A folder holding the documentation's example rule files, where fuzzed rule files are
    checked: their `extends "minimal.rules"` finds Pebbles, and bundled files go by name."""
    folder = _scratch() / "workshop"
    folder.mkdir(exist_ok=True)
    for example in [*EXAMPLES.glob("*.rules"), *NEGATIVE.glob("*.rules")]:
        (folder / example.name).write_bytes(example.read_bytes())
    return folder


RULES_PATH = _workshop() / "fuzzed.rules"


def rules(data: bytes, seed: int) -> str:
    """Check a rule file; when it checks, play a hand of it."""
    rng = random.Random(seed)
    if rng.random() < 0.1:
        path = _scratch() / "input.rules"
        path.write_bytes(data)
        _cli("check", str(path))
    try:
        text = decode(data[: MAX_RULE_BYTES * 2])
    except ReadError:
        return "refused"
    checked = check(RULES_PATH, text=text)
    _validate(checked, text)
    if not checked.ok or checked.game is None:
        return "limit" if any(d.code == LIMIT_CODE for d in checked.errors) else "refused"
    table = Table(checked.game, seed=seed)
    counts = table.state.seats[0].hand  # copies held of each card kind
    checked.game.evaluate([card for card, held in enumerate(counts) for _ in range(held)])
    bots = [RandomBot(seed + s) for s in range(table.play.seats)]
    for _ in range(MAX_STEPS):
        if table.finished:
            return "ok"
        waiting = table.waiting_for()
        if not waiting:
            raise Finding("a hand that is not over, with no seat asked to act")
        table.apply(bots[waiting[0]].choose(table, waiting[0]))
    raise Finding(f"a hand still going after {MAX_STEPS} choices")


def notation(data: bytes, seed: int) -> str:
    """Card text as `evaluate --hand/--table/--win-card/--from` read it."""
    text = data.decode("utf-8", "replace")
    rng = random.Random(seed)
    parts = text.split("|")
    argv = ["evaluate", GAMES[seed % len(GAMES)], f"--hand={parts[0]}"]
    if len(parts) > 1:
        argv.append(f"--table={parts[1]}")
    if len(parts) > 2 and parts[2].strip():
        argv.append(f"--win-card={parts[2].strip()}")
        argv.append(f"--from={rng.choice(['self', 'discard', 'draw'])}")
    if rng.random() < 0.3:
        argv.append("--json")
    return "ok" if _cli(*argv) == 0 else "refused"


def hands(data: bytes, seed: int) -> str:
    """A hands file for `evaluate --hands-file`."""
    path = _scratch() / "hands.txt"
    path.write_bytes(data)
    return (
        "ok"
        if _cli("evaluate", GAMES[seed % len(GAMES)], "--hands-file", str(path)) == 0
        else ("refused")
    )


def replay(data: bytes, seed: int) -> str:
    """A play log for `replay`."""
    path = _scratch() / "log.jsonl"
    path.write_bytes(data)
    flag = random.Random(seed).choice(["--quiet", "--json", "--quiet"])
    return "ok" if _cli("replay", str(path), flag) == 0 else "refused"


TARGETS: dict[str, Callable[[bytes, int], str]] = {
    "rules": rules,
    "notation": notation,
    "hands": hands,
    "replay": replay,
}
