"""紅中癩子 (HZ) written twice: the bundled file and an independent writing of RULES.md's
section (tests/fixtures/reauthored/hongzhong.rules) judge the same hands alike, and the
bundled golden scenarios pass on both.

Where RULES.md leaves a choice the two writings part in play only (HZ-4 says a kong is
"followed by a draw"): the bundled file draws the replacement from the wall's end and adds
only the tile just drawn to a pong (補槓); the independent one draws from the head and adds
a tile drawn now or held. No hand evaluated here reads either.
"""

from __future__ import annotations

from pathlib import Path

from reauthored_hands import differences, golden_against, mahjong_hands

OURS = "tests/fixtures/reauthored/hongzhong.rules"
BUNDLED = "rules/hongzhong.rules"


def test_the_two_writings_judge_and_pay_every_hand_alike() -> None:
    hands = mahjong_hands(300, seed=12, honours=False, wild="C", orphans=False)
    assert differences(OURS, BUNDLED, hands) == []


def test_the_bundled_golden_scenarios_pass_on_the_independent_writing(tmp_path: Path) -> None:
    assert golden_against("hongzhong", "hongzhong.rules", OURS, tmp_path) == []
