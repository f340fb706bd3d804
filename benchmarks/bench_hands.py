"""Reproducible benchmark hands for 跑馬仔 and 跑胡子.

Hands are built from a seeded `random.Random`, so every run (and both sides of a
comparison) sees the same hands. 跑馬仔 hands are 34-count lists in the rule file's deck
order; `to_mahjong_order` gives the `mahjong` library's order of the same hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

TILE_KINDS = 34
COPIES = 4
SUITS = 3
HONOR_START = 27


def to_mahjong_order(counts: Sequence[int]) -> list[int]:
    """The same 34-count hand in the mahjong library's order, which differs only in the
    dragons: ours end 中 發 白 (C F P), theirs 白 發 中. The swap is its own inverse."""
    swapped = list(counts)
    swapped[31], swapped[33] = counts[33], counts[31]
    return swapped


def mahjong_melds() -> list[tuple[int, ...]]:
    """Every meld of a standard hand, defined independently of the rule file:
    runs within a suit and triplets of any tile, as tile indices in our order."""
    runs = [
        (suit * 9 + start, suit * 9 + start + 1, suit * 9 + start + 2)
        for suit in range(SUITS)
        for start in range(7)
    ]
    triplets = [(tile,) * 3 for tile in range(TILE_KINDS)]
    return runs + triplets


def mahjong_complete(rng: random.Random, melds: Sequence[tuple[int, ...]]) -> list[int]:
    """4 random melds + 1 random pair, redrawn until no tile appears more than 4 times."""
    while True:
        counts = [0] * TILE_KINDS
        for meld in rng.choices(melds, k=4):
            for tile in meld:
                counts[tile] += 1
        counts[rng.randrange(TILE_KINDS)] += 2
        if max(counts) <= COPIES:
            return counts


def random_counts(rng: random.Random, kinds: int, size: int) -> list[int]:
    """`size` cards drawn uniformly from a deck of `kinds` kinds × 4 copies, as counts."""
    counts = [0] * kinds
    for physical in rng.sample(range(kinds * COPIES), size):
        counts[physical // COPIES] += 1
    return counts


def mahjong_hands(seed: int, count: int) -> tuple[list[list[int]], list[list[int]]]:
    """`count` complete and `count` uniformly random 14-tile hands (34-counts, our order)."""
    rng = random.Random(seed)
    melds = mahjong_melds()
    complete = [mahjong_complete(rng, melds) for _ in range(count)]
    rand = [random_counts(rng, TILE_KINDS, 14) for _ in range(count)]
    return complete, rand


def group_complete(
    rng: random.Random, groups: Sequence[tuple[int, ...]], kinds: int, n_groups: int
) -> list[int]:
    """`n_groups` random groups as a sorted card list, redrawn until ≤ 4 copies of a card."""
    while True:
        counts = [0] * kinds
        for group in rng.choices(groups, k=n_groups):
            for card in group:
                counts[card] += 1
        if max(counts) <= COPIES:
            return [card for card, n in enumerate(counts) for _ in range(n)]


def group_hands(
    seed: int, count: int, groups: Sequence[tuple[int, ...]], kinds: int, n_groups: int, size: int
) -> tuple[list[list[int]], list[list[int]]]:
    """`count` hands of `n_groups` random groups and `count` random `size`-card hands."""
    rng = random.Random(seed)
    complete = [group_complete(rng, groups, kinds, n_groups) for _ in range(count)]
    rand = []
    for _ in range(count):
        counts = random_counts(rng, kinds, size)
        rand.append([card for card, n in enumerate(counts) for _ in range(n)])
    return complete, rand


def is_seven_pairs(counts: Sequence[int]) -> bool:
    """Seven distinct pairs (the mahjong library's chiitoitsu; four alike does not count)."""
    return sum(1 for n in counts if n == 2) == 7 and all(n in (0, 2) for n in counts)


def is_kokushi(counts: Sequence[int]) -> bool:
    """Thirteen orphans: one of each terminal and honor, one of them twice."""
    orphans = [0, 8, 9, 17, 18, 26, *range(HONOR_START, TILE_KINDS)]
    return (
        sum(counts) == 14
        and all(counts[t] >= 1 for t in orphans)
        and all(counts[t] == 0 for t in range(TILE_KINDS) if t not in orphans)
    )
