"""A block's part with wild cards added, cut in two halves: `BlockBudget.reach` of a part
new to the budget tables, read from the tables of its halves.

A split of the part with cards added is the groups that cross the middle of the block (a
run through it), those of the lower half and those of the upper half. The crossing groups
are placed first, every multiset of them, each taking held cards before wilds (a wild in
place of a held copy makes the same plain hand); what is left of each half is solved apart
with the room of its own positions, so no card is added twice past its room. A half holds
a few ranks: its parts recur in many hands, where the whole part is most often new.
"""

from __future__ import annotations

from tablerules.interpreter.compiling.compiled import FIELD_BITS
from tablerules.interpreter.search.splits import SIGNATURE_LIMIT
from tablerules.interpreter.search.wild_sweep import group_multisets

# a crossing group: its signature step and each of its card kinds as (bit shift, copies,
# one copy packed)
CrossingGroup = tuple[int, tuple[tuple[int, int, int], ...]]
# the crossing groups placed: (cards taken, cards the wilds fill, how many, signature steps
# as a bit set)
Crossing = tuple[int, int, int, int]


class Halves:
    """Where a block is cut in two, the groups that cross the cut, and the multisets of
    them a part may hold (memoised on the cards and room of the positions they touch)."""

    def __init__(self, size: int, guard: int, by_low: list[list[tuple[int, int, tuple]]]) -> None:
        self.cut = size // 2  # the lower half is the positions below it
        self.guard = guard
        self.lower = (1 << (self.cut * FIELD_BITS)) - 1
        self.upper = ((1 << (size * FIELD_BITS)) - 1) ^ self.lower
        self.crossing: list[CrossingGroup] = []
        touched = 0
        for row in by_low:
            for _, step, cards in row:
                first = cards[0][0] // FIELD_BITS
                last = cards[-1][0] // FIELD_BITS
                if first < self.cut <= last:
                    self.crossing.append((step, cards))
                    for shift, _, _ in cards:
                        touched |= 0xFF << shift
        self.window = touched  # the positions some crossing group touches
        self.memo: dict[tuple[int, int, int], list[Crossing]] = {}

    def spans(self, part: int, room: int) -> bool:
        """Whether the part's cards or room lie on both sides of the cut (a part on one
        side alone is solved as it is)."""
        both = part | room
        return bool(self.crossing) and bool(both & self.lower) and bool(both & self.upper)

    def placed(self, part: int, room: int, wilds: int) -> list[Crossing]:
        """Every multiset of crossing groups the part may hold with up to `wilds` cards
        added within the room, each (taken, filled) once with every step that makes it."""
        window = self.window
        key = (part & window, room & window, wilds)
        known = self.memo.get(key)
        if known is not None:
            return known
        known = group_multisets(self.crossing, key[0], key[1], wilds, self.guard, False)
        if len(self.memo) >= SIGNATURE_LIMIT:
            self.memo.clear()
        self.memo[key] = known
        return known
