"""The Hand tab's move list: one row per step, told in sentences with the rule ids it
cites, as far as the viewer may read it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.interpreter.narration.reckoning import cites_text
from tablerules.playground.play.steps import Step
from tablerules.playground.words.page_views import MoveRow

if TYPE_CHECKING:
    from tablerules.playground.play.hand_page import PageBuilder

# the events whose rule ids a move shows (a draw or a discard cites the turn clause only)
CITED = frozenset({"action", "restricted", "immediate win", "win", "bonus", "drawn hand", "pay"})
CITED |= {"shown win"}  # a win shown on the deal while play goes on


class MoveList:
    """A mixin of `hand_page.PageBuilder` (which supplies `table`, `step`, `narrator`, `say`
    and `seat`)."""

    def moves(self: PageBuilder) -> list[MoveRow]:
        """One row per step: all played for the referee, up to the one shown for a seat."""
        current = self.step.number
        shown = self.steps if self.viewer is None else self.steps[: current + 1]
        events = self.end.events
        rows = []
        for step in shown:
            part = events[step.start : step.end]
            text = self.narrator.sentence(part, money=True) or self.quiet(step)
            cites: list[str] = []
            for event in part:
                visible = self.narrator.visible(event)
                if visible is not None and event["type"] in CITED:
                    cites += [c for c in event.get("cites", []) if c not in cites]
            seat = self.seat(step.seat) if step.seat is not None else ""
            rows.append(
                MoveRow(
                    step.number,
                    text,
                    cites_text(cites).strip(),
                    step.number > current,
                    step.turn,
                    seat,
                )
            )
        return rows

    def quiet(self: PageBuilder, step: Step) -> str:
        """A step with nothing this viewer may read: who was asked is not its to know."""
        return self.say("page.the_deal") if step.move == 0 else self.say("page.goes_on")
