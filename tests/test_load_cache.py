"""Checked rule files kept between runs: the same answer as a fresh load, never used once
anything it depends on has changed, never anything but IR data read back, and bounded."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from tablerules.cli import common
from tablerules.cli.main import main
from tablerules.dsl import user_cache
from tablerules.dsl.loading import compose, load_cache
from tablerules.dsl.loading.loader import load
from tablerules.interpreter import api

ROOT = Path(__file__).resolve().parent.parent
MINIMAL = ROOT / "docs" / "examples" / "minimal.rules"
VARIANT = ROOT / "rules" / "variants" / "paomazai-two-horses.rules"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(user_cache.ENV_DIR, str(folder))
    return folder


@pytest.fixture
def composed(cache: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The files composed afresh (not read back), in order."""
    found: list[Path] = []
    original = compose.compose_file

    def counting(path: Path, *args: object, **kwargs: object) -> object:
        if not kwargs.get("_stack"):
            found.append(path)
        return original(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(compose, "compose_file", counting)
    return found


def state(loaded: load_cache.Cached | object) -> str:
    return json.dumps(load_cache._encode(loaded.rules), sort_keys=True)  # type: ignore[attr-defined]


def entries(cache: Path) -> list[Path]:
    return sorted(cache.glob(f"{load_cache.PREFIX}*.json"))


def test_a_second_load_is_read_back_whole(composed: list[Path]) -> None:
    first = load(VARIANT, options={"unit": "20"}, reuse=True)
    second = load(VARIANT, options={"unit": "20"}, reuse=True)
    assert composed == [VARIANT]  # composed once, then read back
    assert state(first) == state(second)  # private state and all
    assert second.rules == first.rules and second.options == first.options
    assert second.diagnostics == first.diagnostics
    assert second.texts == first.texts and second.files == first.files
    other = load(VARIANT, options={"unit": "5"}, reuse=True)  # options apply on top
    assert composed == [VARIANT] and other.options["unit"] == 5


@pytest.mark.parametrize("name", ["paomazai.rules", "paohuzi.rules", "hongkong.rules"])
def test_every_bundled_game_reads_back_as_it_was_checked(cache: Path, name: str) -> None:
    fresh = load(ROOT / "rules" / name, reuse=True)
    again = load(ROOT / "rules" / name, reuse=True)
    assert len(entries(cache)) == 1 and again.rules == fresh.rules
    assert state(again) == state(fresh)


def test_findings_are_kept_with_the_rules(tmp_path: Path, composed: list[Path]) -> None:
    rules = tmp_path / "warned.rules"
    text = MINIMAL.read_text(encoding="utf-8")
    rules.write_text(text.replace("seats 2 [PEB-2]", "seats 2"), encoding="utf-8")  # W001
    first = load(rules, reuse=True)
    second = load(rules, reuse=True)
    assert len(composed) == 1 and first.diagnostics
    assert [d.render() for d in second.diagnostics] == [d.render() for d in first.diagnostics]


def test_the_library_keeps_nothing_unless_asked(cache: Path, composed: list[Path]) -> None:
    load(MINIMAL)
    load(MINIMAL, text=MINIMAL.read_text(encoding="utf-8"), reuse=True)  # text: never kept
    assert composed == [MINIMAL, MINIMAL] and not cache.exists()


def chain(folder: Path) -> Path:
    """variant.rules extends middle.rules, which extends base.rules."""
    (folder / "base.rules").write_text(MINIMAL.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "middle.rules").write_text('extends "base.rules"\n', encoding="utf-8")
    variant = folder / "variant.rules"
    variant.write_text('extends "middle.rules"\n', encoding="utf-8")
    return variant


@pytest.mark.parametrize("changed", ["variant.rules", "middle.rules", "base.rules"])
def test_a_change_to_any_file_read_means_a_fresh_load(
    tmp_path: Path, composed: list[Path], changed: str
) -> None:
    variant = chain(tmp_path)
    load(variant, reuse=True)
    load(variant, reuse=True)
    assert composed == [variant]
    edited = tmp_path / changed
    edited.write_text(edited.read_text(encoding="utf-8") + "# changed\n", encoding="utf-8")
    load(variant, reuse=True)
    assert composed == [variant, variant]


def test_a_new_file_that_extends_now_finds_means_a_fresh_load(
    tmp_path: Path, composed: list[Path]
) -> None:
    variant = tmp_path / "variant.rules"
    variant.write_text('extends "paomazai.rules"\n', encoding="utf-8")
    bundled = load(variant, reuse=True)
    assert bundled.rules is not None and bundled.rules.game is not None
    (tmp_path / "paomazai.rules").write_text(MINIMAL.read_text(encoding="utf-8"))
    beside = load(variant, reuse=True)  # the name now finds the file beside the variant
    assert composed == [variant, variant]
    assert beside.rules is not None and beside.rules.game is not None
    assert (beside.rules.game.name, bundled.rules.game.name) == ("pebbles", "跑馬仔")


def test_another_version_of_the_rule_language_means_a_fresh_load(
    composed: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    load(MINIMAL, reuse=True)
    monkeypatch.setattr(load_cache, "code_version", lambda: "another version")
    load(MINIMAL, reuse=True)
    assert composed == [MINIMAL, MINIMAL]


def test_the_code_version_covers_every_module_of_the_rule_language() -> None:
    """Every module and the grammar below `dsl/`, its subpackages' too: a change to a
    checker or to the grammar is a change of version, never a stale entry read back."""
    names = [name for name, _ in load_cache.language_files()]
    assert names == sorted(names)
    assert "parsing/rules.lark" in names and "checking/checker.py" in names
    on_disk = sorted(
        path.relative_to(ROOT / "dsl").as_posix()
        for path in (ROOT / "dsl").rglob("*")
        if path.suffix in (".py", ".lark")
    )
    assert names == on_disk


def spoil(entry: Path, how: str) -> None:
    data = entry.read_bytes()
    head, _, body = data.partition(b"\n")
    if how == "cut short":
        entry.write_bytes(data[: len(data) // 2])
    elif how == "one byte changed":
        entry.write_bytes(data[:-10] + bytes([data[-10] ^ 1]) + data[-9:])
    elif how == "not JSON":
        entry.write_bytes(b"\x80\x00garbage")
    elif how == "for another key":
        entry.write_bytes(b"0" * 64 + head[64:] + b"\n" + body)
    elif how == "written by someone else":
        os.chmod(entry, 0o666)  # anyone may have written it
    else:  # a consistent entry naming a class that is no record of the IR
        kept = json.loads(body)
        kept["rules"]["r"] = "Path"
        forged = json.dumps(kept)
        key = head.split(b" ")[0].decode()
        entry.unlink()
        user_cache.write_entry(entry.name, f"{key} {load_cache._digest(forged)}\n{forged}")


@pytest.mark.parametrize(
    "how",
    [
        "cut short",
        "one byte changed",
        "not JSON",
        "for another key",
        "written by someone else",
        "naming another class",
    ],
)
def test_a_spoiled_entry_only_means_a_fresh_load(
    cache: Path, composed: list[Path], how: str
) -> None:
    good = load(VARIANT, reuse=True)
    (entry,) = entries(cache)
    spoil(entry, how)
    again = load(VARIANT, reuse=True)
    assert composed == [VARIANT, VARIANT]
    assert state(again) == state(good) and again.diagnostics == good.diagnostics
    assert load(VARIANT, reuse=True).rules == good.rules  # written whole again
    assert composed == [VARIANT, VARIANT]


def test_the_cache_is_bounded(cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(user_cache, "MAX_ENTRIES", 5)
    text = MINIMAL.read_text(encoding="utf-8")
    for number in range(8):
        rules = tmp_path / f"file{number}.rules"
        rules.write_text(text + f"# {number}\n", encoding="utf-8")
        load(rules, reuse=True)
    assert len(entries(cache)) == 5
    monkeypatch.setattr(load_cache, "MAX_BYTES", 1000)  # an entry too large is not kept
    load(VARIANT, reuse=True)
    assert len(entries(cache)) == 5 and load(VARIANT, reuse=True).rules is not None


def test_entries_are_json_data(cache: Path) -> None:
    load(VARIANT, reuse=True)
    (entry,) = entries(cache)
    head, _, body = entry.read_bytes().partition(b"\n")
    assert len(head.split(b" ")) == 2 and json.loads(body)["rules"]["r"] == "RuleSet"
    assert entry.stat().st_mode & 0o077 == 0  # the user's alone


def test_commands_reuse_what_an_earlier_run_checked(
    composed: list[Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(common, "check", api.check)  # as the command has it (fuzz swaps it)
    hand = ["evaluate", str(ROOT / "rules" / "paomazai.rules"), "--hand", "111222333444m55m"]
    assert main(hand) == 0
    first = capsys.readouterr().out
    assert main(hand) == 0
    assert capsys.readouterr().out == first and len(composed) == 1


def test_a_result_too_large_to_keep_is_not_even_encoded(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A file within the limits may have thousands of findings, each quoting a line of 64 KB:
    # encoding them to learn that the entry is too large took gigabytes and seconds.
    rules = tmp_path / "long.rules"
    text = MINIMAL.read_text(encoding="utf-8")
    long_line = "seats 2" + " " * 2000 + "# " + "x" * 2000  # no citation: a warning
    rules.write_text(text.replace("seats 2 [PEB-2]", long_line), encoding="utf-8")
    checked = load(rules, reuse=True)
    assert any(d.source_line == long_line for d in checked.diagnostics)
    # room for the file's text, not for the finding that quotes its long line too
    monkeypatch.setattr(load_cache, "MAX_BYTES", rules.stat().st_size + 1000)

    def refuse(value: object) -> object:
        raise AssertionError("encoded although it could never be kept")

    monkeypatch.setattr(load_cache, "_encode", refuse)
    for entry in entries(cache):
        entry.unlink()
    again = load(rules, reuse=True)
    assert entries(cache) == [] and again.diagnostics == checked.diagnostics
