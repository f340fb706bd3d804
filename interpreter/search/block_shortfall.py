"""A quick lower bound on the cards a hand needs added before every block of it splits.

No group crosses a block (`compiling/blocks.py`), so a hand whose wild cards are read as
cards wins only if each block's part, with the cards read into it, splits into groups. A
part that splits alone needs none; one that some single card more splits needs at least
one; any other at least two. The sum over the blocks bounds from below the wilds any
reading must spend on the splits, whatever the signature the win clause asks: a hand whose
bound passes its wilds wins under no reading (a form of cards aside, which the caller
screens). Each part is read from the plain signature tables, shared with every plain win
test and warm after a few hands, so the bound costs a lookup per block held, and a few
more for a block that does not split: far less than the wild budget search it spares.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tablerules.interpreter.compiling.compiled import FIELD_BITS
from tablerules.interpreter.search.searcher import Searcher

# a block's signature lookup, the solver that fills it, its shift, mask and each position's
# (one card more, packed in the block's part; the copies of that card in the deck)
BlockRow = tuple[
    Callable[[int], int | None], Callable[[int], int], int, int, tuple[tuple[int, int], ...]
]


class BlockShortfall:
    """The lower bound of one searcher's blocks (see the module)."""

    def __init__(self, searcher: Searcher, copies: Sequence[int]) -> None:
        rows: list[BlockRow] = []
        for (known, solve, shift, mask), block in zip(
            searcher.signature_tables, searcher.rules.blocks, strict=True
        ):
            positions = tuple(
                (1 << (position * FIELD_BITS), copies[block.start + position])
                for position in range(block.size)
            )
            rows.append((known, solve, shift, mask, positions))
        self._rows = rows

    def exceeds(self, packed: int, budget: int) -> bool:
        """Whether the plain cards `packed` need more than `budget` cards added before each
        block splits (a True is sure; a False may still need more)."""
        short = 0
        unsplit: list[tuple[int, BlockRow]] = []
        for row in self._rows:
            known, solve, shift, mask, _ = row
            part = (packed >> shift) & mask
            if not part:
                continue
            found = known(part)
            if found is None:
                found = solve(part)
            if not found:
                short += 1
                if short > budget:
                    return True
                unsplit.append((part, row))
        for part, (known, solve, _, _, positions) in unsplit:
            if not self._one_more_splits(part, known, solve, positions):
                short += 1
                if short > budget:
                    return True
        return False

    @staticmethod
    def _one_more_splits(
        part: int,
        known: Callable[[int], int | None],
        solve: Callable[[int], int],
        positions: tuple[tuple[int, int], ...],
    ) -> bool:
        """Whether some one card more (never a copy more than the deck has) splits a part."""
        for position, (one, copies) in enumerate(positions):
            if (part >> (position * FIELD_BITS)) & 0xFF >= copies:
                continue
            more = part + one
            found = known(more)
            if found is None:
                found = solve(more)
            if found:
                return True
        return False
