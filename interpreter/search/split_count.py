"""How many ways a hand splits into groups, counted without listing them, and the first
splits listed one by one: what keeps a hand with a combinatorial number of splits (forty
cards, groups of any two alike in one attribute) within bounded time and memory.

Both walk a block's search (`leaf.py`, `cut.py`) as it finds splits: a leaf
places its lowest card first, a cut takes crossing groups whole and splits each half. A
leaf's split is counted once by taking the groups of one lowest card in the order of its
row (a group never before one taken already for that card), so a count is the number of
splits the search lists.
"""

from __future__ import annotations

from collections.abc import Iterator

from tablerules.interpreter import deadline
from tablerules.interpreter.search.cut import Cut, Node
from tablerules.interpreter.search.leaf import Leaf, _lowest
from tablerules.interpreter.search.splits import NO_SPLIT, Fragment

# A hand is listed whole when it has at most this many splits; past it, this many are
# listed (with the best split of each signature) and the rest are counted only.
LISTED_SPLITS = 2000
COUNT_LIMIT = 1 << 16  # entries of a node's count table before it is emptied


def surely_listed(leaf: Leaf) -> int:
    """The most cards a part of the leaf may hold and surely have at most `LISTED_SPLITS`
    splits, so that it is listed without being counted first: each split the search lists
    is one sequence of choices, a group of the row of the lowest card left, so a part of
    `n` cards has at most `longest row ** (n // smallest group)` of them."""
    longest = max((len(row) for row in leaf.id_by_low), default=0)
    sizes = [
        sum(group.to_bytes((group.bit_length() + 7) // 8, "little"))
        for row in leaf.id_by_low
        for group, *_ in row
    ]
    if longest <= 1 or not sizes:
        return 1 << 16  # one split at most, whatever the cards
    smallest = max(min(sizes), 1)
    cards = 0
    while longest ** ((cards + 1) // smallest) <= LISTED_SPLITS:
        cards += 1
    return cards


class SplitCounter:
    """Counts and lists the splits of a block's part, memoising the counts per node."""

    def __init__(self) -> None:
        self._counts: dict[int, dict[tuple[int, int], int]] = {}  # by id of the node
        # by id of the node: its bytes, and the most cards its parts surely list in full
        self._listed: dict[int, tuple[int, int]] = {}

    def few_cards(self, node: Node, part: int) -> bool:
        """Whether `part` is a leaf's part of too few cards to have more than
        `LISTED_SPLITS` splits (`surely_listed`): listed at once, it needs no count first
        to keep the listing bounded."""
        known = self._listed.get(id(node))
        if known is None:
            size = (node.mask.bit_length() + 7) // 8
            listed = surely_listed(node) if isinstance(node, Leaf) else -1
            known = self._listed[id(node)] = (size, listed)
        size, listed = known
        return sum(part.to_bytes(size, "little")) <= listed

    def count(self, node: Node, part: int) -> int:
        """The number of splits of `part` (a block's cards, packed) into groups."""
        if not part:
            return 1
        if isinstance(node, Leaf):
            return self._leaf_count(node, part, 0)
        total = 0
        left, right = node.left, node.right
        for taken, _, _ in node._takings(part):
            rest = part - taken
            one = rest & left.mask
            mine = self.count(left, one)
            if mine:
                total += mine * self.count(right, rest - one)
        return total

    def _leaf_count(self, leaf: Leaf, part: int, start: int) -> int:
        """Splits of `part` whose groups of its lowest card come from `start` on in that
        card's row."""
        memo = self._counts.setdefault(id(leaf), {})
        key = (part, start)
        found = memo.get(key)
        if found is not None:
            return found
        deadline.check()  # a count not known yet: counting may walk very many parts
        low = _lowest(part)
        row = leaf.id_by_low[low]
        guard = leaf.guard
        found = 0
        for index in range(start, len(row)):
            group = row[index][0]
            if ((part | guard) - group) & guard != guard:
                continue
            rest = part - group
            if not rest:
                found += 1
            else:
                found += self._leaf_count(leaf, rest, index if _lowest(rest) == low else 0)
        if len(memo) >= COUNT_LIMIT:
            memo.clear()
        memo[key] = found
        return found

    def listing(self, node: Node, part: int) -> Iterator[Fragment]:
        """The splits of `part` one by one (ids unsorted), never building the whole list."""
        if not part:
            yield from NO_SPLIT
        elif isinstance(node, Leaf):
            yield from self._leaf_listing(node, part, 0)
        else:
            yield from self._cut_listing(node, part)

    def _leaf_listing(self, leaf: Leaf, part: int, start: int) -> Iterator[Fragment]:
        low = _lowest(part)
        row = leaf.id_by_low[low]
        guard = leaf.guard
        for index in range(start, len(row)):
            group, ident, value, pair, trigger = row[index]
            if ((part | guard) - group) & guard != guard:
                continue
            rest = part - group
            if not rest:
                yield ((ident,), value, pair, trigger)
                continue
            after = index if _lowest(rest) == low else 0
            if not self._leaf_count(leaf, rest, after):
                continue
            for ids, total, pairs, triggers in self._leaf_listing(leaf, rest, after):
                yield ((ident, *ids), total + value, pairs + pair, triggers + trigger)

    def _cut_listing(self, cut: Cut, part: int) -> Iterator[Fragment]:
        left, right = cut.left, cut.right
        for taken, _, (ids, total, pairs, triggers) in cut._takings(part):
            rest = part - taken
            one = rest & left.mask
            other = rest - one
            if not self.count(left, one) or not self.count(right, other):
                continue
            for x, x_total, x_pairs, x_triggers in self.listing(left, one):
                for y, y_total, y_pairs, y_triggers in self.listing(right, other):
                    yield (
                        x + y + ids,
                        total + x_total + y_total,
                        pairs + x_pairs + y_pairs,
                        triggers + x_triggers + y_triggers,
                    )


def joined(
    counter: SplitCounter, parts: list[tuple[Node, int]], index: int = 0
) -> Iterator[Fragment]:
    """The splits of a hand, given as its blocks' parts, one by one (ids unsorted)."""
    if index == len(parts):
        deadline.check()  # once per split listed: a hand may have very many
        yield from NO_SPLIT
        return
    node, part = parts[index]
    for ids, total, pairs, triggers in counter.listing(node, part):
        for more, more_total, more_pairs, more_triggers in joined(counter, parts, index + 1):
            yield (ids + more, total + more_total, pairs + more_pairs, triggers + more_triggers)
