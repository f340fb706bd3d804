"""The diagnostic format: FILE:LINE:COL, severity and code, the line, a caret under CJK text."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.dsl.diagnostics import Diagnostic, display_width
from tablerules.dsl.loading.loader import load
from tablerules.interpreter.api import check


def test_display_width_counts_wide_characters_twice() -> None:
    assert display_width("abc") == 3
    assert display_width("跑胡子") == 6
    assert display_width("a跑b") == 4
    assert display_width("ＡＢ") == 4  # full-width Latin


def test_render_places_the_caret_under_the_column_after_chinese_text() -> None:
    diagnostic = Diagnostic(
        file="x.rules",
        line=3,
        column=7,
        code="E101",
        message="unknown group '槓'",
        source_line="group 槓碰 x",
    )
    lines = diagnostic.render().splitlines()
    assert lines[0] == "x.rules:3:7: error[E101]: unknown group '槓'"
    assert lines[1] == "    group 槓碰 x"
    # 'group ' is 6 columns; the caret sits under 槓, the 7th character.
    assert lines[2] == "    " + " " * 6 + "^"
    after = Diagnostic("x.rules", 3, 10, "E001", "m", source_line="group 槓碰 x")
    # 'group 槓碰 ' is 6 + 2 + 2 + 1 = 11 columns wide: the caret sits under 'x'.
    assert after.render().splitlines()[2] == "    " + " " * 11 + "^"


def test_command_line_diagnostics_have_no_position() -> None:
    diagnostic = Diagnostic(
        "--option", 0, 0, "E104", "option horses=3: horses must be one of 1 | 2"
    )
    assert (
        diagnostic.render() == "--option: error[E104]: option horses=3: horses must be one of 1 | 2"
    )


def test_syntax_error_caret_in_a_chinese_line_is_exact() -> None:
    text = 'game 遊戲 "t" [T-1]\nseats 2 [T-1]\nattribute 大小 大 | 小 [T-1]\n'
    loaded = load("demo.rules", text=text)
    (first, *_) = loaded.errors
    assert (first.line, first.column, first.code) == (3, 14, "E004")
    rendered = first.render().splitlines()
    assert rendered[1] == "    attribute 大小 大 | 小 [T-1]"
    # 'attribute 大小 ' is 10 + 4 + 1 = 15 columns: the caret sits under 大.
    assert rendered[2] == "    " + " " * 15 + "^"


def test_a_file_with_several_broken_clauses_reports_each() -> None:
    text = 'game g "t" [T-1]\nseats [T-1]\noption x int = 1 [T-1]\ndeck [T-1] {\n  copies 4\n'
    loaded = load("several.rules", text=text)
    assert [(d.line, d.code) for d in loaded.errors] == [(2, "E002"), (3, "E004"), (5, "E003")]


def test_two_mistakes_in_one_block_are_both_reported() -> None:
    """A mistyped item line is blanked alone, not its whole block: the author sees the
    second mistake of the block in the same run, and the blocks after it are read too."""
    text = (
        'game g "t" [T-1]\n'
        "seats 2 [T-1]\n"
        "group 刻 [T-1] {\n"
        "  patern same 3\n"
        "  in hnad\n"
        "  shown\n"
        "}\n"
        "group 對 [T-1] {\n"
        "  pattern same 2\n"
        "  concealed extra\n"
        "}\n"
    )
    loaded = load("two.rules", text=text)
    assert [(d.line, d.column, d.code) for d in loaded.errors] == [
        (4, 3, "E005"),
        (5, 6, "E005"),
        (10, 13, "E001"),
    ]
    assert "did you mean 'hand'?" in loaded.errors[1].hint


def test_a_mistake_on_a_block_line_still_skips_the_block() -> None:
    """A line that opens or closes a block is not blanked alone (its brace would leave the
    rest unbalanced): the whole clause is, and no error is made up after it."""
    text = 'game g "t" [T-1]\nseats 2 [T-1]\ngroup 刻 [T-1] { x\n  pattern same 3\n}\n'
    loaded = load("brace-line.rules", text=text)
    assert [d.line for d in loaded.errors] == [3]


def test_a_non_utf8_file_is_a_diagnostic(tmp_path) -> None:
    path = tmp_path / "binary.rules"
    path.write_bytes(b"\xff\xfe\x00game")
    loaded = load(path)
    assert not loaded.ok
    assert [d.code for d in loaded.errors] == ["E107"]
    assert "UTF-8" in loaded.errors[0].message


def test_a_missing_file_is_a_diagnostic(tmp_path) -> None:
    loaded = load(tmp_path / "absent.rules")
    assert [d.code for d in loaded.errors] == ["E107"]


def test_a_missing_closing_brace_is_blamed_on_the_block_it_leaves_open() -> None:
    """A block whose '}' is missing runs into the next clause: the message names the block
    left open and points after its last line, not at the next clause's line."""
    text = (
        'game g "t" [T-1]\n'
        "seats 2 [T-1]\n"
        "group 刻 [T-1] {\n"
        "  pattern same 3\n"
        "  in hand\n"
        "\n"
        "group 對 [T-1] {\n"
        "  pattern same 2\n"
        "}\n"
    )
    loaded = load("brace.rules", text=text)
    (first, *_) = loaded.errors
    assert (first.line, first.column, first.code) == (5, 10, "E003")
    assert first.message == (
        "the group block opened on line 3 is not closed: add '}' after this line"
    )
    assert first.source_line == "  in hand"


@pytest.mark.parametrize(
    "text",
    [
        'extends "hongkong"\npattern p "x" [X-1] {\n  when cards = 14\n  worth 1\n}\n}\n',
        'extends "hongkong"\n}\n',
    ],
)
def test_a_closing_brace_too_many_is_named_so(tmp_path: Path, text: str) -> None:
    """A '}' where a clause may start was told "the clause is unfinished: something is
    missing before the end of the line", with what could start a clause as the hint."""
    path = tmp_path / "brace.rules"
    path.write_text(text, encoding="utf-8")
    (found,) = check(path).diagnostics
    last = text.rstrip("\n").count("\n") + 1
    assert (found.code, found.line, found.column) == ("E001", last, 1)
    assert found.message == "a '}' with no block open: the block above is closed already"
    assert found.hint.startswith("remove this '}'")
