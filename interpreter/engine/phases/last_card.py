"""The wall's last card offered in turn (`end { last card offered in turn }`).

When one card is left and a seat is due to draw it, the seat is asked first: it takes the
card or passes, and a pass asks the next seat, in turn order, until one takes it or every
seat has passed (the hand is then drawn). The seat that takes it draws it as its own draw
(a win on it is a win on the wall's last card); if it does not win, the only card it may
discard is that one: it shows it, and the others may answer that discard as the end clause
allows. A replacement is never offered: the seat whose replacement is the last card takes it
so, and shows it likewise. `taker of last card` in the next dealer clause reads who took it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.interpreter.engine.state import Choice, Decision, Offer

if TYPE_CHECKING:
    from tablerules.interpreter.engine.game import Table

LAST_CARD = "last card"  # the offer's context and the decision's `then`
TAKE = "take the last card"  # the choice's action: no rule action is named with spaces


class LastCard:
    """A mixin of `Table`: the last card offered in turn."""

    def _offer_last_card(self: Table, seat: int) -> None:
        """Ask `seat` whether it takes the wall's last card."""
        state = self.state
        state.last_asked += 1
        take = Choice(seat=seat, action=TAKE, label=TAKE)
        choices = [take, self.maker.pass_choice(seat, None)]
        offer = Offer(LAST_CARD, seat, None)
        self._decide(Decision("turn", offer, {seat: choices}, then=LAST_CARD))

    def _answer_last_card(self: Table, seat: int, choice: Choice) -> None:
        """A seat took the last card (it draws it) or passed (the next seat is asked; when
        every seat has passed, the hand is drawn)."""
        state = self.state
        if choice.action == TAKE:
            state.last_taker = seat
            self._draw(seat)
        elif state.last_asked >= self.play.seats:
            self._drawn_hand()
        else:
            self._offer_last_card(self.next_seat(seat))
