"""The end of a hand: a win handed to the settlement, a drawn hand, the next dealer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.compiling.expressions import Scope
from tablerules.interpreter.compiling.hand_quantities import HandView
from tablerules.interpreter.engine.state import HandState, Offer
from tablerules.interpreter.engine.win_facts import win_conditions
from tablerules.interpreter.playlog.event_kinds import DRAWN_HAND, END

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
    return state.dealer


def take_won_card(state: HandState, offer: Offer) -> None:
    """A card won on leaves its owner: the top of the discards, or the added card."""
    assert offer.card is not None
    owner = state.seats[offer.owner]
    if offer.context == "discard" and owner.discards and owner.discards[-1] == offer.card:
        owner.discards.pop()
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
        state = self.state
        state.finished = True
        state.winners = list(winners)
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
        rule = self.play.next_dealer
        chosen = self._dealer_choice(winners, offer)
        state.next_dealer = next_dealer(chosen, state, self.play.seats, winners[0], offer.owner)
        self.log(
            END,
            clause="next dealer",
            cites=rule.cites,
            winners=winners,
            next_dealer=state.next_dealer,
            totals=self.totals(),
        )

    def _drawn_hand(self: Table) -> None:
        state = self.state
        state.finished = True
        rule = self.play.next_dealer
        end = self.play.end
        self.log(DRAWN_HAND, clause="end", cites=end.cites)
        chosen = self._dealer_choice([], None)
        state.next_dealer = next_dealer(chosen, state, self.play.seats, None, None)
        self.log(
            END,
            clause="next dealer",
            cites=rule.cites,
            winners=[],
            next_dealer=state.next_dealer,
            totals=self.totals(),
        )
