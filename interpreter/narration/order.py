"""The order events are told in, where it differs from the order they are logged in.

A restriction a seat takes on by discarding a card is logged just before that discard
(the engine adds it as the card leaves the hand, and logs keep that order), but it follows
from the discard: it is told after it (`X discards C`, then `X is under R on C`). Every
other event is told where it was logged.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

Record = dict[str, Any]


def told_after(event: Record, later: Record) -> bool:
    """Whether `event` is told after `later`, the event logged next: a restriction on a
    card, followed by the same seat discarding that card."""
    return (
        event.get("type") == "restricted"
        and later.get("type") == "discard"
        and event.get("seat") == later.get("seat")
        and event.get("card") == later.get("card")
    )


def told_order(events: Iterable[Record]) -> list[Record]:
    """`events` in the order they are told (each restriction that follows from the event
    logged after it moved past that event)."""
    told: list[Record] = []
    held: list[Record] = []  # restrictions logged since the last other event
    for event in events:
        if event.get("type") == "restricted":
            held.append(event)
            continue
        after = [h for h in held if told_after(h, event)]
        told += [h for h in held if not told_after(h, event)] + [event] + after
        held = []
    return told + held
