"""The deal: a fresh hand state from a shuffled deck, or a rigged one from given hands."""

from __future__ import annotations

from collections.abc import Sequence

from tablerules.interpreter.compiling.compiled import CompiledRules, DealLine
from tablerules.interpreter.engine.state import HandState, Seat


def deal_hand(
    compiled: CompiledRules,
    seats: int,
    dealer: int,
    wall: Sequence[int] | None,
    hands: Sequence[Sequence[int]] | None,
    shown_card: int | None,
    plan: Sequence[DealLine] | None = None,
) -> tuple[HandState, list[tuple[int, int]]]:
    """The state after the deal and the cards shown on it, as (seat, card) pairs.

    Without `hands`, `wall` is the whole shuffled deck, dealt as the rule file's deal plan
    says (seats counted from the dealer). With `hands` (absolute seat order), `wall` is what
    is left to draw, in order, and `shown_card` the dealer's card shown on the deal.
    `plan` is the rule file's deal plan (`CompiledRules.deal_plan`), when already at hand.
    """
    kinds = len(compiled.cards)
    cards = list(wall or [])
    counts = [[0] * kinds for _ in range(seats)]  # each seat's, built up card by card
    shown: list[tuple[int, int]] = []
    rest: list[int] = []
    if hands is not None:
        for seat, held in enumerate(hands):
            for card in held:
                counts[seat][card] += 1
        rest = cards
        if shown_card is not None:
            shown.append((dealer, shown_card))
    else:
        position = 0
        for line in plan if plan is not None else compiled.deal_plan():
            dealt = cards[position : position + line.count]
            position += line.count
            if line.seat is None:
                rest = dealt
                continue
            seat = (dealer + line.seat) % seats
            hand = counts[seat]
            for card in dealt:
                hand[card] += 1
            if line.shown:
                shown.extend((seat, card) for card in dealt)
    state = HandState(
        seats=[Seat(hand=hand) for hand in counts],  # each packs its counts once
        wall=rest,
        head=0,
        tail=len(rest),
        dealer=dealer,
        turn=dealer,
        draws=[0] * seats,
    )
    return state, shown
