"""Invariants of added kongs (PMZ-8, HK-2, SC-5, TW-3, HZ-4, GD-2): the fourth tile added
to one's own pong is a tile the seat holds; in 跑馬仔 only the tile just drawn (PMZ-8: a
tile taken into the hand can no longer make it), elsewhere one drawn now or held since."""

from __future__ import annotations

from logcheck.games import Paomazai, Profile
from logcheck.invariants import Invariant, invariant
from logcheck.logfile import Record
from logcheck.tracker import Tracker

DRAWN = ("draw", "replacement")


def drawn_only(profile: Profile) -> bool:
    """Whether the documents allow only the tile just drawn to be added (PMZ-8)."""
    return profile.name.startswith("paomazai")


@invariant
class AddedKongsAddAHeldTile(Invariant):
    name = "added-kongs-add-a-held-tile"
    summary = (
        "an added kong puts a fourth tile the seat holds onto its own pong of that tile; in "
        "跑馬仔 only the tile just drawn (PMZ-8, HK-2, SC-5, TW-3)"
    )
    games = (Paomazai,)

    def before_action(self, event: Record, tracker: Tracker, line: int) -> None:
        onto, card, seat = event.get("onto"), event.get("card"), event["seat"]
        if onto is None or card is None or len(event.get("cards") or ()) != 4:
            return
        holder = tracker.seats[seat]
        if onto >= len(holder.table):
            self.fail(f"seat {seat} adds onto table group {onto}, which it does not have", line)
            return
        _, cards = holder.table[onto]
        if tuple(cards) != (card, card, card):
            return  # not a pong grown into a kong of the same tile
        if holder.hand[card] < 1:
            self.fail(f"seat {seat} adds {card} to its pong without holding it", line)
        offer = tracker.offer
        just_drawn = (
            offer is not None
            and offer.owner == seat
            and offer.context in DRAWN
            and offer.card == card
        )
        if drawn_only(self.profile) and not just_drawn:
            self.fail(
                f"seat {seat} adds a {card} it held before this draw to its pong (PMZ-8: only "
                "the tile just drawn)",
                line,
            )
