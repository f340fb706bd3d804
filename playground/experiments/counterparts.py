"""The rule files the rules in use are compared with: the file as saved (what did my edit
change?) and every bundled file of the same game, each compiled once per server.

The Compare tab plays one deal under two files of one game; the Statistics tab plays the
same deals under both. Both offer the file as saved first after an edit (a bundled file as
on disk, an upload as it was uploaded), with the sidebar's options where it has them,
then the same game's other files. Free of Streamlit, so it can be tested alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from tablerules.dsl.loading.bases import BUNDLED_ONLY
from tablerules.interpreter.api import Game, check
from tablerules.playground.experiments.comparison import incomparable
from tablerules.playground.files.drafts import UPLOADED, RuleDraft, bundled_rule_files, display_path

SAVED = " (as saved)"
AS_UPLOADED = " (as uploaded)"


@dataclass(frozen=True)
class Counterpart:
    """A file to compare the rules in use with."""

    name: str  # as the page names it: `rules/x.rules`, `rules/x.rules (as saved)`
    path: str  # as a command names it: the file's path (an upload's name)
    game: Game
    file: str  # where it is on this server (an upload: where its `extends` resolve)
    saved: bool = False  # the file in use itself, as saved


@lru_cache(maxsize=64)
def bundled_game(path: str, options: tuple[tuple[str, str], ...] = ()) -> Game | None:
    """A bundled rule file with these options, compiled once per server."""
    return check(path, options=dict(options)).game


def saved_game(draft: RuleDraft, options: dict[str, str]) -> Game | None:
    """The file in use as saved — a bundled file as on disk, an upload as uploaded — with
    the sidebar's options, or its own defaults where an option is the edit's alone."""
    chosen = tuple(sorted(options.items()))
    if draft.origin is None:
        path = str(draft.path)
        return bundled_game(path, chosen) or bundled_game(path)
    checks = draft.checks  # the upload's text passed the trial when it was uploaded
    found = checks.check(draft.path, text=draft.origin, options=dict(chosen), policy=BUNDLED_ONLY)
    if found.game is None:
        found = checks.check(draft.path, text=draft.origin, policy=BUNDLED_ONLY)
    return found.game


def shared_prefix(label: str, name: str) -> int:
    """How many first characters two files' names share (a variant's name begins as its
    game's does)."""
    stem, other = Path(label.split(" ")[0]).stem, Path(name).stem
    count = 0
    while count < min(len(stem), len(other)) and stem[count] == other[count]:
        count += 1
    return count


def likely_variants(label: str, names: list[str]) -> list[str]:
    """The other files, those whose names begin as this one's does first (its variants)."""
    return sorted(names, key=lambda name: (-shared_prefix(label, name), name))


def counterparts(
    draft: RuleDraft, label: str, options: dict[str, str], game: Game
) -> list[Counterpart]:
    """What `game` (the rules in use, from `draft`, named `label` on the page) may be
    compared with on one deal: the file as saved after an edit, then every other bundled
    file of the same game (its variants first)."""
    found = []
    if draft.edited:
        saved = saved_game(draft, options)
        if saved is not None and not incomparable(game, saved):
            mark = AS_UPLOADED if draft.origin is not None else SAVED
            name = label.removesuffix(UPLOADED) + mark
            found.append(Counterpart(name, path_of(label), saved, str(draft.path), saved=True))
    files = {display_path(p): p for p in bundled_rule_files()}
    for name in likely_variants(label, [name for name in files if name != label]):
        other = bundled_game(str(files[name]))
        if other is not None and not incomparable(game, other):
            found.append(Counterpart(name, name, other, str(files[name])))
    return found


def path_of(label: str) -> str:
    """A file as a command names it: a bundled file by its path, an upload by its name."""
    return label.split(" ")[0]
