"""Splitting a packed hand into groups.

Two searches over the same compiled instances:

* `signatures` answers "which (groups, pairs, triggers) totals can the whole hand reach?"
  as a bit set, one memoised table per block, combined by shifting. This is the fast win
  test: a few dictionary lookups per hand once the tables are warm.
* `decompositions` lists every way to split the hand, memoised on the remaining cards,
  for explanations and for value-based rules.

Both always place the lowest remaining card first, so every partition is found; hands are
integers with one byte per card kind and a guard bit that makes "does this group fit?"
a single subtraction.
"""

from __future__ import annotations

from tablerules.interpreter.compiled import FIELD_SHIFT, CompiledRules

MEMO_LIMIT = 500_000  # entries per table before it is cleared, bounding memory on long runs


def _lowest(packed: int) -> int:
    return ((packed & -packed).bit_length() - 1) >> FIELD_SHIFT


def _solve_block(
    by_low: list[list[tuple[int, int]]], memo: dict[int, int], guard: int, packed: int
) -> int:
    """Signatures of every full split of one block's cards; fills `memo` on the way."""
    result = 0
    for group, shift in by_low[((packed & -packed).bit_length() - 1) >> FIELD_SHIFT]:
        if ((packed | guard) - group) & guard == guard:
            rest = packed - group
            if rest:
                sub = memo.get(rest)
                if sub is None:
                    sub = _solve_block(by_low, memo, guard, rest)
                if sub:
                    result |= sub << shift
            else:
                result |= 1 << shift
    memo[packed] = result
    return result


def combine(left: int, right: int) -> int:
    """All sums of a signature in `left` and one in `right` (bit sets of signatures)."""
    if right & (right - 1) == 0:
        return left << (right.bit_length() - 1)
    out = 0
    while right:
        low = right & -right
        out |= left << (low.bit_length() - 1)
        right ^= low
    return out


class Searcher:
    """The searches for one compiled rule set; holds precomputed block guards."""

    def __init__(self, rules: CompiledRules) -> None:
        self.rules = rules
        self.blocks = [(b.by_low, b.memo, b.shift, b.mask, b.guard) for b in rules.blocks]
        self.block_of_card = [0] * len(rules.cards)
        for index, block in enumerate(rules.blocks):
            for card in range(block.start, block.start + block.size):
                self.block_of_card[card] = index
        self._incomplete: dict[int, tuple[int, ...]] = {}

    def signatures(self, packed: int) -> int:
        """Bit set of reachable (groups, pairs, triggers) signatures; 0 when none."""
        total = 1
        for by_low, memo, shift, mask, guard in self.blocks:
            part = (packed >> shift) & mask
            if not part:
                continue
            found = memo.get(part)
            if found is None:
                if len(memo) > MEMO_LIMIT:
                    memo.clear()
                found = _solve_block(by_low, memo, guard, part)
            if not found:
                return 0
            if found & (found - 1):
                total = combine(total, found)
            else:
                total <<= found.bit_length() - 1
        return total

    def incomplete_blocks(self, packed: int) -> tuple[int, ...]:
        """Indexes of the blocks whose cards cannot all be split into groups.

        One card more can complete at most one block, so a hand with two incomplete blocks
        is no card away from winning: the play engine skips its win tests.
        """
        found = self._incomplete.get(packed)
        if found is not None:
            return found
        incomplete = []
        for index, (by_low, memo, shift, mask, guard) in enumerate(self.blocks):
            part = (packed >> shift) & mask
            if part and not (memo.get(part) or _solve_block(by_low, memo, guard, part)):
                incomplete.append(index)
        found = tuple(incomplete)
        if len(self._incomplete) > MEMO_LIMIT:
            self._incomplete.clear()
        self._incomplete[packed] = found
        return found

    def decompositions(self, packed: int) -> tuple[tuple[int, ...], ...]:
        """Every split of the hand into in-hand instances, as sorted tuples of instance ids."""
        if packed == 0:
            return ((),)
        memo = self.rules.enumeration_memo
        found = memo.get(packed)
        if found is not None:
            return found
        guard = self.rules.guard
        seen: set[tuple[int, ...]] = set()
        results: list[tuple[int, ...]] = []
        for instance in self.rules.instances_by_low[_lowest(packed)]:
            group = instance.packed
            if ((packed | guard) - group) & guard != guard:
                continue
            for rest in self.decompositions(packed - group):
                split = tuple(sorted((instance.id, *rest)))
                if split not in seen:
                    seen.add(split)
                    results.append(split)
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        answer = tuple(results)
        memo[packed] = answer
        return answer
