"""A phase naming an attribute the cards do not have is reported at the line that names it
(the `declares` or `passes` line), the caret under the name: not at the phase's first line,
where the same word may stand in its quoted title. A table option of that name gets a hint
that a phase declares a value the cards have."""

from __future__ import annotations

from pathlib import Path

from tablerules.interpreter.api import check

DECLARES = """extends "pebbles-play.rules"

option 跑 "each seat's 跑": 0 | 1 | 2 | 3 = 0 [PEB-6]

phase 下跑 "each seat says its 跑" [PEB-6] {
  each seat declares one 跑, shown
}
"""

PASSES = """extends "pebbles-play.rules"

phase swap "pass two of one shade" [PEB-3] {
  each seat passes 2 cards of one shade to next
}
"""


def diagnostics(tmp_path: Path, text: str) -> list:
    examples = Path(__file__).resolve().parents[1] / "docs" / "examples"
    for name in ("minimal.rules", "pebbles-play.rules"):
        (tmp_path / name).write_text((examples / name).read_text(encoding="utf-8"), "utf-8")
    path = tmp_path / "phase.rules"
    path.write_text(text, encoding="utf-8")
    return check(path).diagnostics


def test_a_declared_attribute_unknown_is_reported_where_it_is_named(tmp_path: Path) -> None:
    (found,) = diagnostics(tmp_path, DECLARES)
    assert (found.code, found.line) == ("E101", 6)
    assert found.source_line[found.column - 1 :].startswith("跑, shown")
    assert "option" in found.hint and "attribute" in found.hint


def test_a_passed_attribute_unknown_is_reported_where_it_is_named(tmp_path: Path) -> None:
    (found,) = diagnostics(tmp_path, PASSES)
    assert (found.code, found.line) == ("E101", 4)
    assert found.source_line[found.column - 1 :].startswith("shade to next")
    assert "colour" in found.hint
