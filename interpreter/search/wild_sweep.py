"""A block's part with wild cards added, solved position by position: `BlockBudget.reach`
for parts the budget tables have not seen.

The budget search of a block (`wild_block.py`) asks, for a part, the copies free of each
card kind (its room) and a number of wilds, the signatures of every split of every way of
adding up to that many cards (bit `added * stride + signature`). Solved lowest held card
first, a group may take wilds below that card, so what is left to solve carries a room
changed below its cards: each hand's parts meet new keys all the way down. Here the
positions are closed in rising order instead: at each position, every multiset of the
groups whose lowest card lies there is placed, together taking every card held there (a
group takes held cards before wilds: a wild in place of a held copy makes the same plain
hand), and the position is never touched again. What is left is the cards and the room
of the positions above, only the first `span` of them changed by the groups placed, so
the same suffix of many hands is solved once (keyed by position, cards, room and wilds
left, the room cut at the wilds left: `BlockBudget._clamped`).
"""

from __future__ import annotations

from collections.abc import Callable

from tablerules.interpreter.compiling.compiled import FIELD_BITS
from tablerules.interpreter.search.splits import SIGNATURE_LIMIT, combine

GroupKinds = tuple[int, tuple[tuple[int, int, int], ...]]


def group_multisets(
    groups: list[GroupKinds], cards: int, room: int, wilds: int, guard: int, whole: bool
) -> list[tuple[int, int, int, int]]:
    """Every multiset of `groups` the cards (packed as the groups' kinds are) can make with
    at most `wilds` wilds filling what they lack, within `room` (`guard`: the bits that
    must not borrow); with `whole`, only those that take every card of the lowest byte.
    Each as (cards taken, cards the wilds fill, how many, signature steps as a bit set),
    each (taken, filled) once with every step that makes it. One loop over a stack, each
    group's fill worked out in place: the sweep and the halves ask it of every part new
    to their tables."""
    found: dict[tuple[int, int, int], int] = {}
    count_groups = len(groups)
    # (first group that may still be chosen, cards, room, wilds left, taken, filled,
    # signature step)
    pending = [(0, cards, room, wilds, 0, 0, 0)]
    while pending:
        first, held, free, left, taken, filled, offset = pending.pop()
        if not (whole and held & 0xFF):
            key = (taken, filled, wilds - left)
            found[key] = found.get(key, 0) | (1 << offset)
        bound = free | guard
        for index in range(first, count_groups):
            step, kinds = groups[index]
            take = need = count = 0
            for kind_shift, copies, one in kinds:
                have = (held >> kind_shift) & 0xFF
                if have >= copies:
                    take += copies * one
                else:
                    take += have * one
                    need += (copies - have) * one
                    count += copies - have
            if count > left or (bound - need) & guard != guard:
                continue
            pending.append(
                (
                    index,
                    held - take,
                    free - need,
                    left - count,
                    taken + take,
                    filled + need,
                    offset + step,
                )
            )
    return [(*key, steps) for key, steps in found.items()]


def _row_kinds(starting: list[list[SweepGroup]]) -> list[int]:
    """For each position, a number naming the groups whose lowest card lies there as seen
    from that position (their steps, and their card kinds counted from it): positions with
    the same number (a suit's ranks but its last two) place the same multisets of groups
    on the same cards and room around them, so they share their moves."""
    names: dict[tuple, int] = {}
    rows = []
    for position, groups in enumerate(starting):
        base = position * FIELD_BITS
        seen = tuple(
            (step, tuple((shift - base, copies) for shift, copies, _ in kinds))
            for step, kinds in groups
        )
        rows.append(names.setdefault(seen, len(names)))
    return rows


# a group as the sweep places it: its signature step and each of its card kinds as
# (bit shift, copies, one copy packed)
SweepGroup = tuple[int, tuple[tuple[int, int, int], ...]]
# a multiset of groups placed at one position: (cards taken, cards the wilds fill, how many,
# signature steps as a bit set), positions counted from the one placed at
Move = tuple[int, int, int, int]


class Sweep:
    """The position-by-position solution of one block's parts with wilds added."""

    def __init__(
        self,
        size: int,
        guard: int,
        starting: list[list[SweepGroup]],
        plain: Callable[[int], int],
        clamped: Callable[[int, int], int],
        stride: int,
        tables: tuple[dict, dict],
    ) -> None:
        self.size = size
        self.guard = guard
        self.starting = starting  # position -> the groups whose lowest card lies there
        self.plain = plain  # the block's plain signature table
        self.clamped = clamped
        self.stride = stride
        self.memo, self.moves = tables  # shared by the blocks of one shape
        # the bits of every position below each one (cleared once it is closed)
        self.below = [(1 << (position * FIELD_BITS)) - 1 for position in range(size + 1)]
        # the positions a group starting at one may reach (packed, from that position)
        span = max(
            (
                kinds[-1][0] // FIELD_BITS - low
                for low, row in enumerate(starting)
                for _, kinds in row
            ),
            default=0,
        )
        self.window = (1 << ((span + 1) * FIELD_BITS)) - 1
        self.rows = _row_kinds(starting)
        # the groups starting at each position with their card kinds counted from it
        # (shift, copies, one copy), as `_moves` reads them
        self.local = [
            [
                (step, tuple((shift - base, copies, one >> base) for shift, copies, one in kinds))
                for step, kinds in row
            ]
            for base, row in ((p * FIELD_BITS, row) for p, row in enumerate(starting))
        ]

    def reach(self, part: int, room: int, wilds: int) -> int:
        """Signatures of every split of the part with up to `wilds` cards added within the
        room (cut at `wilds`), as `BlockBudget.reach` gives them."""
        return self._from(0, part, room, wilds)

    def _from(self, position: int, part: int, room: int, wilds: int) -> int:
        """`reach` of the positions from `position` on (those below closed and empty)."""
        if not wilds:
            return self.plain(part) if part else 1
        size = self.size
        # no group starts where no card is held and none may be added
        while position < size and not ((part | room) >> (position * FIELD_BITS)) & 0xFF:
            position += 1
        if position == size:
            return 1
        key = (position, part, room, wilds)
        found = self.memo.get(key)
        if found is not None:
            return found
        found = self._place(position, part, room, wilds)
        if len(self.memo) >= SIGNATURE_LIMIT:
            self.memo.clear()
        self.memo[key] = found
        return found

    def _place(self, position: int, part: int, room: int, wilds: int) -> int:
        """Every multiset of the groups starting at `position` that takes the cards held
        there, each followed by the positions above."""
        shift = position * FIELD_BITS
        window = self.window
        cards, free = (part >> shift) & window, (room >> shift) & window
        key = (self.rows[position], cards, free, wilds)
        moves = self.moves.get(key)
        if moves is None:
            moves = self._moves(position, cards, free, wilds)
            if len(self.moves) >= SIGNATURE_LIMIT:
                self.moves.clear()
            self.moves[key] = moves
        stride, clamped, plain = self.stride, self.clamped, self.plain
        memo, after = self.memo, position + 1
        above = ~self.below[after]
        found = 0
        for taken, need, count, steps in moves:
            left = wilds - count
            cards = part - (taken << shift)
            if left:
                free = clamped(room - (need << shift), left) & above
                # kept already (`_from`'s key where the next position is not empty)?
                rest = memo.get((after, cards, free, left))
                if rest is None:
                    rest = self._from(after, cards, free, left)
            else:
                rest = plain(cards) if cards else 1
            if rest:
                if steps & (steps - 1):
                    found |= combine(rest, steps) << (count * stride)
                else:  # one signature step (most moves): `combine`'s shift, in place
                    found |= rest << (steps.bit_length() - 1 + count * stride)
        return found

    def _moves(self, position: int, cards: int, room: int, wilds: int) -> list[Move]:
        """The multisets of the groups starting at `position` that take every card held
        there, given the cards held and the room of the positions a group starting there
        may reach (`window`), each (taken, filled) once with every signature step that
        makes it."""
        guard = self.guard & self.window
        return group_multisets(self.local[position], cards, room, wilds, guard, True)
