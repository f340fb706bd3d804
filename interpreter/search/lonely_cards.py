"""A quick bound on the cards that could complete a hand, from its lonely cards.

A hand one card short of splitting into groups has every card in some group of the hand
with that card added. A card kind of the hand that no group fits in the hand alone (a
*lonely* card) can only be grouped through the added card, so the added card is one that,
with the hand, completes a group holding the lonely kind. The completing cards of a hand
are therefore among the cards every lonely kind of it could be grouped with: most hands
have two lonely kinds far apart, and no card completes them.

This costs a few subtractions per kind held, far less than a search of a large block whose
parts rarely recur (a block cut in two, see `compiling/blocks.py`). What a kind bounds
depends only on the counts of the kinds it shares a group with (its *neighbourhood*), which
recur from hand to hand far more than whole hands do: each kind's bound is remembered by its
neighbourhood, so a new hand costs a lookup per kind held.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablerules.interpreter.compiling.compiled import FIELD_BITS, FIELD_SHIFT, GUARD_BIT

NEAR_LIMIT = 1 << 12  # neighbourhoods remembered per card kind (each a few small integers)


class LonelyCardBound:
    """The lonely-card bound of one deck's in-hand groups (each a packed multiset)."""

    def __init__(self, groups: Sequence[tuple[int, tuple[int, ...]]], kinds: int) -> None:
        self.guard = sum(GUARD_BIT << (c * FIELD_BITS) for c in range(kinds))
        # per card kind: the groups holding it (packed), and each of those groups less one
        # of its cards (packed) with that card's guard bit
        holding: list[set[int]] = [set() for _ in range(kinds)]
        short: list[set[tuple[int, int]]] = [set() for _ in range(kinds)]
        for packed, cards in groups:
            for card in set(cards):
                holding[card].add(packed)
                for missing in set(cards):
                    less = packed - (1 << (missing * FIELD_BITS))
                    short[card].add((less, GUARD_BIT << (missing * FIELD_BITS)))
        # per card kind: how many alike make a group on their own (above any count if none)
        self.alike = [GUARD_BIT] * kinds
        for _, cards in groups:
            if len(set(cards)) == 1:
                self.alike[cards[0]] = min(self.alike[cards[0]], len(cards))
        self.holding = [tuple(sorted(row)) for row in holding]
        self.short = [tuple(sorted(row)) for row in short]
        # per card kind: the fields (packed) of the kinds it shares a group with, its own
        # included, and its bound by those fields' counts (see the module)
        self.near = [0xFF << (card * FIELD_BITS) for card in range(kinds)]
        for _, cards in groups:
            fields = sum(0xFF << (c * FIELD_BITS) for c in set(cards))
            for card in set(cards):
                self.near[card] |= fields
        self._bounds: list[dict[int, int]] = [{} for _ in range(kinds)]

    def completing(self, packed: int) -> int:
        """The guard bits (in the packed form) of the cards that could complete the hand:
        every card when no kind of it is lonely."""
        found = self.guard
        near = self.near
        bounds = self._bounds
        rest = packed
        while rest:
            card = ((rest & -rest).bit_length() - 1) >> FIELD_SHIFT
            shift = card * FIELD_BITS
            rest -= ((rest >> shift) & 0xFF) << shift
            around = packed & near[card]
            known = bounds[card]
            bound = known.get(around)
            if bound is None:
                bound = self._bound(around, card)
                if len(known) >= NEAR_LIMIT:
                    known.clear()
                known[around] = bound
            found &= bound
            if not found:
                break
        return found

    def _bound(self, around: int, card: int) -> int:
        """What one kind held allows (`around`: the counts of its neighbourhood, packed):
        the cards that group it when it is lonely, every card when it is not."""
        have = around | self.guard
        if self._lonely(have, card, (around >> (card * FIELD_BITS)) & 0xFF):
            return self._grouped_with(have, card)
        return self.guard

    def may_split(self, packed: int) -> bool:
        """Whether the hand may split into groups as far as its lonely cards tell: it has
        none."""
        have = packed | self.guard
        rest = packed
        while rest:
            card = ((rest & -rest).bit_length() - 1) >> FIELD_SHIFT
            shift = card * FIELD_BITS
            count = (rest >> shift) & 0xFF
            rest -= count << shift
            if self._lonely(have, card, count):
                return False
        return True

    def _lonely(self, have: int, card: int, count: int) -> bool:
        """Whether no group holding `card` fits the hand (`have`: packed, guard bits set),
        where the hand holds it `count` times."""
        if count >= self.alike[card]:
            return False  # its copies are a group
        guard = self.guard
        for group in self.holding[card]:  # noqa: SIM110 - a plain loop: no generator per kind
            if (have - group) & guard == guard:
                return False
        return True

    def _grouped_with(self, have: int, card: int) -> int:
        """The cards that, added to the hand (`have`: packed, guard bits set), complete a
        group holding `card`."""
        guard = self.guard
        allowed = 0
        for less, bit in self.short[card]:
            if (have - less) & guard == guard:
                allowed |= bit
        return allowed
