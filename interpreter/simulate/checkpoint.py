"""A simulation's progress on disk, so an interrupted run goes on where it stopped.

The file holds the simulation's fingerprint, the shards already played and their sums.
Resuming plays only the other shards; since the sums are exact integers, the result is
identical to an uninterrupted run. The file is replaced whole on every save.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from tablerules.interpreter.simulate.plan import Plan
from tablerules.interpreter.simulate.tally import Tally

FORMAT = 1


class CheckpointError(ValueError):
    """The file cannot be resumed from: the message says why."""


@dataclass
class Progress:
    done: set[int]  # indices of the shards whose hands are in `tally`
    tally: Tally


def save(path: str | Path, plan: Plan, progress: Progress) -> None:
    data = {
        "format": FORMAT,
        "simulation": plan.fingerprint(),
        "hands": plan.hands,
        "seed": plan.seed,
        "done": sorted(progress.done),
        "tally": progress.tally.to_json(),
    }
    target = Path(path)
    temporary = target.with_name(target.name + ".tmp")
    temporary.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    os.replace(temporary, target)


def load(path: str | Path, plan: Plan) -> Progress | None:
    """The progress saved in `path` for this very simulation; None if there is no file."""
    target = Path(path)
    if not target.exists():
        return None
    try:
        data = json.loads(target.read_text(encoding="utf-8"))
        if data.get("format") != FORMAT:
            raise CheckpointError(f"{path}: not a simulation checkpoint of format {FORMAT}")
        if data.get("simulation") != plan.fingerprint():
            raise CheckpointError(
                f"{path} holds another simulation (rules, options, bots, seed or hands differ);"
                " remove it or name another file"
            )
        return Progress(set(data["done"]), Tally.from_json(data["tally"]))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError) as error:
        raise CheckpointError(f"{path}: unreadable checkpoint ({error})") from None
