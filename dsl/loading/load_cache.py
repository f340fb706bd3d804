"""Rule files already read and checked, kept as JSON data between runs of the command.

A command spends most of its start reading its rule file: importing the parser, loading
its tables, parsing the file and the files it `extends`, building, composing and checking
the IR. The answer is the same for the same files, so the command line (not the library:
`load(..., reuse=True)`) keeps it in the user's cache folder (`user_cache`) and reads it
back next time. Only files read from disk are kept: text handed over directly (the
playground's editor, a log's own rules) never is.

An entry is used only when everything its result depends on is unchanged:

* its name and first line carry a key: the SHA-256 of the file's bytes, the path as given
  and as shown, the current folder, where `extends` may reach, this format, Python's and
  Lark's versions and the rule language's own code (every module and the grammar of
  `tablerules.dsl`): a change to any of them is another key;
* the entry lists each file it `extends` (however many, however deep) with the SHA-256 of
  the bytes that were read; each is hashed again, and each `extends` is resolved again
  (a file created beside a variant may now stand for a name that found a bundled file).

An entry's first line is its key and the SHA-256 of the rest. Reading one builds only
data: records of the IR, found by name among the rule language's own record classes
(never any other class, never a constructor's code), lists, tuples, dicts, numbers and
text, and the diagnostics. Nothing in it is ever run, and an entry that is not exactly as
written (another user's or in a folder others may write to: see `user_cache`; cut short,
damaged, or naming anything else) is ignored: the files are read afresh and the entry
written again. The folder keeps the entries written last (`user_cache.MAX_ENTRIES`), each
at most `MAX_BYTES`.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from tablerules.dsl.diagnostics import Diagnostic
from tablerules.dsl.limits import MAX_RULE_BYTES
from tablerules.dsl.loading.bases import ExtendsPolicy, locate_base
from tablerules.dsl.model import ir
from tablerules.dsl.model.records import Record, all_records
from tablerules.dsl.user_cache import cache_dir, read_entry, write_entry

# The rule language's folder (`dsl/`, installed as `tablerules/dsl/`): this module lies in
# its `loading/` subpackage.
LANGUAGE_ROOT = Path(__file__).parent.parent

FORMAT = 1
MAX_BYTES = 4 * 1024 * 1024  # an entry; the bundled games' are under 100 KB
PREFIX = "rules-"


@dataclass
class Cached:
    """A load's result as kept: the rules, their findings, the texts and files read."""

    rules: ir.RuleSet
    diagnostics: list[Diagnostic]
    texts: dict[str, str]
    files: list[Path]


@dataclass(frozen=True)
class Entry:
    """A file's entry: its name in the cache folder, the key it is written for, and the
    SHA-256 of the file's bytes as they were when the key was made."""

    name: str
    key: str
    digest: str


def entry_for(path: Path, shown: str, policy: ExtendsPolicy) -> Entry | None:
    """The entry a load of the file `path` would use; None when caching is off or the file
    cannot be read here (the load then says why)."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        if not path.is_file() or path.stat().st_size > MAX_RULE_BYTES:
            return None
        data = path.read_bytes()
    except (OSError, ValueError):
        return None
    digest = hashlib.sha256(data).hexdigest()
    where = [
        str(path),
        shown,
        os.getcwd(),
        str(policy.own_folder),
        *(str(allowed) for allowed in policy.folders),
    ]
    key = hashlib.sha256(code_version().encode())
    for part in (digest, *where):
        key.update(b"\0")
        key.update(part.encode("utf-8", "surrogateescape"))
    name = key.hexdigest()
    return Entry(f"{PREFIX}{name[:40]}.json", name, digest)


@cache
def code_version() -> str:
    """A hash of what turns text into checked rules: the rule language's own modules and
    grammar (every one below `dsl/`, its subpackages' too), Lark's version, Python's version
    and this format."""
    digest = hashlib.sha256(f"{FORMAT}:{sys.version_info[:3]}".encode())
    lark = find_spec("lark")
    if lark is not None and lark.origin:
        digest.update(Path(lark.origin).read_bytes())  # its __init__ names its version
    for name, path in language_files():
        digest.update(name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def language_files() -> list[tuple[str, Path]]:
    """Every module and grammar of the rule language, by its path relative to `dsl/`
    (POSIX form), in that order: what `code_version` hashes."""
    root = LANGUAGE_ROOT
    found = [
        (path.relative_to(root).as_posix(), path)
        for path in root.rglob("*")
        if path.suffix in (".py", ".lark") and path.is_file()
    ]
    return sorted(found)


def read(entry: Entry, checked: Path, policy: ExtendsPolicy) -> Cached | None:
    """The kept result for `entry`, if there is one and every base it read is unchanged
    and still what its `extends` finds."""
    text = read_entry(entry.name, MAX_BYTES)
    if text is None:
        return None
    head, _, body = text.partition("\n")
    if head != f"{entry.key} {_digest(body)}":
        return None  # written for another key, cut short or damaged
    try:
        kept = json.loads(body)
        for written, including, target in kept["resolved"]:
            if locate_base(written, Path(including), checked, policy) != Path(target):
                return None
        for name, digest in kept["bases"]:
            if _sha256(Path(name)) != digest:
                return None
        rules = _decoder()(kept["rules"])
        if not isinstance(rules, ir.RuleSet):
            return None
        diagnostics = [Diagnostic(**item) for item in kept["diagnostics"]]
        texts = {str(name): str(text) for name, text in kept["texts"].items()}
        files = [Path(name) for name in kept["files"]]
        return Cached(rules, diagnostics, texts, files)
    except Exception:  # BaseRefused, a damaged entry, anything amiss: read the files
        return None


def write(
    entry: Entry,
    result: Cached,
    digests: dict[Path, str],
    resolved: list[tuple[str, Path, Path]],
) -> None:
    """Keep a load's result. `digests` are the SHA-256 of the bytes each file had when it
    was read, `resolved` each `extends` as (name written, file it is in, file found)."""
    files = result.files
    if not files or digests.get(files[0]) != entry.digest:
        return  # the file changed while it was being read: nothing to keep
    bases = []
    for file in files[1:]:
        digest = digests.get(file)
        if digest is None:
            return
        bases.append((str(file), digest))
    if _least_size(result) > MAX_BYTES:
        return  # could never be kept: not even encoded (it could take gigabytes to find out)
    try:
        kept = {
            "resolved": [[name, str(inside), str(found)] for name, inside, found in resolved],
            "bases": bases,
            "files": [str(file) for file in files],
            "rules": _encode(result.rules),
            "diagnostics": [asdict(d) for d in result.diagnostics],
            "texts": result.texts,
        }
        body = json.dumps(kept, separators=(",", ":"))  # ASCII: any text survives
    except (TypeError, ValueError, RecursionError):
        return  # a value JSON cannot hold: the next load reads the files
    if len(body) < MAX_BYTES - 200:
        write_entry(entry.name, f"{entry.key} {_digest(body)}\n{body}")


def _least_size(result: Cached) -> int:
    """The characters an entry for `result` holds at least: its texts and its findings'.
    A file within the limits may have thousands of findings, each quoting a line of 64 KB:
    their JSON would be gigabytes, built only to be found too large."""
    size = sum(len(text) for text in result.texts.values())
    for diagnostic in result.diagnostics:
        size += len(diagnostic.source_line) + len(diagnostic.message) + len(diagnostic.hint)
    return size


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _sha256(path: Path) -> str | None:
    try:
        with open(path, "rb") as handle:
            return hashlib.sha256(handle.read(MAX_RULE_BYTES + 1)).hexdigest()
    except (OSError, ValueError):
        return None


# ── the IR as tagged JSON ──────────────────────────────────────────
# A record is {"r": class name, "s": its state}; a list is a list; a tuple is {"t": [...]};
# a dict is {"d": [[key, value], ...]} (keys need not be text). Anything else is a JSON
# scalar; a value of any other type is not part of the IR and is never written.


def _encode(value: Any) -> Any:
    if isinstance(value, Record):
        return {"r": type(value).__name__, "s": {k: _encode(v) for k, v in vars(value).items()}}
    if isinstance(value, list):
        return [_encode(item) for item in value]
    if isinstance(value, tuple):
        return {"t": [_encode(item) for item in value]}
    if isinstance(value, dict):
        return {"d": [[_encode(k), _encode(v)] for k, v in value.items()]}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"{type(value).__name__} is not part of the IR")


def _decoder() -> Callable[[Any], Any]:
    """Decode tagged JSON into IR values; a name that is not one of the rule language's
    record classes raises KeyError (and the entry is ignored)."""
    classes = {
        record.__name__: record
        for record in all_records()
        if record.__module__.startswith("tablerules.dsl.")
    }

    def decode(value: Any) -> Any:
        if isinstance(value, list):
            return [decode(item) for item in value]
        if isinstance(value, dict):
            if "r" in value:
                record = classes[value["r"]]
                made = record.__new__(record)
                made.__dict__.update({str(k): decode(v) for k, v in value["s"].items()})
                return made
            if "t" in value:
                return tuple(decode(item) for item in value["t"])
            return {decode(k): decode(v) for k, v in value["d"]}
        return value

    return decode
