"""The rule files that ship with the package, found where they are installed.

In the source tree they are the `rules/` folder at the root; in an installed wheel they are
`tablerules/rules/` inside site-packages. Both are the package `tablerules.rules`, so the
import system says where it lives. A bundled file can be named without its folder:

    GAME, GAME.rules                             rules/GAME.rules
    VARIANT, variants/VARIANT.rules              rules/variants/VARIANT.rules
"""

from __future__ import annotations

import importlib.util
import os
from functools import cache
from pathlib import Path, PurePosixPath

SUFFIX = ".rules"
VARIANTS = "variants"


@cache
def bundled_folder() -> Path:
    """The folder holding the bundled rule files (its `variants/` inside it)."""
    spec = importlib.util.find_spec("tablerules.rules")
    if spec is None or spec.origin is None:
        raise RuntimeError("the package tablerules.rules (the bundled rule files) is missing")
    return Path(spec.origin).resolve().parent


def bundled_files() -> list[Path]:
    """Every bundled rule file: the games, then their variants, each in name order."""
    folder = bundled_folder()
    return sorted(folder.glob(f"*{SUFFIX}")) + sorted((folder / VARIANTS).glob(f"*{SUFFIX}"))


def bundled_name(path: Path) -> str:
    """The short name of a bundled file: its file name without `.rules`."""
    return path.name.removesuffix(SUFFIX)


def bundled_names() -> list[str]:
    return [bundled_name(path) for path in bundled_files()]


def find_bundled(name: str) -> Path | None:
    """The bundled file a short name stands for, or None.

    Accepted: `NAME`, `NAME.rules`, `variants/NAME` and `variants/NAME.rules`, and
    `../NAME.rules` as the bundled variants name their base (so a copy of one builds on the
    installed file wherever it is put); nothing with any other folder in it, so a name never
    reaches outside the bundled files.
    """
    if not name or "\\" in name or "\x00" in name:
        return None
    parts = PurePosixPath(name).parts
    if len(parts) == 2 and parts[0] in (VARIANTS, ".."):
        parts = parts[1:]
    if len(parts) != 1:
        return None
    stem = parts[0].removesuffix(SUFFIX)
    for path in bundled_files():
        if bundled_name(path) == stem:
            return path
    return None


def _real(path: Path) -> Path:
    return Path(os.path.realpath(path))


def is_bundled(path: Path) -> bool:
    """Whether `path`, its links followed, lies inside the bundled folder."""
    return _real(path).is_relative_to(bundled_folder())


def display_bundled(path: Path) -> str:
    """How a bundled file is shown: relative to the current folder when it lies below it
    (`rules/GAME.rules` in the source tree), else its full path."""
    try:
        return str(_real(path).relative_to(_real(Path.cwd())))
    except ValueError:
        return str(_real(path))
