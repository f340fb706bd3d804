"""`best win of payee` at a drawn hand in a file whose wins are self-draws only (紅中麻將,
HZ-3): a ready seat's waits were tried as wins on a discard, which the win clause accepts
though no action of the file wins on a discard, and priced by the discard line no
settlement writes, so 0: a 查叫 added to 紅中 paid nothing. The docs say a card that
completes the hand only by the seat's own draw is priced as its share of the self-draw."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tablerules.interpreter.scenarios.runner import run_scenario

CHAJIAO = """extends "hongzhong"
settle 查叫 [HZ-9] {
  at drawn hand: each seat where not ready pays best win of payee to each seat where ready "查叫"
}
"""


def test_a_ready_seat_of_a_self_draw_only_file_is_paid_its_self_draw(tmp_path: Path) -> None:
    rules = tmp_path / "chajiao.rules"
    rules.write_text(CHAJIAO, encoding="utf-8")
    scenario = {
        "name": "the wall is empty at the dealer's first draw: 南 is ready, the others not",
        "rules": os.path.relpath(rules, tmp_path),
        "rule_ids": ["HZ-9"],
        "dealer": 0,
        "hands": [
            "1m 3m 5m 7m 9m 1p 3p 5p 7p 9p 2s 4s 6s",
            "1m2m3m 4m5m6m 7m8m9m 1p1p 2p C",  # ready, holding a 紅中: 2 底 each
            "2m 4m 6m 8m 2p 4p 6p 8p 1s 3s 5s 7s 9s",
            "1m 3m 5m 7m 9m 1p 3p 5p 7p 9p 3s 5s 7s",
        ],
        "wall": "",
        "actions": [],
        "expect": {},
    }
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario, ensure_ascii=False), encoding="utf-8")
    result = run_scenario(path)
    table = result.table
    assert table is not None, result.failures
    drawn = next(e for e in table.state.events if e["type"] == "drawn settle")
    assert drawn["payees"] == [1]
    assert table.totals() == [-2, 6, -2, -2]
