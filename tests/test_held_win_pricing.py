"""A win on the deal valued by the groups held (PHZ-15's 天胡): its settlement reads the
whole dealt hand, as its hand patterns and play do, not only the cards of its groups."""

from __future__ import annotations

from pathlib import Path

from tablerules.interpreter import load_game
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.hand.pricing import price

RED_PAYS = (
    'extends "paohuzi"\n'
    "override settle win [PHZ-21] {\n"
    '  otherwise: each other pays cards (colour red) "red"\n'
    "}\n"
    'pattern 紅 "the red cards" [PHZ-21] {\n'
    "  counts cards (colour red)\n"
    "}\n"
)
# two 提 of black cards win on the deal; the seven red cards lie in no group
DEALT = "一一一一 三三三三 二七十貳柒拾二"


def test_a_settlement_counts_the_cards_outside_the_groups_held(tmp_path: Path) -> None:
    path = tmp_path / "red.rules"
    path.write_text(RED_PAYS, encoding="utf-8")
    game = load_game(path)
    result = game.evaluate_text(DEALT, on_deal=True)
    assert result.wins and result.best is not None and result.best.held
    counted = {p.name: p.count for p in result.best.judgement.patterns if p.counts}
    assert counted["紅"] == 7  # the hand pattern sees every dealt card
    paid = price(game.compiled, result.best, WinConditions(context="deal")).payments
    assert [(p.payer, p.amount) for p in paid] == [("each other", 7)]
