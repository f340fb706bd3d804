"""The deal's own shuffle draws exactly as `random.Random.shuffle`: a seed deals what it
always dealt."""

from __future__ import annotations

import random

import pytest
from tablerules.interpreter import Game
from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.dealing.shuffle import shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 80, 84, 136, 144, 300])
def test_the_same_order_and_draws_as_random_shuffle(size: int) -> None:
    for seed in range(40):
        ours, theirs = random.Random(seed), random.Random(seed)
        cards = list(range(size))
        expected = list(range(size))
        shuffle(cards, ours)
        theirs.shuffle(expected)
        assert cards == expected
        assert ours.getrandbits(64) == theirs.getrandbits(64)  # no draw more or fewer


def test_a_seeded_table_deals_the_shuffled_deck_by_the_deal_plan(pmz: Game) -> None:
    table = Table(pmz, seed=2024)
    deck = list(table.play.deck)
    random.Random(2024).shuffle(deck)
    dealer = random.Random("dealer:2024").randrange(table.play.seats)
    assert table.state.dealer == dealer
    position = 0
    hands: list[list[int]] = [[] for _ in range(table.play.seats)]
    for line in pmz.compiled.deal_plan():
        dealt = deck[position : position + line.count]
        position += line.count
        if line.seat is None:
            assert table.state.wall[: len(dealt)] == dealt
        else:
            hands[(dealer + line.seat) % table.play.seats].extend(dealt)
    first = table.events[0]
    assert first["type"] == "deal" and first["dealer"] == dealer
    ids = pmz.compiled.cards.ids
    assert first["hands"] == [sorted((ids[c] for c in hand), key=ids.index) for hand in hands]
