"""The readings of a hand's wilds (the cards they stand for, packed) whose plain hand has
a split of a signature accepted, in the order of their cards (rising, compared card by
card): all of them at once (`fills`), the blocks' readings merged; or one at a time
(`ordered_fills`), by a descent over their cards, lowest first, each card tried only where
the budget tables say the cards after it can still complete an accepted split, so that a
reader that stops at the first reading it wants pays for that one alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from heapq import merge
from typing import TYPE_CHECKING

from tablerules.interpreter.compiling.compiled import FIELD_BITS
from tablerules.interpreter.search.splits import combine
from tablerules.interpreter.search.wild_bits import _joined
from tablerules.interpreter.search.wild_block_fills import Order

if TYPE_CHECKING:
    from tablerules.interpreter.search.wild_block import BlockBudget
    from tablerules.interpreter.search.wild_budget import WildBudget


class BudgetFills:
    """A mixin of `WildBudget`: the readings of a hand's wilds, in order."""

    def fills(
        self: WildBudget, packed: int, room: int, wilds: int, accept: int
    ) -> Iterator[tuple[int, int]]:
        """The readings (the cards the wilds stand for, packed) whose plain hand has a
        split of a signature in `accept`, each once with the signatures its splits reach,
        in the order of their cards (rising, compared card by card)."""
        parts = self._parts(packed, room)
        # what the blocks after each one can reach with each number of wilds
        stride, signature_mask = self.stride, self._signature_mask
        after: list[dict[int, int]] = []
        for index in range(len(parts) + 1):
            reached = self._reach(parts[index:], wilds)
            after.append(
                {
                    count: (reached >> (count * stride)) & signature_mask
                    for count in range(wilds + 1)
                    if (reached >> (count * stride)) & signature_mask
                }
            )
        if not after[0].get(wilds, 0) & accept:
            return

        def place(index: int, left: int, bits: int, filled: int) -> Iterator[tuple[int, int]]:
            if index == len(parts):
                if not left and bits & accept:
                    yield filled, bits
                return
            block, part, free = parts[index]
            rest = after[index + 1]
            # the block's fills of each number of cards the blocks after it can complete,
            # merged in the order of their cards
            counts = [c for c in range(left + 1 if free else 1) if rest.get(left - c, 0)]
            if len(counts) == 1:
                listed: Iterable[tuple[Order, int, int]] = block.fills(part, free, counts[0])
            else:
                listed = merge(*(block.fills(part, free, count) for count in counts))
            for order, fill, found in listed:
                count = len(order) - 1
                tail = rest[left - count]
                reached = combine(bits, found)
                if combine(reached, tail) & accept:
                    yield from place(
                        index + 1, left - count, reached, filled + (fill << block.shift)
                    )

        yield from place(0, wilds, 1, 0)

    # ── the readings in order, one at a time ───────────────────
    def ordered_fills(
        self: WildBudget, packed: int, room: int, wilds: int, accept: int
    ) -> Iterator[tuple[int, int]]:
        """What `fills` yields, in the same order, found one at a time: a descent over the
        cards of a reading, lowest first, each card tried only where the budget tables
        say the cards after it can still complete a split of a signature in `accept`. A
        reader that stops at the first reading it wants pays for that one alone."""
        parts = self._parts(packed, room)
        if wilds == 1:
            yield from self._one_card(parts, accept)
            return
        useful = self._below(accept, wilds)
        found = self._tails(parts, wilds, accept, useful)
        if found is None:
            return
        yield from self._enter(parts, found[0], 0, 1, wilds, 0, (accept, useful))

    def _tails(
        self: WildBudget,
        parts: list[tuple[BlockBudget, int, int]],
        wilds: int,
        accept: int,
        useful: int,
    ) -> tuple[list[int], list[int]] | None:
        """What the blocks from each one on reach with up to `wilds` cards added in all
        (bit `j × stride + signature`, the splits no accepted signature holds left out),
        with what each block reaches alone (its table, nothing left out); None where no
        reading with every wild used has an accepted split."""
        stride = self.stride
        within = (1 << ((wilds + 1) * stride)) - 1
        reached = [0] * len(parts)
        tails = [1] * (len(parts) + 1)
        joined_memo = self._joined_memo
        for index in range(len(parts) - 1, -1, -1):
            block, part, free = parts[index]
            # the block's table read in place where it is kept (`reach` otherwise)
            found = block._reaches.get((part, free, wilds)) if free else None
            if found is None:
                found = block.reach(part, free, wilds if free else 0)
            reached[index] = found
            found &= useful
            if not found:
                return None
            after = tails[index + 1]
            both = joined_memo.get((after, found))
            if both is None:
                both = self.joined(after, found)
            tails[index] = both & within
            if not tails[index]:
                return None
        if not (tails[0] >> (wilds * stride)) & accept:
            return None
        return tails, reached

    def _one_card(
        self: WildBudget, parts: list[tuple[BlockBudget, int, int]], accept: int
    ) -> Iterator[tuple[int, int]]:
        """`ordered_fills` of one wild: block by block, the cards with which the block's
        part splits (its table of one card added, lowest first), each with the plain
        splits of the other blocks; the signatures of every split of the reading."""
        plains = [block.plain(part) if part else 1 for block, part, _ in parts]
        # the splits of the blocks before each one, and of those after it
        before = [1] * (len(parts) + 1)
        for index, plain in enumerate(plains):
            before[index + 1] = plain and before[index] and combine(before[index], plain)
        after = [1] * (len(parts) + 1)
        for index in range(len(parts) - 1, -1, -1):
            plain = plains[index]
            after[index] = plain and after[index + 1] and combine(after[index + 1], plain)
        for index, (block, part, free) in enumerate(parts):
            if not free or not before[index] or not after[index + 1]:
                continue
            others = combine(before[index], after[index + 1])
            for _, one, found in block.fills(part, free, 1):
                bits = _joined(others, found)
                if bits & accept:
                    yield one << block.shift, bits

    def _enter(
        self: WildBudget,
        parts: list[tuple[BlockBudget, int, int]],
        tails: list[int],
        index: int,
        head: int,
        left: int,
        filled: int,
        wanted: tuple[int, int],
    ) -> Iterator[tuple[int, int]]:
        """`_descend` from the start of the block `index`, its cards tried one by one only
        where the block's table says it may take some of the `left` cards."""
        block, part, free = parts[index]
        if left and free:
            accept, useful = wanted
            stride = self.stride
            some = block.reach(part, free, left) & useful
            some = (some >> stride) << stride  # a card or more added in this block
            taking = some and combine(_joined(tails[index + 1], some), head)
            if not (taking >> (left * stride)) & accept:
                free = 0  # no reading adds a card here: the block is split as it is
        yield from self._descend(parts, tails, index, head, part, free, left, filled, wanted)

    def _descend(
        self: WildBudget,
        parts: list[tuple[BlockBudget, int, int]],
        tails: list[int],
        index: int,
        head: int,
        part: int,
        free: int,
        left: int,
        filled: int,
        wanted: tuple[int, int],
    ) -> Iterator[tuple[int, int]]:
        """The readings that add `left` more cards, none below the block `index`'s
        positions that `free` leaves open, in order: the block's next card first (lowest
        position first), then none more in this block. `head` is the signatures of the
        blocks before (their cards final), `part` the block's cards with those added;
        `wanted` the signatures accepted and those they hold (`_below`)."""
        accept = wanted[0]
        stride = self.stride
        block, start, whole = parts[index]
        after = tails[index + 1]
        if left == 1:
            yield from self._last(parts, tails, index, head, part, free, filled, accept)
        elif left:
            below = left - 1
            wants = self._wants(head, after, below, accept)
            for position, one in enumerate(block.ones):
                if not (free >> (position * FIELD_BITS)) & 0xFF:
                    continue
                # whether some cards complete the split is asked with every position open
                # (as the tables know the part, from any hand): a reading it lets through
                # wrongly is refused below, where no card is left to add
                held = part + one
                room = block._clamped(whole - (held - start), below)
                found = block.reach(held, room, below)
                if found & wants:
                    # the next cards are at this position or above
                    opened = (free >> (position * FIELD_BITS)) << (position * FIELD_BITS)
                    rest = block._clamped(opened - one, below)
                    yield from self._descend(
                        parts,
                        tails,
                        index,
                        head,
                        part + one,
                        rest,
                        below,
                        filled + (one << block.shift),
                        wanted,
                    )
        # no more cards in this block: its part is split as it is
        plain = block.plain(part) if part else 1
        if not plain:
            return
        head = combine(head, plain)
        if index + 1 == len(parts):
            if not left and head & accept:
                yield filled, head
            return
        if not left:
            bits = combine(head, after & self._signature_mask)
            if bits & accept:
                yield filled, bits
            return
        if (combine(after, head) >> (left * stride)) & accept:
            yield from self._enter(parts, tails, index + 1, head, left, filled, wanted)

    def _wants(self: WildBudget, head: int, after: int, added: int, accept: int) -> int:
        """What a block's part must reach (bit `j * stride + signature`, see `reach`) for
        the hand to reach a signature of `accept` with `added` cards added in all: the
        blocks before it reach `head` (no cards added), those after it `after`."""
        stride = self.stride
        mask = self._signature_mask
        wants = 0
        bits = after & ((1 << ((added + 1) * stride)) - 1)
        while bits:
            low = bits & -bits
            bits ^= low
            level, signature = divmod(low.bit_length() - 1, stride)
            heads = head
            while heads:
                first = heads & -heads
                heads ^= first
                reached = signature + first.bit_length() - 1
                wants |= ((accept >> reached) & mask) << ((added - level) * stride)
        return wants

    def _last(
        self: WildBudget,
        parts: list[tuple[BlockBudget, int, int]],
        tails: list[int],
        index: int,
        head: int,
        part: int,
        free: int,
        filled: int,
        accept: int,
    ) -> Iterator[tuple[int, int]]:
        """`_descend` with one card left to add in the block `index`: the block's table of
        the cards with which its part splits (`fills`, known for the part from any hand),
        those at the positions `free` leaves open, lowest first."""
        block, start, whole = parts[index]
        rest = tails[index + 1] & self._signature_mask  # the blocks after add no card
        if not rest:
            return
        room = block._clamped(whole - (part - start), 1)
        for order, one, found in block.fills(part, room, 1):
            if not (free >> (order[0] * FIELD_BITS)) & 0xFF:
                continue
            bits = combine(_joined(rest, found), head)
            if bits & accept:
                yield filled + (one << block.shift), bits
