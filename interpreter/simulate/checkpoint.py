"""A simulation's progress on disk, so an interrupted run goes on where it stopped.

The file holds the simulation's fingerprint, the shards already played, their sums, and a
digest over all of that: a file edited by hand, cut short or copied from another run does
not match it. Resuming plays only the other shards; since the sums are exact integers, the
result is identical to an uninterrupted run. The file is replaced whole on every save.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from tablerules.dsl.reading import ReadError, describe_os_error, read_text
from tablerules.interpreter.simulate.checkpoint_check import (
    CheckpointError,
    Progress,
    check_progress,
)
from tablerules.interpreter.simulate.plan import Plan

FORMAT = 2  # 2: the rules identified by their content, and a digest over the content
MAX_BYTES = 64 * 1024 * 1024  # a checkpoint's sums take kilobytes; a file far larger is not one
SIGNED = ("format", "simulation", "hands", "seed", "done", "tally")  # what the digest covers

__all__ = ["FORMAT", "CheckpointError", "Progress", "digest", "load", "save"]


def digest(data: dict[str, Any]) -> str:
    """The hash binding a checkpoint's content to its simulation's fingerprint."""
    signed = {name: data.get(name) for name in SIGNED}
    text = json.dumps(signed, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(f"tablerules checkpoint\n{text}".encode()).hexdigest()


def save(path: str | Path, plan: Plan, progress: Progress) -> None:
    data: dict[str, Any] = {
        "format": FORMAT,
        "simulation": plan.fingerprint(),
        "hands": plan.hands,
        "seed": plan.seed,
        "done": sorted(progress.done),
        "tally": progress.tally.to_json(),
    }
    data["digest"] = digest(data)
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
    simulation's progress, as it was saved, is an error that says so in one line, never a
    wait or a traceback."""
    target = Path(path)
    if not os.path.lexists(target):
        return None
    try:
        data = json.loads(read_text(target, MAX_BYTES, "the checkpoint"))
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CheckpointError(
                f"{path}: not a simulation checkpoint of format {FORMAT}"
                " (one of an earlier version cannot be resumed); remove it or name another file"
            )
        if data.get("simulation") != plan.fingerprint():
            raise CheckpointError(
                f"{path} holds another simulation (rules, options, bots, seed or hands differ);"
                " remove it or name another file"
            )
        try:
            progress = check_progress(data.get("done"), data.get("tally"), plan)
        except CheckpointError as error:
            raise CheckpointError(f"{path}: {error}") from None
        if data.get("digest") != digest(data):
            raise CheckpointError(
                f"{path}: altered since it was saved (its digest does not match its content);"
                " remove it or name another file"
            )
        return progress
    except CheckpointError:
        raise
    except ReadError as error:
        raise CheckpointError(f"{path}: {error}") from None
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as error:
        raise CheckpointError(f"{path}: unreadable checkpoint ({error})") from None
