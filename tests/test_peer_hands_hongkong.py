"""Peer oracle: other Hong Kong mahjong engines' test hands on `rules/hongkong.rules`.

Each fixture in `tests/fixtures/peers/hongkong_*.json` holds one peer's unit-test hands with
its expected answers, translated into our notation (see `tests/peer_hands.py`): a peer's
predicate on a split it was given (`isSmallDragon`) becomes a hand pattern that must (or
must not) count on our best split. Where a peer plays another rule than RULES.md:

| peer | rule of theirs | RULES.md |
|---|---|---|
| HSKPeter (hk-mahjong) | four alike held in the hand may be a kong | HK-2: kongs are declared |
| HSKPeter (hk-mahjong) | 十八羅漢, 大/小四喜, 清么九, 九蓮寶燈 | not among HK-5's 番 |
| mahjong (library) | seven pairs are a division, a shape | HK-4: no seven pairs |
| mahjong (library) | 四槓子, 小/大四喜 and other yakuman | not among HK-5's 番 |
| oscarhkli | 小/大四喜, 花么九, 清么九, 九蓮寶燈 | not among HK-5's 番 |
| oscarhkli | 雞糊 (no 番) is a win | HK-4: at least 3 番 |
| oscarhkli | a dragon pong counts beside 小/大三元 | HK-5: 大/小三元 replace them |
| 0x4007 | flowers, seven pairs, 四暗刻, 河底 and other limits | HK-1: no flowers; HK-4, HK-5 |

Peers: HSKPeter = HSKPeter/hk-mahjong-hand-calculation; mahjong (library) =
MahjongRepository/mahjong, its divider, agari and yaku tests (the yaku HK-5 shares);
oscarhkli = oscarhkli/mahjong-score-calculator, ScoreCalculatorTest.deduceWinningHands;
0x4007 = 0x4007/hk-mahjong-coach, packages/hk-rules/src/scoring.test.ts (its positive and
near-miss hand of each rule).
"""

from __future__ import annotations

import pytest
from peer_hands import Row, check_row, rows

PEERS = [
    "hongkong_hskpeter",
    "hongkong_mahjong_library",
    "hongkong_mahjong_yaku",
    "hongkong_oscarhkli",
    "hongkong_0x4007",
]


@pytest.mark.parametrize("row", [r for name in PEERS for r in rows(name)])
def test_peer_hand(row: Row) -> None:
    """The bundled file gives the peer's answer, or RULES.md's where the rules differ."""
    check_row(row)
