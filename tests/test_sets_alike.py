"""`sets of N alike` (四川's 根, SC-9): the cards the whole winning hand holds N copies of,
a kong on the table or four alike held, read by patterns; 龍七對's four alike are no 根."""

from __future__ import annotations

from pathlib import Path

from tablerules.dsl.loading.loader import load
from tablerules.interpreter import load_game


def _fan(hand: str, win: str, table: list[tuple[str, str]] | None = None) -> dict[str, int]:
    game = load_game("sichuan")
    groups = [game.evaluator.table_group(kind, game.parse(cards)) for kind, cards in table or []]
    result = game.evaluator.evaluate(game.parse(hand), groups, game.parse(win)[0], "discard")
    assert result.best is not None and result.best.judgement is not None
    judgement = result.best.judgement.to_json()
    counted = {p["name"]: p["count"] for p in judgement["patterns"] if not p["excluded_by"]}
    return {**counted, "番": judgement["scores"]["番"]["value"]}


def test_four_alike_held_is_a_gen_as_a_kong_is() -> None:
    held = _fan("1111m 23m 456m 789m 5m", "5m")
    assert held["根"] == 1 and held["番"] == 3  # 清一色 2 + 根 1
    kong = _fan("234m 456m 789m 5m", "5m", [("槓", "1111m")])
    assert kong["根"] == 1 and kong["番"] == 3


def test_the_four_alike_of_long_seven_pairs_are_no_gen() -> None:
    fan = _fan("1111m 22m 33m 44m 55m 6m", "6m")
    assert fan["龍七對"] == 1 and "七對" not in fan and "根" not in fan
    assert fan["番"] == 5  # 清一色 2 + 龍七對 3


def test_the_number_must_be_a_whole_number(tmp_path: Path) -> None:
    path = tmp_path / "alike.rules"
    path.write_text(
        'extends "sichuan"\n\npattern 雙根 "two" [SC-9] {\n  when sets of two alike > 1\n'
        "  worth 1\n}\n",
        encoding="utf-8",
    )
    errors = [d for d in load(path).diagnostics if d.severity == "error"]
    assert [(d.code, d.line, d.column) for d in errors] == [("E103", 4, 8)]
