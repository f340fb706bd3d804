"""The deal's shuffle, written out: the very draws of `random.Random.shuffle`, cheaper.

A seeded hand must deal the same cards wherever it is replayed, so the shuffle is the
project's own, not whatever `random.shuffle` some Python version ships: Fisher–Yates from
the last card down, each position's partner drawn below `i + 1` by rejection on
`getrandbits(bit length of i + 1)` (CPython's algorithm since 3.2, so the seeded deals of
every earlier log stay as they were). Written out, it also skips a Python call per card
(`_randbelow`), a third of what building a table cost.
"""

from __future__ import annotations

from functools import cache
from random import Random


@cache
def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """Each position a shuffle of `size` cards swaps, last first, with the number its
    partner is drawn below and that number's bit length."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, size)))


def shuffle(cards: list[int], rng: Random) -> None:
    """Shuffle `cards` in place, drawing from `rng` exactly as `rng.shuffle(cards)` does."""
    draw = rng.getrandbits
    for i, below, bits in _steps(len(cards)):
        j = draw(bits)
        while j >= below:
            j = draw(bits)
        cards[i], cards[j] = cards[j], cards[i]
