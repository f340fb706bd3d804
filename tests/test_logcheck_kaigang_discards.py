"""The 2-5-8 pair check of 長沙麻將 and the tiles a 開槓 shows: once neither wins its
owner, both are discarded, and a win on them is 槓上炮, a 大胡 that needs no 2-5-8 pair
(CS-4, CS-7). The check once called such a win a wrong offer (a 2,000-hand run found it)."""

from __future__ import annotations

import json
from pathlib import Path

from logcheck import Plan, check_plan, play_hands

RULES = str(Path(__file__).resolve().parents[1] / "rules" / "changsha.rules")
# the stretch of `make logcheck`'s random-bot run whose 141st hand holds such a win offer
STRETCH = Plan(RULES, 141, "random", 8_500)
CHECK = "small-win-has-a-2-5-8-pair"


def _offers_on_shown_tiles(plan: Plan) -> list[dict]:
    """Windows on a 開槓's discarded tiles where a seat with no 2-5-8 pair may win."""
    _, hands = play_hands(plan)
    found = []
    for hand in hands:
        after_shown = False
        for line in hand.lines:
            record = json.loads(line)
            if record["type"] == "shown discarded":
                after_shown = True
            elif record["type"] == "draw":
                after_shown = False
            elif record["type"] == "window" and after_shown and record["context"] == "discard":
                wins = [seat for seat, labels in record["offered"] if "胡" in labels]
                if wins:
                    found.append(record)
    return found


def test_a_win_on_a_kongs_shown_tiles_needs_no_2_5_8_pair() -> None:
    assert _offers_on_shown_tiles(STRETCH), "the stretch no longer holds the case"
    report = check_plan(STRETCH, [CHECK])
    assert report.ok, report.summary(examples=3)
