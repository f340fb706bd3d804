"""A region of a block cut in two: some crossing groups taken whole (the cut's takings),
each half solved on its own (a leaf, `leaf.py`, or cut again).

Where a block is cut is decided from its groups (`compiling/blocks.py`); every group lies in one
half or crosses the cut, so the splits found are every split of the region.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

from tablerules.interpreter.compiling.compiled import FIELD_BITS
from tablerules.interpreter.search.leaf import Leaf
from tablerules.interpreter.search.splits import (
    CUT_SIGNATURE_LIMIT,
    CUT_SPLIT_LIMIT,
    HALF_SIGNATURE_LIMIT,
    HALF_SPLIT_LIMIT,
    NO_CARDS_BEST,
    NO_SPLIT,
    TAKINGS_LIMIT,
    Best,
    Facts,
    Fragment,
    Split,
    combine,
    merge_best,
)

NOTHING_TAKEN: list[tuple[int, int, Fragment]] = [(0, 0, ((), 0, 0, 0))]
Answer = TypeVar("Answer", tuple[Fragment, ...], Best)  # what a half answers of its part


class Cut:
    """A region cut in two: some crossing groups taken whole, each half solved on its own.

    The cut of a whole block lists its splits in the order of `fragments` (sorted once,
    when its table learns the part); a half's splits are only combined again, unordered."""

    def __init__(
        self,
        guard: int,
        mask: int,
        halves: tuple[Node, Node],
        crossing: list[tuple[int, int, int]],
        facts: list[Facts],
        rank: list[int] | None,
        ranks: list[int],
    ) -> None:
        whole_block = rank is not None
        self.rank = rank
        self.ranks = ranks  # every instance's rank in the order of `fragments`
        self.best_memo: dict[int, Best] = {}
        self.guard = guard
        self.mask = mask
        self.left, self.right = halves
        self.crossing = [(g, s, i, facts[i]) for g, s, i in crossing]  # (packed, shift, id, facts)
        self.signature_memo: dict[int, int] = {}
        self.split_memo: dict[int, tuple[Fragment, ...]] = {}
        self.signature_limit = CUT_SIGNATURE_LIMIT if whole_block else HALF_SIGNATURE_LIMIT
        self.split_limit = CUT_SPLIT_LIMIT if whole_block else HALF_SPLIT_LIMIT
        # the positions the crossing groups use (see `_takings`)
        self.crossing_mask = 0
        for group, _, _ in crossing:
            for position in range(mask.bit_length() // FIELD_BITS + 1):
                if group >> (position * FIELD_BITS) & 0xFF:
                    self.crossing_mask |= 0xFF << (position * FIELD_BITS)
        self.takings_memo: dict[int, list[tuple[int, int, Fragment]]] = {}
        # Many counts around the cut allow the same takings (in a bundled game, 16k counts in
        # 8,000 hands, 140 lists of 80 multisets), so the lists and their items are made
        # once and shared: an entry of the table above is its key and a reference. Both
        # are bounded by the rules (the multisets of crossing groups that fit in a hand).
        self.taken_as: dict[tuple[int, ...], tuple[int, int, Fragment]] = {}  # by ids
        self.takings_as: dict[tuple[Split, ...], list[tuple[int, int, Fragment]]] = {}

    def _takings(self, part: int) -> list[tuple[int, int, Fragment]]:
        """Each multiset of crossing groups that fits the part, none first:
        (cards, signature shift, the groups as a fragment).

        They depend only on the part's counts of the crossing groups' cards, a few
        positions around the cut, so they are remembered by those counts: parts that
        differ elsewhere (a hand asked about card after card) share them."""
        key = part & self.crossing_mask
        found = self.takings_memo.get(key)
        if found is None:
            if len(self.takings_memo) >= TAKINGS_LIMIT:
                self.takings_memo.clear()
            found = self._list_takings(key)
            found = self.takings_as.setdefault(tuple(t[2][0] for t in found), found)
            self.takings_memo[key] = found
        return found

    def _list_takings(self, part: int) -> list[tuple[int, int, Fragment]]:
        """`_takings`, worked out."""
        guard = self.guard
        fits = [c for c in self.crossing if ((part | guard) - c[0]) & guard == guard]
        if not fits:
            return NOTHING_TAKEN
        known = self.taken_as
        nothing = NOTHING_TAKEN[0]
        found = [nothing]
        stack = [(0, part, nothing)]
        while stack:
            start, left, now = stack.pop()
            taken, shift, (ids, total, pairs, triggers) = now
            for index in range(start, len(fits)):
                group, step, ident, (value, pair, trigger) = fits[index]
                if ((left | guard) - group) & guard == guard:
                    key = (*ids, ident)
                    after = known.get(key)
                    if after is None:
                        fragment = (key, total + value, pairs + pair, triggers + trigger)
                        after = known[key] = (taken + group, shift + step, fragment)
                    found.append(after)
                    stack.append((index, left - group, after))
        return found

    def signatures(self, part: int) -> int:
        found = self.signature_memo.get(part)
        if found is not None:
            return found
        left, right = self.left, self.right
        left_mask = left.mask
        result = 0
        for taken, shift, _ in self._takings(part):
            rest = part - taken
            one = rest & left_mask
            other = rest - one
            mine = (left.signature_memo.get(one) or left.signatures(one)) if one else 1
            if not mine:
                continue
            theirs = (right.signature_memo.get(other) or right.signatures(other)) if other else 1
            if theirs:
                result |= combine(mine, theirs) << shift
        if len(self.signature_memo) >= self.signature_limit:
            self.signature_memo.clear()
        self.signature_memo[part] = result
        return result

    def _halves(
        self,
        part: int,
        left_memo: dict[int, Answer],
        left_solve: Callable[[int], Answer],
        right_memo: dict[int, Answer],
        right_solve: Callable[[int], Answer],
        nothing: Answer,
    ) -> Iterator[tuple[tuple[int, int, Fragment], Answer, Answer]]:
        """For each taking of the part (`_takings`), the answers of the two halves for
        what is left in each (`nothing` for a half left with no cards): the splits, or
        the best splits; a taking after which a half has no answer is passed over."""
        left_mask = self.left.mask
        for taking in self._takings(part):
            rest = part - taking[0]
            one = rest & left_mask
            other = rest - one
            if one:
                mine = left_memo.get(one)
                if mine is None:
                    mine = left_solve(one)
                if not mine:
                    continue
            else:
                mine = nothing
            if other:
                theirs = right_memo.get(other)
                if theirs is None:
                    theirs = right_solve(other)
                if not theirs:
                    continue
            else:
                theirs = nothing
            yield taking, mine, theirs

    def splits(self, part: int) -> tuple[Fragment, ...]:
        found = self.split_memo.get(part)
        if found is not None:
            return found
        left, right = self.left, self.right
        results: list[Fragment] = []
        halves = self._halves(
            part, left.split_memo, left.splits, right.split_memo, right.splits, NO_SPLIT
        )
        for (_, _, (ids, total, pairs, triggers)), mine, theirs in halves:
            for x, x_total, x_pairs, x_triggers in mine:
                for y, y_total, y_pairs, y_triggers in theirs:
                    results.append(
                        (
                            tuple(sorted(x + y + ids)),
                            total + x_total + y_total,
                            pairs + x_pairs + y_pairs,
                            triggers + x_triggers + y_triggers,
                        )
                    )
        if self.rank is not None and len(results) > 1:
            rank = self.rank
            results.sort(key=lambda fragment: sorted(rank[i] for i in fragment[0]))
        answer = tuple(results)
        if len(self.split_memo) >= self.split_limit:
            self.split_memo.clear()
        self.split_memo[part] = answer
        return answer

    def best(self, part: int) -> Best:
        found = self.best_memo.get(part)
        if found is not None:
            return found
        left, right = self.left, self.right
        ranks = self.ranks
        found = {}
        halves = self._halves(
            part, left.best_memo, left.best, right.best_memo, right.best, NO_CARDS_BEST
        )
        for (_, step, (ids, total, _, _)), mine, theirs in halves:
            taken_ranks = tuple(ranks[i] for i in ids)
            merge_best(mine, theirs, step, total, taken_ranks, found)
        if len(self.best_memo) >= self.split_limit:
            self.best_memo.clear()
        self.best_memo[part] = found
        return found


Node = Leaf | Cut
