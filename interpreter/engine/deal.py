"""The deal: a fresh hand state from a shuffled deck, or a rigged one from given hands."""

from __future__ import annotations

from collections.abc import Sequence

from tablerules.interpreter.compiled import CompiledRules
from tablerules.interpreter.engine.state import HandState, Seat


def deal_hand(
    compiled: CompiledRules,
    seats: int,
    dealer: int,
    wall: Sequence[int] | None,
    hands: Sequence[Sequence[int]] | None,
    shown_card: int | None,
) -> tuple[HandState, list[tuple[int, int]]]:
    """The state after the deal and the cards shown on it, as (seat, card) pairs.

    Without `hands`, `wall` is the whole shuffled deck, dealt as the rule file's deal plan
    says (seats counted from the dealer). With `hands` (absolute seat order), `wall` is what
    is left to draw, in order, and `shown_card` the dealer's card shown on the deal.
    """
    kinds = len(compiled.cards)
    cards = list(wall or [])
    state = HandState(
        seats=[Seat(hand=[0] * kinds) for _ in range(seats)],
        wall=[],
        head=0,
        tail=0,
        dealer=dealer,
        turn=dealer,
        draws=[0] * seats,
    )
    shown: list[tuple[int, int]] = []
    if hands is not None:
        for seat, held in enumerate(hands):
            for card in held:
                state.seats[seat].gain(card)
        state.wall = cards
        if shown_card is not None:
            shown.append((dealer, shown_card))
    else:
        position = 0
        for line in compiled.deal_plan():
            if line.seat is None:
                state.wall = cards[position : position + line.count]
                position += line.count
                continue
            seat = (dealer + line.seat) % seats
            for card in cards[position : position + line.count]:
                state.seats[seat].gain(card)
                if line.shown:
                    shown.append((seat, card))
            position += line.count
    state.tail = len(state.wall)
    return state, shown
