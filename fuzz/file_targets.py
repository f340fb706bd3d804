"""The targets for files the commands read besides rule files: scenario files for
`tablerules test`, and a simulation's checkpoint for `simulate --checkpoint`.

- `scenarios`: the file is run by `tablerules test` (half the time with `--json`, whose
  every line must be JSON). A pass or a failure with its reasons is fine; an exception or
  an internal error is a finding.
- `checkpoints`: the file is put where a small simulation (`fuzz.checkpoints`) keeps its
  progress, and the simulation is run again. It must either be refused in one line
  (status 1, `error: …`), or resumed to the very statistics of the whole run. A file whose
  digest was made again over altered content cannot be told from a real one by its digest:
  then the run must still end complete, with exactly its planned hands, and status 0.
  The rule file is named by its bundled name, its path or a relative path: the
  simulation's own checkpoint must resume whatever the spelling.
  Anything else — a traceback, status 130 with no signal, "850 of 600 hands", statistics
  that differ — is a finding.
"""

from __future__ import annotations

import json
from typing import Any

from fuzz.checkpoints import CONFIGS, comparable, digest_holds, genuine, reference
from fuzz.harness import Finding, one_line_refusal, run_cli, scratch


def scenarios(data: bytes, seed: int) -> str:
    path = scratch() / "scenario.json"
    path.write_bytes(data)
    as_json = seed % 2 == 0
    run = run_cli("test", str(path), *(["--json"] if as_json else []))
    if run.status not in (0, 1):
        raise Finding(f"tablerules test: status {run.status}: {run.stderr[-1500:]}")
    if as_json:
        for line in filter(None, run.stdout.split("\n")):  # JSON may hold U+2028
            try:
                json.loads(line)
            except ValueError:
                problem = f"test --json wrote a line that is not JSON: {line[:300]!r}"
                raise Finding(problem) from None
    return "ok" if run.status == 0 else "refused"


def _parsed(data: bytes) -> Any:
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None


def _same(one: Any, other: Any) -> bool:
    """The same JSON, types included (in Python 1 == 1.0 == True)."""
    return json.dumps(one, sort_keys=True) == json.dumps(other, sort_keys=True)


def checkpoints(data: bytes, seed: int) -> str:
    index = seed % len(CONFIGS)
    folder = scratch()
    saved, out = folder / "checkpoint.json", folder / "statistics.json"
    saved.write_bytes(data)
    out.unlink(missing_ok=True)
    run = run_cli(*CONFIGS[index].argv(saved, out, spelling=seed // len(CONFIGS) % 3))
    content = _parsed(data)
    real = any(_same(content, json.loads(text)) for text in genuine(index))
    if run.status == 1:
        one_line_refusal(run)
        if real:
            raise Finding(f"this simulation's own checkpoint refused: {run.stderr.strip()}")
        return "refused"
    if run.status != 0:
        raise Finding(f"resuming: status {run.status}: {run.stderr[-1500:]!r}")
    statistics = comparable(json.loads(out.read_text(encoding="utf-8")))
    expected = comparable(reference(index))
    if real or not digest_holds(content):
        if statistics != expected:
            raise Finding("a checkpoint resumed to statistics other than the whole run's")
        return "ok"
    planned = expected["planned_hands"]
    if (statistics["hands"], statistics["planned_hands"], statistics["complete"]) != (
        planned,
        planned,
        True,
    ):
        raise Finding(f"a forged checkpoint gives {statistics['hands']} of {planned} hands")
    return "ok"
