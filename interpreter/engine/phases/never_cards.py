"""An action's `never of` cards for one seat: the fixed cards of its filters (card names,
`(attribute value)` filters, `wild`) and, for `declared ATTR`, the cards of the value that
seat declared in a phase. Each filter is compiled once per game into a closure over the
declaration; its cards are resolved once per action and declared value, then looked up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.compiled import CompiledRules
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.compiling.hand_quantities import CardSet

if TYPE_CHECKING:
    from tablerules.interpreter.engine.play_rules import ActionRule
    from tablerules.interpreter.engine.state import Seat


def declared_never(action: ir.Action, compiled: CompiledRules) -> CardSet | None:
    """The part of an action's `never of` filters that reads a seat's declaration (None:
    the action names no `declared ATTR`)."""
    items = [
        item for card_set in action.never_of for item in card_set.items if item.declared is not None
    ]
    return compiled.quantities.card_set(items) if items else None


class NeverCards:
    """The cards each action is never taken with, by the seat taking it."""

    def __init__(self, compiled: CompiledRules) -> None:
        self._declared: dict[str, CardSet] = {}
        for action in compiled.rules.actions.values():
            found = declared_never(action, compiled)
            if found is not None:
                self._declared[action.name] = found
        self._by_declared: dict[tuple[str, tuple[tuple[str, str], ...]], frozenset[int]] = {}

    @property
    def by_seat(self) -> bool:
        """Whether some action's `never of` reads a seat's declaration."""
        return bool(self._declared)

    def reads_declared(self, action: str) -> bool:
        return action in self._declared

    def of(self, action: ActionRule, seat: Seat) -> frozenset[int]:
        """The cards `action` is never taken with by `seat` (its fixed `never of` cards,
        and those of the values the seat declared)."""
        declared = self._declared.get(action.name)
        if declared is None:
            return action.never_cards
        key = (action.name, tuple(sorted(seat.declared.items())))
        found = self._by_declared.get(key)
        if found is None:
            seat_cards = declared(WinConditions(declared=key[1]))
            found = self._by_declared[key] = action.never_cards | seat_cards
        return found
