"""The conditions of a win in play, read from the state of the hand: how the winning card
came, whether it was the wall's last card or the hand's first discard, the winner's seat
from the dealer, the round and the dealer's streak, and, for rules with wild cards, the
copies of each card in sight elsewhere."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.compiled import FIELD_BITS
from tablerules.interpreter.compiling.conditions import RELATIONS, WinConditions
from tablerules.interpreter.engine.play_rules import PlayRules
from tablerules.interpreter.engine.state import HandState, Offer
from tablerules.interpreter.hand.copies import in_play


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
        elsewhere=in_sight(state, winner, offer) if play.compiled.wilds else 0,
    )


def in_sight(state: HandState, winner: int, offer: Offer, offered: bool = False) -> int:
    """The copies of each card kind (packed) in sight outside `winner`'s own cards: every
    other seat's table groups and every seat's discards; what a wild may not stand for once
    the deck's copies are all there (RULES.md P2-1). `offered`: a winning discard still lies
    on its owner's discards (a win is being offered, not settled), and is not counted there."""
    seen = 0
    for index, seat in enumerate(state.seats):
        if index != winner:
            for group in seat.table:
                for card in group.cards:
                    seen += 1 << (card * FIELD_BITS)
        for card in seat.discards:
            seen += 1 << (card * FIELD_BITS)
    card = offer.card
    on_offer = offered and offer.context == "discard" and card is not None
    if on_offer and card in state.seats[offer.owner].discards:
        seen -= 1 << (card * FIELD_BITS)
    return seen


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


def with_sight(
    state: HandState,
    play: PlayRules,
    seat_index: int,
    offer: Offer,
    counts: Sequence[int],
    source: ir.Source | None,
    conditions: WinConditions | None,
) -> WinConditions | None:
    """The conditions a win test of `seat_index` on the offered card (`counts`: its hand
    without that card) is given in a game with wild cards: those given, with the copies in
    sight elsewhere (`in_sight`) where they may refuse a reading, the kinds of which the
    seat's own cards and those in sight leave fewer free copies than the wilds it holds.
    Elsewhere a wild finds a copy either way, and the conditions stay as they were."""
    compiled = play.compiled
    wild = compiled.wilds.kinds
    wilds = sum(counts[card] for card in wild) + (offer.card in wild)
    if not wilds:  # no reading to refuse
        return conditions if conditions is None else replace(conditions, elsewhere=0)
    own = list(counts)
    for group in state.seats[seat_index].table:
        for card in group.cards:
            own[card] += 1
    if offer.card is not None:
        own[offer.card] += 1
    seen = in_sight(state, seat_index, offer, offered=True)
    copies = in_play(compiled)  # the card turned up at the deal is out of play
    binding = 0
    for card, count in enumerate(own):
        field = (seen >> (card * FIELD_BITS)) & 0xFF
        if field and count + field + wilds > copies[card]:
            binding += field << (card * FIELD_BITS)
    if conditions is None:
        return WinConditions.from_source(source, elsewhere=binding) if binding else None
    return replace(conditions, elsewhere=binding)
