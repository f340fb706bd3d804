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

from tablerules.dsl.reading import ReadError, describe_os_error, read_text
from tablerules.interpreter.simulate.plan import Plan
from tablerules.interpreter.simulate.tally import Tally

FORMAT = 1
MAX_BYTES = 64 * 1024 * 1024  # a checkpoint's sums take kilobytes; a file far larger is not one


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
    try:
        temporary.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        os.replace(temporary, target)
    except OSError as error:  # a full disk, a folder gone meanwhile
        reason = describe_os_error(error)
        raise CheckpointError(f"{path}: cannot save the checkpoint: {reason}") from None


def load(path: str | Path, plan: Plan) -> Progress | None:
    """The progress saved in `path` for this very simulation; None if there is no file.

    The file is read as any input is (`tablerules.dsl.reading`): a device, a pipe or a
    folder is refused before anything is read, and whatever it holds that is not this
    simulation's progress is an error that says so, never a wait or a traceback."""
    target = Path(path)
    if not os.path.lexists(target):
        return None
    try:
        data = json.loads(read_text(target, MAX_BYTES, "the checkpoint"))
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CheckpointError(f"{path}: not a simulation checkpoint of format {FORMAT}")
        if data.get("simulation") != plan.fingerprint():
            raise CheckpointError(
                f"{path} holds another simulation (rules, options, bots, seed or hands differ);"
                " remove it or name another file"
            )
        done = set(data["done"])
        if not done <= set(range(len(plan.shards()))):
            raise CheckpointError(f"{path}: names shards this simulation does not have")
        return Progress(done, Tally.from_json(data["tally"]))
    except CheckpointError:
        raise
    except ReadError as error:
        raise CheckpointError(f"{path}: {error}") from None
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as error:
        raise CheckpointError(f"{path}: unreadable checkpoint ({error})") from None
