"""An immediate win by the cards held (`when all of CARDS`, TW-6's 八仙過海): every copy of
the cards held or laid wins at once, on the deal or on the draw that completes them."""

from __future__ import annotations

from pathlib import Path

from tablerules.dsl.loading.loader import load
from tablerules.interpreter import load_game
from tablerules.interpreter.engine import Table

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "tests/golden/scenarios/taiwan/all_eight_flowers_win_at_once.json"


def test_an_unknown_card_is_pointed_at(tmp_path: Path) -> None:
    text = (
        'extends "taiwan.rules"\n'
        'override immediate win 八仙過海 "eight" [TW-6] {\n'
        "  when all of 春 (kind flower) 荷\n"
        "}\n"
    )
    path = tmp_path / "v.rules"
    path.write_text(text, encoding="utf-8")
    loaded = load(path)
    errors = [(d.code, d.line) for d in loaded.diagnostics if d.severity == "error"]
    assert errors == [("E101", 3)]


def test_the_eight_flowers_win_with_their_limit_alone() -> None:
    game = load_game("taiwan")
    held = "春 夏 秋 冬 梅 蘭 竹 1m 5m 9m"
    result = game.evaluate_text(held, win_card="菊", source="self", on_deal=True, seat=1)
    assert result.wins and result.immediate == "八仙過海"
    assert result.best is not None
    judged = result.best.to_json()
    assert judged["scores"]["台"]["value"] == 8


def test_seven_flowers_and_a_draw_of_another_tile_play_on() -> None:
    game = load_game("taiwan")
    table = Table(
        game,
        dealer=0,
        hands=[game.parse(h) for h in ["E", "春 夏 秋 冬 梅 蘭 竹 1m 5m 9m", "9s", "9p"]],
        wall=game.parse("C 2m " + "1s 2s 3s 4s 5s 6s 7s 8s " * 4),
    )
    while table.waiting_for() and not table.finished:
        seat = table.waiting_for()[0]
        choices = table.legal_actions(seat)
        if seat == 1 and any(c.label.startswith("discard") for c in choices):
            break
        table.apply(choices[0])
    assert not table.finished
    assert not any(e["type"] == "immediate win" for e in table.events)
