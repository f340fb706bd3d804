"""How many cards still to come would bring a hand nearer complete after each discard.

Discards that leave a hand equally near complete are not equally good: one keeps cards
that many of the unseen cards would join, another keeps cards few would. A card counts
for a discard where, drawn in its place, it lowers the hand's distance (`distance.py`);
each such card counts as many times as it has copies not in the seat's sight. This is
what players call a hand's acceptance: the number of cards that improve it.

It reads only the compiled rules and what the seat can see, and costs one distance of
each of those discards per card kind that may come (`Distance.without_each` of the hand
with that card added, asked of those discards alone), so it is asked only among discards
already rated alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablerules.interpreter.bots.distance import distance_for
from tablerules.interpreter.bots.in_sight import unseen
from tablerules.interpreter.engine import Choice, Table

DISCARD = "discard"


def acceptance(table: Table, seat: int, cards: Sequence[int]) -> dict[int, int]:
    """For each card of `cards` (held cards the seat may discard, each leaving the hand
    equally far from complete), the unseen copies of the cards that, drawn after that
    discard, would bring the hand nearer complete."""
    distance = distance_for(table.game.compiled)
    holder = table.state.seats[seat]
    counts = list(holder.hand)
    kinds = [group.kind for group in holder.table]
    laid = list(holder.table)
    wanted = frozenset(cards)
    base = distance.without_each(counts, kinds, laid, wanted)
    found = dict.fromkeys(wanted, 0)
    for card, copies in enumerate(unseen(table, seat)):
        if not copies:
            continue
        counts[card] += 1
        after = distance.without_each(counts, kinds, laid, wanted)
        counts[card] -= 1
        for discard in wanted:
            if after[discard] < base[discard]:
                found[discard] += copies
    return found


def most_accepting(table: Table, seat: int, choices: Sequence[Choice]) -> list[Choice]:
    """Of the discards among `choices`, those whose hands the most unseen cards improve;
    `choices` as they are where fewer than two discards of different cards are among them."""
    cards = {c.card for c in choices if c.action == DISCARD and c.card is not None}
    if len(cards) < 2 or any(c.action != DISCARD for c in choices):
        return list(choices)
    counted = acceptance(table, seat, sorted(cards))
    most = max(counted.values())
    return [c for c in choices if counted[c.card] == most]  # type: ignore[index]
