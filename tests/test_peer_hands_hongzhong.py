"""Peer oracle: other 紅中 (wild red dragon) engines' test hands on `rules/hongzhong.rules`.

Each fixture in `tests/fixtures/peers/hongzhong_*.json` holds one peer's unit-test hands with
its expected answers, translated into our notation (see `tests/peer_hands.py`). Where a
peer plays another rule than RULES.md:

| peer | rule of theirs | RULES.md |
|---|---|---|
| nexe-afk | a 13-tile hand holding 紅中 can be a win | HZ-3: 4 melds and a pair (14) |
| nexe-afk | four 紅中 in 13 tiles are a complete hand | HZ-5: they win at once, held |

Peers: nexe-afk = nexe-afk/changsha_mahjong (a 長沙 紅中 game: its win test is ours).
"""

from __future__ import annotations

import pytest
from peer_hands import Row, check_row, rows

PEERS = ["hongzhong_nexe_afk"]


@pytest.mark.parametrize("row", [r for name in PEERS for r in rows(name)])
def test_peer_hand(row: Row) -> None:
    """The bundled file gives the peer's answer, or RULES.md's where the rules differ."""
    check_row(row)
