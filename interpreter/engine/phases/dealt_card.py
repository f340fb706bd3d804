"""The dealer's last dealt card, offered to it alone before its first discard.

A dealer that begins by discarding holds one card more than the others: the deal gave it
the card the others will draw. Where no card is shown on the deal, the rule file's `on
deal card by self` ways offer that card to the dealer at its first turn as a card it has
just received (in its hand, seen by nobody else): a win on it is a win on the dealt hand,
`won on deal card by self`, paid as a self-draw. That first turn is the dealer's own, so
its `on turn by self` ways are open at it too, beside its discards; with no way open, its
first turn is its discard alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tablerules.interpreter.compiling.compiled import DealLine
from tablerules.interpreter.engine.play_rules import PlayRules
from tablerules.interpreter.engine.state import Choice, Decision, Offer

if TYPE_CHECKING:
    from tablerules.interpreter.engine.game import Table

CONTEXT = "deal card"


def offers_dealt_card(play: PlayRules, plan: Sequence[DealLine]) -> bool:
    """Whether the rules offer the dealer its last dealt card: it begins by discarding, no
    card is shown on the deal, and some way takes a `deal card` by self."""
    if play.turn.dealer_begins != "discarding" or any(line.shown for line in plan):
        return False
    return bool(play.ways_for(CONTEXT, 0, 0))


def last_dealt_card(plan: Sequence[DealLine], deck: Sequence[int]) -> int | None:
    """The last card the deal plan gives the dealer, from the shuffled `deck`."""
    position = 0
    found = None
    for line in plan:
        position += line.count
        if line.seat == 0 and line.count > 0 and position <= len(deck):
            found = deck[position - 1]
    return found


class DealtCardFlow:
    """A mixin of `Table`: the dealer's first turn, offered its own-turn ways and its last
    dealt card."""

    def _opening_choices(self: Table, seat: int) -> list[Choice]:
        """The dealer's own-turn ways (`on turn by self`) at its first turn when it begins by
        discarding: that turn is its own, as a turn after a draw is; none at any other
        discard (after a claim, or once any card has been drawn or discarded)."""
        state = self.state
        if (
            self.play.turn.dealer_begins != "discarding"
            or seat != state.dealer
            or state.discards_made
            or state.claims
            or any(state.draws)
        ):
            return []
        return self.maker.choices_if_any(state, seat, Offer("turn", seat, None))

    def _offer_dealt_card(self: Table, seat: int, opening: Sequence[Choice] = ()) -> bool:
        """Offer the dealer its last dealt card with its `opening` choices and its discards,
        once, when a way is open on it; False when there is nothing to offer (the plain
        discard follows)."""
        state = self.state
        card = state.dealt_card
        if card is None or seat != state.dealer:
            return False
        state.dealt_card = None  # offered once, at the dealer's first turn
        holder = state.seats[seat]
        if not holder.hand[card]:
            return False
        offer = Offer(CONTEXT, seat, card)
        ways = self.maker.choices(state, seat, offer)
        if not ways:
            return False
        discards = self.maker.discards(seat, holder)
        self._decide(Decision("turn", offer, {seat: [*ways, *opening, *discards]}, hidden=True))
        return True
