"""The parse-table cache: written once per grammar, read back as inert JSON, never trusted
beyond the grammar it was written for."""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path

import pytest
from lark import Lark
from tablerules.dsl import user_cache
from tablerules.dsl.parsing import parse_tables
from tablerules.dsl.parsing.grammar import GRAMMAR_PATH, PARSER_OPTIONS, _WholeWords

ROOT = Path(__file__).resolve().parent.parent
GRAMMAR = GRAMMAR_PATH.read_text(encoding="utf-8")


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(parse_tables.ENV_DIR, str(tmp_path))
    return tmp_path


def load(grammar: str = GRAMMAR) -> Lark:
    return parse_tables.load_parser(grammar, PARSER_OPTIONS, _WholeWords())


def test_the_first_load_writes_the_tables_and_the_next_reads_them(cache: Path) -> None:
    built = load()
    (written,) = cache.glob("parser-*.json")
    document = json.loads(written.read_text(encoding="utf-8"))
    assert document["key"] == parse_tables.table_key(GRAMMAR, PARSER_OPTIONS)
    read = load()
    assert read.source_path == "<deserialized>"  # from the cache, not built again
    text = (ROOT / "rules" / "paohuzi.rules").read_text(encoding="utf-8")
    assert read.parse(text) == built.parse(text)


def test_a_damaged_cache_is_rebuilt(cache: Path) -> None:
    load()
    (written,) = cache.glob("parser-*.json")
    written.write_text('{"key": "', encoding="utf-8")
    parser = load()
    assert parser.source_path != "<deserialized>"
    assert json.loads(written.read_text(encoding="utf-8"))["key"]  # and written whole again


def test_tables_recorded_for_another_grammar_are_never_used(cache: Path) -> None:
    load()
    (written,) = cache.glob("parser-*.json")
    document = json.loads(written.read_text(encoding="utf-8"))
    document["key"] = parse_tables.table_key(GRAMMAR + "\n", PARSER_OPTIONS)
    written.write_text(json.dumps(document), encoding="utf-8")
    assert load().source_path != "<deserialized>"


def test_an_empty_setting_turns_the_cache_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(parse_tables.ENV_DIR, "")
    assert parse_tables.cache_dir() is None
    load()
    assert not list(tmp_path.iterdir())


def test_an_unwritable_cache_only_costs_the_build(tmp_path: Path, monkeypatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv(parse_tables.ENV_DIR, str(blocker / "cache"))
    assert load().parse("seats 4\n") is not None


# ── a cache folder someone else prepared: at worst the tables are built again ──
# Each case puts something in the cache and asks whether it would be read back: reading
# returns None, and `load_parser` then builds the tables (as the tests above show).
KEY = parse_tables.table_key(GRAMMAR, PARSER_OPTIONS)
NAME = f"parser-{KEY[:32]}.json"


@pytest.fixture(scope="module")
def good_tables(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Tables as the tool writes them (built once for these tests)."""
    folder = tmp_path_factory.mktemp("tables")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(parse_tables.ENV_DIR, str(folder))
        load()
    return (folder / NAME).read_text(encoding="utf-8")


def read_back() -> Lark | None:
    return parse_tables._read(NAME, KEY, _WholeWords())


def put(cache: Path, text: str, mode: int = 0o600) -> Path:
    entry = cache / NAME
    entry.write_text(text, encoding="utf-8")
    entry.chmod(mode)
    return entry


def test_good_tables_in_a_folder_of_ours_are_read(cache: Path, good_tables: str) -> None:
    cache.chmod(0o700)
    put(cache, good_tables)
    assert read_back() is not None


def test_a_pipe_in_place_of_the_tables_is_skipped_without_waiting(cache: Path) -> None:
    os.mkfifo(cache / NAME)  # nobody ever writes to it: a blocking read would hang
    started = time.monotonic()
    assert read_back() is None
    assert time.monotonic() - started < 5


@pytest.mark.parametrize("target", ["/dev/zero", "/dev/urandom"])
def test_a_link_to_a_device_in_place_of_the_tables_is_not_followed(
    cache: Path, target: str
) -> None:
    (cache / NAME).symlink_to(target)
    assert read_back() is None


def test_a_link_to_good_tables_is_not_followed_either(
    cache: Path, good_tables: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    elsewhere = put(tmp_path_factory.mktemp("elsewhere"), good_tables)
    (cache / NAME).symlink_to(elsewhere)
    assert read_back() is None


def test_tables_larger_than_any_the_tool_writes_are_not_read(cache: Path) -> None:
    put(cache, " " * (parse_tables.MAX_TABLE_BYTES + 1))
    assert read_back() is None


def test_tables_others_may_write_are_not_read(cache: Path, good_tables: str) -> None:
    put(cache, good_tables, mode=0o666)
    assert read_back() is None


def test_a_folder_others_may_write_is_neither_read_nor_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, good_tables: str
) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    monkeypatch.setenv(parse_tables.ENV_DIR, str(shared))
    entry = put(shared, good_tables)
    shared.chmod(0o1777)  # like /tmp: anyone may put a file there
    assert read_back() is None
    entry.unlink()
    user_cache.write_entry(NAME, good_tables)
    assert not list(shared.iterdir())  # and nothing is left there for others to read


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs chown")
def test_tables_or_a_folder_of_another_user_are_not_read(cache: Path, good_tables: str) -> None:
    entry = put(cache, good_tables)
    os.chown(entry, 65534, 65534)
    assert read_back() is None
    os.chown(entry, 0, 0)
    assert read_back() is not None
    os.chown(cache, 65534, 65534)
    assert read_back() is None


def test_a_new_cache_folder_is_this_users_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, good_tables: str
) -> None:
    folder = tmp_path / "new" / "cache"
    monkeypatch.setenv(parse_tables.ENV_DIR, str(folder))
    user_cache.write_entry(NAME, good_tables)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((folder / NAME).stat().st_mode) == 0o600
    assert read_back() is not None


def test_the_cache_keeps_a_bounded_number_of_tables(cache: Path) -> None:
    for number in range(user_cache.MAX_ENTRIES + 5):
        old = cache / f"parser-old{number:02}.json"
        old.write_text("{}", encoding="utf-8")
        os.utime(old, (number, number))
    user_cache.write_entry(NAME, "{}")
    kept = sorted(path.name for path in cache.glob("parser-*.json"))
    assert len(kept) == user_cache.MAX_ENTRIES
    assert NAME in kept and "parser-old00.json" not in kept
