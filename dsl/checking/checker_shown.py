"""Checks of a shown replacement (`then replacement N from ZONE END, shown`), `when ready`
and `locks the hand`: what the engine can carry out, refused loudly where it cannot."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.dsl.limits import LIMIT_CODE
from tablerules.dsl.model import ir

if TYPE_CHECKING:
    from tablerules.dsl.checking.checker import Checker

MAX_SHOWN = 8  # cards one shown replacement may take


class ShownChecks:
    """A mixin of `dsl.checking.checker.Checker`."""

    def check_shown(self: Checker, action: ir.Action) -> None:
        """An action's shown replacement, readiness and lock."""
        lines = (
            ("action_ready", "when ready", action.when_ready),
            ("action_locks", "locks the hand", action.locks_hand),
        )
        for item, words, present in lines:
            if present and action.win:
                self.report(
                    self.at(action, item),
                    "E110",
                    f"action {action.name!r} is a win: '{words}' is for an action that play "
                    "goes on after",
                    f"drop '{words}'",
                )
        self._check_lock_and_discard_rule(action)
        shown = [then for then in action.then if then.shown or then.zone is not None]
        if not shown:
            return
        then = shown[0]
        self._check_shown_line(action, then)

    def _check_lock_and_discard_rule(self: Checker, action: ir.Action) -> None:
        """A locked hand may discard only the card it drew: with cards the discard rule
        never lets go, a drawn one it cannot win with would stay and the hand would grow."""
        rule = self.rules.discard_rule
        if not action.locks_hand or action.win or rule is None or not rule.never:
            return
        self.report(
            self.at(action, "action_locks"),
            "E110",
            f"after action {action.name!r} a hand discards only the card it draws, and the "
            "discard rule never lets some cards go: a drawn one it cannot win with would stay",
            "drop 'locks the hand', or the discard rule's 'never' line",
        )

    def _check_shown_line(self: Checker, action: ir.Action, then: ir.Continuation) -> None:
        if then.shown < 1:
            self.report(then, "E104", "a shown replacement takes at least 1 card")
        elif then.shown > MAX_SHOWN:
            self.report(then, LIMIT_CODE, f"a shown replacement takes at most {MAX_SHOWN} cards")
        turn = self.rules.turn
        if then.zone is not None and then.zone not in self.rules.zones:
            self.unknown(then, "zone", then.zone, self.rules.zones)
        elif turn is not None and turn.draw_zone is not None and then.zone != turn.draw_zone:
            self.report(
                then,
                "E110",
                f"the turn draws from {turn.draw_zone!r}: a shown replacement takes its cards "
                "from the same zone",
                f"write 'then replacement {then.shown} from {turn.draw_zone} tail, shown'",
            )
        if action.win:
            self.report(then, "E110", f"action {action.name!r} is a win: nothing follows it")
        if len(action.then) > 1:
            self.report(
                then,
                "E110",
                f"action {action.name!r} has a shown replacement and another 'then' line",
                "a shown replacement is the only thing that follows its action: keep one 'then'",
            )
        if any(way.context in ("deal", "turn start") for way in action.ways):
            self.report(
                then,
                "E110",
                "a shown replacement follows an action in play, not one on the deal or at the "
                "start of a turn",
            )
        end = self.rules.end
        if end is not None and end.leave_until is not None:
            self.report(
                then,
                "E110",
                "a shown replacement in a hand played on after a win is not carried out yet",
                "drop 'a winner leaves the hand', or keep the replacement ('then replacement')",
            )
