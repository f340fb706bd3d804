"""A win on the deal with wild cards: read on the cards as dealt, the wilds as wilds (no
reading makes or unmakes it), and valued by the hand's best reading (P2-1, P2-2)."""

from __future__ import annotations

from pathlib import Path

from tablerules.interpreter.api import load_game

ROOT = Path(__file__).resolve().parents[1]


def _fan(evaluation: object) -> int:
    best = evaluation.best  # type: ignore[attr-defined]
    assert best is not None
    return best.to_json()["scores"]["番"]["value"]


def test_four_ghosts_on_the_deal_are_valued_by_the_best_reading() -> None:
    """廣東: 111m 222m 333m 1p and the four ghosts. 四鬼胡 holds as dealt (GD-6); the ghosts
    read 1m 2m 3m 1p make seven pairs (七對, 1 番), the best reading, as when the hand is
    judged off the deal. Only the readings the budget search lets through are judged (every
    reading of four ghosts was once: some 64,000)."""
    game = load_game(ROOT / "rules" / "guangdong.rules")
    hand = game.parse("111m 222m 333m 1p P P P P")
    before = game.evaluator.judged
    on_deal = game.evaluate(hand, on_deal=True)
    judged = game.evaluator.judged - before
    off_deal = game.evaluate(hand)
    assert on_deal.wins and on_deal.immediate == "四鬼胡"
    assert _fan(on_deal) == _fan(off_deal) == 1
    assert on_deal.best is not None and on_deal.best.wild_readings == off_deal.best.wild_readings
    assert judged < 1000


def test_a_wild_makes_no_ti_of_the_deal() -> None:
    """跑胡子帶王: one 提 dealt and three 二 with a 王 are not two 提 — a 王 is never taken
    into a 提 (WZ-2), so no 天胡 (PHZ-15); two 提 dealt are, whatever the 王."""
    game = load_game(ROOT / "tests" / "fixtures" / "authored" / "paohuzi-wang.rules")
    one = game.evaluate(game.parse("一一一一 二二二 王 壹 叁 伍 柒 玖 九"), on_deal=True)
    assert not one.wins and one.immediate is None
    two = game.evaluate(game.parse("一一一一 二二二二 王 壹 叁 伍 柒 玖"), on_deal=True)
    assert two.wins and two.immediate == "天胡"
