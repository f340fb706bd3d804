"""Peer oracle: other Sichuan 血戰到底 engines' test hands on `rules/sichuan.rules`.

Each fixture in `tests/fixtures/peers/sichuan_*.json` holds one peer's unit-test hands with
its expected answers, translated into our notation (see `tests/peer_hands.py`). Where the
peer plays another rule than RULES.md, the row says so and is held to RULES.md:

| peer | rule of theirs | RULES.md |
|---|---|---|
| zhuxuanjian | scores hands of all three suits | SC-4: no win with three suits |
| zhuxuanjian | 自摸 1 番 | SC-10: 自摸加底, no 番 |
| zhuxuanjian | 七对 + 根 per four alike | SC-9, P2-5: 龍七對 3, later sets 根 (same 番) |
| zhuxuanjian | 金钩钓 | not in SC-9 |
| blood-grp | 平胡, 門清, 天胡 番 | not in SC-9 |
| billee1011 | 十八罗汉, 平胡 (of a hand that is also seven pairs) | SC-9: 對對胡 + 根; best split |
| dcmshi | GoldenWait: all pungs won on the pair, 1 番 | not in SC-9 |
| dcmshi | a hand of three suits wins when no void is given | SC-4: no win with three suits |
| liucanzhu | 自摸 1 番; 將對 3; cap 4 | SC-10: 自摸加底; no 將對 (SC-9); cap option 4 |
| liucanzhu | scores and waits on hands of all three suits | SC-4: no win with three suits |

The zhuxuanjian hands of three suits are also held, as rows of their own, with their 萬
read as 索: two suits, a win, and the peer's 番 to compare (自摸 aside, SC-10).

Peers: zhuxuanjian = zhuxuanjian/sichuan-mahjong-calculator, blood-grp =
mahjong-xpro/blood-grp, billee1011 = billee1011/Go (its fantype tests), dcmshi =
dcmshi/sichuan-mahjong (packages/engine/tests: scoring-cases, win-shape, hand), liucanzhu =
liucanzhu/sichuan-mahjong-trainer (src/engine/__tests__: fan, hand, waiting), xpilot =
fyisvia/Xpilot, its issue #3 (the waits of 1113456666788s, 2578s), q_algorithm =
yuanfengyun/q_algorithm, its issue #50 (a 龍七對).
"""

from __future__ import annotations

import pytest
from peer_hands import Row, check_row, rows

PEERS = [
    "sichuan_zhuxuanjian",
    "sichuan_blood_grp",
    "sichuan_billee1011",
    "sichuan_dcmshi",
    "sichuan_liucanzhu",
    "sichuan_xpilot_issue",
    "sichuan_q_algorithm_issue",
]


@pytest.mark.parametrize("row", [r for name in PEERS for r in rows(name)])
def test_peer_hand(row: Row) -> None:
    """The bundled file gives the peer's answer, or RULES.md's where the rules differ."""
    check_row(row)
