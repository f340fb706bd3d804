"""Semantic checks for how a hand ends: the `end` clause's zones, options and actions,
play going on after a win (what the engine cannot carry on after one is refused), and the
last card offered in turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.dsl.model import ir

if TYPE_CHECKING:
    from tablerules.dsl.checking.checker import Checker


class EndChecks:
    """A mixin of `dsl.checking.checker.Checker` (which supplies `rules`, `report`, and the
    name checks of `PlayChecks`)."""

    def _check_end(self: Checker) -> None:
        end = self.rules.end
        if end is None:
            return
        self._zone_ref(self.at(end, "end_drawn"), end.drawn_when_empty)
        if isinstance(end.drawn_at, str):
            self._option_ref(self.at(end, "end_drawn"), end.drawn_at, numeric=True)
        self._action_refs(self.at(end, "end_last_card"), end.last_card_allows or [])
        last_discard = self.at(end, "end_last_discard")
        self._action_refs(last_discard, end.last_discard_allows or [])
        if end.last_discard_if:
            self._option_ref(last_discard, end.last_discard_if, numeric=False)
        if end.leave_until is not None:
            self._check_leave(end, end.leave_until)
        self._check_last_card_offered(end)

    def _check_leave(self: Checker, end: ir.EndRule, until: int) -> None:
        """Play after a win (`a winner leaves the hand, until N have won`): N leaves a seat
        playing, and nothing the engine cannot carry on after a win is asked of it."""
        where = self.at(end, "end_leave")
        seats = self.rules.seats.count if self.rules.seats else 1
        if not 1 <= until <= seats - 1:
            self.report(
                where,
                "E104",
                f"'until {until} have won' with {seats} seats: a hand goes on while at least "
                "two seats play",
                f"write a number from 1 to {max(seats - 1, 1)}",
            )
        if self.rules.immediate_wins:
            first = next(iter(self.rules.immediate_wins.values()))
            self.report(
                first,
                "E110",
                f"immediate win {first.name!r} ends the hand at the deal, but the 'end' clause "
                "says a winner leaves the hand and the others play on",
                "a winner leaving at the deal is not carried out: drop one of the two",
            )
        for bonus in self.rules.bonuses.values():
            self.report(
                bonus,
                "E110",
                f"bonus {bonus.name!r} draws from the wall after a win, but the 'end' clause says "
                "play goes on after a win, from that wall",
                "a bonus draw in a hand that goes on is not carried out: drop one of the two",
            )
        for action in self.rules.actions.values():
            for way in action.ways:
                if way.who == "next":
                    self.report(
                        way,
                        "E110",
                        f"action {action.name!r} is taken 'by next', but a winner leaves the "
                        "hand: the next seat at the table may have left",
                        "write 'by others', or drop 'a winner leaves the hand'",
                    )

    def _check_last_card_offered(self: Checker, end: ir.EndRule) -> None:
        """The last card offered in turn needs kept draws and a hand drawn when the wall is
        empty; only then may the next dealer be the seat that took it."""
        offered = self.at(end, "end_last_offered")
        turn = self.rules.turn
        if end.last_card_offered and end.drawn_when_empty is None:
            self.report(
                offered,
                "E110",
                "the last card is offered where the hand is drawn when the wall is empty",
                "add 'drawn hand when ZONE is empty'",
            )
        if end.last_card_offered and turn is not None and turn.draws_shown:
            self.report(
                offered,
                "E110",
                "draws are shown and offered to every seat already: the last one too",
                "drop 'last card offered in turn', or draw 'from ZONE head, kept'",
            )
        dealer = self.rules.next_dealer
        if dealer is None or end.last_card_offered:
            return
        for line in dealer.lines:
            if line.choice == "last card taker":
                self.report(
                    line,
                    "E110",
                    "nobody takes the last card: it is drawn by the seat due to draw",
                    "add 'last card offered in turn' to the end clause",
                )
