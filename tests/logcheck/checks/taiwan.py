"""Invariants of 台灣16張 (TW-n): flowers never kept, the dead wall never drawn, one winner
on a discard, 平胡 only on several waits."""

from __future__ import annotations

from collections import Counter

from logcheck.games import MJ_NAMES, Taiwan
from logcheck.invariants import Invariant, invariant
from logcheck.logfile import Record
from logcheck.tracker import Tracker


@invariant
class FlowersAreNeverKept(Invariant):
    name = "flowers-are-never-kept"
    summary = (
        "a flower is never discarded, never in a hand that discards, and each one laid is "
        "replaced from the wall before the seat goes on (補花, TW-2)"
    )
    games = (Taiwan,)

    def __init__(self, profile: Taiwan) -> None:  # type: ignore[override]
        super().__init__(profile)
        self.owed: dict[int, int] = {}  # seat -> flowers laid and not yet replaced

    def after_action(self, event: Record, tracker: Tracker, line: int) -> None:
        if event.get("action") == self.profile.lay_flower:  # type: ignore[attr-defined]
            seat = event["seat"]
            self.owed[seat] = self.owed.get(seat, 0) + 1

    def before_replacement(self, event: Record, tracker: Tracker, line: int) -> None:
        seat = event["seat"]
        if self.owed.get(seat):
            self.owed[seat] -= 1

    def before_discard(self, event: Record, tracker: Tracker, line: int) -> None:
        seat = event["seat"]
        flowers = self.profile.flowers  # type: ignore[attr-defined]
        if event["card"] in flowers:
            self.fail(f"seat {seat} discards the flower {event['card']}", line)
        held = sorted(card for card, n in tracker.seats[seat].hand.items() if n and card in flowers)
        if held:
            self.fail(f"seat {seat} discards holding flowers {held}", line)
        if self.owed.get(seat):
            self.fail(f"seat {seat} discards before a flower laid is replaced", line)

    def before_draw(self, event: Record, tracker: Tracker, line: int) -> None:
        for seat, owed in self.owed.items():
            if owed and event.get("seat") != seat:
                self.fail(f"seat {seat}'s flower is not replaced before the next draw", line)
                self.owed[seat] = 0


@invariant
class DeadWallIsNeverDrawn(Invariant):
    name = "dead-wall-is-never-drawn"
    summary = (
        "no draw or replacement takes one of the wall's last 16 tiles, and a drawn hand "
        "leaves exactly 16 (流局, TW-5)"
    )
    games = (Taiwan,)

    def __init__(self, profile: Taiwan) -> None:  # type: ignore[override]
        super().__init__(profile)
        self.left: int | None = None

    def after_deal(self, event: Record, tracker: Tracker, line: int) -> None:
        self.left = event["wall"]

    def before_draw(self, event: Record, tracker: Tracker, line: int) -> None:
        self._taken(event, line)

    def before_replacement(self, event: Record, tracker: Tracker, line: int) -> None:
        self._taken(event, line)

    def _taken(self, event: Record, line: int) -> None:
        dead = self.profile.dead_wall  # type: ignore[attr-defined]
        if event["left"] < dead:
            self.fail(f"a tile drawn leaves {event['left']} in the wall, below {dead}", line)
        self.left = event["left"]

    def end(self, result: Record | None, tracker: Tracker, line: int) -> None:
        dead = self.profile.dead_wall  # type: ignore[attr-defined]
        drawn = result is not None and not result.get("winners")
        if drawn and self.left is not None and self.left != dead:
            self.fail(f"a drawn hand with {self.left} tiles left, not {dead}", line)


@invariant
class OnlyTheNearestWinner(Invariant):
    name = "only-the-nearest-winner"
    summary = (
        "when several seats choose to win on one discard, only the nearest in turn order "
        "from the discarder wins, and a hand has at most one winner (截胡, TW-4)"
    )
    games = (Taiwan,)

    def before_window(self, event: Record, tracker: Tracker, line: int) -> None:
        win = self.profile.win_action
        owner, seats = event["owner"], len(tracker.seats)
        chose = [seat for seat, label in event.get("chosen", []) if label == win]
        if len(chose) < 2:
            return
        nearest = min(chose, key=lambda seat: (seat - owner) % seats)
        if event.get("taken_by") != [nearest]:
            self.fail(
                f"seats {chose} chose {win}; taken by {event.get('taken_by')}, not the "
                f"nearest {nearest}",
                line,
            )

    def end(self, result: Record | None, tracker: Tracker, line: int) -> None:
        winners = (result or {}).get("winners") or []
        if len(winners) > 1:
            self.fail(f"{len(winners)} winners in one hand: {winners}", line)


@invariant
class PingHuHasSeveralWaits(Invariant):
    name = "ping-hu-has-several-waits"
    summary = (
        "a win's waits are the tiles that would have completed the hand before the winning "
        "tile (by the shape; none of which the hand holds all four), and 平胡 counts only "
        "with more than one (TW-6, P2-8)"
    )
    games = (Taiwan,)

    def before_win(self, event: Record, tracker: Tracker, line: int) -> None:
        seat, card = event["seat"], event.get("card")
        if card is None or event.get("waits") is None:
            return
        cards = tracker.seats[seat]
        hand = Counter(cards.hand)
        if event["context"] in ("draw", "replacement") and event.get("owner") == seat:
            hand[card] -= 1  # the winner's own card is in its hand already
        held = Counter(hand)
        for _, group in cards.table:
            held.update(group)
        profile: Taiwan = self.profile  # type: ignore[assignment]
        tiles = set(MJ_NAMES.values()) - profile.flowers
        waits = sum(
            1 for tile in tiles if held[tile] < 4 and profile.wins(hand, cards.table, tile, None)
        )
        if event["waits"] != waits:
            self.fail(f"seat {seat} won on {card} with {event['waits']} waits, not {waits}", line)
        counted = {p["name"] for p in event.get("patterns", []) if not p.get("excluded_by")}
        if "平胡" in counted and waits <= 1:
            self.fail(f"seat {seat}'s 平胡 on a single wait ({card})", line)
