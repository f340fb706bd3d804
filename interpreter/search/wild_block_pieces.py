"""A block's part with wild cards added, read from two pieces (`BlockBudget.reach` of a
part new to the budget tables): cut where it falls into two pieces that no group joins and
whose room cannot bind (`_cut`), each piece looked up on its own; or, where its cards or
room lie on both sides of the block's middle, each multiset of the groups that cross the
middle with each half read apart (`wild_halves.py`). The pieces recur in many hands where
the whole part is most often new.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.interpreter.compiling.compiled import FIELD_BITS
from tablerules.interpreter.search.splits import combine
from tablerules.interpreter.search.wild_bits import _joined

if TYPE_CHECKING:
    from tablerules.interpreter.search.wild_block import BlockBudget

JOINS_LIMIT = 1 << 15  # joins of two halves' tables kept per block before emptied


class BlockPieces:
    """A mixin of `BlockBudget`: a part read from two pieces of the block."""

    def _cut(
        self: BlockBudget, part: int, room: int, wilds: int
    ) -> tuple[int, int, int, int] | None:
        """Where the part falls into two pieces that may be solved apart: after its first
        held position `low` followed by `span` empty positions (no group reaches from one
        piece's cards to the other's) and more cards after them, and only where the room
        of those empty positions cannot bind (each 0, or as many as the wilds: the pieces
        cannot both fill one of them past its room). The pieces, each with the room of the
        positions its groups may reach: (lower piece, its room, upper piece, its room)."""
        span = self.span
        if not part or span >= self.size:
            return None
        counts = part.to_bytes(self.size, "little")
        rooms = room.to_bytes(self.size, "little")
        last = self.size - span - 1  # a cut after a later position leaves nothing above
        low = -1
        for position in range(self.size):
            if counts[position]:
                low = position
                continue
            if low < 0 or position - low != span:
                continue
            # positions low+1 … low+span are empty
            if low >= last or not any(counts[position + 1 :]):
                return None  # no cards above: nothing to cut
            if all(free == 0 or free >= wilds for free in rooms[low + 1 : position + 1]):
                split_at = (position + 1) * FIELD_BITS
                lower = part & ((1 << split_at) - 1)
                lower_room = room & ((1 << split_at) - 1)
                upper_room = room & ~((1 << ((low + 1) * FIELD_BITS)) - 1)
                return lower, lower_room, part - lower, upper_room
        return None

    def _reach_cut(self: BlockBudget, cut: tuple[int, int, int, int], wilds: int) -> int:
        """`reach` of a part cut in two (`_cut`): every split of the lower piece with every
        split of the upper one, no more than `wilds` cards added in all."""
        lower, lower_room, upper, upper_room = cut
        below = self.reach(lower, lower_room, wilds)
        if not below:
            return 0
        above = self.reach(upper, upper_room, wilds)
        if not above:
            return 0
        within = (1 << ((wilds + 1) * self.stride)) - 1
        return _joined(below, above) & within

    def _reach_halves(self: BlockBudget, part: int, room: int, wilds: int) -> int:
        """`reach` of a part on both sides of the block's middle (`wild_halves.py`): each
        multiset of the groups that cross it, with every split of what is left of the lower
        half and every split of what is left of the upper half, each half with the room
        of its own positions. The halves' tables hold parts met in many hands, so their
        joins are kept by the two tables (`_joins`)."""
        halves = self._halves
        lower, upper = halves.lower, halves.upper
        stride = self.stride
        joins = self._joins
        if len(joins) >= JOINS_LIMIT:
            joins.clear()
        reaches = self._reaches
        reach = self.reach
        clamped = self._clamped
        found = 0
        for taken, need, count, steps in halves.placed(part, room, wilds):
            left = wilds - count
            rest = part - taken
            free = clamped(room - need, left)
            # each half's table read in place where it is kept (`reach` otherwise)
            low_part, low_room = rest & lower, free & lower
            below = reaches.get((low_part, low_room, left)) if left else None
            if below is None:
                below = reach(low_part, low_room, left)
            if not below:
                continue
            high_part, high_room = rest & upper, free & upper
            above = reaches.get((high_part, high_room, left)) if left else None
            if above is None:
                above = reach(high_part, high_room, left)
            if not above:
                continue
            key = (below, above)
            both = joins.get(key)
            if both is None:
                both = joins[key] = _joined(below, above)
            both &= (1 << ((left + 1) * stride)) - 1
            if steps & (steps - 1):
                found |= combine(both, steps) << (count * stride)
            else:  # one signature step: `combine`'s shift, in place
                found |= both << (steps.bit_length() - 1 + count * stride)
        return found
