"""Peer oracle: wild-tile engines' test hands on `rules/guangdong.rules`, its ghost (白) wild.

Each fixture in `tests/fixtures/peers/guangdong_*.json` holds one peer's unit-test hands with
its expected answers, translated into our notation (see `tests/peer_hands.py`). A 紅中 wild
of the peer is read as GD's ghost 白: the peer's wild stands for number tiles only, GD's for
any tile (GD-5), which changes nothing for hands that hold no honour. Where a peer plays
another rule than RULES.md:

| peer | rule of theirs | RULES.md |
|---|---|---|
| nexe-afk | a 13-tile hand holding wilds can be a win | GD-3: 4 melds and a pair (14) |
| q_algorithm | a ghost may stand for a fifth copy (its issue #14) | P2-1: never a fifth copy |

Peers: nexe-afk = nexe-afk/changsha_mahjong (a 長沙 紅中 game); hupaimj = pinorr/HuPaiMJ, its
issue #8 (a seven-pairs hand the library missed); q_algorithm = yuanfengyun/q_algorithm, its
mjlib_go hu tests and the hands of its issues #2, #6 and #14 (its 1s wild is GD's 翻鬼 ghost
when 9s is turned up).
"""

from __future__ import annotations

import pytest
from peer_hands import Row, check_row, rows

PEERS = ["guangdong_nexe_afk", "guangdong_hupaimj_issue", "guangdong_q_algorithm"]


@pytest.mark.parametrize("row", [r for name in PEERS for r in rows(name)])
def test_peer_hand(row: Row) -> None:
    """The bundled file gives the peer's answer, or RULES.md's where the rules differ."""
    check_row(row)
