"""What a search for a hand's groups answers, and how large its tables may grow.

A split divides (a part of) a hand into groups, given as instance ids. The searches
answer in three forms: a bit set of the reachable (groups, pairs, triggers) signatures,
every split with the sums a judge needs (`Fragment`), or the best split per signature
(`Best`); two parts' answers combine by `combine` and `merge_best`. The searches are
`searcher.py` (a hand, block by block) and, for one region of a block, `leaf.py`
(solved card by card) and `cut.py` (cut in two).
"""

from __future__ import annotations

# Entries a table holds before it is emptied, bounding memory on long runs. Each bound is
# set by the table's working set (measured on self-play and evaluation of a deck whose block is
# cut twice), so that a long run fills its tables in its first few thousand hands and then
# holds steady:
# * A leaf's parts recur (a few cards that new hands share), so its tables earn their
#   room: a block solved whole, or the smallest regions of a cut block. They fill with the
#   parts there are and stop growing long before their bounds.
# * A half cut again meets parts of a few ranks, new ones for tens of thousands of hands;
#   its bounds hold what a few thousand hands ask again (twice as large saves a lookup or
#   two per hand, and doubles the climb of memory).
# * The cut of a whole block sees most of a hand, so its tables only serve the same hand
#   asked again (as play does, card after card) and stay small.
# * A cut's takings (the crossing groups that fit, `Cut._takings` in `cut.py`,
#   kept by the counts around the cut) recur in new hands and are costly to list again: a
#   quarter of this bound made the evaluation of new hands an eighth slower. The lists are
#   shared (`Cut.takings_as`), so an entry costs a key and a reference.
SIGNATURE_LIMIT = 1 << 17  # signatures per leaf
SPLIT_LIMIT = 1 << 15  # lists of splits per leaf
HALF_SIGNATURE_LIMIT = 1 << 14  # signatures of a half cut again
HALF_SPLIT_LIMIT = 1 << 14  # lists (or best splits) of a half cut again
CUT_SIGNATURE_LIMIT = 1 << 14  # signatures of a cut block
CUT_SPLIT_LIMIT = 1 << 12  # lists (or best splits) of a cut block
TAKINGS_LIMIT = 1 << 15  # takings of any cut, by the counts around the cut
Split = tuple[int, ...]  # instance ids, sorted
# A split with what judging it needs: (ids, total value, pairs, triggers), the group kinds
# as the rules define them (the group holding a winning card may count as another).
Fragment = tuple[Split, int, int, int]
Facts = tuple[int, int, int]  # an instance's (value, is pair, is trigger)
NO_SPLIT: tuple[Fragment, ...] = (((), 0, 0, 0),)  # the one split of no cards
# The best split per signature bit index: (total value, the instances' ranks, sorted).
Best = dict[int, tuple[int, tuple[int, ...]]]
NO_CARDS_BEST: Best = {0: (0, ())}  # the one split of no cards


def keep_better(found: Best, signature: int, total: int, ranks: tuple[int, ...]) -> None:
    """Record a split of `signature` if it beats the one known: a higher total, or the same
    total and earlier in the order of `fragments`."""
    known = found.get(signature)
    if known is None or total > known[0] or (total == known[0] and ranks < known[1]):
        found[signature] = (total, ranks)


def merge_best(
    left: Best,
    right: Best,
    step: int,
    total: int,
    ranks: tuple[int, ...],
    found: Best | None = None,
) -> Best:
    """Every split of `left` with every split of `right`, plus groups taken whole (their
    signature step, total and ranks), the best per signature (added to `found`)."""
    if found is None:
        found = {}
    for one, (one_total, one_ranks) in left.items():
        for other, (other_total, other_ranks) in right.items():
            keep_better(
                found,
                step + one + other,
                total + one_total + other_total,
                tuple(sorted(one_ranks + other_ranks + ranks)),
            )
    return found


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
