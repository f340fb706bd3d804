"""Untrusted rule text gets a located error or a one-line error naming the limit it hit,
never an internal error: numbers, nesting, sizes and characters, each case the fuzzing of
rule files once turned up."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.dsl import limits
from tablerules.dsl.loading.loader import load
from tablerules.interpreter.api import check

from tests.hostile_common import MINIMAL, PMZ, PMZ_TEXT, ROOT, codes, deck_of, variant

# ── numbers: only ASCII digits, and not beyond the limit ─────────────


@pytest.mark.parametrize("digit", ["¹", "②", "፩", "٣", "１"])
@pytest.mark.parametrize(
    "line",
    [
        "override seats {d} [PEB-2]",
        "set bonus = {d}",
        "option more: int {d}..3 = 1 [PEB-2]",
        "override win [PEB-3] {{\n  groups {d}\n}}",
        "group many [PEB-3] {{\n  pattern same {d}\n  in hand\n}}",
        'form wide "w" [PEB-3] {{\n  {d} of pair\n  wins\n}}',
    ],
)
def test_digits_of_other_scripts_are_not_numbers(digit: str, line: str) -> None:
    found = codes(MINIMAL.with_name("snippet.rules"), variant(line.format(d=digit)))
    assert found and "E111" not in found


def test_a_digit_of_another_script_in_an_expression_is_a_name() -> None:
    text = PMZ_TEXT + "\nsettle extra [PMZ-16] {\n  let x = ፩ + 1\n}\n"
    assert codes(PMZ, text)  # an unknown name, located


def test_the_fee_percent_must_be_written_in_ascii_digits() -> None:
    text = PMZ_TEXT.replace("remove fee", "") + "\noverride fee ² percent of takings [PMZ-24]\n"
    found = codes(PMZ, text)
    assert found and all(c.startswith("E") for c in found)


@pytest.mark.parametrize("number", ["9" * 11, "9" * 5000, "0" * 5000 + "1"])
def test_a_huge_number_names_the_limit(number: str) -> None:
    found = codes(MINIMAL.with_name("snippet.rules"), variant(f"override seats {number} [PEB-2]"))
    if number.lstrip("0") == "1":
        assert "E111" not in found
    else:
        assert found == ["E111"]


def test_a_huge_pattern_size_names_the_limit() -> None:
    text = PMZ_TEXT.replace("pattern same 3", "pattern same 99999999999999999999999", 1)
    assert "E111" in codes(PMZ, text)


# ── nesting ───────────────────────────────────────────────────────────


@pytest.mark.parametrize("expression", ["(1 + " * 400 + "1" + ")" * 400, "1 + " * 5000 + "1"])
def test_deep_expressions_name_the_limit(expression: str) -> None:
    text = PMZ_TEXT + f"\nsettle extra [PMZ-16] {{\n  let x = {expression}\n}}\n"
    checked = check(PMZ, text=text)
    (diagnostic,) = checked.errors
    assert diagnostic.code == "E111" and "nested more than" in diagnostic.message
    assert len(diagnostic.render().split("\n")[1]) < 200  # the line is shown as a window


def test_brackets_alone_do_not_nest_an_expression() -> None:
    text = PMZ_TEXT + "\nsettle extra [PMZ-16] {\n  let x = " + "(" * 3000 + "1" + ")" * 3000
    assert codes(PMZ, text + "\n}\n") == []


def test_an_expression_within_the_limit_is_fine() -> None:
    depth = limits.MAX_EXPRESSION_DEPTH - 1
    expression = "(unit + " * depth + "1" + ")" * depth
    text = PMZ_TEXT + f"\nsettle extra [PMZ-16] {{\n  on discard: discarder pays {expression}\n}}\n"
    assert codes(PMZ, text) == []


# ── size limits ───────────────────────────────────────────────────────


def test_a_file_over_the_size_limit() -> None:
    text = "# " + "x" * limits.MAX_RULE_BYTES + "\n"
    assert codes(PMZ, text) == ["E111"]


def test_a_file_over_the_line_limit() -> None:
    checked = check(PMZ, text="\n" * (limits.MAX_RULE_LINES + 1))
    (diagnostic,) = checked.errors
    assert diagnostic.code == "E111" and diagnostic.line == limits.MAX_RULE_LINES + 1


def test_the_bundled_lines_repeated_are_refused_at_once() -> None:
    assert codes(PMZ, PMZ_TEXT * 1000) == ["E111"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (deck_of(limits.MAX_CARD_KINDS + 1), "card kinds"),
        (deck_of(20_000), limits.bytes_text(limits.MAX_RULE_BYTES)),
        (deck_of(4, limits.MAX_COPIES + 1), "copies"),
        (deck_of(4).replace("seats 2", "seats 99"), "seats"),
        (deck_of(4).replace("pattern same 1", "pattern same 9"), "cards"),
        (deck_of(4).replace("3 to each hand", "41 to each hand"), "dealt"),
        (deck_of(4).replace("c0 n=0", "c0 n=0 " + '"x" ' * 20), "names"),
        (deck_of(4).replace("c0 n=0", 'c0 n=0 "' + "長" * 65 + '"'), "characters"),
    ],
    ids=["kinds", "20000-kinds", "copies", "seats", "group-size", "dealt", "names", "name"],
)
def test_deck_and_table_limits(text: str, message: str) -> None:
    checked = check(ROOT / "big.rules", text=text)
    limit = [d for d in checked.errors if d.code == "E111"]
    assert limit and message in limit[0].message, [d.render() for d in checked.diagnostics]


def test_a_deck_at_the_limits_checks() -> None:
    text = deck_of(limits.MAX_CARD_KINDS, limits.MAX_COPIES)
    assert check(ROOT / "big.rules", text=text).ok


def test_a_pattern_of_too_many_combinations_is_refused_before_it_is_built() -> None:
    cards = "\n".join(f"  c{i} n={i % 3}" for i in range(240))
    text = deck_of(1).replace("  c0 n=0", cards).replace("0..1", "0..2")
    text = text.replace("pattern same 1", "pattern run 3 of n")  # 80 × 80 × 80 ways
    (diagnostic,) = check(ROOT / "big.rules", text=text).errors
    assert diagnostic.code == "E111" and "512,000 card combinations" in diagnostic.message


def test_diagnostics_are_capped() -> None:
    lines = "\n".join(f"set nothing{i} = 1 [PEB-2]" for i in range(1000))
    loaded = load(MINIMAL.with_name("snippet.rules"), text=variant(lines))
    assert len(loaded.diagnostics) == limits.MAX_DIAGNOSTICS
    assert "more findings are not shown" in loaded.diagnostics[-1].message


# ── characters ────────────────────────────────────────────────────────


@pytest.mark.parametrize("char", ["\x00", "\x1b", "\x7f", "\u202e", "\x85", "\ud800"])
def test_control_characters_are_refused_and_shown_harmlessly(char: str) -> None:
    text = PMZ_TEXT.replace("# Source:", f"# Sou{char}rce:", 1)
    (diagnostic,) = check(PMZ, text=text).errors
    assert diagnostic.code == "E007" and (diagnostic.line, diagnostic.column) == (2, 6)
    assert char not in diagnostic.render()


def test_bom_and_crlf_are_read_as_text(tmp_path: Path) -> None:
    path = tmp_path / "pmz.rules"
    path.write_bytes(b"\xef\xbb\xbf" + PMZ_TEXT.replace("\n", "\r\n").encode())
    assert check(path).ok or check(path).errors[0].code == "E107"  # extends nothing: fine
