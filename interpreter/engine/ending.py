"""The end of a hand: a win handed to the settlement, a drawn hand, the next dealer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.compiling.expressions import Scope
from tablerules.interpreter.compiling.hand_quantities import HandView
from tablerules.interpreter.engine.money.drawn import DrawnSettlement
from tablerules.interpreter.engine.money.refunds import transfer
from tablerules.interpreter.engine.state import HandState, Offer
from tablerules.interpreter.engine.win_facts import win_conditions
from tablerules.interpreter.playlog.event_kinds import (
    DRAWN_HAND,
    DRAWN_HAND_REST,
    END,
    LEAVES,
)

if TYPE_CHECKING:
    from tablerules.interpreter.engine.game import Table


def next_dealer(
    choice: str, state: HandState, seats: int, winner: int | None, discarder: int | None
) -> int:
    """The seat that deals next under a `next dealer` choice (winner, discarder, next…)."""
    if choice == "winner" and winner is not None:
        return winner
    if choice == "discarder" and discarder is not None:
        return discarder
    if choice == "next":
        return (state.dealer + 1) % seats
    if choice == "last card taker" and state.last_taker is not None:
        return state.last_taker
    return state.dealer


def take_won_card(state: HandState, offer: Offer) -> None:
    """A card won on leaves its owner: the top of the discards, or the added card."""
    assert offer.card is not None
    owner = state.seats[offer.owner]
    if offer.context == "discard" and owner.discards and owner.discards[-1] == offer.card:
        owner.discards.pop()
    elif offer.context == "discard" and state.shown is not None and offer.card in owner.discards:
        # one of a shown replacement's cards, discarded together: not always the top one
        at = len(owner.discards) - 1 - owner.discards[::-1].index(offer.card)
        del owner.discards[at]
    elif offer.context == "added card" and owner.hand[offer.card] > 0:
        owner.lose(offer.card)


class HandEnd:
    """A mixin of `Table`: finishing the hand with winners or as a drawn hand."""

    def _dealer_choice(self: Table, winners: list[int], offer: Offer | None) -> str:
        """The `next dealer` line that decides: for several winners an `after several
        winners` line first; the first line of the case whose condition holds."""
        rule = self.play.next_dealer
        if not winners:
            cases: tuple[str, ...] = ("drawn",)
        else:
            cases = ("several", "win") if len(winners) > 1 else ("win",)
        facts: WinConditions | None = None
        for case in cases:
            for line_case, condition, choice in self.play.dealer_lines:
                if line_case != case:
                    continue
                if condition is not None:
                    if facts is None:
                        facts = self._dealer_facts(winners, offer)
                    scope = Scope(
                        {**self.game.compiled.numbers, **self.state.placed},
                        self.game.compiled.tables,
                        {},
                        HandView([], [], facts),
                    )
                    if not condition(scope):
                        continue
                return choice
        if not winners:
            return rule.after_drawn
        return rule.after_several if len(winners) > 1 and rule.after_several else rule.after_win

    def _dealer_facts(self: Table, winners: list[int], offer: Offer | None) -> WinConditions:
        """How the hand ended, as a next dealer line reads it: the first winner's win (the
        dealer's, if the dealer is among the winners); for a drawn hand, no win."""
        state = self.state
        if not winners or offer is None:
            return WinConditions(
                context="",
                relation=(),
                seat=-1,
                streak=state.streak,
                carried=tuple(state.carried.items()),
            )
        winner = state.dealer if state.dealer in winners else winners[0]
        return win_conditions(state, self.play, winner, offer)

    def _finish_win(
        self: Table,
        winners: list[int],
        offer: Offer,
        immediate: str | None = None,
        action: str = "",
    ) -> None:
        """Settle the wins of `winners` on `offer`; then the hand ends, or, where a winner
        leaves the hand (`EndRule.leave_until`), the winners leave and the others play on."""
        state = self.state
        leaving = self.play.leave_until is not None and immediate is None
        if not leaving:
            state.finished = True
        if not state.first_win:
            state.first_win, state.first_win_offer = list(winners), offer
        state.winners.extend(winners)
        if offer.card is not None and offer.context in ("discard", "added card"):
            take_won_card(state, offer)
        clause = f"immediate win {immediate}" if immediate else f"action {action}"
        cites = self.play.actions[action].cites if action in self.play.actions else ()
        for winner in winners:
            self.settlement.settle_win(
                state,
                self.log,
                winner,
                offer,
                clause,
                cites,
                several=len(winners) > 1,
                immediate=immediate is not None,
            )
        if self.play.transfers and offer.context == "discard":
            for settle in self.play.settles:
                for line in settle.transfers:
                    transfer(state, self.log, settle, line, winners, offer.owner, self.play.seats)
        if leaving and self._leave(winners):
            return
        state.finished = True
        self._log_end()

    def _leave(self: Table, winners: list[int]) -> bool:
        """The winners leave the hand; True when the others play on: the turn goes to the
        seat still playing after the last of them (counted from the card's owner)."""
        state = self.state
        state.left.extend(winners)
        self.log(
            LEAVES,
            clause="end",
            cites=self.play.end.cites,
            seats=list(winners),
            playing=state.still_playing,
        )
        until = self.play.leave_until
        if until is None or len(state.winners) >= until or len(state.still_playing) < 2:
            return False
        self._turn_start(self.next_seat(winners[-1]), "draw")
        return True

    def _log_end(self: Table) -> None:
        """The hand's last event: its winners in the order they won, the next dealer (chosen
        by the hand's first win) and the totals."""
        state = self.state
        offer = state.first_win_offer
        first = state.first_win
        chosen = self._dealer_choice(first, offer)
        state.next_dealer = next_dealer(
            chosen,
            state,
            self.play.seats,
            first[0] if first else None,
            offer.owner if offer is not None else None,
        )
        self.log(
            END,
            clause="next dealer",
            cites=self.play.next_dealer.cites,
            winners=list(state.winners),
            next_dealer=state.next_dealer,
            totals=self.totals(),
        )

    def _drawn_hand(self: Table) -> None:
        """The wall is empty: a drawn hand for the seats still playing (every seat, unless
        some have won and left), then the hand's end."""
        state = self.state
        state.finished = True
        if state.winners:
            playing = state.still_playing
            self.log(DRAWN_HAND_REST, clause="end", cites=self.play.end.cites, playing=playing)
        else:
            self.log(DRAWN_HAND, clause="end", cites=self.play.end.cites)
        if self.play.drawn_settles:
            DrawnSettlement(self.settlement, state, self.log).settle()
        self._log_end()
