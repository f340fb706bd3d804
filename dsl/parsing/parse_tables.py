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
* The folder is the user's cache (`user_cache`): read only when this user alone can write
  to it, and the file only when it is a regular file of this user, of a bounded size,
  opened without waiting (a pipe or a device put in its place is skipped). Nothing read
  from a rule file reaches the path or the contents.
* Any error while reading or writing falls back to building the tables.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import lark
from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef
from tablerules.dsl.user_cache import ENV_DIR, cache_dir, read_entry, write_entry

FORMAT = 1
MAX_TABLE_BYTES = 8 * 1024 * 1024  # the tables take under 1 MB; a larger file is not ours
__all__ = ["ENV_DIR", "cache_dir", "load_parser", "table_key"]


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
    name = f"parser-{key[:32]}.json"
    loaded = _read(name, key, postlex)
    if loaded is not None:
        return loaded
    built = Lark(grammar, parser="lalr", postlex=postlex, **options)
    _write(name, key, built)
    return built


# ── the JSON form of Lark's serialized tables ──────────────────────
# Lark serializes to dicts, lists and tuples, some dicts keyed by numbers. JSON keeps all
# but the tuples and the number keys; these few places are put back on reading.


def _read(name: str, key: str, postlex: Any) -> Lark | None:
    text = read_entry(name, MAX_TABLE_BYTES)
    if text is None:
        return None
    try:
        document = json.loads(text)
        if not isinstance(document, dict) or document.get("key") != key:
            return None
        data, memo = _restore(document["data"], document["memo"])
        return Lark._load_from_dict(data, memo, postlex=postlex)
    except Exception:  # a damaged or foreign file: build the tables instead
        return None


def _write(name: str, key: str, parser: Lark) -> None:
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    data = dict(data)
    data["options"] = {k: v for k, v in data["options"].items() if k != "postlex"}
    write_entry(name, json.dumps({"key": key, "data": data, "memo": memo}, separators=(",", ":")))


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
