"""A variant that overrides an attribute's values leaves its base's clauses naming the old
values: each is reported in the base, where it is written, and its hint says where the
attribute's values now come from, so the author knows which of their lines caused it."""

from __future__ import annotations

from pathlib import Path

from tablerules.interpreter.api import check

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"
TWO_COLOURS = """extends "minimal.rules"

override attribute colour: red | green     [PEB-1]
"""
LOOK = """
look [PEB-1] {
  shape tile
  ink blue when colour blue
}
"""


def diagnostics(tmp_path: Path, base_extra: str = "") -> list:
    base = (EXAMPLES / "minimal.rules").read_text(encoding="utf-8") + base_extra
    (tmp_path / "minimal.rules").write_text(base, encoding="utf-8")
    path = tmp_path / "two.rules"
    path.write_text(TWO_COLOURS, encoding="utf-8")
    return check(path).diagnostics


def test_a_base_card_row_names_where_the_attribute_now_comes_from(tmp_path: Path) -> None:
    found = [d for d in diagnostics(tmp_path) if d.code == "E104"]
    assert [d.message for d in found[:1]] == ["card '1b': colour is one of red | green"]
    assert all(d.file.endswith("minimal.rules") for d in found)
    assert {d.hint for d in found} == {
        f"'colour' is written at {tmp_path / 'two.rules'}:3: override this clause too"
    }


def test_a_base_look_line_names_it_too(tmp_path: Path) -> None:
    (look,) = [d for d in diagnostics(tmp_path, LOOK) if d.source_line.strip().startswith("ink")]
    assert look.hint.startswith("'colour' is written at ") and "two.rules:3" in look.hint


def test_a_value_wrong_in_its_own_file_has_no_such_hint(tmp_path: Path) -> None:
    path = tmp_path / "own.rules"
    text = (EXAMPLES / "minimal.rules").read_text(encoding="utf-8")
    path.write_text(text.replace("1b  colour=blue", "1b  colour=teal"), encoding="utf-8")
    (found,) = [d for d in check(path).diagnostics if d.code == "E104"]
    assert found.hint == ""


def test_a_variants_own_clause_naming_a_value_its_base_lacks_has_no_such_hint(
    tmp_path: Path,
) -> None:
    # the attribute is the base's, the clause the variant's own: nothing to override
    (tmp_path / "minimal.rules").write_text(
        (EXAMPLES / "minimal.rules").read_text(encoding="utf-8"), encoding="utf-8"
    )
    path = tmp_path / "variant.rules"
    path.write_text(
        'extends "minimal.rules"\n' + LOOK.replace("colour blue", "colour teal"), encoding="utf-8"
    )
    (found,) = [d for d in check(path).diagnostics if d.code == "E104"]
    assert found.file.endswith("variant.rules") and found.message.startswith("'teal'")
    assert found.hint == ""
