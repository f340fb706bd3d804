"""Invariants of wild cards (P2-1, HZ-2, GD-5): a wild never discarded where the rules
forbid it, never claimed or laid down in a group where they forbid it."""

from __future__ import annotations

from logcheck.invariants import Invariant, invariant
from logcheck.logfile import Record
from logcheck.tracker import Tracker


@invariant
class WildsNeverDiscarded(Invariant):
    name = "wilds-never-discarded"
    summary = "a wild card (紅中 of HZ) is never discarded (HZ-2)"

    def before_discard(self, event: Record, tracker: Tracker, line: int) -> None:
        if event["card"] in self.profile.wilds and not self.profile.discards_wilds:
            self.fail(f"seat {event['seat']} discards the wild {event['card']}", line)


@invariant
class WildsNeverClaimed(Invariant):
    name = "wilds-never-claimed"
    summary = "no pong or kong takes a wild card, offered or held (HZ-2, GD-5)"

    def after_action(self, event: Record, tracker: Tracker, line: int) -> None:
        if event["action"] not in self.profile.wild_free:
            return
        cards = [event.get("card"), *(event.get("cards") or ())]
        wild = next((c for c in cards if c in self.profile.wilds), None)
        if wild is not None:
            self.fail(f"seat {event['seat']}'s {event['action']} takes the wild {wild}", line)
