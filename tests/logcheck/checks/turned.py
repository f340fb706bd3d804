"""Invariants of a wild chosen at the deal (GD-4's 翻鬼): the tile turned up makes the tile
after it in GD-4's order the ghost, and it is turned before anyone draws. (That it is out
of play, set aside with the deck counted, is `cards-are-conserved`'s; that wins read the
hand's ghost and never its turned copy, `offered-wins-are-wins`'.)"""

from __future__ import annotations

from logcheck.games import Guangdong
from logcheck.invariants import Invariant, invariant
from logcheck.logfile import Record
from logcheck.tracker import Tracker


@invariant
class TurnedGhostFollowsTheOrder(Invariant):
    name = "turned-ghost-follows-the-order"
    summary = "翻鬼: the ghost is the tile after the one turned up, turned before any draw (GD-4)"
    games = (Guangdong,)

    def after_turned(self, event: Record, tracker: Tracker, line: int) -> None:
        wanted = self.profile.next_card(event["card"])
        if wanted is None:
            self.fail(f"a tile is turned up ({event['card']}) but 翻鬼 is not played", line)
        elif event.get("wild") != wanted:
            self.fail(
                f"{event['card']} turned up makes {wanted} the ghost, not {event.get('wild')}", line
            )
        if tracker.drawn:
            self.fail("the ghost's tile is turned after a draw, not right after the deal", line)

    def end(self, result: Record | None, tracker: Tracker, line: int) -> None:
        if self.profile.next_card("1m") is not None and tracker.turned is None:
            self.fail("翻鬼 is played but no tile was turned up for the ghost", line)
