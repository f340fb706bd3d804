"""The lonely-card bound never leaves out a card that completes a hand.

A hand one card short of splitting into groups (PHZ-12: a win needs the whole hand in
groups; PMZ-4 likewise) is completed only by a card that groups every lonely kind of it
(`interpreter/search/lonely_cards.py`). The play engine asks the search only about the cards
the bound keeps, so a card it dropped wrongly would be a win never offered: each hand here
is checked against the search on every card kind, and the bound must also drop most cards,
or it screens nothing.
"""

from __future__ import annotations

import random

from tablerules.interpreter import Game
from tablerules.interpreter.compiling.compiled import FIELD_BITS, GUARD_BIT
from tablerules.interpreter.search.lonely_cards import LonelyCardBound


def _hands(game: Game, rng: random.Random, count: int) -> list[int]:
    """Random hands of the deck, and hands one card short of a split's groups."""
    compiled = game.compiled
    deck = [card for card in range(len(game.cards)) for _ in range(compiled.cards.copies)]
    hands = [compiled.pack_counts(_counts(game, rng.sample(deck, 14))) for _ in range(count)]
    instances = compiled.instances
    for _ in range(count):
        counts = [0] * len(game.cards)
        for instance in rng.sample(instances, 5):
            for card in instance.cards:
                counts[card] += 1
        held = [card for card, n in enumerate(counts) for _ in range(n)]
        if max(counts) <= compiled.cards.copies:
            held.remove(rng.choice(held))
            hands.append(compiled.pack_counts(_counts(game, held)))
    return hands


def _counts(game: Game, cards: list[int]) -> list[int]:
    counts = [0] * len(game.cards)
    for card in cards:
        counts[card] += 1
    return counts


def test_the_bound_keeps_every_completing_card(phz: Game, pmz: Game) -> None:
    rng = random.Random(5)
    for game in (phz, pmz):
        search = game.evaluator.search
        groups = [(i.packed, i.cards) for i in game.compiled.instances]
        bound = LonelyCardBound(groups, len(game.cards))
        kept = asked = completing = 0
        for packed in _hands(game, rng, 150):
            allowed = bound.completing(packed)
            for card in range(len(game.cards)):
                asked += 1
                bit = GUARD_BIT << (card * FIELD_BITS)
                if search.signatures(packed + (1 << (card * FIELD_BITS))):
                    completing += 1
                    assert allowed & bit, (packed, card)
                kept += bool(allowed & bit)
        assert completing  # the hands one card short were completed
        assert kept < asked / 2  # and most cards were dropped without a search
