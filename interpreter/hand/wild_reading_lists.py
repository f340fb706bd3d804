"""The readings of the wild cards a hand holds, listed (a mixin of `WildEvaluator`): every
way each wild may stand for a card, screened to those that may complete the hand; the
cards the wilds must stand for to make a form of cards; and the ways the held wilds may
stand for the cards of such a fill."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from tablerules.interpreter.compiling.compiled import FIELD_BITS, GUARD_BIT, CardForm
from tablerules.interpreter.hand.evaluate import TableGroup
from tablerules.interpreter.hand.wild_first_reading import Reading, read_as

if TYPE_CHECKING:
    from tablerules.interpreter.hand.wild_readings import WildEvaluator


class WildReadingLists:
    """A mixin of `WildEvaluator`: the readings of its wilds, listed."""

    def readings(
        self: WildEvaluator,
        counts: Sequence[int],
        wilds: Sequence[int],
        concealed: Sequence[int] | None = None,
    ) -> Iterator[Reading]:
        """Every reading of `wilds` (wild kinds, sorted) over a hand whose other cards
        (table groups included) are `counts`. Given the concealed cards (`concealed`, the
        plain ones), the last wild is read only as a card that may complete them (the
        searcher's completing cards: a screen that never refuses a winning reading)."""
        stands, copies = self._stands, self._copies
        used = list(counts)
        chosen: list[tuple[int, int]] = []
        screen = concealed is not None and not self._card_forms
        base = 0
        if screen:
            assert concealed is not None
            base = sum(count << (card * FIELD_BITS) for card, count in enumerate(concealed))
        completing = self.search.completing_cards

        def place(index: int, lowest: int) -> Iterator[Reading]:
            if index == len(wilds):
                yield tuple(chosen)
                return
            wild = wilds[index]
            mask = -1
            if screen and index == len(wilds) - 1:
                packed = base + sum(1 << (card * FIELD_BITS) for _, card in chosen)
                mask = completing(packed)
            for card in stands[wild]:
                if card < lowest or used[card] >= copies[card]:
                    continue
                if not mask & (GUARD_BIT << (card * FIELD_BITS)):
                    continue
                used[card] += 1
                chosen.append((wild, card))
                same = index + 1 < len(wilds) and wilds[index + 1] == wild
                yield from place(index + 1, card if same else 0)
                chosen.pop()
                used[card] -= 1

        yield from place(0, 0)

    def _form_fills(
        self: WildEvaluator,
        form: CardForm,
        plain: int,
        room: int,
        wilds: int,
        table: Sequence[TableGroup],
    ) -> Iterator[int]:
        """The cards the wilds may stand for (packed) that make the hand a form of cards
        with the groups of `table` laid (`CardForm.beside`: as many cards as it counts)."""
        size = form.beside(table)
        if size is None or plain & form.outside or sum(self.rules.unpack(plain)) + wilds != size:
            return
        missing = count = 0
        for card in form.cards if form.each else ():  # each card of the set, held or read
            if not (plain >> (card * FIELD_BITS)) & 0xFF:
                missing += 1 << (card * FIELD_BITS)
                count += 1
        guard = self._guard
        if count > wilds or ((room | guard) - missing) & guard != guard:
            return
        for extra in combinations_with_replacement(form.cards, wilds - count):
            fill = missing + sum(1 << (card * FIELD_BITS) for card in extra)
            if ((room | guard) - fill) & guard == guard:
                yield fill

    def _readings_of(self: WildEvaluator, fill: int, wilds: Sequence[int]) -> Iterator[Reading]:
        """Each way the held wilds (sorted) may stand for the cards of `fill` (packed):
        wild by wild, the cards of wilds of one kind in rising order."""
        if wilds[0] == wilds[-1]:  # one kind of wild: the cards in rising order
            yield read_as(fill, wilds[0])
            return
        left = self.rules.unpack(fill)
        stands = self._stand_sets
        held = [card for card, count in enumerate(left) if count]
        chosen: list[tuple[int, int]] = []

        def place(index: int, lowest: int) -> Iterator[Reading]:
            if index == len(wilds):
                yield tuple(chosen)
                return
            wild = wilds[index]
            same = index + 1 < len(wilds) and wilds[index + 1] == wild
            for card in held:
                if not left[card] or card < lowest or card not in stands[wild]:
                    continue
                left[card] -= 1
                chosen.append((wild, card))
                yield from place(index + 1, card if same else 0)
                chosen.pop()
                left[card] += 1

        yield from place(0, 0)
