"""The 'never split' rule: where n-alike groups are never split, a card such a group
admits, held n times or more, lies in one group holding every copy held (four alike held
are not a group of three and a loose card). A card no such group admits (a `where` of
the pattern leaves it out) is never kept together.

Judging every split asks of each whether it keeps those cards together (`cards`, then
`together`); judging by the best split per signature first takes them out, in each group
that can hold them all (`takings`), and searches the rest. Both read the hand's packed
counts: a count of n or more carries into its byte's top bit, so only those bytes are read.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablerules.interpreter.compiling.compiled import (
    FIELD_BITS,
    FIELD_SHIFT,
    GUARD_BIT,
    MAX_COUNT,
    CompiledRules,
)
from tablerules.interpreter.search.searcher import Searcher

# Placing the cards kept together is remembered by those cards' counts, emptied when full
# (the searches' tables are, `splits.py`); what is keyed by a card and a count fills up in
# the first hands and needs no bound.
KEPT_LIMIT = 1 << 14  # ways of placing never-split cards kept, by those cards' counts
MAX_FIELD = (1 << FIELD_BITS) - 1
# A way to take them out: (their groups' cards packed, signature step, total value, ranks).
Taking = tuple[int, int, int, tuple[int, ...]]
NOTHING_KEPT: list[Taking] = [(0, 0, 0, ())]


def kept_sizes(rules: CompiledRules) -> list[int]:
    """For each card kind, how many copies held make it a 'never split' group: the smallest
    n of the n-alike groups never split that admit the card (0: none admits it)."""
    sizes = [0] * len(rules.cards)
    for kind in rules.keep_together:
        for cards in kind.instances:
            for card in set(cards):
                copies = cards.count(card)
                if not sizes[card] or copies < sizes[card]:
                    sizes[card] = copies
    return sizes


def kept_mask(sizes: Sequence[int]) -> int:
    """Added to a packed hand, sets the guard bit of every card held at least its size in
    `sizes` (`kept_sizes`); a card of size 0 never reaches it."""
    return int.from_bytes(bytes(GUARD_BIT - size if size else 0 for size in sizes), "little")


class NeverSplit:
    """The 'never split' groups of one compiled rule set, with what is learnt of them."""

    def __init__(self, rules: CompiledRules, search: Searcher) -> None:
        self._instances = rules.instances
        self._facts = search.facts
        self._rank = search.rank
        self._guard = int.from_bytes(bytes([GUARD_BIT]) * len(rules.cards), "little")
        self.active = bool(rules.keep_together)
        # the copies of each card that make such a group, and what added to each count
        # sets its guard bit when the count reaches them
        sizes = kept_sizes(rules)
        self._excess = kept_mask(sizes)
        # whether every group holding some card that often holds nothing else
        self._alike = all(
            len(set(i.cards)) == 1
            for i in rules.instances
            if any(sizes[c] and i.cards.count(c) >= sizes[c] for c in set(i.cards))
        )
        self._holding: dict[tuple[int, int], frozenset[int]] = {}  # see `_holders`
        self._holder_rows: dict[tuple[int, int], tuple[tuple[int, int, int, int], ...]] = {}
        self._takings_memo: dict[int, list[Taking]] = {}

    def cards(self, pre: int) -> list[tuple[int, int]]:
        """(card, copies held) for each card held n-or-more times that an n-alike group
        never split admits: every copy held stays in one group (four alike held are not a group of
        three and a loose card). Read from the packed counts: a count of n or more carries
        into its byte's top bit, so only those bytes are read."""
        held_often = (pre + self._excess) & self._guard
        kept = []
        while held_often:  # no card held that often: most hands, no turn of this loop
            lowest = held_often & -held_often
            card = (lowest.bit_length() - 1) >> FIELD_SHIFT
            kept.append((card, (pre >> (card << FIELD_SHIFT)) & MAX_COUNT))
            held_often ^= lowest
        return kept

    def together(
        self,
        split: tuple[int, ...],
        placement: int | None,
        kept: Sequence[tuple[int, int]],
        win_card: int | None,
    ) -> bool:
        """'never split': cards held as such a group before the win stay in one group (the
        winning card, where it lies, does not count towards it)."""
        for card, size in kept:
            holders = self._holders(card, size)
            if win_card == card and placement is not None:
                holding = self._holders(card, size + 1)  # the group with the winning card
                if not any(
                    ident in (holding if position == placement else holders)
                    for position, ident in enumerate(split)
                ):
                    return False
            elif holders.isdisjoint(split):
                return False
        return True

    def _holders(self, card: int, size: int) -> frozenset[int]:
        """The instances holding `card` at least `size` times."""
        key = (card, size)
        found = self._holding.get(key)
        if found is None:
            found = self._holding[key] = frozenset(
                i.id for i in self._instances if i.cards.count(card) >= size
            )
        return found

    def takings(self, pre: int) -> list[Taking]:
        """Each way to place the cards held as 'never split' groups: (their groups' cards
        packed, signature step, total value, ranks). A card held n times where such groups
        are never split lies in a group holding all n copies (see `together`)."""
        if not self.active:
            return NOTHING_KEPT
        held_often = (pre + self._excess) & self._guard
        if not held_often:
            return NOTHING_KEPT
        if not self._alike:
            return self._place(pre, held_often)
        # every group that can hold them is n alike: the ways depend on those cards alone
        key = pre & ((held_often >> (FIELD_BITS - 1)) * MAX_FIELD)
        ways = self._takings_memo.get(key)
        if ways is None:
            if len(self._takings_memo) >= KEPT_LIMIT:
                self._takings_memo.clear()
            ways = self._takings_memo[key] = self._place(key, held_often)
        return ways

    def _place(self, pre: int, held_often: int) -> list[Taking]:
        """`takings` of the cards marked in `held_often`."""
        guard = self._guard
        holder_rows = self._holder_rows
        cards = step = total = 0
        ranks: tuple[int, ...] = ()
        while held_often:  # one group can hold each: the usual case, one way
            lowest = held_often & -held_often
            held_often ^= lowest
            shift = (lowest.bit_length() - 1) & -FIELD_BITS
            left = pre - cards
            count = (pre >> shift) & MAX_COUNT
            still = (left >> shift) & MAX_COUNT
            if still != count:
                if not still:
                    continue  # its copies lie in a group placed already
                return []  # some lie there, the others cannot be with them
            key = (shift >> FIELD_SHIFT, count)
            holders = holder_rows.get(key)
            if holders is None:
                holders = holder_rows[key] = self._rows(*key)
            if len(holders) != 1:
                return self._ways(pre)
            packed, own_step, value, rank = holders[0]
            if ((left | guard) - packed) & guard != guard:
                return []
            cards += packed
            step += own_step
            total += value
            ranks += (rank,)
        return [(cards, step, total, ranks)]

    def _ways(self, pre: int) -> list[Taking]:
        """`takings` where some card may lie in one of several groups."""
        guard = self._guard
        ways = NOTHING_KEPT
        for card, size in self.cards(pre):
            shift = card << FIELD_SHIFT
            holders = self._holder_rows.get((card, size))
            if holders is None:
                holders = self._holder_rows[(card, size)] = self._rows(card, size)
            placed = []
            for way in ways:
                cards, step, total, ranks = way
                left = pre - cards
                if not (left >> shift) & MAX_COUNT:  # its copies lie in a group placed
                    placed.append(way)
                    continue
                for packed, own_step, value, rank in holders:
                    if ((left | guard) - packed) & guard == guard:
                        placed.append(
                            (cards + packed, step + own_step, total + value, (*ranks, rank))
                        )
            ways = placed
        return ways

    def _rows(self, card: int, size: int) -> tuple[tuple[int, int, int, int], ...]:
        """The instances that can hold all `size` copies of `card` held (those holding it
        exactly `size` times), as (packed, signature step, value, rank)."""
        rank = self._rank
        found = []
        for ident in sorted(self._holders(card, size)):
            instance = self._instances[ident]
            if instance.cards.count(card) != size:
                continue  # more copies than the hand holds: it never fits
            found.append(
                (instance.packed, instance.signature_shift, self._facts[ident][0], rank[ident])
            )
        return tuple(found)
