"""Wins shown on the deal while play goes on (an `immediate win` with `play goes on`).

After the deal, the `on deal` actions and the phases, before the dealer's first turn,
every seat from the dealer on shows each such win its hand holds, once for every time it
holds it; each showing is paid at once by the win's `pays:` lines. Nothing is chosen: the
rules say a held one is shown. No bonus draw follows and the hand goes on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.interpreter.playlog.event_kinds import SHOWN_WIN

if TYPE_CHECKING:
    from tablerules.interpreter.engine.game import Table


class ShownWins:
    """A mixin of `Table`: the wins shown on the deal."""

    def _show_wins_on_deal(self: Table) -> None:
        evaluator = self.game.evaluator
        if not any(win.goes_on for win in evaluator.rules.immediate):
            return
        state = self.state
        seats = self.play.seats
        for step in range(seats):
            seat = (state.dealer + step) % seats
            holder = state.seats[seat]
            shown = evaluator.shown_on_deal(holder.hand, self.maker.table_groups(holder))
            for win, times in shown:
                for nth in range(1, times + 1):
                    self.log(
                        SHOWN_WIN,
                        clause=f"immediate win {win.name}",
                        cites=win.cites,
                        seat=seat,
                        win=win.name,
                        nth=nth,
                        times=times,
                        hand=self._ids(holder.hand),
                    )
                    self.settlement.shown_win_payments(state, self.log, win, seat)
