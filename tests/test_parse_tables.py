"""The parse-table cache: written once per grammar, read back as inert JSON, never trusted
beyond the grammar it was written for."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lark import Lark
from tablerules.dsl import parse_tables
from tablerules.dsl.parser import GRAMMAR_PATH, PARSER_OPTIONS, _WholeWords

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
