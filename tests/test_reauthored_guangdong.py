"""廣東推倒胡 鬼牌 (GD) written twice: the bundled file and an independent writing of
RULES.md's section (tests/fixtures/reauthored/guangdong.rules) judge the same hands alike,
and the bundled golden scenarios pass on both.

The hands judged here read no choice RULES.md leaves open: both writings play every
clause of GD alike (both take PMZ-23's passed pong with its passed win, GD-3).
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
