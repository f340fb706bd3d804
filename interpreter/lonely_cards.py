"""A quick bound on the cards that could complete a hand, from its lonely cards.

A hand one card short of splitting into groups has every card in some group of the hand
with that card added. A card kind of the hand that no group fits in the hand alone (a
*lonely* card) can only be grouped through the added card, so the added card is one that,
with the hand, completes a group holding the lonely kind. The completing cards of a hand
are therefore among the cards every lonely kind of it could be grouped with: most hands
have two lonely kinds far apart, and no card completes them.

This costs a few subtractions per kind held, far less than a search of a large block whose
parts rarely recur (a block cut in two, see `blocks.py`), and it needs no table.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablerules.interpreter.compiled import FIELD_BITS, FIELD_SHIFT, GUARD_BIT


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

    def completing(self, packed: int) -> int:
        """The guard bits (in the packed form) of the cards that could complete the hand:
        every card when no kind of it is lonely."""
        have = packed | self.guard
        found = self.guard
        rest = packed
        while rest:
            card = ((rest & -rest).bit_length() - 1) >> FIELD_SHIFT
            shift = card * FIELD_BITS
            count = (rest >> shift) & 0xFF
            rest -= count << shift
            if self._lonely(have, card, count):
                found &= self._grouped_with(have, card)
                if not found:
                    break
        return found

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
