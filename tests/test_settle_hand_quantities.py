"""A settlement reads the winning hand (`groups`, `cards`, `won on …`, `last card`...) in
play as `evaluate` does, in a rule file with no hand pattern or score too: the engine used
to build the hand's view only for scored files, and every win ended in an internal error."""

from __future__ import annotations

from pathlib import Path

from tablerules.interpreter.api import check
from tablerules.interpreter.bots.players import RandomBot, play_hand

SETTLE = """extends "paomazai"

settle counted [PMZ-16] {
  let held = cards
  on discard: discarder pays groups + held - held "by groups"
  otherwise: each other pays groups + (if won on draw or last card then 0 else 0) "by groups"
}
"""


def test_a_settlement_reads_the_winning_hand_in_play(tmp_path: Path) -> None:
    path = tmp_path / "counted.rules"
    path.write_text(SETTLE, encoding="utf-8")
    checked = check(path)
    assert checked.ok and checked.game is not None, [d.render() for d in checked.errors]
    game = checked.game
    paid = []
    for seed in range(12):
        table = play_hand(game, [RandomBot(seed * 4 + s) for s in range(4)], seed)
        paid += [e["amount"] for e in table.events if e.get("label") == "by groups"]
    assert paid, "no hand of the seeds was won"
    assert set(paid) == {5}  # a 跑馬仔 win is five groups: four melds and the pair
