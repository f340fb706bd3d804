"""Comfort for the author of a rule file and of scenarios: repeated command-line groups,
scenarios over files in sibling folders, hints for what an author would guess."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tablerules.cli.main import main

ROOT = Path(__file__).resolve().parents[1]


def test_repeating_table_adds_groups_instead_of_keeping_the_last(
    capsys: pytest.CaptureFixture[str],
) -> None:
    base = ["evaluate", "paomazai", "--hand", "123m 456p 5s", "--win-card", "5s"]
    assert main([*base, "--table", "pong:EEE kong:9999m"]) == 0
    together = capsys.readouterr().out
    assert main([*base, "--table", "pong:EEE", "--table", "kong:9999m"]) == 0
    repeated = capsys.readouterr().out
    assert repeated == together
    assert "東東東" in repeated and "九萬九萬九萬九萬" in repeated
    # a mistake in the second is located in that value
    assert main([*base, "--table", "pong:EEE", "--table", "順:789s"]) == 1
    assert "--table: a 順 group is never on the table (column 1)" in capsys.readouterr().err


def test_a_scenario_over_a_rule_file_in_a_sibling_folder_runs_with_extends_dir(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    golden = ROOT / "tests" / "golden" / "scenarios" / "sichuan"
    scenario = json.loads((golden / "exchange_then_void_suit_first.json").read_text("utf-8"))
    (tmp_path / "mine").mkdir()
    (tmp_path / "scenarios").mkdir()
    rules = (ROOT / "rules" / "sichuan.rules").read_text(encoding="utf-8")
    (tmp_path / "mine" / "variant.rules").write_text(rules, encoding="utf-8")
    scenario["rules"] = "../mine/variant.rules"
    written = json.dumps(scenario, ensure_ascii=False)
    (tmp_path / "scenarios" / "one.json").write_text(written, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["test", "scenarios/one.json"]) == 1
    out = capsys.readouterr().out
    assert "outside the scenario's folder" in out and "--extends-dir DIR" in out
    assert main(["test", "scenarios/one.json", "--extends-dir", "mine"]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out


PEBBLES = ROOT / "docs" / "examples"
GUESSES = {
    "worth x2": (
        'extends "minimal.rules"\nscore pts [PEB-3] {\n  starts at 0\n}\n'
        "pattern p [PEB-3] {\n  when groups of three >= 1\n  worth x2\n}\n",
        "E101",
        "to multiply, write ×2 or *2",
    ),
    "an amount times x2": (
        'extends "pebbles-play.rules"\nsettle extra [PEB-6] {\n'
        '  otherwise: each other pays 3 x2 "x"\n}\n',
        "E001",
        "to multiply, write ×2 or *2",
    ),
    "by previous": (
        'extends "pebbles-play.rules"\noverride action take [PEB-5] {\n'
        "  on discard by previous: the card and 2 alike from hand\n  makes three\n"
        "  priority 1\n  then discard\n}\n",
        "E001",
        "write `on discard by next`",
    ),
    "a lone x between two amounts": (
        'extends "pebbles-play.rules"\nsettle extra [PEB-6] {\n'
        '  otherwise: each other pays 3 x stake "x"\n}\n',
        "E001",
        "to multiply, write × or * (`x` reads as a name)",
    ),
    "÷ to divide": (
        'extends "pebbles-play.rules"\nsettle extra [PEB-6] {\n'
        '  otherwise: each other pays stake ÷ 2 "x"\n}\n',
        "E007",
        "to divide, write /",
    ),
    "a value table read by its name": (
        'extends "pebbles-play.rules"\nvalue pips [PEB-3] {\n  three: 2\n  else: 0\n}\n'
        'settle extra [PEB-6] {\n  otherwise: each other pays pips "x"\n}\n',
        "E101",
        "'pips' is a value table: its total is read as `value`",
    ),
    "a worth below 0": (
        'extends "pebbles-points.rules"\npattern less [PEB-8] {\n'
        "  when groups of three >= 1\n  worth -1\n}\n",
        "E001",
        "a worth is 0 or more: write the pattern twice",
    ),
    "a card in parentheses": (
        'extends "minimal.rules"\npattern p [PEB-3] {\n  when cards (1r) >= 1\n  worth 2\n}\n',
        "E001",
        "a card is written without parentheses (`1r`)",
    ),
}


@pytest.mark.parametrize("name", sorted(GUESSES))
def test_a_guess_the_language_writes_otherwise_gets_a_hint_that_teaches_it(
    name: str, tmp_path: Path
) -> None:
    from tablerules.dsl.loading.loader import load

    text, code, hint = GUESSES[name]
    for example in ("minimal.rules", "pebbles-play.rules", "pebbles-points.rules"):
        (tmp_path / example).write_text((PEBBLES / example).read_text("utf-8"), "utf-8")
    path = tmp_path / "guess.rules"
    path.write_text(text, encoding="utf-8")
    (found,) = [d for d in load(path).diagnostics if d.severity == "error"]
    assert found.code == code and hint in found.hint, found.render()


def test_the_hint_for_x2_leaves_a_name_that_is_not_a_product_alone(tmp_path: Path) -> None:
    from tablerules.dsl.parsing.guesses import syntax_hint, times_hint

    assert times_hint("x2") and times_hint("X10")
    assert not times_hint("x") and not times_hint("max2") and not times_hint("x2b")
    assert syntax_hint("  on discard by nextt: x", 1, 17) == ""
    assert syntax_hint("  when cards (1r 2r) >= 1", 1, 21) == ""


def _errors(tmp_path: Path, text: str) -> list[str]:
    from tablerules.dsl.loading.loader import load

    path = tmp_path / "variant.rules"
    path.write_text(text, encoding="utf-8")
    return [
        f"{d.line}:{d.code} {d.message}" for d in load(path).diagnostics if d.severity == "error"
    ]


def test_remove_scoring_replaces_every_pattern_and_score_in_one_line(tmp_path: Path) -> None:
    from tablerules.interpreter import load_game

    text = (
        'extends "paomazai-faan"\nremove scoring\n\n'
        'score 番 "a multiplier" [PMZ-F9] {\n  starts at 1\n}\n\n'
        'pattern 清一色 "one suit" [PMZ-F3] {\n'
        "  when distinct suit = 1 and cards (kind honor) = 0\n  worth ×4\n}\n"
    )
    assert _errors(tmp_path, text) == []
    rules = load_game(tmp_path / "variant.rules").compiled.rules
    assert list(rules.patterns) == ["清一色"] and list(rules.scores) == ["番"]
    # only the patterns: the base's score stays
    assert _errors(tmp_path, 'extends "paomazai-faan"\nremove patterns\n') == []


def test_a_removed_score_still_read_is_an_error_at_the_remove_line(tmp_path: Path) -> None:
    found = _errors(tmp_path, 'extends "paomazai-faan"\nremove scoring\n')
    assert found and all(f.startswith("2:E101 score '番' is removed here") for f in found), found
    found = _errors(tmp_path, 'extends "hongkong"\nremove scores\n')
    assert any("used at" in f and "hongkong.rules:109" in f for f in found), found


def test_remove_scoring_with_nothing_to_remove_or_a_wrong_word_is_refused(tmp_path: Path) -> None:
    assert _errors(tmp_path, 'extends "paomazai"\nremove patterns\n') == [
        "2:E108 no patterns to remove"
    ]
    (found,) = _errors(tmp_path, 'extends "paomazai"\nremove scorings\n')
    assert found.startswith("2:E104 'remove scorings' names nothing to remove")


def test_an_override_deck_without_rows_keeps_the_base_rows(tmp_path: Path) -> None:
    from tablerules.interpreter import load_game

    (tmp_path / "minimal.rules").write_text((PEBBLES / "minimal.rules").read_text("utf-8"), "utf-8")
    text = 'extends "minimal.rules"\noverride deck [PEB-1] {\n  copies 4\n}\n'
    assert _errors(tmp_path, text) == []
    deck = load_game(tmp_path / "variant.rules").compiled.rules.deck
    assert deck is not None and deck.copies == 4 and len(deck.cards) == 15
    assert deck.compact_suffixes == ["r", "g", "b"]  # not written: kept
    # rows written: they are the whole deck, as before (here too few for the deal)
    text = (
        'extends "minimal.rules"\noverride deck [PEB-1] {\n  copies 3\n'
        "  1r colour=red number=1\n  2r colour=red number=2\n}\n"
    )
    assert any("E105" in found for found in _errors(tmp_path, text))
