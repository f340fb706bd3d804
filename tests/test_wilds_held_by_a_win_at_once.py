"""A win at once whose cards no reading of the wilds splits (four 紅中 and ten singles, HZ-5)
is judged on the cards as held, and they hold four wilds: `wilds` reads 4, so "no wild
held" (無紅中, P2-1) does not apply. It read 0 there, and a settlement reading `wilds`
paid the 無紅中 amount for a hand of four 紅中, in play as in evaluate."""

from __future__ import annotations

import json
from pathlib import Path

from tablerules.interpreter import load_game
from tablerules.interpreter.scenarios import run_scenario

VARIANT = """extends "hongzhong"

override settle win [HZ-5, HZ-6, P2-2] {
  let 每家 = if wilds = 0 then 4 × 底 else 2 × 底          # 無紅中 pays double
  on draw by self: each other pays 每家 "自摸"
  on replacement by self: each other pays 每家 "槓上開花"
  on added card: robbed pays 3 × 每家 "搶槓胡"
  on turn by self: each other pays 每家 "四紅中"            # the same, 紅中 held
}
"""
DEALT = "C C C C 1m 4m 7m 2p 5p 8p 3s 6s 9s 1s"


def test_the_held_split_counts_its_wilds(tmp_path: Path) -> None:
    path = tmp_path / "hongzhong-held.rules"
    path.write_text(VARIANT, encoding="utf-8")
    game = load_game(path)
    result = game.evaluate(game.parse(DEALT), on_deal=True)
    assert result.immediate == "四紅中" and result.best is not None
    assert result.best.wilds == 4


def test_play_pays_the_amount_of_a_hand_holding_wilds(tmp_path: Path) -> None:
    (tmp_path / "hongzhong-held.rules").write_text(VARIANT, encoding="utf-8")
    scenario = {
        "name": "四紅中 dealt to the dealer, paid 2 × 底 a seat as a hand holding 紅中; the two "
        "birds, 二筒 and 三筒, miss",
        "rules": "hongzhong-held.rules",
        "rule_ids": ["HZ-5", "HZ-6", "P2-1", "P2-2"],
        "options": {"鳥": 2},
        "dealer": 0,
        "hands": [
            DEALT,
            "2m 5m 8m 3p 6p 9p 1s 4s 7s 2s 2s 2m 5m",
            "3m 6m 9m 1p 4p 7p 2s 5s 8s 3s 3s 6m 9m",
            "1m 4m 7m 2p 5p 8p 4s 5s 6s 7s 8s 9s 9s",
        ],
        "wall": "2p 3p 4p 6p",
        "actions": [],
        "expect": {"winners": [0], "totals": [6, -2, -2, -2]},
    }
    path = tmp_path / "four_dealt.json"
    path.write_text(json.dumps(scenario, ensure_ascii=False), encoding="utf-8")
    result = run_scenario(path)
    assert result.passed, result.failures
