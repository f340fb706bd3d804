"""Peer oracle: other Taiwanese sixteen-tile engines' test hands on `rules/taiwan.rules`.

Each fixture in `tests/fixtures/peers/taiwan_*.json` holds one peer's unit-test hands with
its expected answers, translated into our notation (see `tests/peer_hands.py`). Where a
peer plays another rule than RULES.md:

| peer | rule of theirs | RULES.md |
|---|---|---|
| 91910lin | 門清, 不求 and 自摸 each count | TW-6: 不求人 3 instead of 門清 and 自摸 |
| 91910lin | 七對子, 國士無雙 win | TW-3: five melds and a pair only |

vishcho and loiu92 assert only whether a hand is won (or how far from it), which TW-3 and the
deck of four copies (TW-1) answer alike.

Peers: 91910lin = 91910lin/MahjongCalculate; vishcho = vishcho/taiwan-mahjong (its shanten
fixtures and core tests); loiu92 = loiu92/taiwan-mahjong (its WinDetector tests).
"""

from __future__ import annotations

import pytest
from peer_hands import Row, check_row, rows

PEERS = ["taiwan_91910lin", "taiwan_vishcho", "taiwan_loiu92"]


@pytest.mark.parametrize("row", [r for name in PEERS for r in rows(name)])
def test_peer_hand(row: Row) -> None:
    """The bundled file gives the peer's answer, or RULES.md's where the rules differ."""
    check_row(row)
