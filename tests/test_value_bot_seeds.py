"""A seeded value bot imagines the same deals at the same point of a hand whatever it
searched before: so two runs of one deal under files that pay differently (one horse or
two) stay alike wherever their play is alike, and a comparison's differences come from the
files, not from two draws of the bot's luck. (It once drew every imagined deal from one
generator for the whole hand: a search that took another batch of deals under one file
changed every later imagined deal of that hand.)"""

from __future__ import annotations

import pytest
from tablerules.interpreter import load_game
from tablerules.interpreter.bots import value
from tablerules.interpreter.bots.players import GreedyBot
from tablerules.interpreter.bots.value import ValueBot
from tablerules.interpreter.engine import Table


def test_the_imagined_deals_depend_on_the_point_of_the_hand_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = load_game("paomazai")
    seeds: list[int] = []

    def recorder(world: Table, choice: object, seat: int, seed: int) -> int:
        seeds.append(seed)
        return 0

    monkeypatch.setattr(value, "play_out", recorder)
    table = Table(game, seed=7, dealer=0)
    played = ValueBot(11)  # asked at each of its seat's decisions
    others = [GreedyBot(7 * 4 + s) for s in range(4)]
    compared = 0
    while not table.finished and compared < 3:
        seat = table.waiting_for()[0]
        if seat != 0:
            table.apply(others[seat].choose(table, seat))
            continue
        seeds.clear()
        chosen = played.choose(table, seat)
        by_played = list(seeds)
        seeds.clear()
        fresh = ValueBot(11).choose(table, seat)  # never asked before
        if by_played:
            assert seeds == by_played and fresh == chosen
            compared += 1
        table.apply(others[seat].choose(table, seat))  # greedy play keeps the hand going
    assert compared >= 2
