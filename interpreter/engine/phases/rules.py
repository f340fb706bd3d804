"""The phases of a rule file, compiled once per game: each value's cards, the choices a
seat has in a phase, and the direction an exchange goes in."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.cards import CardTable
from tablerules.interpreter.compiling.compiled import CompiledRules
from tablerules.interpreter.engine.state import Choice

STEPS = {"next": 1, "previous": -1}  # seats on from the seat that passes; `across`: half


def step_of(direction: str, seats: int) -> int:
    """Seats on from the seat that passes to the one that receives: `across` is the seat
    opposite, half the table on (two of four, one of two, three of six)."""
    return seats // 2 if direction == "across" else STEPS[direction]


@dataclass(frozen=True)
class PhaseRule:
    """One phase, ready to play: the values of its attribute in the file's order and the
    card kinds of each value."""

    name: str
    kind: str  # "exchange" or "declaration"
    attribute: str
    passes: int
    direction: str
    drawn_from: tuple[str, ...]  # empty: the direction is fixed
    shown: bool
    values: tuple[str, ...]
    cards_of: dict[str, tuple[int, ...]]
    cites: tuple[str, ...]

    def direction_for(self, seed: int | None) -> str:
        """The hand's direction: fixed, or drawn from the hand's seed (apart from the
        shuffle and the bots, so naming it changes nothing else)."""
        if not self.drawn_from:
            return self.direction
        return random.Random(f"phase:{self.name}:{seed}").choice(self.drawn_from)

    def choices(self, seat: int, hand: list[int], ids: list[str]) -> list[Choice]:
        """What a seat may choose: every set of `passes` cards of one value it holds, or
        every value to declare."""
        if self.kind == "declaration":
            return [Choice(seat, self.name, f"{self.name} {value}") for value in self.values]
        found: list[Choice] = []
        for value in self.values:
            held = [card for card in self.cards_of[value] if hand[card]]
            for cards in _multisets(held, hand, self.passes):
                found.append(Choice(seat, self.name, self.label(cards, ids), from_hand=cards))
        return found

    def label(self, cards: Sequence[int], ids: Sequence[str]) -> str:
        """An exchange choice's label: the phase's name and the cards' ids, in card order."""
        return f"{self.name} {' '.join(ids[c] for c in sorted(cards))}"

    @staticmethod
    def declared(choice: Choice) -> str:
        """The value a declaration's choice names (its label's last word)."""
        return choice.label.rpartition(" ")[2]


def _multisets(kinds: list[int], hand: list[int], size: int) -> list[tuple[int, ...]]:
    """Every way to take `size` cards of these kinds from the hand, in card order."""
    found: list[tuple[int, ...]] = []

    def extend(start: int, taken: list[int]) -> None:
        if len(taken) == size:
            found.append(tuple(taken))
            return
        for index in range(start, len(kinds)):
            card = kinds[index]
            if taken.count(card) < hand[card]:
                taken.append(card)
                extend(index, taken)
                taken.pop()

    extend(0, [])
    return found


def phase_rules(compiled: CompiledRules) -> tuple[PhaseRule, ...]:
    """The file's phases in the order played; a drawn direction only when its option is on."""
    rules = compiled.rules
    cards = compiled.cards
    found: list[PhaseRule] = []
    for phase in rules.phases.values():
        if phase.kind is None:
            continue
        cards_of: dict[str, tuple[int, ...]] = {}
        for value in _values(rules.attributes[phase.attribute]):
            kinds = [c for c in range(len(cards)) if _value(cards, c, phase.attribute) == value]
            if kinds:  # a value no card has is never passed nor declared
                cards_of[value] = tuple(kinds)
        values = tuple(cards_of)
        drawn = phase.drawn_if is not None and bool(compiled.options.get(phase.drawn_if))
        found.append(
            PhaseRule(
                name=phase.name,
                kind=phase.kind,
                attribute=phase.attribute,
                passes=phase.passes,
                direction=phase.direction,
                drawn_from=tuple(phase.drawn_from) if drawn else (),
                shown=phase.shown,
                values=values,
                cards_of=cards_of,
                cites=tuple(phase.cites),
            )
        )
    return tuple(found)


def _values(attribute: ir.Attribute) -> list[str]:
    """An attribute's values in the order the file gives them."""
    if attribute.minimum is not None and attribute.maximum is not None:
        return [str(v) for v in range(attribute.minimum, attribute.maximum + 1)]
    return [str(v) for v in attribute.values]


def _value(cards: CardTable, card: int, attribute: str) -> str | None:
    value = cards.attributes[card].get(attribute)
    return None if value is None else str(value)
