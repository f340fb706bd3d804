"""The conditions of a win in play, read from the state of the hand: how the winning card
came, whether it was the wall's last card or the hand's first discard, the winner's seat
from the dealer, the round and the dealer's streak."""

from __future__ import annotations

from tablerules.interpreter.compiling.conditions import RELATIONS, WinConditions
from tablerules.interpreter.engine.play_rules import PlayRules
from tablerules.interpreter.engine.state import HandState, Offer


def win_conditions(state: HandState, play: PlayRules, winner: int, offer: Offer) -> WinConditions:
    """What hand patterns and settlement read about `winner` winning on `offer`."""
    seats = play.seats
    context = offer.context
    drawn = context in ("draw", "replacement")
    return WinConditions(
        context=context,
        relation=play.relation(winner, offer.owner) if context != "deal" else RELATIONS["self"],
        last_card=drawn and state.last_card_drawn and state.drawable <= 0,
        first_discard=context == "discard" and state.discards_made == 1,
        first_draw=first_draw(state, winner, offer),
        no_claim=state.claims == 0,
        after_replacement=context == "discard" and state.discard_after_replacement,
        after_last_card=context == "discard" and state.discard_after_last_card,
        seat=(winner - state.dealer) % seats,
        round=state.round,
        streak=state.streak,
        carried=tuple(state.carried.items()),
        declared=tuple(state.seats[winner].declared.items()),
        replacement_shown=state.shown is not None and offer.card in state.shown.cards,
        held=held_before(state, play, winner, offer),
    )


def first_draw(state: HandState, winner: int, offer: Offer) -> bool:
    """The winning card is the winner's first draw of the hand, or a replacement drawn on
    that same turn, before the winner's first discard."""
    if winner != offer.owner or state.draws[winner] != 1:
        return False
    if offer.context == "draw":
        return True
    if offer.context != "replacement":
        return False
    for event in reversed(state.events):  # back to the winner's draw or its latest discard
        if event.get("seat") != winner:
            continue
        if event["type"] == "discard":
            return False
        if event["type"] == "draw":
            return True
    return False


def held_before(state: HandState, play: PlayRules, winner: int, offer: Offer) -> int:
    """The cards `winner` holds concealed before the winning card (`cards in hand`): its hand,
    less the card on offer when that card already sits in it (a kept draw, the dealer's
    shown card)."""
    held = sum(state.seats[winner].hand)
    own = offer.card is not None and winner == offer.owner
    if own and play.in_owner_hand(offer.context):
        held -= 1
    return max(held, 0)
