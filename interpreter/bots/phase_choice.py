"""A sensible choice in a phase before play, for the bots that look at their hand.

An exchange gives away cards of the value the seat holds fewest of (at least as many as it
must pass), the set that leaves the hand closest to complete; a declaration names the
value the seat holds fewest cards of, so that it has the fewest to get rid of."""

from __future__ import annotations

from collections.abc import Sequence

from tablerules.interpreter.bots.measure.distance import distance_for
from tablerules.interpreter.engine import Choice, Table
from tablerules.interpreter.engine.phases.flow import game_phases


def phase_choice(table: Table, seat: int, choices: Sequence[Choice]) -> list[Choice]:
    """The best choices of `seat` in the phase now played (ties left to the caller)."""
    phase = game_phases(table)[table.state.phase_step]
    hand = table.state.seats[seat].hand
    held = {value: sum(hand[c] for c in phase.cards_of[value]) for value in phase.values}
    if phase.kind == "declaration":
        fewest = min(held.values())
        return [c for c in choices if held[phase.declared(c)] == fewest]
    value_of = {card: value for value, cards in phase.cards_of.items() for card in cards}
    shortest = min(held[value_of[c.from_hand[0]]] for c in choices)
    pool = [c for c in choices if held[value_of[c.from_hand[0]]] == shortest]
    distance = distance_for(table.game.compiled)
    kinds = [group.kind for group in table.state.seats[seat].table]
    scored = []
    for choice in pool:
        after = list(hand)
        for card in choice.from_hand:
            after[card] -= 1
        scored.append((distance.distance(after, kinds), choice))
    best = min(d for d, _ in scored)
    return [c for d, c in scored if d == best]
