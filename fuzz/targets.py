"""The fuzz targets: one input in, one outcome out, through the same code a user reaches.

- `rules`: a rule file's bytes: read and checked as `tablerules check` does (through a file
  now and then, so reading is fuzzed too); when it checks, compiled, a dealt hand evaluated
  and one hand played to the end by random bots.
- `notation`: card text for `tablerules evaluate --hand/--table/--win-card` on a bundled game.
- `hands`: a hands file for `tablerules evaluate --hands-file`.
- `replay`: a play log for `tablerules replay`.
- `play`: a rule file that reaches scoring (`fuzz.scoring`), played with random and greedy
  bots, settlement included, and its hands evaluated and settled (`fuzz.play_targets`).
- `outputs`: the same files' `simulate --csv/--json` and `evaluate --json`, parsed
  (`fuzz.output_targets`).
- `scenarios`: a scenario file for `tablerules test` (`fuzz.file_targets`).
- `checkpoints`: a simulation's checkpoint, altered, for `simulate --checkpoint` to resume.
- `api`: `Game.evaluate`, `evaluate_text`, `Table` and its methods called as an embedder
  might, one argument spoilt (`fuzz.api_target`).

An outcome is `ok`, `refused` (located diagnostics or an error message) or `limit` (the
input hit a documented limit). Anything else — an exception, `internal error`, a diagnostic
without a place, an output that does not parse — escapes as an exception: that is a
finding.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tablerules.dsl.limits import LIMIT_CODE, MAX_RULE_BYTES
from tablerules.dsl.reading import ReadError, decode
from tablerules.interpreter.api import check
from tablerules.interpreter.bots.players import RandomBot
from tablerules.interpreter.engine import Table

from fuzz.api_target import api
from fuzz.file_targets import checkpoints, scenarios
from fuzz.harness import RULES_PATH, Finding, cli, scratch, validate
from fuzz.output_targets import outputs
from fuzz.play_targets import play

MAX_STEPS = 3_000  # choices in one fuzzed hand; a hand still going after them is a finding
GAMES = ("paomazai", "paohuzi")


def rules(data: bytes, seed: int) -> str:
    """Check a rule file; when it checks, play a hand of it."""
    rng = random.Random(seed)
    if rng.random() < 0.1:
        path = scratch() / "input.rules"
        path.write_bytes(data)
        cli("check", str(path))
    try:
        text = decode(data[: MAX_RULE_BYTES * 2])
    except ReadError:
        return "refused"
    checked = check(RULES_PATH, text=text)
    validate(checked, text)
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
    return "ok" if cli(*argv) == 0 else "refused"


def hands(data: bytes, seed: int) -> str:
    """A hands file for `evaluate --hands-file`."""
    path = scratch() / "hands.txt"
    path.write_bytes(data)
    return (
        "ok"
        if cli("evaluate", GAMES[seed % len(GAMES)], "--hands-file", str(path)) == 0
        else ("refused")
    )


def replay(data: bytes, seed: int) -> str:
    """A play log for `replay`."""
    path = scratch() / "log.jsonl"
    path.write_bytes(data)
    flag = random.Random(seed).choice(["--quiet", "--json", "--quiet"])
    return "ok" if cli("replay", str(path), flag) == 0 else "refused"


TARGETS: dict[str, Callable[[bytes, int], str]] = {
    "rules": rules,
    "notation": notation,
    "hands": hands,
    "replay": replay,
    "play": play,
    "scenarios": scenarios,
    "checkpoints": checkpoints,
    "outputs": outputs,
    "api": api,
}
