"""The wild budget search of one block (`BlockBudget`): its groups as the search reads
them, the tables the blocks of one shape share, and `reach`, the signatures of every split
of a part with up to so many cards added, every number of wilds answered by one table
lookup. A part's room is cut at the wilds left (`_clamped`), so parts that differ only
above it share their answers. A part new to the tables is looked for under its mirror
image, then read from two pieces (`wild_block_pieces.py`), with one wild by trying each
card it may stand for against the plain table, or solved position by position
(`wild_sweep.py`). The readings themselves are listed by `wild_block_fills.py`.
"""

from __future__ import annotations

from tablerules.interpreter.compiling.compiled import FIELD_BITS, GUARD_BIT
from tablerules.interpreter.search.searcher import Searcher
from tablerules.interpreter.search.splits import SIGNATURE_LIMIT
from tablerules.interpreter.search.wild_block_fills import BlockFills
from tablerules.interpreter.search.wild_block_pieces import BlockPieces
from tablerules.interpreter.search.wild_halves import Halves
from tablerules.interpreter.search.wild_sweep import Sweep

# a group of a block as the budget search reads it: its packed cards (local to the block),
# its signature step, and each of its card kinds as (bit shift, copies, one copy packed)
BudgetGroup = tuple[int, int, tuple[tuple[int, int, int], ...]]
Tables = tuple[dict, dict, dict, dict]  # a shape's answers: reaches, fills, sweeps, moves


class BlockBudget(BlockPieces, BlockFills):
    """The wild budget search of one block. Blocks of one shape (the same groups at the
    same positions, the same signature steps: the suits of a deck) share their tables."""

    def __init__(
        self, searcher: Searcher, index: int, shared: dict[object, Tables], stride: int
    ) -> None:
        node, shift, mask = searcher.blocks[index]
        block = searcher.rules.blocks[index]
        self.shift = shift
        self.mask = mask
        self.size = block.size
        self.plain = node.signatures  # the block's plain signature search, memoised
        self.guard = int.from_bytes(bytes([GUARD_BIT]) * block.size, "little")
        self.ones = [1 << (position * FIELD_BITS) for position in range(block.size)]
        self.containing: list[list[BudgetGroup]] = [[] for _ in range(block.size)]
        self.by_low: list[list[BudgetGroup]] = [[] for _ in range(block.size)]
        for instance in searcher.rules.instances:
            low = instance.cards[0] - block.start
            if not 0 <= low < block.size:
                continue
            kinds = sorted(set(instance.cards))
            cards = tuple(
                (
                    (card - block.start) * FIELD_BITS,
                    instance.cards.count(card),
                    1 << ((card - block.start) * FIELD_BITS),
                )
                for card in kinds
            )
            group = (instance.packed >> shift, instance.signature_shift, cards)
            self.by_low[low].append(group)
            for card in kinds:
                self.containing[card - block.start].append(group)
        # the widest reach of a group over the block's positions (0: sets of one card kind)
        self.span = max(
            (
                cards[-1][0] // FIELD_BITS - cards[0][0] // FIELD_BITS
                for row in self.by_low
                for _, _, cards in row
            ),
            default=0,
        )
        # the groups read from the block's last position down are the same groups (runs and
        # sets of a suit): a part and its mirror image split alike, with the same steps
        placed = {
            (step, tuple((shift // FIELD_BITS, copies) for shift, copies, _ in cards))
            for row in self.by_low
            for _, step, cards in row
        }
        self.mirrors = placed == {
            (step, tuple(sorted((block.size - 1 - at, copies) for at, copies in cards)))
            for step, cards in placed
        }
        shape = (block.size, mask, tuple(tuple((g, s) for g, s, _ in row) for row in self.by_low))
        tables = shared.setdefault(shape, ({}, {}, {}, {}))
        self._reaches, self._fills = tables[0], tables[1]
        self.stride = stride
        # each byte's excess over 1…4 copies, found by one subtraction (see `_clamped`)
        self._levels = [int.from_bytes(bytes([level]) * block.size, "little") for level in range(5)]
        starting = [[(step, cards) for _, step, cards in row] for row in self.by_low]
        self._sweep = Sweep(
            block.size, self.guard, starting, self.plain, self._clamped, stride, tables[2:]
        )
        self._halves = Halves(block.size, self.guard, self.by_low)
        self._joins: dict[tuple[int, int], int] = {}  # the halves' tables joined, kept

    def _clamped(self, room: int, most: int) -> int:
        """The room with each card kind's count cut to `most` (no more wilds are left):
        answers for rooms that differ only above it are the same, and shared."""
        if most >= len(self._levels):
            return room
        guard = self.guard
        above = (room | guard) - self._levels[most]  # a byte keeps its guard where above
        kept = (above & guard) >> (FIELD_BITS - 1)  # 1 in each byte above `most`
        excess = above & ~guard & (kept * 0xFF)
        return room - excess

    def reach(self, part: int, room: int, wilds: int) -> int:
        """Signatures of every split of the part with up to `wilds` cards added, as one bit
        set: bit `added * stride + signature` for a split with `added` cards added (see
        `WildBudget.stride`). One table lookup answers every number of wilds."""
        if not wilds:
            return self.plain(part) if part else 1
        key = (part, room, wilds)
        found = self._reaches.get(key)
        if found is not None:
            return found
        if self.mirrors:  # the part read from its last position down, known already?
            size = self.size
            mirrored = int.from_bytes(part.to_bytes(size, "little"), "big")
            turned = int.from_bytes(room.to_bytes(size, "little"), "big")
            found = self._reaches.get((mirrored, turned, wilds))
            if found is not None:
                self._reaches[key] = found
                return found
        stride = self.stride
        cut = self._cut(part, room, wilds)
        if cut is not None:
            found = self._reach_cut(cut, wilds)
        elif wilds == 1:
            found = self.plain(part) if part else 1
            plain = self.plain
            for position, one in enumerate(self.ones):
                if (room >> (position * FIELD_BITS)) & 0xFF:
                    found |= plain(part + one) << stride
        elif self._halves.spans(part, room):
            found = self._reach_halves(part, room, wilds)
        else:
            found = self._sweep.reach(part, room, wilds)
        if len(self._reaches) >= SIGNATURE_LIMIT:
            self._reaches.clear()
        self._reaches[key] = found
        return found
