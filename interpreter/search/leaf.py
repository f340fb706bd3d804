"""A region of a block solved by placing its lowest card first, memoised on its part.

Every partition is found, lowest card first, smallest id first: the order in which
`Searcher.fragments` lists splits (`searcher.py`). A region of a block that is cut in two
(`cut.py`) is a half solved this way when it is small enough (`compiling/blocks.py`).
"""

from __future__ import annotations

from tablerules.interpreter import deadline
from tablerules.interpreter.compiling.compiled import FIELD_BITS, FIELD_SHIFT
from tablerules.interpreter.search.splits import (
    NO_SPLIT,
    SIGNATURE_LIMIT,
    SPLIT_LIMIT,
    Best,
    Facts,
    Fragment,
    Split,
    keep_better,
)


def _lowest(packed: int) -> int:
    return ((packed & -packed).bit_length() - 1) >> FIELD_SHIFT


class Leaf:
    """A region solved by placing its lowest card first, memoised on its part: its splits
    come lowest card first, smallest id first, as `fragments` lists them."""

    signature_limit = SIGNATURE_LIMIT  # the bounds of its tables (a cut's vary: `Cut`)
    split_limit = SPLIT_LIMIT

    def __init__(
        self,
        guard: int,
        mask: int,
        by_low: list[list[tuple[int, int, int]]],
        facts: list[Facts],
        rank: list[int],
    ) -> None:
        self.guard = guard
        self.mask = mask
        # local position -> groups whose lowest card it is: (packed, signature shift, id)
        self.sig_by_low = [[(g, s) for g, s, _ in row] for row in by_low]
        self.id_by_low = [[(g, i, *facts[i]) for g, _, i in row] for row in by_low]
        self.best_by_low = [[(g, s, facts[i][0], rank[i]) for g, s, i in row] for row in by_low]
        self.signature_memo: dict[int, int] = {}
        self.split_memo: dict[int, tuple[Fragment, ...]] = {}
        self.best_memo: dict[int, Best] = {}
        self.slides = _slides(mask, self.sig_by_low)

    def signatures(self, part: int) -> int:
        found = self.signature_memo.get(part)
        if found is None:
            memo = self.signature_memo
            if len(memo) >= self.signature_limit:
                memo.clear()
            if self.slides:  # the part slid down to the lowest position reads the same
                low = ((part & -part).bit_length() - 1) & -FIELD_BITS
                if low:
                    slid = part >> low
                    found = memo.get(slid)
                    if found is None:
                        found = self._solve(slid)
                    memo[part] = found
                    return found
            found = self._solve(part)
        return found

    def _solve(self, packed: int) -> int:
        """Signatures of every full split of the part; fills the memo on the way."""
        memo = self.signature_memo
        guard = self.guard
        result = 0
        for group, shift in self.sig_by_low[((packed & -packed).bit_length() - 1) >> FIELD_SHIFT]:
            if ((packed | guard) - group) & guard == guard:
                rest = packed - group
                if rest:
                    sub = memo.get(rest)
                    if sub is None:
                        sub = self.signatures(rest)
                    if sub:
                        result |= sub << shift
                else:
                    result |= 1 << shift
        memo[packed] = result
        return result

    def splits(self, part: int) -> tuple[Fragment, ...]:
        found = self.split_memo.get(part)
        if found is None:
            if len(self.split_memo) >= self.split_limit:
                self.split_memo.clear()
            found = self._enumerate(part)
        return found

    def best(self, part: int) -> Best:
        found = self.best_memo.get(part)
        if found is None:
            if len(self.best_memo) >= self.split_limit:
                self.best_memo.clear()
            found = self._best(part)
        return found

    def _best(self, packed: int) -> Best:
        guard = self.guard
        found: Best = {}
        for group, step, value, rank in self.best_by_low[_lowest(packed)]:
            if ((packed | guard) - group) & guard != guard:
                continue
            rest = packed - group
            if not rest:
                keep_better(found, step, value, (rank,))
                continue
            for signature, (total, ranks) in self.best(rest).items():
                keep_better(found, signature + step, total + value, tuple(sorted((rank, *ranks))))
        self.best_memo[packed] = found
        return found

    def _enumerate(self, packed: int) -> tuple[Fragment, ...]:
        deadline.check()  # a hand may have a combinatorial number of splits
        guard = self.guard
        seen: set[Split] = set()
        results: list[Fragment] = []
        for group, ident, value, pair, trigger in self.id_by_low[_lowest(packed)]:
            if ((packed | guard) - group) & guard != guard:
                continue
            rest = packed - group
            for ids, total, pairs, triggers in self.splits(rest) if rest else NO_SPLIT:
                split = tuple(sorted((ident, *ids)))
                if split not in seen:
                    seen.add(split)
                    results.append((split, total + value, pairs + pair, triggers + trigger))
        answer = tuple(results)
        self.split_memo[packed] = answer
        return answer


def _slides(mask: int, by_low: list[list[tuple[int, int]]]) -> bool:
    """Whether a part's signatures stay the same when its cards slide down together: the
    region's positions run unbroken from its first, and every group, moved to any lowest
    position where it still fits, is a group there too, with the same signature step (runs
    and sets of a suit are; groups tied to particular cards are not)."""
    if mask & (mask + 1) or not mask & 1:
        return False
    shapes = {
        (position, group >> (position * FIELD_BITS), step)
        for position, row in enumerate(by_low)
        for group, step in row
    }
    for _, shape, step in shapes:
        for position in range(len(by_low)):
            fits = not (shape << (position * FIELD_BITS)) & ~mask
            if fits and (position, shape, step) not in shapes:
                return False
    return True
