"""A wild chosen at the deal: one card turned up from an end of the wall, out of play and
shown to every seat; the card after it in the rule file's order is the hand's wild card,
and the hand is played by the rules compiled for that card (`Game.with_turned`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.interpreter.playlog.event_kinds import TURNED

if TYPE_CHECKING:
    from tablerules.interpreter.engine.game import Table


class TurnedWildFlow:
    """A mixin of `Table`: the card turned after the deal, before any phase or turn."""

    def _turn_wild(self: Table) -> None:
        state = self.state
        turning = self.game.compiled.turning
        if turning is None:
            return
        if state.tail - state.head <= 0:
            raise ValueError("the wall is empty: no card is left to turn for the wild")
        if turning.end == "tail":
            state.tail -= 1
            card = state.wall[state.tail]
        else:
            card = state.wall[state.head]
            state.head += 1
        state.turned = card
        wild = turning.wild_of(card)
        self._bind_game(self.game.with_turned(card))
        self.state.reserve = self.play.reserve
        self.log(
            TURNED,
            clause=f"wild {turning.name}",
            cites=turning.cites,
            card=self.card_id(card),
            name=self.name(card),
            wild=self.card_id(wild),
            wild_name=self.name(wild),
            left=state.tail - state.head,
        )
