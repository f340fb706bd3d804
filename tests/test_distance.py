"""The bots' distance to a complete hand: the fewest cards a hand lacks, checked against
the win test and a brute-force search on small hands."""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement

from tablerules.interpreter import Game
from tablerules.interpreter.bots.measure.distance import distance_for


def counts_of(game: Game, text: str) -> list[int]:
    counts = [0] * len(game.cards)
    for card in game.parse(text):
        counts[card] += 1
    return counts


def kind(game: Game, name: str) -> int:
    return game.compiled.kind_index[name]


def test_a_complete_hand_is_at_distance_zero(pmz: Game, phz: Game) -> None:
    distance = distance_for(pmz.compiled)
    assert distance.distance(counts_of(pmz, "123m 456p 789s EEE CC")) == 0
    assert distance.distance(counts_of(pmz, "123m 456p 789s CC"), [kind(pmz, "刻")]) == 0
    low = "二三四 四五六 七八九 貳叁肆 肆伍陸"  # complete in shape, its value too low to win
    assert not phz.evaluate_text(low).wins
    assert distance_for(phz.compiled).distance(counts_of(phz, low)) == 0


def test_one_card_short_is_distance_one_exactly_when_a_card_completes_it(pmz: Game) -> None:
    """13 cards are at distance 1 iff adding some card (copies not counted) makes a win."""
    compiled, evaluator = pmz.compiled, pmz.evaluator
    distance = distance_for(compiled)
    rng = random.Random(11)
    deck = [card for card in range(len(pmz.cards)) for _ in range(4)]
    seen_one = 0
    for trial in range(400):
        rng.shuffle(deck)
        suit = [c for c in deck if c < 9] if trial % 2 else deck  # one suit: many near-wins
        counts = [0] * len(pmz.cards)
        for card in suit[:13]:
            counts[card] += 1
        completes = any(
            evaluator.wins_packed(compiled.pack_counts(counts) + (1 << (8 * card)))
            for card in range(len(counts))
        )
        found = distance.distance(counts)
        assert found >= 1 and (found == 1) == completes
        seen_one += completes
    assert seen_one > 20


def test_small_hands_match_a_brute_force_search(pmz: Game) -> None:
    """With three groups on the table, the fewest added cards after which some of the cards
    make a meld and a pair, found by trying every addition."""
    compiled = pmz.compiled
    distance = distance_for(compiled)
    triple = kind(pmz, "刻")
    accept = compiled.accept_mask(3, 0, 0)
    signatures = pmz.evaluator.search.signatures

    def some_part_wins(counts: list[int]) -> bool:
        pool = [card for card, n in enumerate(counts) for _ in range(n)]
        return any(
            signatures(compiled.pack_cards(list(part))) & accept
            for size in (5,)
            for part in set(combinations(pool, size))
        )

    rng = random.Random(5)
    kinds = len(pmz.cards)
    for _ in range(25):
        counts = [0] * kinds
        for _ in range(rng.randint(1, 4)):
            counts[rng.randrange(9)] += 1  # one suit keeps the search small and interesting
        brute = next(
            k
            for k in range(5)
            for added in combinations_with_replacement(range(9), k)
            if some_part_wins([n + added.count(card) for card, n in enumerate(counts)])
        )
        assert distance.distance(counts, [triple] * 3) == brute, counts


def test_setting_aside_each_card_matches_the_distance_without_it(pmz: Game, phz: Game) -> None:
    for game in (pmz, phz):
        distance = distance_for(game.compiled)
        rng = random.Random(2)
        deck = [card for card in range(len(game.cards)) for _ in range(4)]
        for _ in range(50):
            rng.shuffle(deck)
            counts = [0] * len(game.cards)
            for card in deck[:14]:
                counts[card] += 1
            for card, found in distance.without_each(counts).items():
                smaller = list(counts)
                smaller[card] -= 1
                assert found == distance.distance(smaller)
