"""Where `extends` may look: the file a variant builds on, found and confined.

A rule file is untrusted: `extends "/etc/passwd"` or `extends "../../secret"` must not make
the tool read a file and quote its lines back. A base is therefore looked for only

- under the folder of the file being checked (the one given to the tool),
- among the bundled rule files, by path or by short name (`extends "GAME"`),
- under a folder the command line allows with `--extends-dir DIR`; only this admits an
  absolute path.

and only a rule file is a base: the file read, its links followed, is named `*.rules` (the
bundled folder is a Python package, and a folder may hold anything). Symbolic links are
followed before the check, so a link cannot lead outside. A refusal says which folders are
allowed and never whether the refused file exists.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from tablerules.dsl.loading.bundled import SUFFIX, bundled_folder, find_bundled

MAX_NAME_CHARS = 1024


class BaseRefused(ValueError):
    """An `extends` that may not be followed; the message says why."""


@dataclass(frozen=True)
class ExtendsPolicy:
    """The folders `extends` may reach besides the bundled rule files.

    `own_folder`: the folder of the file given to the tool (off in the playground, where
    the text being edited stands for a bundled file and may only build on bundled files).
    `folders`: further folders allowed from the command line (`--extends-dir`).
    """

    own_folder: bool = True
    folders: tuple[Path, ...] = ()

    def allowed(self, checked_file: Path) -> list[Path]:
        roots = [bundled_folder()]
        if self.own_folder:
            roots.append(real_path(checked_file.parent))
        roots.extend(real_path(folder) for folder in self.folders)
        return roots


BUNDLED_ONLY = ExtendsPolicy(own_folder=False)


def real_path(path: Path) -> Path:
    """`path` with every symbolic link followed (a loop or an odd name is left as is)."""
    try:
        return Path(os.path.realpath(path))
    except (OSError, ValueError, RuntimeError):
        return Path(os.path.abspath(path))


def _within(path: Path, roots: list[Path]) -> bool:
    return any(path == root or path.is_relative_to(root) for root in roots)


def locate_base(name: str, including: Path, checked_file: Path, policy: ExtendsPolicy) -> Path:
    """The file `extends NAME` in `including` stands for; raises `BaseRefused`.

    A path relative to `including`'s folder is tried first, then a bundled short name. The
    file is not opened here: reading it (and reporting a missing one) is the caller's job.
    """
    if not name.strip() or len(name) > MAX_NAME_CHARS or "\x00" in name:
        raise BaseRefused("extends needs the name of a rule file")
    roots = policy.allowed(checked_file)
    written = Path(name)
    if written.is_absolute() and not policy.own_folder:
        raise BaseRefused("extends may only name the bundled rule files here")
    if written.is_absolute() and not policy.folders:
        raise BaseRefused(
            "extends takes a path relative to this file, or a bundled file's name; "
            "an absolute path needs --extends-dir on the command line"
        )
    target = real_path(written if written.is_absolute() else including.parent / written)
    inside = _within(target, roots)
    rule_file = target.name.endswith(SUFFIX)
    if inside and rule_file and os.path.exists(target):
        return target
    bundled = find_bundled(name)
    if bundled is not None:
        return bundled
    if inside and not rule_file:
        raise BaseRefused(f"extends may only name a rule file (a name ending in {SUFFIX})")
    if inside:
        return target  # missing: reading it says so
    where = (
        "the bundled rule files"
        if not policy.own_folder
        else ("the folder of the file being checked or the bundled rule files")
    )
    raise BaseRefused(
        f"extends may only reach {where}"
        + ("" if not policy.own_folder else " (--extends-dir DIR allows another folder)")
    )
