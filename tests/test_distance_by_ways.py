"""The distance less each held card read off the ways of least cost (`bots/measure/lacking.py`, what
`Distance.without_each` does where one block holds every kind, as at 跑胡子) is the one
the blocks' tables of each smaller hand give (`bots/measure/set_aside.py`): on positions of
greedy and random play, and on random hands of any size with random groups laid, at
跑胡子 and, the ways asked there too, at files of several blocks with winning forms
(長沙, 香港) and wild cards (紅中)."""

from __future__ import annotations

import random

import pytest
from tablerules.interpreter import load_game
from tablerules.interpreter.bots.measure.distance import Distance
from tablerules.interpreter.bots.players import make_bot
from tablerules.interpreter.engine import Table


def hands(name: str, seeds: int, most: int):
    """(hand, laid kinds, laid groups) at the steps of hands where greedy and random bots
    alternate seats, then hands of 0 to 14 random cards with 0 to 2 random kinds laid."""
    game = load_game(name)
    for seed in range(seeds):
        table = Table(game, seed=seed)
        seats = table.play.seats
        kind = ["greedy" if (s + seed) % 2 else "random" for s in range(seats)]
        bots = [make_bot(kind[s], seed * seats + s) for s in range(seats)]
        steps = 0
        while not table.finished and steps < most:
            seat = table.waiting_for()[0]
            holder = table.state.seats[seat]
            yield list(holder.hand), [group.kind for group in holder.table], list(holder.table)
            steps += 1
            table.apply(bots[seat].choose(table, seat))
    rng = random.Random(name)
    copies = game.compiled.cards.copies_of
    deck = [card for card, count in enumerate(copies) for _ in range(count)]
    kinds = [kind.index for kind in game.compiled.kinds]
    for size in range(15):
        for _ in range(3):
            counts = [0] * len(copies)
            for card in rng.sample(deck, size):
                counts[card] += 1
            yield counts, rng.sample(kinds, rng.randrange(3)), None


@pytest.mark.parametrize("name", ["paohuzi", "paohuzi-3p", "changsha", "hongkong", "hongzhong"])
def test_the_distance_less_each_card_by_ways_is_that_by_tables(name: str) -> None:
    distance = Distance(load_game(name).compiled)
    assert distance.by_ways == name.startswith("paohuzi")
    distance.by_ways = True  # asked of every file
    tables = distance._set_aside
    asked = 0
    for counts, kinds, laid in hands(name, seeds=2, most=60):
        held = [card for card, count in enumerate(counts) if count]
        some = frozenset(held[::2])
        assert distance.without_each(counts, kinds, laid) == tables.without_each(
            counts, kinds, laid
        ), (name, counts, kinds)
        assert distance.without_each(counts, kinds, laid, some) == tables.without_each(
            counts, kinds, laid, some
        )
        asked += 1
    assert asked >= 100
