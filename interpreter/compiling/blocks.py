"""How the search divides the deck: blocks no group crosses, and cuts through large ones.

A hand is split into groups block by block, and each block's answers are memoised on the
block's part of the hand, so a part seen once is answered by one lookup ever after. That
works when blocks are small: a part of a 9-kind block recurs across hands. A large block
(a deck whose groups tie every card to every other, through runs, sets and mixed groups)
has parts that are nearly whole hands, which rarely recur.

Such a region is cut in two: the card kinds are ordered by each of the deck's attributes
in turn (and by deck order), and the cut is placed where the fewest groups cross it, both
halves keeping at least a third of the kinds. A hand's part then splits as: some crossing
groups taken whole, and the rest solved in each half on its own, each half memoised (and
cut again if still large). Every group lies in one half or crosses, so nothing is lost;
which attribute gives the narrowest cut is found from the groups, never assumed.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablerules.interpreter.compiling.cards import CardTable
from tablerules.interpreter.compiling.patterns import Multiset

LEAF_KINDS = 9  # a region with more kinds than this is cut, if a narrow cut exists
MAX_CROSSING = 16  # a cut crossed by more groups than this costs more than it saves
PACK_KINDS = 9  # neighbouring small blocks are packed together up to this many kinds


@dataclass(frozen=True)
class Region:
    """Card positions (absolute) solved together, and how, if large, they are cut."""

    positions: tuple[int, ...]
    halves: tuple[Region, Region] | None = None
    crossing: tuple[int, ...] = ()  # indexes (into the groups given) of the crossing groups


@dataclass(frozen=True)
class Block:
    """A run of card positions that no group crosses; solved apart from the others."""

    start: int
    size: int
    region: Region


def layout(cards: CardTable, connecting: list[Multiset], groups: list[Multiset]) -> list[Block]:
    """The blocks of the deck: no group of `connecting` (every group kind's card multisets)
    crosses one; large blocks are cut where the fewest of `groups` (those the search
    places, in a stable order) cross."""
    blocks = []
    for start, end in _runs(len(cards), connecting):
        positions = tuple(range(start, end))
        inside = [i for i, g in enumerate(groups) if start <= g[0] < end]
        blocks.append(Block(start, end - start, _region(cards, groups, positions, inside)))
    return blocks


def _runs(count: int, groups: list[Multiset]) -> list[tuple[int, int]]:
    """Runs of consecutive positions closed under grouping, small neighbours packed."""
    parent = list(range(count))

    def root(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for cards in groups:
        for card in cards[1:]:
            parent[root(card)] = root(cards[0])
    reach: dict[int, int] = {}
    for card in range(count):
        reach[root(card)] = card
    runs: list[tuple[int, int]] = []
    start = 0
    while start < count:
        end = reach[root(start)] + 1
        position = start
        while position < end:
            end = max(end, reach[root(position)] + 1)
            position += 1
        runs.append((start, end))
        start = end
    merged: list[tuple[int, int]] = []
    for run in runs:
        if merged and run[1] - merged[-1][0] <= PACK_KINDS:
            merged[-1] = (merged[-1][0], run[1])
        else:
            merged.append(run)
    return merged


def _region(
    cards: CardTable, groups: list[Multiset], positions: tuple[int, ...], inside: list[int]
) -> Region:
    if len(positions) <= LEAF_KINDS:
        return Region(positions)
    cut = _narrowest_cut(cards, groups, positions, inside)
    if cut is None:
        return Region(positions)
    left, right, crossing = cut
    halves = []
    for half in (left, right):
        chosen = set(half)
        own = [i for i in inside if all(card in chosen for card in groups[i])]
        halves.append(_region(cards, groups, half, own))
    return Region(positions, (halves[0], halves[1]), tuple(crossing))


def _orders(cards: CardTable, positions: tuple[int, ...]) -> list[list[int]]:
    """The positions in deck order, and sorted by each attribute's values."""
    orders = [list(positions)]
    names = sorted({name for p in positions for name in cards.attributes[p]})
    for name in names:
        values = [cards.attributes[p].get(name) for p in positions]
        if len(set(map(str, values))) < 2:
            continue

        def key(p: int, name: str = name) -> tuple[int, int, str, int]:
            value = cards.attributes[p].get(name)
            if isinstance(value, int) and not isinstance(value, bool):
                return (0, value, "", p)
            return (1, 0, str(value), p)

        orders.append(sorted(positions, key=key))
    return orders


def _narrowest_cut(
    cards: CardTable, groups: list[Multiset], positions: tuple[int, ...], inside: list[int]
) -> tuple[tuple[int, ...], tuple[int, ...], list[int]] | None:
    """Two halves and the groups crossing between them, with the fewest crossing.

    For each order of the positions, a group with its cards at ranks lo..hi of the order
    crosses every cut after lo and up to hi: one sweep counts the crossings of every cut.
    """
    size = len(positions)
    smallest = -(-size // 3)
    best: tuple[int, int, list[int], int] | None = None  # (crossing, imbalance, order, cut)
    for order in _orders(cards, positions):
        rank = {position: index for index, position in enumerate(order)}
        starts = [0] * (size + 2)
        for i in inside:
            ranks = [rank[card] for card in groups[i]]
            low, high = min(ranks), max(ranks)
            if low < high:
                starts[low + 1] += 1
                starts[high + 1] -= 1
        crossing = 0
        for cut in range(1, size - smallest + 1):
            crossing += starts[cut]
            if cut < smallest:
                continue
            score = (crossing, abs(size - 2 * cut))
            if best is None or score < best[:2]:
                best = (*score, order, cut)
    if best is None or best[0] > MAX_CROSSING:
        return None
    _, _, order, cut = best
    left = set(order[:cut])
    crossing_groups = [
        i
        for i in inside
        if any(c in left for c in groups[i]) and not all(c in left for c in groups[i])
    ]
    return tuple(sorted(left)), tuple(sorted(order[cut:])), crossing_groups
