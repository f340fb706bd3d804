"""廣東推倒胡 鬼牌 (GD) written twice: the bundled file and an independent writing of
RULES.md's section (tests/fixtures/reauthored/guangdong.rules) judge the same hands alike,
and the bundled golden scenarios pass on both.

Where RULES.md leaves a choice the two writings may part, in play only: the independent
one also forbids re-ponging a passed tile before one's next turn (PMZ-23's second
sentence), the bundled one does not say it. No hand evaluated here reads it.
"""

from __future__ import annotations

from pathlib import Path

from reauthored_hands import differences, golden_against, mahjong_hands

OURS = "tests/fixtures/reauthored/guangdong.rules"
BUNDLED = "rules/guangdong.rules"


def test_the_two_writings_judge_and_pay_every_hand_alike() -> None:
    hands = mahjong_hands(300, seed=11, honours=True, wild="P", orphans=True)
    assert differences(OURS, BUNDLED, hands) == []


def test_the_bundled_golden_scenarios_pass_on_the_independent_writing(tmp_path: Path) -> None:
    # the independent writing names its self-draw win 自摸 (the bundled file: 胡)
    renamed = {"胡": "自摸"}
    assert golden_against("guangdong", "guangdong.rules", OURS, tmp_path, renamed) == []
