"""A base's translated title describes the base's clause: a variant that replaces the clause
with another title shows its own title, not the base's translation, and `check` says so
(W004), unless it gives the title anew in its own `names` block."""

from __future__ import annotations

from pathlib import Path

from tablerules.interpreter.api import check
from tablerules.interpreter.messages.game_words import GameWords

BASE_TITLE_HANT = "10 張或以上紅牌"  # rules/variants/paohuzi-mingtang.rules, names zh-Hant


def variant(tmp_path: Path, title: str, names: str = "") -> Path:
    path = tmp_path / "red13.rules"
    path.write_text(
        'extends "paohuzi-mingtang"\n'
        "\n"
        f'override pattern 紅胡 "{title}" [PHZ-M1] {{\n'
        "  when cards (colour red) >= 13\n"
        "  worth ×2\n"
        "}\n" + names,
        encoding="utf-8",
    )
    return path


def shown_title(path: Path, lang: str) -> str:
    checked = check(path)
    assert checked.ok, [d.render() for d in checked.diagnostics]
    assert checked.game is not None
    pattern = checked.game.compiled.rules.patterns["紅胡"]
    return GameWords(checked.game.compiled, lang).title("紅胡", pattern.title)


def test_a_replaced_clause_shows_its_own_title_and_is_warned(tmp_path: Path) -> None:
    path = variant(tmp_path, "13 or more red cards")
    warnings = [d for d in check(path).diagnostics if d.code == "W004"]
    assert [(d.line, d.column, d.severity) for d in warnings] == [(3, 10, "warning")]
    assert "zh-Hant/zh-Hans title of '紅胡'" in warnings[0].message
    assert shown_title(path, "zh-Hant") == "13 or more red cards"
    assert shown_title(path, "zh-Hans") == "13 or more red cards"


def test_the_translated_name_is_kept(tmp_path: Path) -> None:
    checked = check(variant(tmp_path, "13 or more red cards"))
    assert checked.game is not None
    assert GameWords(checked.game.compiled, "zh-Hans").name("紅胡") == "红胡"


def test_a_title_given_anew_is_shown_without_a_warning(tmp_path: Path) -> None:
    names = 'names zh-Hant {\n  紅胡: 紅胡 "13 張或以上紅牌"\n}\n'
    path = variant(tmp_path, "13 or more red cards", names)
    codes = [d.code for d in check(path).diagnostics]
    assert codes.count("W004") == 1  # zh-Hans is still the base's
    assert "zh-Hans title" in next(d.message for d in check(path).diagnostics if d.code == "W004")
    assert shown_title(path, "zh-Hant") == "13 張或以上紅牌"


def test_an_override_keeping_the_title_keeps_its_translation(tmp_path: Path) -> None:
    path = variant(tmp_path, "10 or more red cards")
    assert not [d for d in check(path).diagnostics if d.code == "W004"]
    assert shown_title(path, "zh-Hant") == BASE_TITLE_HANT


def test_several_retitled_clauses_are_warned_once(tmp_path: Path) -> None:
    path = tmp_path / "red.rules"
    path.write_text(
        'extends "paohuzi-mingtang"\n'
        'override pattern 紅胡 "13 or more red cards" [PHZ-M1] {\n'
        "  when cards (colour red) >= 13\n"
        "  worth ×2\n"
        "}\n"
        'override pattern 點胡 "one red card only" [PHZ-M2] {\n'
        "  when cards (colour red) = 1\n"
        "  worth ×2\n"
        "}\n",
        encoding="utf-8",
    )
    warnings = [d for d in check(path).diagnostics if d.code == "W004"]
    assert [(d.line, d.column) for d in warnings] == [(2, 10)]
    assert "titles of '紅胡', '點胡' describe" in warnings[0].message
