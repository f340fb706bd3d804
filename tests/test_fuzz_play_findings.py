"""What the mutation mode of the fuzzer (`fuzz.play_mutants`) found in files that check:
each finding's minimal file, refused where it once played wrong or broke."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.interpreter.api import check


def _errors(tmp_path: Path, text: str) -> list[tuple[str, int, str]]:
    checked = check(tmp_path / "mutant.rules", text=text)
    return [(d.code, d.line, d.message) for d in checked.diagnostics if d.is_error]


# A repeated settle line: the first line that fits is paid, so the second never was, and the
# file checked and played as if it were not there.
REPEATED_SETTLE_LINE = """extends "paomazai"
override settle win [PMZ-16] {
  on discard: discarder pays 2 × unit "食糊"
  on draw: each other pays 2 × unit "自摸"
  on draw: each other pays 5 × unit "自摸 again"
}
"""


def test_a_settle_line_an_earlier_one_always_pays_is_refused(tmp_path: Path) -> None:
    errors = _errors(tmp_path, REPEATED_SETTLE_LINE)
    assert [(code, line) for code, line, _ in errors] == [("E110", 5)]
    assert "line 4, 'on draw'" in errors[0][2]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("on discard", "on discard by next"),
        ("on discard by anyone", "on discard by others"),
        ("on discard by others", "on discard by next"),
        ("on draw by self", "on draw by self"),
    ],
)
def test_a_narrower_line_after_a_wider_one_is_refused(
    tmp_path: Path, first: str, second: str
) -> None:
    text = f"""extends "paomazai"
override settle win [PMZ-16] {{
  {first}: discarder pays 2 × unit "a"
  {second}: discarder pays 3 × unit "b"
}}
"""
    assert [(code, line) for code, line, _ in _errors(tmp_path, text)] == [("E110", 4)]


@pytest.mark.parametrize(
    ("first", "second"),
    [("on discard by next", "on discard"), ("on discard by next", "on discard by others")],
)
def test_a_wider_line_after_a_narrower_one_still_checks(
    tmp_path: Path, first: str, second: str
) -> None:
    text = f"""extends "paomazai"
override settle win [PMZ-16] {{
  {first}: discarder pays 2 × unit "a"
  {second}: discarder pays 3 × unit "b"
}}
"""
    assert _errors(tmp_path, text) == []


def test_two_otherwise_lines_are_refused(tmp_path: Path) -> None:
    """Only the last `otherwise` line was paid, the first silently never."""
    text = """extends "paomazai"
override settle win [PMZ-16] {
  otherwise: each other pays 1 × unit "a"
  on discard: discarder pays 2 × unit "b"
  otherwise: each other pays 3 × unit "c"
}
"""
    assert [(code, line) for code, line, _ in _errors(tmp_path, text)] == [("E102", 5)]


def test_a_next_dealer_line_after_one_without_a_condition_is_refused(tmp_path: Path) -> None:
    """Hong Kong's 連莊 lines swapped: the dealer never kept the deal, and the file checked."""
    text = """extends "hongkong"
override next dealer [HK-7] {
  after win: next of dealer
  after win if dealer wins: dealer
  after drawn hand: dealer
}
"""
    errors = _errors(tmp_path, text)
    assert [(code, line) for code, line, _ in errors] == [("E110", 4)]
    assert "line 3 has no condition" in errors[0][2]
