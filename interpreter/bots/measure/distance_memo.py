"""The distances of hands asked for again, remembered.

A roll-out plays the same imagined deal once per candidate choice, so the other seats'
hands (and the greedy bots' questions about them) come back again and again; a greedy
bot asks its distance of every hand it holds. `RememberedDistance` answers a question it
has answered before from memory: the answer is a pure function of the hand, the kinds of
the groups laid (what `Distance.completion` reads) and, where forms are measured, the
laid groups' cards (what `FormDistance` reads), so a remembered answer is the same answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tablerules.interpreter.bots.measure.jokers import PlainDistance
from tablerules.interpreter.compiling.forms import LaidGroup

LIMIT = 1 << 14  # answers kept of each question before the memory is emptied

Laid = Sequence[LaidGroup] | None
Key = tuple[object, tuple[int, ...], object]


class Measured(PlainDistance, Protocol):
    """The distance measure remembered (`distance.Distance`)."""

    forms: object | None


class RememberedDistance:
    """`Distance` with its answers remembered, asked again by the same hand."""

    def __init__(self, plain: Measured) -> None:
        self.plain = plain
        self.forms = plain.forms
        self._whole: dict[Key, int] = {}
        self._each: dict[Key, dict[int, int]] = {}

    def _key(self, counts: Sequence[int], table_kinds: Sequence[int], laid: Laid) -> Key:
        if self.forms is None:  # the laid groups are read by the forms alone
            seen: object = None
        elif laid is None:
            seen = False
        else:
            seen = tuple(tuple(group.cards) for group in laid)
        try:
            hand: object = bytes(counts)  # a byte a count: the cheapest key to hash
        except ValueError:  # a count past a byte's range
            hand = tuple(counts)
        return hand, tuple(table_kinds), seen

    def distance(
        self, counts: Sequence[int], table_kinds: Sequence[int] = (), laid: Laid = None
    ) -> int:
        key = self._key(counts, table_kinds, laid)
        found = self._whole.get(key)
        if found is None:
            found = self.plain.distance(counts, table_kinds, laid)
            if len(self._whole) >= LIMIT:
                self._whole.clear()
            self._whole[key] = found
        return found

    def without_each(
        self,
        counts: Sequence[int],
        table_kinds: Sequence[int] = (),
        laid: Laid = None,
        cards: frozenset[int] | None = None,
    ) -> dict[int, int]:
        """As `Distance.without_each`; a new dict each call (the caller may change it). A
        question about some cards alone is not remembered: seldom asked twice."""
        if cards is not None:
            return self.plain.without_each(counts, table_kinds, laid, cards)
        key = self._key(counts, table_kinds, laid)
        found = self._each.get(key)
        if found is None:
            found = self.plain.without_each(counts, table_kinds, laid)
            if len(self._each) >= LIMIT:
                self._each.clear()
            self._each[key] = found
        return dict(found)
