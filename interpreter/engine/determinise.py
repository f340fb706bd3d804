"""A copy of a hand in play as one seat might imagine it: every card that seat cannot see
(the other seats' concealed hands and the wall) dealt again at random, everything it can
see (its own hand, groups shown on the table, discards, the history) kept.

Bots that search sample such copies and play them out (determinised Monte Carlo): they
learn nothing the seat could not know, and the real table is never touched.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

from tablerules.interpreter.engine.state import HandState, Seat

if TYPE_CHECKING:
    from tablerules.interpreter.engine.game import Table


def copy_state(state: HandState) -> HandState:
    """A copy whose mutable parts are the copy's own (cheaper than a deep copy: the events,
    payments and choices already made are shared, never changed in place)."""
    seats = [
        Seat(
            hand=list(seat.hand),
            table=[dataclasses.replace(g, cards=list(g.cards)) for g in seat.table],
            discards=list(seat.discards),
            restrictions=list(seat.restrictions),
            packed=seat.packed,
            declared=dict(seat.declared),
        )
        for seat in state.seats
    ]
    decision = state.decision
    if decision is not None:
        decision = dataclasses.replace(
            decision,
            options={s: list(choices) for s, choices in decision.options.items()},
            chosen=dict(decision.chosen),
        )
    return dataclasses.replace(
        state,
        seats=seats,
        wall=list(state.wall),
        decision=decision,
        ledger=list(state.ledger),
        events=list(state.events),
        winners=list(state.winners),
        draws=list(state.draws),
        left=list(state.left),
        first_win=list(state.first_win),
    )


def clone(table: Table) -> Table:
    """An independent copy of a table in play (the same compiled rules, its own state; it
    writes no log lines: its moves are not the hand's)."""
    twin = copy.copy(table)
    twin.state = copy_state(table.state)
    twin.keep_log_lines(None)
    return twin


def determinise(
    table: Table,
    seat: int,
    rng: random.Random,
    without: Mapping[int, frozenset[int]] | None = None,
) -> Table:
    """A copy of `table` with the cards hidden from `seat` dealt again at random: each
    other seat keeps its number of concealed cards, the wall its length. A card on offer
    that sits in its owner's hand and that `seat` can see (the dealer's shown card, a card
    being added onto a table group while the others may win on it) stays in that hand.
    `without` names, for some other seats, cards `seat` knows they do not hold: those
    seats are dealt none of them (`_dealt`)."""
    twin = clone(table)
    state = twin.state
    kept = _shown_in_hand(table, seat)
    hidden: list[int] = []
    # a seat that has won and left has laid its hand down: every seat sees it
    others = [s for s in range(len(state.seats)) if s != seat and state.playing(s)]
    sizes = []
    for other in others:
        hand = list(state.seats[other].hand)
        if kept is not None and kept[0] == other:
            hand[kept[1]] -= 1  # held back from the new deal, given back below
        sizes.append(sum(hand))
        for card, count in enumerate(hand):
            hidden.extend([card] * count)
    wall = state.wall[state.head : state.tail]
    hidden.extend(wall)
    hidden.sort()  # the new deal depends on which cards are hidden, never on where they were
    rng.shuffle(hidden)
    if without:
        hidden = _dealt(hidden, others, sizes, without)
    position = 0
    for other, size in zip(others, sizes, strict=True):
        hand = [0] * len(state.seats[other].hand)
        for card in hidden[position : position + size]:
            hand[card] += 1
        if kept is not None and kept[0] == other:
            hand[kept[1]] += 1
        state.seats[other].set_hand(hand)
        position += size
    state.wall[state.head : state.tail] = hidden[position:]
    return twin


def _dealt(
    hidden: list[int], others: list[int], sizes: list[int], without: Mapping[int, frozenset[int]]
) -> list[int]:
    """The shuffled hidden cards reordered so that the seats' slices (in `others` order,
    `sizes` long, then the wall) hold none of the cards `without` names for a seat: each
    such seat takes the first cards it may hold, in shuffled order (a uniform choice among
    them); the other seats and the wall take what is left, in the same order. A seat
    keeps the plain deal where too few cards are left that it may hold."""
    left = list(hidden)
    chosen: dict[int, list[int]] = {}
    for other, size in zip(others, sizes, strict=True):
        barred = without.get(other)
        if not barred:
            continue
        picked = [i for i, card in enumerate(left) if card not in barred][:size]
        if len(picked) < size:
            continue
        chosen[other] = [left[i] for i in picked]
        taken = set(picked)
        left = [card for i, card in enumerate(left) if i not in taken]
    ordered: list[int] = []
    position = 0
    for other, size in zip(others, sizes, strict=True):
        if other in chosen:
            ordered.extend(chosen[other])
        else:
            ordered.extend(left[position : position + size])
            position += size
    ordered.extend(left[position:])
    return ordered


def _shown_in_hand(table: Table, seat: int) -> tuple[int, int] | None:
    """(owner, card) of a card on offer that another seat holds in its hand and `seat` sees;
    None when there is none."""
    decision = table.state.decision
    if decision is None or decision.hidden:
        return None
    offer = decision.offer
    if offer.card is None or offer.owner is None or offer.owner == seat:
        return None
    if offer.context in ("draw", "replacement"):
        return None  # a draw kept in the hand is not seen by the other seats
    if offer.pending is None and not table.play.in_owner_hand(offer.context):
        return None  # a card in the open: in no hand (an added card waits in it)
    if table.state.seats[offer.owner].hand[offer.card] <= 0:
        return None
    return offer.owner, offer.card


def ask_again(table: Table, seat: int) -> bool:
    """In a window on a card, ask the other seats again as the imagined copy deals them
    (after `determinise`): who was asked, what they were offered or chose, was worked out
    for their real cards, which `seat` cannot see. `seat`'s own options stay as they are.

    False, the table untouched, where that cannot be done: a window whose card's owner,
    another seat, is asked too (its choices come with the card, not from the window)."""
    decision = table.state.decision
    if decision is None or decision.kind != "window" or seat not in decision.options:
        return False
    if decision.offer.owner in decision.options and decision.offer.owner != seat:
        return False
    own = decision.options[seat]
    table.state.decision = None
    owner = decision.offer.owner
    table._window(decision.offer, list(own) if owner == seat else None)
    again = table.state.decision
    if again is None or again.kind != "window" or seat in again.chosen:
        raise RuntimeError("asking a window again changed what the seat itself may do")
    again.options[seat] = list(own)
    return True
