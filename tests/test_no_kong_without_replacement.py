"""An action followed by a replacement is not offered once the wall can give none: a kong
of the last card (海底) would lay the group and end the hand on the replacement it cannot
draw, taking from the others the last discard they could win on. PMZ-22 says so of 跑馬仔
in its own file (`last card allows 胡`); the other games are silent, and their players
expect the same. A forced action followed by a replacement (a flower laid) still is."""

from __future__ import annotations

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.engine import Table

HANDS = [
    "1m2m3m 4m5m6m 7m8m9m 1p2p3p 9s",
    "5p5p5p 1s2s3s 4s5s6s 7s8s9s E",
    "2m3m4m 5m6m7m 2p3p4p 6p7p8p S",
    "3m4m5m 6m7m8m 3s4s5s 6s7s8s W",
]


@pytest.fixture(scope="module")
def hongkong() -> Game:
    return load_game("hongkong")


def _south_draws(game: Game, wall: str) -> Table:
    """東 draws 北 and discards it; nobody claims it; 南 draws 五筒, its fourth."""
    table = Table(game, dealer=0, hands=[game.parse(h) for h in HANDS], wall=game.parse(wall))
    table.apply("discard 北", 0)
    while table.state.decision is not None and table.state.decision.kind != "turn":
        seat = table.waiting_for()[0]
        table.apply(table.offered(seat)[-1], seat)
    assert table.waiting_for() == [1]
    return table


def test_a_concealed_kong_of_the_last_card_is_not_offered(hongkong: Game) -> None:
    table = _south_draws(hongkong, "N 5p")
    labels = [choice.label for choice in table.legal_actions(1)]
    assert not [label for label in labels if label.startswith("暗槓")], labels
    assert table.explain(1, "暗槓").startswith("暗槓 is followed by a replacement, and the wall")


def test_with_a_card_left_to_replace_it_the_kong_is_offered(hongkong: Game) -> None:
    table = _south_draws(hongkong, "N 5p 9p")
    labels = [choice.label for choice in table.legal_actions(1)]
    assert "暗槓 五筒五筒五筒五筒" in labels, labels
    table.apply("暗槓 五筒五筒五筒五筒", 1)
    assert table.events[-1]["type"] in ("replacement", "draw")
    assert not table.finished
