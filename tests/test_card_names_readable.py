"""A card's name is what every transcript, log label and page shows for it: a blank name
showed no card at all (`seat 0 draws `), and a name that card notation reads as other cards
(`"12r"` for a blue card, in a deck whose `12r` is `1r 2r`) showed one card as others, while
typing that name gave the other cards. Both are refused where the name is written."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.interpreter.api import check

from tests.hostile_common import MINIMAL, codes

ROW = "  5b  colour=blue number=5"


def deck_named(name: str) -> str:
    text = MINIMAL.read_text(encoding="utf-8")
    assert ROW + "\n" in text
    return text.replace(ROW + "\n", f'{ROW} "{name}"\n')


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "a card's name may not be blank"),
        ("  ", "a card's name may not be blank"),
        ("12r", "'12r' reads as 1r 2r"),
        ("1r 2r", "'1r' reads as 1r"),
        ("1r,2r", "'1r' reads as 1r"),
        ("x 4b", "'4b' reads as 4b"),
    ],
)
def test_a_card_name_that_shows_no_card_or_others_is_refused(
    name: str, message: str, tmp_path: Path
) -> None:
    path = tmp_path / "named.rules"
    checked = check(path, text=deck_named(name))
    assert [(d.code, d.line, d.column) for d in checked.errors] == [("E104", 32, 3)]
    assert message in checked.errors[0].message and "card '5b'" in checked.errors[0].message


@pytest.mark.parametrize("name", ["blue one", "x 5b", "5b", "青五"])
def test_a_card_name_readable_as_itself_checks(name: str, tmp_path: Path) -> None:
    """A space only makes a name hard to type; its own id is still itself."""
    assert codes(tmp_path / "named.rules", deck_named(name)) == []


def test_a_name_in_another_deck_without_suffixes_reads_other_cards(tmp_path: Path) -> None:
    text = MINIMAL.read_text(encoding="utf-8").replace("  compact suffix r g b", "")
    text = text.replace(ROW + "\n", f'{ROW} "4b 3b"\n')
    checked = check(tmp_path / "plain.rules", text=text)
    assert [d.code for d in checked.errors] == ["E104"]
    assert "'4b' is card 4b" in checked.errors[0].message


@pytest.mark.parametrize(
    ("said", "error"),
    [('""', "may not be blank"), ('"12r"', "'12r' reads as 1r 2r"), ("青五", None)],
)
def test_a_cards_name_in_another_language_is_held_to_the_same(
    said: str, error: str | None, tmp_path: Path
) -> None:
    (tmp_path / "minimal.rules").write_text(MINIMAL.read_text(encoding="utf-8"), "utf-8")
    text = f'extends "minimal.rules"\nnames zh-Hant {{\n  5b: {said}\n}}\n'
    checked = check(tmp_path / "named.rules", text=text)
    found = [(d.code, d.line, d.message) for d in checked.errors]
    if error is None:
        assert found == []
    else:
        assert [(code, line) for code, line, _ in found] == [("E104", 3)]
        assert error in found[0][2] and "'5b' in this language" in found[0][2]
