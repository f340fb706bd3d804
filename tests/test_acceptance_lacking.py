"""The acceptance read off a hand's nearest completions (`bots/measure/lacking.py`) is the one
worked out by solving the distance anew for every card that may come (`per_card`): on
positions of greedy and random play, with groups laid, winning forms (長沙, 四川, 廣東:
seven pairs), wild cards (廣東, 紅中), and one block of twenty kinds (跑胡子)."""

from __future__ import annotations

import random

import pytest
from tablerules.interpreter import load_game
from tablerules.interpreter.bots.estimate.acceptance import acceptance, per_card
from tablerules.interpreter.bots.measure import lacking
from tablerules.interpreter.bots.measure.distance import UNREACHABLE, Distance
from tablerules.interpreter.bots.measure.lacking import Lacking
from tablerules.interpreter.bots.players import make_bot
from tablerules.interpreter.engine import Table

FILES = ["paohuzi", "paomazai", "hongkong", "changsha", "sichuan", "guangdong", "hongzhong"]


def positions(name: str, seeds: int, most: int):
    """(table, seat) at every step of hands where greedy and random bots alternate seats,
    up to `most` positions whose seat holds cards."""
    game = load_game(name)
    found = 0
    for seed in range(seeds):
        table = Table(game, seed=seed)
        seats = table.play.seats
        kind = ["greedy" if (s + seed) % 2 else "random" for s in range(seats)]
        bots = [make_bot(kind[s], seed * seats + s) for s in range(seats)]
        while not table.finished and found < most:
            seat = table.waiting_for()[0]
            if any(table.state.seats[seat].hand):
                found += 1
                yield table, seat
            table.apply(bots[seat].choose(table, seat))


@pytest.mark.parametrize("name", FILES)
def test_the_acceptance_is_the_per_card_one(name: str) -> None:
    """Every held card asked as a discard, so the hands left are of every kind."""
    compared = 0
    laid = 0
    for table, seat in positions(name, seeds=3, most=70):
        hand = table.state.seats[seat].hand
        held = [card for card, count in enumerate(hand) if count]
        assert acceptance(table, seat, held) == per_card(table, seat, held), (name, seat)
        compared += 1
        laid += bool(table.state.seats[seat].table)
    assert compared == 70
    assert laid > 0  # positions with groups laid among them


@pytest.mark.parametrize("name", ["paohuzi", "hongkong"])
def test_the_kinds_lacked_are_those_that_lower_the_distance(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The groups' distance and, card by card, whether a card added lowers it: by
    `Lacking` against `Distance` itself, its winning forms (香港's) not measured, with
    the ways' memory emptied every few questions."""
    monkeypatch.setattr(lacking, "LIMIT", 5)
    game = load_game(name)
    distance = Distance(game.compiled)
    distance.forms = None  # the groups alone
    measured = Lacking(distance)
    for table, seat in positions(name, seeds=2, most=30):
        holder = table.state.seats[seat]
        counts = list(holder.hand)
        kinds = [group.kind for group in holder.table]
        groups, lacks = measured.lacking(counts, kinds)
        assert groups == distance.distance(counts, kinds)
        for card in range(len(counts)):
            counts[card] += 1
            lower = distance.distance(counts, kinds) < groups
            counts[card] -= 1
            assert lower == bool(lacks >> card & 1), (name, card)


@pytest.mark.parametrize("name", ["paohuzi", "paomazai", "hongkong"])
def test_the_kinds_lacked_by_random_hands_of_any_size(name: str) -> None:
    """Hands of 0 to 14 cards drawn at random from the deck, with 0 to 2 groups of random
    kinds laid: small hands are completed by groups of no held card, whose cards are
    lacked too."""
    game = load_game(name)
    distance = Distance(game.compiled)
    distance.forms = None  # the groups alone
    measured = Lacking(distance)
    rng = random.Random(name)
    deck = [
        card for card, copies in enumerate(game.compiled.cards.copies_of) for _ in range(copies)
    ]
    kinds = [kind.index for kind in game.compiled.kinds]
    for size in range(15):
        for _ in range(4):
            counts = [0] * len(game.compiled.cards.copies_of)
            for card in rng.sample(deck, size):
                counts[card] += 1
            laid = rng.sample(kinds, rng.randrange(3))
            groups, lacks = measured.lacking(counts, laid)
            assert groups == distance.distance(counts, laid)
            if groups >= UNREACHABLE:
                continue
            for card in range(len(counts)):
                counts[card] += 1
                lower = distance.distance(counts, laid) < groups
                counts[card] -= 1
                assert lower == bool(lacks >> card & 1), (name, size, card)
