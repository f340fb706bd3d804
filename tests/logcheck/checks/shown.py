"""Invariants of 開槓 (CS-7): a ready player's kong that takes the wall's last two tiles and
shows them, after which its owner's hand is locked."""

from __future__ import annotations

from collections import Counter

from logcheck.games import CS_SHOWN_COUNT, CS_SHOWN_KONGS, Changsha
from logcheck.invariants import Invariant, action_name, after_group, invariant, offered_by_seat
from logcheck.logfile import Record
from logcheck.tracker import Tracker


@invariant
class ShownKong(Invariant):
    name = "kaigang-shown-and-locked"
    summary = (
        "開槓 is made only when the hand it leaves waits on a tile; it takes the wall's last "
        f"{CS_SHOWN_COUNT} tiles (its tail) and shows them; if its owner wins on neither, "
        "both are discarded together, and only wins are offered on them; afterwards its "
        "owner makes no claim or kong and discards only the tile it has just drawn (CS-7)"
    )
    games = (Changsha,)

    def __init__(self, profile: Changsha) -> None:  # type: ignore[override]
        super().__init__(profile)
        self.locked: set[int] = set()
        self.maker: int | None = None  # the seat whose 開槓 must show its tiles next
        self.shown: list[str] = []  # the tiles shown, while they are on offer
        self.drawn: dict[int, str] = {}  # each seat's tile drawn this turn

    def before_action(self, event: Record, tracker: Tracker, line: int) -> None:
        seat = event["seat"]
        if seat in self.locked:
            self.fail(f"seat {seat}, locked by 開槓, makes {event['action']}", line)
        if event["action"] not in CS_SHOWN_KONGS:
            return
        hand, table = after_group(tracker, event)
        offer, card = tracker.offer, event.get("card")
        if offer is not None and offer.where == "hand" and offer.card == card:
            hand[card] -= 1  # a kept draw added to a table group: it leaves the hand too
        seen = Counter(hand)
        for _, cards in table:
            seen.update(cards)
        profile = self.profile
        tiles = sorted(set(profile.names.values()))
        if not any(
            seen[tile] < profile.copies_of(tile) and profile.wins(hand, table, tile, "discard")
            for tile in tiles
        ):
            made = event["action"]
            self.fail(f"seat {seat} makes {made} with a hand that waits on nothing", line)
        self.maker = seat

    def after_locked(self, event: Record, tracker: Tracker, line: int) -> None:
        if event["seat"] != self.maker:
            self.fail(f"seat {event['seat']} is locked without a 開槓", line)
        self.locked.add(event["seat"])

    def after_replacement_shown(self, event: Record, tracker: Tracker, line: int) -> None:
        seat = event["seat"]
        if seat != self.maker or seat not in self.locked:
            self.fail(f"seat {seat} shows tiles with no 開槓 that locked its hand", line)
        if event["end"] != "tail" or len(event["cards"]) != CS_SHOWN_COUNT:
            taken = f"{len(event['cards'])} tiles from the wall's {event['end']}"
            self.fail(f"開槓 takes {taken}, not its last {CS_SHOWN_COUNT}", line)
        self.shown = list(event["cards"])
        self.maker = None

    def after_shown_discarded(self, event: Record, tracker: Tracker, line: int) -> None:
        if sorted(event["cards"]) != sorted(self.shown):
            cards = event["cards"]
            self.fail(f"{cards} discarded together, not the tiles shown {self.shown}", line)

    def after_window(self, event: Record, tracker: Tracker, line: int) -> None:
        if not self.shown or event.get("card") is None:
            return  # no tile shown, or a window on no tile (the wall's last card, in turn)
        wins = {self.profile.win_action, *self.profile.also_wins, "pass"}
        for seat, labels in offered_by_seat(event).items():
            others = [label for label in labels if action_name(label) not in wins]
            if others:
                self.fail(f"seat {seat} is offered {others} on a shown tile", line)

    def after_draw(self, event: Record, tracker: Tracker, line: int) -> None:
        self.shown = []
        self.drawn[event["seat"]] = event["card"]

    def after_discard(self, event: Record, tracker: Tracker, line: int) -> None:
        seat = event["seat"]
        drawn = self.drawn.pop(seat, None)
        if seat in self.locked and event["card"] != drawn:
            self.fail(f"seat {seat}, locked, discards {event['card']}, not its draw {drawn}", line)
