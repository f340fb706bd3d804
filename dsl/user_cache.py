"""The user's cache folder, read as a place someone else may have prepared.

The tool keeps data it can always recompute (the parser's tables, and the like) in the
user's cache: `$XDG_CACHE_HOME/tablerules`, else `~/.cache/tablerules`, or
`TABLERULES_CACHE_DIR` when set (an empty value turns the cache off). A cache is only ever
a shortcut, so anything about it that is not as this user left it means *rebuild*, never
anything worse:

* the folder must be a folder owned by this user and writable by nobody else (not `/tmp`,
  not a shared folder someone pointed the setting at); otherwise it is neither read nor
  written;
* an entry must be a regular file (not a pipe that would block the read, not a device, not
  a symbolic link to one), owned by this user, writable by nobody else, and no larger than
  its reader allows; it is opened without waiting and read at most that far;
* entries are written to a temporary file readable by this user alone, then renamed into
  place in one step, so a reader never sees half an entry;
* a cache only ever holds a bounded number of entries of each kind: the oldest go first.

What an entry holds is the reader's business (JSON data, checked against a key); this
module only decides whether its bytes may be read at all. Who can write to this user's own
files can change the installed tool itself, and is out of the threat model.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

ENV_DIR = "TABLERULES_CACHE_DIR"
MAX_ENTRIES = 32  # entries of one kind (one prefix) kept; older ones are removed
_OTHERS_WRITE = stat.S_IWGRP | stat.S_IWOTH


def cache_dir() -> Path | None:
    """Where the cache lives; None when it is turned off."""
    chosen = os.environ.get(ENV_DIR)
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "tablerules"


def _ours(status: os.stat_result) -> bool:
    """Owned by this user and writable by no one else."""
    if hasattr(os, "geteuid") and status.st_uid != os.geteuid():
        return False
    return not status.st_mode & _OTHERS_WRITE


def trusted_folder() -> Path | None:
    """The cache folder if it exists and only this user can change what is in it."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        status = os.stat(folder)
    except (OSError, ValueError):
        return None
    return folder if stat.S_ISDIR(status.st_mode) and _ours(status) else None


def read_entry(name: str, max_bytes: int) -> str | None:
    """The text of entry `name`, or None when there is none that may be trusted to be ours
    (see the module's docstring) or it is not UTF-8 text."""
    folder = trusted_folder()
    if folder is None:
        return None
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        handle = os.open(folder / name, flags | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError):
        return None
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode) or not _ours(status) or status.st_size > max_bytes:
            return None
        chunks: list[bytes] = []
        left = max_bytes + 1
        while left > 0:
            chunk = os.read(handle, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        if len(data) > max_bytes:  # it grew while being read
            return None
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    finally:
        os.close(handle)


def write_entry(name: str, text: str) -> None:
    """Keep `text` as entry `name` (prefix: what comes before the first '-'); a folder that
    cannot be made, or is not ours alone, is left alone. Never raises."""
    folder = cache_dir()
    if folder is None:
        return
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except (OSError, ValueError):
        return
    if trusted_folder() is None:
        return
    prefix = name.split("-", 1)[0]
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{prefix}-", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temporary, folder / name)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        _prune(folder, prefix, keep=name)
    except (OSError, ValueError, UnicodeEncodeError):
        return  # an unwritable cache only costs the next run the work


def _prune(folder: Path, prefix: str, keep: str) -> None:
    """At most MAX_ENTRIES entries of this kind: the least recently written go."""
    entries = []
    for path in folder.glob(f"{prefix}-*.json"):
        try:
            entries.append((path.stat().st_mtime, path))
        except OSError:
            continue
    entries.sort(reverse=True)
    for _, path in entries[MAX_ENTRIES:]:
        if path.name != keep:
            path.unlink(missing_ok=True)
