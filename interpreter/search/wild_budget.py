"""Splits of a hand whose wild cards fill the missing cards of its groups: a wild budget.

A hand holding `w` wild cards wins when some reading of the wilds (a card each may stand
for) makes a plain hand that wins. Instead of judging every reading, the search places the
wilds itself: block by block (no group crosses a block, `compiling/blocks.py`), a block's
part may take `j` extra cards, each one a card some wild may stand for and never a copy
more than the deck has (`room`: the copies of each card kind still free, 0 for a kind no
wild may stand for). The answers, all exact:

* `signatures` / `accepted` — the (groups, pairs, triggers) signatures (`searcher.py`) of
  every split of every reading that uses all `w` wilds, as a bit set: the signature test of
  a hand with wilds, as `Searcher.signatures` is for a plain hand. Each block answers every
  number of extra cards at once (`BlockBudget.reach`: bit `j * stride + signature`), so a
  hand costs one table lookup per block and the blocks combine by shifts;
* `fills` — the readings themselves (the extra cards, packed as a hand is) whose plain hand
  has a split of a signature in `accept`, listed in the order of their cards;
* `ordered_fills` — the same readings in the same order, found one at a time by a descent
  over their cards (lowest first), for a reader that stops at the first it wants.

Here is the signature test, the blocks' answers combined; the readings (`fills`,
`ordered_fills`) are `wild_fills.py`, the bit sets and their stride `wild_bits.py`. A
block's search, its tables and `BlockBudget.reach`, is `wild_block.py`: a part new to them is
looked for under its mirror image, then cut where it falls into two pieces whose room
cannot bind, or read from the two halves of the block and the groups that cross its middle
(`wild_block_pieces.py`, `wild_halves.py`), or solved position by position
(`wild_sweep.py`); with one wild, by trying each card it may stand for against the plain
signature tables. A group always takes the cards the part holds before wilds fill the rest
(taking fewer held cards and filling more would only swap a held copy with a wild's copy of
the same card kind: the same plain hand). For a block's readings in order
(`wild_block_fills.py`), a part is solved lowest held card first: that card lies in some
group. Answers are memoised by (part, room, wilds); the tables are bounded as the plain
ones are.
"""

from __future__ import annotations

from tablerules.interpreter.search.searcher import Searcher
from tablerules.interpreter.search.splits import SIGNATURE_LIMIT
from tablerules.interpreter.search.wild_bits import _joined, _meets, _stride
from tablerules.interpreter.search.wild_block import BlockBudget, Tables
from tablerules.interpreter.search.wild_fills import BudgetFills

JOINED_LIMIT = 1 << 15  # pairs of bit sets combined kept (`WildBudget.joined`) before emptied


class WildBudget(BudgetFills):
    """The wild budget search of a hand, block by block (see the module's docstring)."""

    def __init__(self, searcher: Searcher, cards: int | None = None) -> None:
        """The budget search of the rules' hands, or of those of at most `cards` concealed
        cards (the wilds counted): their signatures are fewer, so its bit sets are
        narrower and every table operation cheaper."""
        shared: dict[object, Tables] = {}
        # `BlockBudget.reach` sets bit `added * stride + signature`: the stride is past
        # every signature of a hand that fits the signature tables, so two blocks' bits
        # combine (`combine`) into the sum of their cards added and of their signatures.
        # While the cards added stay within the wilds held the hand fits and its signature
        # stays below the stride; a signature that grew past it only comes of more cards
        # added than wilds held, and only adds to the count of cards added, so it is masked
        # off with them.
        layout = searcher.rules.signature
        self.stride = _stride(searcher, cards)
        self._signature_mask = (1 << self.stride) - 1
        self._layout = layout
        self._below_memo: dict[tuple[int, int], int] = {}
        # `_joined` of two blocks' bit sets, kept: the blocks' tables mostly hold a part
        # met in other hands, so the same pairs are combined again and again
        self._joined_memo: dict[tuple[int, int], int] = {}
        # the most concealed cards of a hand, and the fewest cards of a group that is no
        # pair (0: no bound), so that a signature no such hand's split can have is left out
        self._cards = cards
        self._least_group = min(
            (
                len(instance.cards)
                for instance in searcher.rules.instances
                if not searcher.rules.kinds[instance.kind].is_pair
            ),
            default=0,
        )
        self.blocks = [
            BlockBudget(searcher, index, shared, self.stride)
            for index in range(len(searcher.blocks))
        ]

    def _parts(self, packed: int, room: int) -> list[tuple[BlockBudget, int, int]]:
        """Each block that holds cards or may take a wild: (block, its part, its room)."""
        parts = []
        for block in self.blocks:
            part = (packed >> block.shift) & block.mask
            free = (room >> block.shift) & block.mask
            if part or free:
                parts.append((block, part, free))
        return parts

    def signatures(self, packed: int, room: int, wilds: int) -> int:
        """Signatures of every split of every reading of `wilds` wilds: `packed` the plain
        cards, `room` the copies free of each card kind a wild may stand for (packed)."""
        return self._reach(self._parts(packed, room), wilds) >> (wilds * self.stride)

    def accepted(self, packed: int, room: int, wilds: int, accept: int) -> int:
        """The signatures in `accept` of every split of every reading of `wilds` wilds:
        `signatures(...) & accept`, with the blocks' splits that no signature of `accept`
        holds left out before they are combined."""
        parts = self._parts(packed, room)
        found = self._reach(parts, wilds, self._below(accept, wilds))
        return (found >> (wilds * self.stride)) & accept

    def accepts(self, packed: int, room: int, wilds: int, accept: int) -> bool:
        """`bool(accepted(...))`, without building the whole hand's bit set: the blocks
        but the last are combined, and the last block's bits are then tried against them
        (`_meets`), stopping at the first that makes a signature of `accept` with every
        wild used."""
        useful = self._below(accept, wilds)
        within = (1 << ((wilds + 1) * self.stride)) - 1
        total = 1
        last = 0
        for block, part, free in self._parts(packed, room):
            # the block's table read in place where it is kept (`reach` otherwise)
            bits = block._reaches.get((part, free, wilds)) if free else None
            if bits is None:
                bits = block.reach(part, free, wilds if free else 0)
            bits &= useful
            if not bits:
                return False
            if last:
                total = _joined(total, last) & within if total != 1 else last
                if not total:
                    return False
            last = bits
        if not last:  # no cards and no room: only the empty split
            return not wilds and bool(accept & 1)
        return _meets(total, last, accept << (wilds * self.stride))

    def joined(self, one: int, other: int) -> int:
        """`_joined(one, other)`, kept by its arguments (nine pairs in ten combined for a
        hand were combined for an earlier one)."""
        key = (one, other)
        known = self._joined_memo.get(key)
        if known is None:
            known = _joined(one, other)
            if len(self._joined_memo) >= JOINED_LIMIT:
                self._joined_memo.clear()
            self._joined_memo[key] = known
        return known

    def _below(self, accept: int, wilds: int) -> int:
        """The signatures some signature of `accept` holds (no more groups, pairs and
        triggers) with a rest that a split can have (no more pairs, and no more triggers,
        than groups), at every number of cards added up to `wilds` (see
        `BlockBudget.reach`): a part's split outside them is never in a split of the hand
        that `accept` takes, since the blocks' counts only add up. A signature of `accept`
        whose groups hold more cards than the budget's hands is none of their splits' and
        holds nothing (seven groups of fourteen cards: seven pairs, whose parts' splits are
        pairs alone)."""
        key = (accept, wilds)
        known = self._below_memo.get(key)
        if known is not None:
            return known
        layout = self._layout
        triggers_mask = (1 << layout.pair_shift) - 1
        pairs_mask = (1 << (layout.group_shift - layout.pair_shift)) - 1
        held = 0
        bits = accept
        while bits:
            low = bits & -bits
            bits ^= low
            index = low.bit_length() - 1
            groups = index >> layout.group_shift
            pairs = (index >> layout.pair_shift) & pairs_mask
            triggers = index & triggers_mask
            least = (groups - pairs) * self._least_group + pairs * layout.pair_cards
            if self._cards is not None and least > self._cards:
                continue
            for fewer in range(groups + 1):
                rest = groups - fewer  # the groups of the other blocks' splits
                for paired in range(max(pairs - rest, 0), min(pairs, fewer) + 1):
                    for triggered in range(max(triggers - rest, 0), min(triggers, fewer) + 1):
                        held |= 1 << layout.index(fewer, paired, triggered)
        known = sum(held << (count * self.stride) for count in range(wilds + 1))
        if len(self._below_memo) >= SIGNATURE_LIMIT:
            self._below_memo.clear()
        self._below_memo[key] = known
        return known

    def _reach(
        self, parts: list[tuple[BlockBudget, int, int]], wilds: int, useful: int = -1
    ) -> int:
        """The blocks' `reach` combined: bit `added * stride + signature` for the splits of
        their parts with `added` cards added in all, at most `wilds`; each block's bits
        outside `useful` left out."""
        within = (1 << ((wilds + 1) * self.stride)) - 1
        total = 1
        for block, part, free in parts:
            found = block.reach(part, free, wilds if free else 0) & useful
            if not found:
                return 0
            total = _joined(total, found) & within
            if not total:
                return 0
        return total
