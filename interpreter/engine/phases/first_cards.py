"""The discard clause's `first` cards: while a seat holds any of them, it may discard only
those (a declared value's cards, say). Resolved once per game, and per declared value."""

from __future__ import annotations

from tablerules.interpreter.compiling.compiled import CompiledRules
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.compiling.hand_quantities import CardSet
from tablerules.interpreter.engine.state import Seat


class FirstCards:
    """The cards a seat must discard first, by what it has declared."""

    def __init__(self, compiled: CompiledRules) -> None:
        rule = compiled.rules.discard_rule
        self.cites: tuple[str, ...] = tuple(rule.cites) if rule is not None else ()
        found: CardSet | None = None
        declared = [
            item
            for card_set in (rule.first if rule is not None else [])
            for item in card_set.items
            if item.declared is not None
        ]
        if declared:  # fixed cards and filters are the compiled rules' (`discard_limits`)
            found = compiled.quantities.card_set(declared)
        self._set = found
        # a card the rule never lets be discarded is not one to discard first: `never` wins
        # (a wild of the declared value stays in the hand)
        self._never = compiled.discard_limits.never
        self._by_declared: dict[tuple[tuple[str, str], ...], frozenset[int]] = {}

    @property
    def active(self) -> bool:
        return self._set is not None

    def cards(self, seat: Seat) -> frozenset[int]:
        """The cards the seat must discard first while it holds one (empty: none)."""
        if self._set is None:
            return frozenset()
        key = tuple(sorted(seat.declared.items()))
        found = self._by_declared.get(key)
        if found is None:
            found = self._set(WinConditions(declared=key)) - self._never
            self._by_declared[key] = found
        return found

    def held(self, seat: Seat) -> list[int]:
        """The `first` cards the seat holds now, in card order."""
        hand = seat.hand
        return sorted(card for card in self.cards(seat) if hand[card])
