"""Peer oracle: other Changsha engines' test hands on `rules/changsha.rules`.

Each fixture in `tests/fixtures/peers/changsha_*.json` holds one peer's unit-test hands with
its expected answers, translated into our notation (see `tests/peer_hands.py`). The peer's
win test asks no 2-5-8 pair (its game is 長沙's 紅中 table); the hands it calls wins are all
大胡 here (one suit, seven pairs, all pongs), which need none either (CS-4), so no row
differs.

Peers: nexe-afk = nexe-afk/changsha_mahjong.
"""

from __future__ import annotations

import pytest
from peer_hands import Row, check_row, rows

PEERS = ["changsha_nexe_afk"]


@pytest.mark.parametrize("row", [r for name in PEERS for r in rows(name)])
def test_peer_hand(row: Row) -> None:
    """The bundled file gives the peer's answer, or RULES.md's where the rules differ."""
    check_row(row)
