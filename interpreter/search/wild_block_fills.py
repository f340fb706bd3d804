"""A block's readings (`BlockBudget.fills`): every set of exactly so many cards added to
a block's part with which it splits, with the signatures each reaches, listed in the order
of their cards. A part is solved lowest held card first: that card lies in some group
(`_moves`), which takes the cards the part holds before wilds fill the rest (taking fewer
held cards and filling more would only swap a held copy with a wild's copy of the same
card kind: the same plain hand). Memoised by (part, room, wilds) in the tables the blocks
of one shape share.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from tablerules.interpreter.compiling.compiled import FIELD_BITS, FIELD_SHIFT
from tablerules.interpreter.search.splits import SIGNATURE_LIMIT

if TYPE_CHECKING:
    from tablerules.interpreter.search.wild_block import BlockBudget

Fills = dict[int, int]  # the extra cards of a reading (packed) -> the signatures they reach
# A block's extra cards with the signatures they reach, keyed by where they place a reading
# in the listing of readings (card by card, rising): the cards' positions, then one past
# every position, so that more cards in an earlier block come first (the cards of later
# blocks are higher) and no extra cards come last.
Order = tuple[int, ...]
Filled = tuple[Order, int, int]
LAST = (1 << 16,)  # past every card position


def _lowest(packed: int) -> int:
    """The position of the lowest card of a part (packed)."""
    return ((packed & -packed).bit_length() - 1) >> FIELD_SHIFT


class BlockFills:
    """A mixin of `BlockBudget`: the block's readings, listed in order."""

    def _moves(
        self: BlockBudget, part: int, room: int, wilds: int
    ) -> Iterator[tuple[int, int, int, int]]:
        """The groups that may hold the part's lowest card (every group of wilds alone when
        the part is empty): (cards the wilds fill, how many, signature step, part left)."""
        guard = self.guard
        if not part:
            for position, groups in enumerate(self.by_low):
                if not (room >> (position * FIELD_BITS)) & 0xFF:
                    continue
                for packed, step, cards in groups:
                    count = sum(copies for _, copies, _ in cards)
                    if count <= wilds and ((room | guard) - packed) & guard == guard:
                        yield packed, count, step, 0
            return
        for _, step, cards in self.containing[_lowest(part)]:
            taken = need = count = 0
            for shift, copies, one in cards:
                have = (part >> shift) & 0xFF
                if have >= copies:
                    taken += copies * one
                else:
                    taken += have * one
                    need += (copies - have) * one
                    count += copies - have
            if count <= wilds and ((room | guard) - need) & guard == guard:
                yield need, count, step, part - taken

    def fills(self: BlockBudget, part: int, room: int, wilds: int) -> list[Filled]:
        """Every set of exactly `wilds` cards added to the part with which it splits, with
        the signatures each reaches, in the order of their cards (see `Filled`)."""
        if not wilds:
            found = self.plain(part) if part else 1
            return [(LAST, 0, found)] if found else []
        key = (part, room, wilds)
        known = self._fills.get(key)
        if known is not None:
            return known
        result: Fills = {}
        if wilds == 1:
            plain = self.plain
            for position, one in enumerate(self.ones):
                if (room >> (position * FIELD_BITS)) & 0xFF:
                    found = plain(part + one)
                    if found:
                        result[one] = found
        else:
            found = self.plain(part) if part else 1
            for need, count, step, rest in self._moves(part, room, wilds):
                left = wilds - count
                for _, fill, below in self.fills(rest, self._clamped(room - need, left), left):
                    added = fill + need
                    result[added] = result.get(added, 0) | (below << step)
        listed = sorted((self._order(fill), fill, found) for fill, found in result.items())
        if len(self._fills) >= SIGNATURE_LIMIT:
            self._fills.clear()
        self._fills[key] = listed
        return listed

    def _order(self: BlockBudget, fill: int) -> tuple[int, ...]:
        """Where a block's extra cards place a reading in the listing (see `Filled`)."""
        cards: list[int] = []
        for position in range(self.size):
            cards += [position] * ((fill >> (position * FIELD_BITS)) & 0xFF)
        return (*cards, LAST[0])
