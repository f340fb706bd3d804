"""The distance to a complete hand when some cards are wild: each wild is a joker.

A wild may stand for any card it is allowed to, so each wild held fills one of the cards
the rest of the hand lacks: the distance is the plain cards' distance less the wilds, and
never below 0. Like the plain distance it ignores the copies left (a guide for bots, not a
win test).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tablerules.interpreter.compiling.forms import LaidGroup

Laid = Sequence[LaidGroup] | None  # the table groups, where known


class PlainDistance(Protocol):
    def distance(
        self, counts: Sequence[int], table_kinds: Sequence[int] = (), laid: Laid = None
    ) -> int: ...

    def without_each(
        self,
        counts: Sequence[int],
        table_kinds: Sequence[int] = (),
        laid: Laid = None,
        cards: frozenset[int] | None = None,
    ) -> dict[int, int]: ...


class JokerDistance:
    """`Distance` with the wild card kinds counted as jokers."""

    def __init__(self, plain: PlainDistance, wilds: frozenset[int]) -> None:
        self.plain = plain
        self.wilds = wilds
        self.reads_laid_cards = getattr(plain, "reads_laid_cards", False)  # as `plans.py`

    def _parted(self, counts: Sequence[int]) -> tuple[list[int], int]:
        rest = list(counts)
        jokers = 0
        for card in self.wilds:
            jokers += rest[card]
            rest[card] = 0
        return rest, jokers

    def distance(
        self, counts: Sequence[int], table_kinds: Sequence[int] = (), laid: Laid = None
    ) -> int:
        rest, jokers = self._parted(counts)
        return max(0, self.plain.distance(rest, table_kinds, laid) - jokers)

    def without_each(
        self,
        counts: Sequence[int],
        table_kinds: Sequence[int] = (),
        laid: Laid = None,
        cards: frozenset[int] | None = None,
    ) -> dict[int, int]:
        """Distance after setting aside one copy of each held card (of `cards` alone, where
        given): card -> distance."""
        rest, jokers = self._parted(counts)
        result: dict[int, int] = {}
        plain = None if cards is None else cards - self.wilds
        if any(rest) and (plain is None or plain):
            for card, left in self.plain.without_each(rest, table_kinds, laid, plain).items():
                result[card] = max(0, left - jokers)
        held_wilds = [c for c in self.wilds if counts[c] and (cards is None or c in cards)]
        if held_wilds:
            fewer = max(0, self.plain.distance(rest, table_kinds, laid) - (jokers - 1))
            for card in held_wilds:
                result[card] = fewer
        return result
