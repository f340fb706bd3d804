"""The card kinds a hand's nearest completions lack, or set aside: those that, drawn, bring
it nearer, and those it may give away without going further.

A card c lowers the distance d(H) of a hand H (`distance.py`, its groups alone) exactly when
some completion of H by d(H) cards holds c: H+M complete with c in M makes H+c complete
with M less c; conversely a completion M' of H+c by d(H)-1 cards makes M'+c one of H by
d(H) cards. Both steps hold because a complete hand stays complete with a card more (the
surplus is set aside, every group count is a choice of groups) and the distance is the
fewest cards M such that H+M is complete. Likewise H less a copy of c is as far as H
exactly when some way of least cost sets a copy of c aside, and one card further
otherwise. So one pass over a hand's solved tables tells every card that improves it and
every card it may spare, instead of a distance solved anew for each card added or taken.

The pass follows the ways the distance's own search (`Distance._solve`, its packed tables
memoised) reaches each signature at its least cost, backwards: a sub-hand's signature is
reached by setting its lowest card aside, or by a partial group of that card, wherever the
cost of the smaller sub-hand plus the group's missing cards is the least cost. Each way
lacks the missing cards of its partial groups; the groups of no held card added last
(`Distance.completion`) lack every card of a group of their shape and least size.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from tablerules.interpreter.bots.measure.distance import (
    ABSENT,
    COST_BITS,
    COST_MASK,
    UNREACHABLE,
    Costs,
    Distance,
)
from tablerules.interpreter.compiling.compiled import FIELD_BITS, FIELD_SHIFT

if TYPE_CHECKING:
    from tablerules.interpreter.bots.measure.distance import _Block

LIMIT = 1 << 16  # ways remembered before the memory is emptied

Shape = tuple[bool, bool]  # (a pair, a trigger group)
# a partial group of a block: (packed held cards, cards missing, signature -> the signatures
# one such group before it, kinds missing)
Partial = tuple[int, int, list[list[int]], int]


def _lowest(packed: int) -> int:
    return ((packed & -packed).bit_length() - 1) >> FIELD_SHIFT


class Lacking:
    """The distance of a hand's groups and the card kinds its nearest completions lack."""

    def __init__(self, distance: Distance) -> None:
        self.distance = distance
        self.before: dict[Shape, list[list[int]]] = {}  # signature -> those one group before
        self.partials = [self._partials(block.start, block.size) for block in distance.blocks]
        smallest: dict[Shape, int] = {}
        for instance in distance.instances:
            info = distance.rules.kinds[instance.kind]
            key = (info.is_pair, info.is_trigger)
            smallest[key] = min(smallest.get(key, UNREACHABLE), len(instance.cards))
        self.empty: list[tuple[int, list[int], int]] = []  # groups of no held card, per shape
        for key, size in sorted(smallest.items()):
            cards = 0
            for instance in distance.instances:
                info = distance.rules.kinds[instance.kind]
                if (info.is_pair, info.is_trigger) == key and len(instance.cards) == size:
                    for card in instance.cards:
                        cards |= 1 << card
            self.empty.append((size, distance._step(*key), cards))
        kinds = len(distance.rules.cards.copies_of)
        self.aside = [1 << (kinds + card) for card in range(kinds)]  # a card set aside, a bit
        self._ways: dict[tuple[int, int, int], int] = {}
        self._finished: dict[tuple[int, int, int], list[int]] = {}

    def _partials(self, start: int, size: int) -> list[list[Partial]]:
        """Every partial group of the block by its lowest held card, with the kinds its
        cheapest groups lack (as `Distance._block` lists them, the lacking kinds added)."""
        best: dict[tuple[int, Shape], tuple[int, int]] = {}
        for instance in self.distance.instances:
            if not start <= instance.cards[0] < start + size:
                continue
            info = self.distance.rules.kinds[instance.kind]
            cards = instance.cards
            for taken in range(1, len(cards) + 1):
                for held in set(combinations(cards, taken)):
                    packed = sum(1 << ((c - start) * FIELD_BITS) for c in held)
                    rest = list(cards)
                    for card in held:
                        rest.remove(card)
                    lacks = 0
                    for card in rest:
                        lacks |= 1 << card
                    key = (packed, (info.is_pair, info.is_trigger))
                    missing, known = best.get(key, (UNREACHABLE, 0))
                    if len(rest) < missing:
                        best[key] = (len(rest), lacks)
                    elif len(rest) == missing:
                        best[key] = (missing, known | lacks)
        partials: list[list[Partial]] = [[] for _ in range(size)]
        for (packed, shape), (missing, lacks) in best.items():
            partials[_lowest(packed)].append((packed, missing, self._before(shape), lacks))
        return partials

    def _before(self, shape: Shape) -> list[list[int]]:
        found = self.before.get(shape)
        if found is None:
            found = [[] for _ in range(self.distance.size)]
            for index, after in enumerate(self.distance._step(*shape)):
                if after >= 0:
                    found[after].append(index)
            self.before[shape] = found
        return found

    def _packed(self, block: _Block, part: int) -> int:
        table = block.memo.get(part)
        return table if table is not None else self.distance._solve(block, part)

    def _way(self, number: int, part: int, index: int, cost: int) -> int:
        """The kinds lacked, and those set aside (`aside`), by the ways block `number`'s
        cards `part` reach signature `index` at their least cost, `cost`."""
        if not part:
            return 0
        key = (number, part, index)
        found = self._ways.get(key)
        if found is not None:
            return found
        block = self.distance.blocks[number]
        memo = block.memo
        low = _lowest(part)
        rest = part - (1 << (low * FIELD_BITS))
        table = memo.get(rest)
        if table is None:
            table = self.distance._solve(block, rest)
        lacks = 0
        if (table >> (index * COST_BITS)) & COST_MASK == cost:  # the lowest card set aside
            lacks = self.aside[block.start + low] | self._way(number, rest, index, cost)
        guard = block.guard
        for group, missing, before, kinds in self.partials[number][low]:
            if missing > cost or ((part | guard) - group) & guard != guard:
                continue
            smaller = part - group
            table = memo.get(smaller)
            if table is None:
                table = self.distance._solve(block, smaller)
            left = cost - missing
            for earlier in before[index]:
                if (table >> (earlier * COST_BITS)) & COST_MASK == left:
                    lacks |= kinds | self._way(number, smaller, earlier, left)
        if len(self._ways) > LIMIT:
            self._ways.clear()
        self._ways[key] = lacks
        return lacks

    def _finish(self, table_kinds: Sequence[int]) -> list[int]:
        """Signature -> the kinds lacked by the cheapest groups of no held card that
        complete it (`Distance.completion`)."""
        key = self.distance.laid_key(table_kinds)
        found = self._finished.get(key)
        if found is not None:
            return found
        completion = self.distance.completion(table_kinds)
        found = [0] * self.distance.size
        for index in reversed(range(self.distance.size)):  # a group moves to a later index
            cost = completion[index]
            if cost >= UNREACHABLE:
                continue
            for missing, step, cards in self.empty:
                after = step[index]
                if after >= 0 and completion[after] + missing == cost:
                    found[index] |= cards | found[after]
        self._finished[key] = found
        return found

    def _table(self, block: _Block, part: int) -> Costs:
        """A block's table unpacked and not pruned: every signature its cards reach."""
        table = self._packed(block, part)
        costs: Costs = {}
        for index in range(self.distance.size):
            cost = table & COST_MASK
            if cost < ABSENT:
                costs[index] = cost
            table >>= COST_BITS
        return costs

    def without_each(
        self, counts: Sequence[int], table_kinds: Sequence[int], cards: frozenset[int] | None
    ) -> dict[int, int] | None:
        """The groups' distance less one copy of each held card (of `cards` alone, where
        given); None where no completion is reachable."""
        groups, ways = self.lacking(counts, table_kinds)
        if groups >= UNREACHABLE:
            return None
        aside = self.aside
        return {
            card: groups if ways & aside[card] else groups + 1
            for card, count in enumerate(counts)
            if count and (cards is None or card in cards)
        }

    def lacking(self, counts: Sequence[int], table_kinds: Sequence[int]) -> tuple[int, int]:
        """The distance of the concealed `counts` to complete groups (winning forms not
        measured) with groups of `table_kinds` laid, and the kinds some completion by that
        many cards lacks, a bit a kind, with above them (`aside`) the kinds it sets aside.
        The distance is UNREACHABLE or more where no completion is (the kinds are then
        not told)."""
        distance = self.distance
        packed = distance.rules.pack_counts(counts)
        parts = [(packed >> block.shift) & block.mask for block in distance.blocks]
        completion = distance.completion(table_kinds)
        finish = self._finish(table_kinds)
        held = [number for number, part in enumerate(parts) if part]
        if not held:
            return completion[0], finish[0]
        plus = distance.plus
        best = UNREACHABLE
        found = 0  # every held block gives the same least cost: its ways are gathered
        for number in held:
            block = distance.blocks[number]
            own = self._table(block, parts[number])
            needs: Sequence[int] | dict[int, int] = completion  # one block: the completion
            others: Costs = {0: 0}
            if len(held) > 1:
                others = distance.rest(
                    [distance.table(distance.blocks[o], parts[o]) for o in held if o != number]
                )
                needs = distance.needs(others, completion, set(own))
            best = min(cost + needs[index] for index, cost in own.items())
            if best >= UNREACHABLE:
                return best, 0
            for index, cost in own.items():
                if cost + needs[index] != best:
                    continue
                found |= self._way(number, parts[number], index, cost)
                row = plus[index]
                for other, spent in others.items():
                    after = row[other]
                    if after >= 0 and spent + cost + completion[after] == best:
                        found |= finish[after]
        return best, found
