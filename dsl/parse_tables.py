"""The rule language's LALR tables, computed once per grammar and kept as plain JSON data.

Building Lark's LALR(1) tables from `rules.lark` takes a few hundred milliseconds, more than
everything else a command does. The tables depend on the grammar alone, so the first run
writes them to the user's cache directory and later runs read them back.

What makes this safe to do with a file on disk:

* The cache is JSON: reading it can build only dicts, lists, strings and numbers, which
  Lark's own deserializer turns into its table classes (it instantiates only those). No
  pickle, no code: a damaged or foreign file is at worst rejected and rebuilt.
* The file's name and contents carry the SHA-256 of the grammar text, Lark's version and
  this format's version; a file whose recorded key differs is ignored. The grammar is
  the package's own `rules.lark`, never anything a rule file names.
* The directory is the user's cache (`$XDG_CACHE_HOME/tablerules`, else
  `~/.cache/tablerules`), or `TABLERULES_CACHE_DIR` when set (an empty value turns the
  cache off). Nothing read from a rule file reaches the path.
* Writes go to a temporary file that replaces the cache in one step, so a reader never
  sees half a file; any error while reading or writing falls back to building the tables.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import lark
from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

FORMAT = 1
ENV_DIR = "TABLERULES_CACHE_DIR"


def cache_dir() -> Path | None:
    """Where the tables are kept; None when caching is turned off."""
    chosen = os.environ.get(ENV_DIR)
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "tablerules"


def table_key(grammar: str, options: dict[str, Any]) -> str:
    """What the tables depend on: the grammar, the parser options, Lark and this format."""
    digest = hashlib.sha256()
    for part in (grammar, json.dumps(options, sort_keys=True), lark.__version__, str(FORMAT)):
        digest.update(part.encode("utf-8"))
        digest.update(b"\0")
    return digest.hexdigest()


def load_parser(grammar: str, options: dict[str, Any], postlex: Any) -> Lark:
    """A Lark LALR parser for `grammar`: from the cache when it holds this grammar's
    tables, else built (and the cache written for next time)."""
    key = table_key(grammar, options)
    folder = cache_dir()
    path = folder / f"parser-{key[:32]}.json" if folder is not None else None
    if path is not None:
        loaded = _read(path, key, postlex)
        if loaded is not None:
            return loaded
    built = Lark(grammar, parser="lalr", postlex=postlex, **options)
    if path is not None:
        _write(path, key, built)
    return built


# ── the JSON form of Lark's serialized tables ──────────────────────
# Lark serializes to dicts, lists and tuples, some dicts keyed by numbers. JSON keeps all
# but the tuples and the number keys; these few places are put back on reading.


def _read(path: Path, key: str, postlex: Any) -> Lark | None:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(document, dict) or document.get("key") != key:
            return None
        data, memo = _restore(document["data"], document["memo"])
        return Lark._load_from_dict(data, memo, postlex=postlex)
    except Exception:  # a damaged or foreign file: build the tables instead
        return None


def _write(path: Path, key: str, parser: Lark) -> None:
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    data = dict(data)
    data["options"] = {k: v for k, v in data["options"].items() if k != "postlex"}
    text = json.dumps({"key": key, "data": data, "memo": memo}, separators=(",", ":"))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".parser-", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except OSError:
        return  # an unwritable cache only costs the next run the build


def _restore(data: dict[str, Any], memo: dict[str, Any]) -> tuple[dict[str, Any], dict[int, Any]]:
    """Number keys and tuples where Lark's serialized form has them."""
    table = data["parser"]["parser"]
    table["tokens"] = {int(k): v for k, v in table["tokens"].items()}
    table["states"] = {
        int(state): {int(token): tuple(action) for token, action in actions.items()}
        for state, actions in table["states"].items()
    }
    restored: dict[int, Any] = {}
    for number, item in memo.items():
        options = item.get("options") if isinstance(item, dict) else None
        if isinstance(options, dict) and isinstance(options.get("empty_indices"), list):
            options["empty_indices"] = tuple(options["empty_indices"])
        restored[int(number)] = item
    return data, restored
