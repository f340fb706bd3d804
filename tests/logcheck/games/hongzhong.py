"""紅中癩子 as the documents state it (HZ-n): 紅中 wild for any number tile, read as each
tile it may stand for."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from logcheck.games.mahjong import MJ_SUITS, Paomazai, seven_pairs
from logcheck.games.profile import Group, with_card

HZ_NUMBERS = tuple(f"{rank}{suit}" for suit in MJ_SUITS for rank in range(1, 10))
HZ_TILES = frozenset({*HZ_NUMBERS, "C"})  # HZ-1: 112 tiles, four of each


def _readings(counts: Counter[str], wilds: int, start: int = 0) -> Iterator[tuple[str, ...]]:
    """Every way to read `wilds` wild tiles as number tiles (HZ-2, P2-1), as the tiles
    they stand for: never a fifth copy (`counts`: every tile seen), each multiset once."""
    if wilds == 0:
        yield ()
        return
    for index in range(start, len(HZ_NUMBERS)):
        tile = HZ_NUMBERS[index]
        if counts[tile] >= 4:
            continue
        counts[tile] += 1
        for rest in _readings(counts, wilds - 1, index):
            yield (tile, *rest)
        counts[tile] -= 1


@dataclass
class Hongzhong(Paomazai):
    """紅中癩子 (HZ-1…HZ-10): 紅中 wild for any number tile; 4 melds and a pair, or 七對."""

    def wins(
        self, hand: Counter[str], table: Sequence[Group], card: str | None, source: str | None
    ) -> bool:
        """HZ-2, HZ-3, P2-1: some reading of the 紅中 held (the winning tile's included)
        as number tiles, table groups counted against a fifth copy, is 4 melds and a pair
        or seven pairs."""
        full = with_card(hand, card)
        wilds = full.pop("C", 0)
        around = Counter(full)
        for _, cards in table:
            around.update(cards)
        for reading in _readings(around, wilds):
            read = Counter(full)
            read.update(reading)
            if not table and seven_pairs(read):
                return True
            if super().wins(read, table, None, source):
                return True
        return False
