"""Imagined hands for the other seats that have kept the best of what they drew.

A deal made again at random (`determinise`) gives each other seat a random hand of its
size. The real seats have drawn and discarded for a while, keeping the cards that bring
their hands nearer to complete: a random hand is much further from a win than theirs. In
roll-outs on such deals the others seldom win, so waiting (declining a win, playing on)
looks cheaper to the searching bot than it is.

`keep_best` makes each other seat's imagined hand draw again as it has drawn: for each of
its draws so far (at most `CAP`), a card of the imagined wall goes into its hand, and the
card it would give away (the one whose loss leaves the hand nearest to complete, among
those its discard rule allows) goes back to that place in the wall. Card counts, hand
sizes and the wall's length stay as they were; only which hidden card is where changes,
and only hidden cards move, so the seat still learns nothing it could not know. The seat
whose card is on offer keeps its hand as dealt (the card may sit in it).
"""

from __future__ import annotations

import random

from tablerules.interpreter.bots.measure.distance import Distance, distance_for
from tablerules.interpreter.engine import Table

CAP = 6  # draws replayed per seat at most: the first few bring a random hand most of the way


def keep_best(world: Table, seat: int, rng: random.Random, cap: int = CAP) -> None:
    """Let every other seat still playing in the imagined `world` keep the best of as many
    fresh draws as it has drawn (at most `cap`), in place."""
    state = world.state
    low, high = state.head, state.tail
    if high <= low or cap < 1:
        return
    distance = distance_for(world.game.compiled)
    decision = state.decision
    owner = decision.offer.owner if decision is not None else None  # its card may be on offer
    for other, holder in enumerate(state.seats):
        if other in (seat, owner) or not state.playing(other):
            continue
        draws = min(state.draws[other], cap, high - low)
        if draws < 1:
            continue
        hand = list(holder.hand)
        kinds = [group.kind for group in holder.table]
        places = rng.sample(range(low, high), draws)
        for place in places:
            hand[state.wall[place]] += 1
        for place in places:
            card = _given_away(world, other, hand, kinds, distance, rng)
            hand[card] -= 1
            state.wall[place] = card
        holder.set_hand(hand)


def _given_away(
    world: Table,
    other: int,
    hand: list[int],
    kinds: list[int],
    distance: Distance,
    rng: random.Random,
) -> int:
    """The card the seat would discard from `hand`: allowed by its discard rule (its
    `first` cards while it holds one), and leaving the hand nearest to complete."""
    after = distance.without_each(hand, kinds)
    held = [card for card, count in enumerate(hand) if count > 0]
    first = world.maker.first_cards
    allowed = [card for card in first.cards(world.state.seats[other]) if hand[card] > 0]
    if not allowed:
        limits = world.game.compiled.discard_limits
        allowed = limits.allowed(hand) if limits else held
    allowed = [card for card in allowed if card in after] or held
    best = min(after.get(card, 1 << 30) for card in allowed)
    nearest = [card for card in allowed if after.get(card, 1 << 30) == best]
    return nearest[0] if len(nearest) == 1 else rng.choice(nearest)
