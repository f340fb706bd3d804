"""A seat to discard from a hand the test names, at a table dealt otherwise at random: the
positions the bot tests judge a single choice at."""

from __future__ import annotations

import random
from collections.abc import Mapping

from tablerules.interpreter import Game
from tablerules.interpreter.engine import Table


def cards(game: Game, text: str) -> list[int]:
    """The card indices of the ids in `text`, in order."""
    index = {card_id: number for number, card_id in enumerate(game.compiled.cards.ids)}
    return [index[word] for word in text.split()]


def to_discard(game: Game, own: str, discarded: Mapping[int, str], seed: int = 0) -> Table:
    """Seat 0, the dealer, to discard from `own` (its last card its draw, so the table
    offers it its turn as the engine does); each other seat's discards the cards
    `discarded` gives it; every other card dealt at random to the other hands and the
    wall."""
    table = Table(game, seed=seed, dealer=0)
    state = table.state
    kinds = len(state.seats[0].hand)
    rest = [card for card, count in enumerate(game.compiled.cards.copies_of) for _ in range(count)]
    held = cards(game, own)
    shown = {seat: cards(game, text) for seat, text in discarded.items()}
    for card in held + [card for seen in shown.values() for card in seen]:
        rest.remove(card)
    random.Random(seed).shuffle(rest)
    hand = [0] * kinds
    for card in held[:-1]:
        hand[card] += 1
    state.seats[0].set_hand(hand)
    others = range(1, table.play.seats)
    dealt = len(held) - 1
    for number, other in enumerate(others):
        counts = [0] * kinds
        for card in rest[number * dealt : (number + 1) * dealt]:
            counts[card] += 1
        state.seats[other].set_hand(counts)
        state.seats[other].discards = list(shown.get(other, []))
    state.seats[0].discards = []
    state.wall = [held[-1], *rest[len(others) * dealt :]]
    state.head, state.tail = 0, len(state.wall)
    state.decision = None
    state.turn = 0
    table._draw(0)
    assert table.waiting_for() == [0]
    return table
