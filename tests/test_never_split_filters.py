"""'never split' on a group whose pattern admits only some cards (`same N, where ...`):
only the cards the pattern admits are locked, and a seat holding nothing it may discard
passes its turn, whether it comes to discard after a claim or after its own draw
(docs/language.md, "Never split")."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.bots.players import GreedyBot, RandomBot, play_hand
from tablerules.interpreter.engine import Table

# every honour held is a group of its own that is never split: no honour is ever discarded
HONOURS_KEPT = """extends "paomazai.rules"

group 字 "an honour held alone" [PMZ-4] {
  pattern same 1, where kind honor
  in hand
  concealed
  never split
}
"""


@pytest.fixture(scope="module")
def honours_kept(tmp_path_factory: pytest.TempPathFactory) -> Game:
    path: Path = tmp_path_factory.mktemp("rules") / "honours-kept.rules"
    path.write_text(HONOURS_KEPT, encoding="utf-8")
    return load_game(path)


def rigged(game: Game, hands: list[str], wall: str) -> Table:
    return Table(game, dealer=0, hands=[game.parse(h) for h in hands], wall=game.parse(wall))


OTHERS = [
    "1p2p4p6p7p9p 1s3s5s7s 2m4m6m",
    "2s4s6s8s 3m5m7m9m 8p 3p5p8p",
    "4m6m8m9m 1p3p7p 2s4s6s 7m",
]


def test_only_the_cards_the_filter_admits_are_locked(honours_kept: Game) -> None:
    table = rigged(honours_kept, ["1m3m5m 2p4p6p E S W N C F P", *OTHERS], "9s 9s 9s 9s")
    assert table.waiting_for() == [0]
    discards = {c.label for c in table.legal_actions(0) if c.action == "discard"}
    numbers = ["一萬", "三萬", "五萬", "二筒", "四筒", "六筒", "九索"]
    assert discards == {f"discard {name}" for name in numbers}


def test_a_draw_that_leaves_nothing_to_discard_passes_the_turn(honours_kept: Game) -> None:
    table = rigged(honours_kept, ["E S W N C F P E S W N C F", *OTHERS], "P 9s 9s 9s")
    passes = [e for e in table.events if e["type"] == "turn passes"]
    assert [(e["seat"], e["why"]) for e in passes] == [(0, "nothing to discard")]
    assert table.waiting_for() == [1]
    assert not [e for e in table.events if e["type"] == "discard"]
    assert sum(table.state.seats[0].hand) == 14


@pytest.mark.parametrize("bots", [RandomBot, GreedyBot])
def test_hands_with_cards_kept_by_a_filter_play_to_their_end(
    honours_kept: Game, bots: type[RandomBot] | type[GreedyBot]
) -> None:
    for seed in range(12):
        table = play_hand(honours_kept, [bots(seed * 4 + seat) for seat in range(4)], seed)
        assert table.finished
