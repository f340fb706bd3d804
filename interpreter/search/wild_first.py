"""The first reading of a hand's wilds in the order of the listing, read block by block.

Where nothing is valued or scored, the best split of a hand holding wilds is the first
winning reading in the order of the listing (the cards the wilds stand for, rising,
compared card by card): `WildBudget.ordered_fills` finds it by a descent over its cards,
each card tried against the budget table of the whole block's part with the cards added
so far, a part no other hand has held. Here the same reading is read instead from tables
that recur from hand to hand:

* Block by block, lowest first, as the descent goes: the blocks before have their cards
  final (`head`, their signatures), those after reach `tails` (`WildBudget._wants` gives
  what this block must reach with each number of cards added, kept by its arguments: the
  same few bits recur in most hands).
* Within a block, the groups that cross its middle are placed first (`wild_halves.py`,
  the multisets the win test has just listed), and each half is read apart: the lower
  half's cards first (they come first in the order), then the upper half's. The first
  fill of a half is read card by card, lowest position first, each card taken where the
  half's budget table with it added (a part of a few ranks, met again in many hands)
  says the rest can still complete the target. The halves are read with the room and
  wilds the win test gave the block, so that they find the tables it has just filled.
* The first fill of a block is kept by the block's part, its room and what the part must
  reach (as far as it can reach it at all): the same situation recurs in many hands.
* A block or half that must take at most two cards (most of them) is answered by trying
  its fills in the order of the listing against the plain table (`_tried_first`): a few
  plain lookups of parts many hands hold, where the halves' placings and the descent's
  tables of a part with a card added would be new work for this hand alone.

With one wild, each block's table of one card added is read in order
(`WildBudget.ordered_fills`). Among readings, one with more copies of a lower card comes
first (a count vector compared from the lowest position up: the reading whose count is
higher at the first position where they differ). Every answer is the descent's:
`tests/test_wild_first.py` compares them.
"""

from __future__ import annotations

from tablerules.interpreter.compiling.compiled import FIELD_BITS
from tablerules.interpreter.search.splits import combine
from tablerules.interpreter.search.wild_bits import _joined
from tablerules.interpreter.search.wild_block import BlockBudget
from tablerules.interpreter.search.wild_budget import WildBudget

FIRST_LIMIT = 1 << 15  # first fills kept per table (of blocks, of halves) before emptied
# `residual` loops over the bits of `other` unless it has this many more than the target:
# a reversal of a bit set costs about as much as that many bits looped over
LOOPED_BITS = 12
TRIED_CARDS = 2  # a first fill of at most so many cards is tried fill by fill (`_tried_first`)


def _sort_key(fill: int, size: int) -> int:
    """A block's fill as a number that is larger where the fill comes first in the order
    of the listing: its counts read from the lowest position as the highest digit."""
    return int.from_bytes(fill.to_bytes(size, "little"), "big")


class FirstReading:
    """The first reading of a budget search's hands (see the module's docstring)."""

    def __init__(self, budget: WildBudget) -> None:
        self.budget = budget
        self.stride = budget.stride
        self._windows: dict[tuple[int, ...], int | None] = {}
        self._blocks: dict[tuple[int, ...], int] = {}
        self._masks: dict[tuple[int, int], int] = {}
        self._wanted: dict[tuple[int, int, int, int], int] = {}
        self._residuals: dict[tuple[int, int], int] = {}

    def _signatures_below(self, limit: int, levels: int) -> int:
        """The bits of every signature below `limit`, at each of `levels` levels."""
        key = (limit, levels)
        mask = self._masks.get(key)
        if mask is None:
            row = (1 << limit) - 1
            mask = self._masks[key] = sum(row << (level * self.stride) for level in range(levels))
        return mask

    def residual(self, target: int, other: int) -> int:
        """The bits `a` with `a + b` in `target` for some bit `b` of `other`, each bit
        `cards added * stride + signature` (as `BlockBudget.reach` sets them): what a piece
        must reach for it and another that reaches `other` to reach the target together.
        A difference is kept only where both its count of cards and its signature are
        differences (a signature borrowing from the level above is none). Kept by its
        arguments: the halves of a block ask the same pair in many hands."""
        if not target or not other:
            return 0
        key = (target, other)
        known = self._residuals.get(key)
        if known is None:
            known = self._residual(target, other)
            if len(self._residuals) >= FIRST_LIMIT:
                self._residuals.clear()
            self._residuals[key] = known
        return known

    def _residual(self, target: int, other: int) -> int:
        """`residual`, worked out (both arguments not empty)."""
        stride = self.stride
        levels = target.bit_length() // stride + 1
        found = 0
        if other.bit_count() <= target.bit_count() + LOOPED_BITS:
            bits = other
            while bits:
                low = bits & -bits
                bits ^= low
                signature = (low.bit_length() - 1) % stride
                kept = self._signatures_below(stride - signature, levels)
                found |= (target >> (low.bit_length() - 1)) & kept
            return found
        # far fewer target bits: the bits of `other` that fit under each, reversed, so that
        # one shift by the target bit reads every difference at once
        other_levels = other.bit_length() // stride + 1
        bits = target
        while bits:
            low = bits & -bits
            bits ^= low
            index = low.bit_length() - 1
            fitting = other & self._signatures_below(index % stride + 1, other_levels)
            if not fitting:
                continue
            width = fitting.bit_length()
            turned = int(bin(fitting)[:1:-1], 2)  # bit b is bit width - 1 - b here
            found |= (turned << index) >> (width - 1)
        return found

    def first(self, packed: int, room: int, wilds: int, accept: int) -> tuple[int, int] | None:
        """What `WildBudget.ordered_fills` yields first: the cards the wilds stand for in
        the first reading whose plain hand has a split of a signature in `accept` (packed),
        with the signatures of every split of that hand; None where no reading has one."""
        budget = self.budget
        parts = budget._parts(packed, room)
        if wilds == 1:
            return self._one_first(parts, accept)
        # what each block reaches, and the blocks from each one on together
        found = budget._tails(parts, wilds, accept, budget._below(accept, wilds))
        if found is None:
            return None
        tails, reached = found
        stride = self.stride
        wanted = self._wanted
        head = 1
        left = wilds
        filled = 0
        for index, (block, part, free) in enumerate(parts):
            whole = part
            if left and free:
                after = tails[index + 1]
                wants = wanted.get((head, after, left, accept))
                if wants is None:
                    wants = self._wants(head, after, left, accept)
                # what the part reaches of it, with no more cards than are left
                wants &= reached[index] & ((1 << ((left + 1) * stride)) - 1)
                if wants >> stride:  # else no card added here: the part as it is
                    fill, count = self._block_first(block, part, free, wants, wilds)
                    left -= count
                    filled += fill << block.shift
                    whole += fill
            plain = block.plain(whole) if whole else 1
            head = combine(head, plain)
        if left or not head & accept:
            raise AssertionError("the budget tables promised a reading that was not found")
        return filled, head

    def _wants(self, head: int, after: int, left: int, accept: int) -> int:
        """`WildBudget._wants`, kept by its arguments: the blocks before a block mostly
        reach one signature and those after it a handful once cut at the signatures the
        accepted ones hold, so nine in ten of a hand's blocks ask what another hand asked."""
        key = (head, after, left, accept)
        known = self._wanted.get(key)
        if known is None:
            known = self.budget._wants(head, after, left, accept)
            if len(self._wanted) >= FIRST_LIMIT:
                self._wanted.clear()
            self._wanted[key] = known
        return known

    def _one_first(
        self, parts: list[tuple[BlockBudget, int, int]], accept: int
    ) -> tuple[int, int] | None:
        """`first` of one wild: the first block whose table of one card added reaches
        what the other blocks' plain splits leave to reach, and in it the lowest card
        with which its part splits so (one plain table lookup a card, until it is found)."""
        plains = [block.plain(part) if part else 1 for block, part, _ in parts]
        # the splits of the blocks after each one
        after = [1] * (len(parts) + 1)
        for index in range(len(parts) - 1, -1, -1):
            plain = plains[index]
            after[index] = plain and after[index + 1] and combine(after[index + 1], plain)
        stride = self.stride
        before = 1  # the splits of the blocks before this one
        for index, (block, part, free) in enumerate(parts):
            rest = after[index + 1]
            if free and rest:
                others = combine(before, rest)
                wants = self.residual(accept, others)
                if (block.reach(part, free, 1) >> stride) & wants:
                    ones = block.ones
                    for position in range(block.size):
                        if not (free >> (position * FIELD_BITS)) & 0xFF:
                            continue
                        found = block.plain(part + ones[position])
                        if found & wants:
                            return ones[position] << block.shift, _joined(others, found)
            plain = plains[index]
            if not plain:
                return None  # no block after this one has the blocks before it split
            before = combine(before, plain)
        return None

    @staticmethod
    def _count(fill: int) -> int:
        """The cards of a fill (packed, one byte per position)."""
        return sum(fill.to_bytes((fill.bit_length() + 7) // 8 or 1, "little"))

    def _block_first(
        self, block: BlockBudget, part: int, room: int, wants: int, wilds: int
    ) -> tuple[int, int]:
        """The first fill of the block (packed) with which its part reaches `wants` (bit
        `cards added * stride + signature`: only bits the part reaches with no more cards
        than are left, some with a card added), and its count of cards; `room` is the
        block's room cut at the hand's `wilds`, as the win test read it. Kept by the part,
        its room cut at the most cards `wants` asks for, and `wants`."""
        stride = self.stride
        # no fill adds more cards than the most `wants` asks for: the room cut there too
        most = (wants.bit_length() - 1) // stride
        clamped = block._clamped(room, most)
        key = (block.mask, id(block._reaches), part, clamped, wants)
        known = self._blocks.get(key)
        if known is None:
            if most <= TRIED_CARDS:
                fill = self._tried_first(block, part, clamped, wants)
                assert fill is not None  # `wants` holds only what the part reaches
            else:
                # the halves read with the room and wilds the win test gave the block, so
                # that they find its tables (a fill of at most `most` cards uses no more)
                fill = self._halves_first(block, part, room, wilds, wants)
            known = (fill, self._count(fill))
            if len(self._blocks) >= FIRST_LIMIT:
                self._blocks.clear()
            self._blocks[key] = known
        return known

    def _tried_first(self, block: BlockBudget, part: int, room: int, target: int) -> int | None:
        """The first fill (packed) of at most two cards within the room with which the
        part reaches `target` (bit `cards added * stride + signature`, no bit past two
        cards), each fill tried in the order of the listing against the block's plain
        table: every two-card fill from a position before the one-card fill of that
        position, the part as it is last. A few plain lookups, each of a part many hands
        hold, where the halves would work out placings and differences for a part no
        other hand asked with this target; None where no fill reaches the target."""
        stride = self.stride
        mask = (1 << stride) - 1
        plain = block.plain
        ones = block.ones
        alone = target & mask
        one_card = (target >> stride) & mask
        two_cards = target >> (2 * stride)
        rooms = room.to_bytes(block.size, "little")
        positions = [position for position in range(block.size) if rooms[position]]
        for index, position in enumerate(positions):
            one = ones[position]
            held = part + one
            if two_cards:
                if rooms[position] >= 2 and plain(held + one) & two_cards:
                    return one + one
                for other in positions[index + 1 :]:
                    if plain(held + ones[other]) & two_cards:
                        return one + ones[other]
            if one_card and plain(held) & one_card:
                return one
        if alone and (plain(part) if part else 1) & alone:
            return 0
        return None

    def _halves_first(self, block: BlockBudget, part: int, room: int, left: int, wants: int) -> int:
        """`_block_first` read from the block's halves: each multiset of the groups that
        cross the middle (as `wild_halves.py` lists them), with the first fill of the
        lower half that the upper half can complete; of those that come first, the upper
        half's first fill. The halves' tables and the differences are read from their
        tables in place (each placing asks a handful of lookups, nearly all kept)."""
        halves = block._halves
        if not halves.crossing:
            found = self._window_first(block, part, room, left, wants)
            assert found is not None
            return found
        stride = self.stride
        lower, upper = halves.lower, halves.upper
        size = block.size
        reaches = block._reaches
        reach = block.reach
        clamped = block._clamped
        residuals = self._residuals
        residual = self.residual
        window_first = self._window_first
        # the placings whose lower half comes first in the order, with that half's fill
        top = -1
        options: list[tuple[int, int, int, int, int, int, int]] = []
        for taken, need, count, steps in halves.placed(part, room, left):
            target = wants >> (count * stride)
            if not target:
                continue
            rest_left = left - count
            rest = part - taken
            free = clamped(room - need, rest_left)
            high_part, high_room = rest & upper, free & upper
            high = reaches.get((high_part, high_room, rest_left)) if high_room else None
            if high is None:
                high = reach(high_part, high_room, rest_left if high_room else 0)
            if not high:
                continue
            other = combine(high, steps)
            low_target = residuals.get((target, other))
            if low_target is None:
                low_target = residual(target, other)
            low_part, low_room = rest & lower, free & lower
            low = reaches.get((low_part, low_room, rest_left)) if low_room else None
            if low is None:
                low = reach(low_part, low_room, rest_left if low_room else 0)
            if not low & low_target:
                continue
            low_fill = window_first(block, low_part, low_room, rest_left, low_target)
            assert low_fill is not None
            key = int.from_bytes(((need & lower) + low_fill).to_bytes(size, "little"), "big")
            if key < top:
                continue
            if key > top:
                top = key
                options.clear()
            options.append((need, steps, target, low_fill, rest, free, rest_left))
        best_key = -1
        best = 0
        for need, steps, target, low_fill, rest, free, rest_left in options:
            # the upper half's first fill, given the lower half's
            low_count = self._count(low_fill)
            low_whole = (rest & lower) + low_fill
            below = (block.plain(low_whole) if low_whole else 1) << (low_count * stride)
            high_target = self.residual(target, combine(below, steps))
            high_fill = window_first(
                block, rest & upper, free & upper, rest_left - low_count, high_target
            )
            assert high_fill is not None
            fill = need + low_fill + high_fill
            key = _sort_key(fill, size)
            if key > best_key:
                best_key, best = key, fill
        return best

    def _window_first(
        self, block: BlockBudget, part: int, room: int, left: int, target: int
    ) -> int | None:
        """The first fill (packed) of at most `left` cards within the room with which the
        part reaches `target` (bit `cards added * stride + signature`), read card by card:
        the lowest position from which the rest can still be completed, the room below it
        closed; None where no fill reaches the target."""
        most = (target.bit_length() - 1) // self.stride
        if most < left:  # no fill adds more cards than the target asks for
            left = most
            room = block._clamped(room, left)
        key = (block.mask, id(block._reaches), part, room, left, target)
        if key in self._windows:
            return self._windows[key]
        if left <= TRIED_CARDS:
            known = self._tried_first(block, part, room, target)
        else:
            known = self._extend(block, part, room, left, target, 0, 0, 0)
        if len(self._windows) >= FIRST_LIMIT:
            self._windows.clear()
        self._windows[key] = known
        return known

    def _extend(
        self,
        block: BlockBudget,
        part: int,
        room: int,
        left: int,
        target: int,
        fill: int,
        used: int,
        start: int,
    ) -> int | None:
        """The first fill that adds cards at `start` or above to `fill` (`used` cards):
        each next card tried lowest first, where the table of the part with it added,
        every position open (a key met in many hands), says the rest may complete the
        target; a card it lets through wrongly (the rest needing a position below it)
        finds nothing and the next is tried."""
        stride = self.stride
        if used < left:
            after = left - used - 1
            ones = block.ones
            for position in range(start, block.size):
                if not (room >> (position * FIELD_BITS)) & 0xFF:
                    continue
                one = ones[position]
                held = part + fill + one
                free = block._clamped(room - one, after) if after else 0
                found = block.reach(held, free, after) if free else block.plain(held)
                if not (found << ((used + 1) * stride)) & target:
                    continue
                more = self._extend(
                    block, part, room - one, left, target, fill + one, used + 1, position
                )
                if more is not None:
                    return more
        whole = part + fill
        plain = block.plain(whole) if whole else 1
        if not (plain << (used * stride)) & target:
            return None
        return fill
