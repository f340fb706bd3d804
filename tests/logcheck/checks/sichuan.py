"""Invariants of 四川麻將 (SC-n): the exchange before play, the declared void suit."""

from __future__ import annotations

from collections import Counter

from logcheck.games import Changsha, Profile, Sichuan, suit_of
from logcheck.invariants import Invariant, invariant
from logcheck.logfile import Record
from logcheck.tracker import Tracker

STEPS = {"next": 1, "previous": -1, "across": 2}


@invariant
class ExchangePassesThree(Invariant):
    name = "exchange-passes-n-of-one-suit"
    summary = (
        "in the exchange every seat passes exactly 3 tiles of one suit it held, all to the "
        "seat the direction names, once, before any discard (換三張, SC-2)"
    )
    games = (Sichuan,)

    def __init__(self, profile: Sichuan) -> None:  # type: ignore[override]
        super().__init__(profile)
        self.exchanges = 0

    def before_exchange(self, event: Record, tracker: Tracker, line: int) -> None:
        self.exchanges += 1
        seats = len(tracker.seats)
        direction = event.get("direction")
        if direction not in STEPS:
            self.fail(f"exchange in no direction ({direction!r})", line)
            return
        if tracker.discarded:
            self.fail("an exchange after the first discard", line)
        expected = [(seat + STEPS[direction]) % seats for seat in range(seats)]
        if event["to"] != expected:
            self.fail(f"exchange {direction} passes to {event['to']}, not {expected}", line)
        for seat, cards in enumerate(event["passed"]):
            if len(cards) != self.profile.passes:  # type: ignore[attr-defined]
                self.fail(f"seat {seat} passes {len(cards)} tiles", line)
            if len({suit_of(card) for card in cards}) != 1:
                self.fail(f"seat {seat} passes tiles of several suits: {cards}", line)
            held = tracker.seats[seat].hand
            if any(held[card] < n for card, n in Counter(cards).items()):
                self.fail(f"seat {seat} passes {cards}, not all in its hand", line)

    def end(self, result: Record, tracker: Tracker, line: int) -> None:
        if self.exchanges != 1:
            self.fail(f"{self.exchanges} exchanges in the hand, not 1", line)


@invariant
class VoidSuitFirst(Invariant):
    name = "declared-suit-discarded-first"
    summary = (
        "a seat holding a tile of its declared suit discards one of those, and wins holding "
        "none of them, table melds and the winning tile counted (定缺, SC-3, SC-4)"
    )
    games = (Sichuan,)

    def before_discard(self, event: Record, tracker: Tracker, line: int) -> None:
        seat = tracker.seats[event["seat"]]
        void = seat.declared.get("suit")
        if void is None:
            self.fail("a discard before the void suit is declared", line)
            return
        holds = any(n > 0 and suit_of(card) == void for card, n in seat.hand.items())
        if holds and suit_of(event["card"]) != void:
            self.fail(
                f"seat {event['seat']} discards {event['card']} while holding tiles of its "
                f"declared suit {void}",
                line,
            )

    def before_window(self, event: Record, tracker: Tracker, line: int) -> None:
        card, context, owner = event.get("card"), event["context"], event["owner"]
        for seat, labels in event["offered"]:
            if self.profile.win_action not in labels:
                continue
            void = tracker.seats[seat].declared.get("suit")
            hand = tracker.hand_for_win(seat, context, owner, card)
            cards = [*hand.elements(), *(c for _, g in tracker.seats[seat].table for c in g)]
            if card is not None and seat != owner:
                cards.append(card)
            if any(suit_of(c) == void for c in cards):
                self.fail(f"seat {seat} is offered a win holding its declared suit {void}", line)


@invariant
class NoClaimOfTheDeclaredSuit(Invariant):
    name = "no-pong-or-kong-of-the-declared-suit"
    summary = (
        "no 碰 or 槓 (on a discard, added, concealed) takes a tile of the declared suit of "
        "the seat making it, offered or held (定缺, SC-3)"
    )
    games = (Sichuan,)

    def before_action(self, event: Record, tracker: Tracker, line: int) -> None:
        if event["action"] not in self.profile.void_free:  # type: ignore[attr-defined]
            return
        void = tracker.seats[event["seat"]].declared.get("suit")
        cards = [event.get("card"), *(event.get("cards") or ())]
        taken = next((c for c in cards if c is not None and suit_of(c) == void), None)
        if taken is not None:
            self.fail(
                f"seat {event['seat']}'s {event['action']} takes {taken}, of its declared "
                f"suit {void}",
                line,
            )


@invariant
class PlayGoesOnAfterAWin(Invariant):
    name = "play-goes-on-after-a-win"
    summary = (
        "血戰到底: every win is followed by its seats leaving; the hand ends when three have "
        "won or the wall is empty, never sooner; a kong is paid by the seats still playing; "
        "the next dealer is the first winner, or the discarder of the first winning discard "
        "that several won on, or the dealer after a hand nobody won (SC-7, SC-8, SC-15)"
    )
    games = (Sichuan,)
    watches = ("win", "leaves", "pay", "drawn hand", "end", "draw", "discard", "action")

    def __init__(self, profile: Sichuan) -> None:  # type: ignore[override]
        super().__init__(profile)
        self.pending: list[int] = []  # winners not yet left
        self.first: list[Record] = []  # the win events of the hand's first winning card
        self.left_once = False  # the first winners have left
        self.drawn = False

    def before_watched(self, record: Record, tracker: Tracker, line: int) -> None:
        kind = record["type"]
        if kind == "win":
            if not self.left_once:
                self.first.append(record)
            self.pending.append(record["seat"])
        elif kind == "leaves":
            self.pending = []
            self.left_once = True
        elif kind == "pay":
            if str(record.get("clause", "")).startswith("action"):
                self._kong_paid(record, tracker, line)
        elif kind == "drawn hand":
            self.drawn = True
        elif kind == "end":
            self._ended(record, tracker, line)
        elif self.pending:
            self.fail(f"a {kind} before the winners {self.pending} leave the hand", line)

    def _kong_paid(self, record: Record, tracker: Tracker, line: int) -> None:
        if record["payer"] in tracker.left:
            self.fail(f"seat {record['payer']} pays a kong after it has left", line)

    def _ended(self, record: Record, tracker: Tracker, line: int) -> None:
        if self.pending:
            self.fail(f"the hand ends before the winners {self.pending} leave it", line)
        winners = list(record["winners"])
        if len(winners) < self.profile.leave_until and not self.drawn:  # type: ignore[attr-defined]
            self.fail(f"the hand ends with {len(winners)} winners and cards in the wall", line)
        if not self.first:
            expected = tracker.dealer
        elif len(self.first) > 1:
            expected = self.first[0]["owner"]
        else:
            expected = self.first[0]["seat"]
        if record["next_dealer"] != expected:
            self.fail(f"the next dealer is {record['next_dealer']}, not {expected}", line)


@invariant
class DiscardAfterKongOrLastTile(Invariant):
    name = "gang-shang-pao-and-hai-di-pao"
    summary = (
        "槓上炮 counts exactly on a win on a discard its owner made right after its own "
        "replacement draw or on the tiles a 開槓 showed, discarded together; 海底炮 exactly "
        "on one made right after it drew the wall's last tile (SC-9, CS-4, CS-7, CS-8)"
    )
    games = (Sichuan, Changsha)

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.latest: tuple[int, bool, bool] | None = None  # seat, replacement, last tile
        self.after = (False, False)  # the latest discard: after a replacement, the last tile

    def after_draw(self, event: Record, tracker: Tracker, line: int) -> None:
        self.latest = (event["seat"], False, event.get("left") == 0)

    def after_replacement(self, event: Record, tracker: Tracker, line: int) -> None:
        self.latest = (event["seat"], True, event.get("left") == 0)

    def after_replacement_shown(self, event: Record, tracker: Tracker, line: int) -> None:
        self.latest = (event["seat"], True, event.get("left") == 0)  # 開槓's tiles (CS-7)

    def after_shown_discarded(self, event: Record, tracker: Tracker, line: int) -> None:
        self.after_discard(event, tracker, line)  # a win on them is 槓上炮 (CS-4, CS-7)

    def after_discard(self, event: Record, tracker: Tracker, line: int) -> None:
        latest = self.latest
        self.after = (False, False)
        if latest is not None and latest[0] == event["seat"]:
            self.after = (latest[1], latest[2])
        self.latest = None

    def before_win(self, event: Record, tracker: Tracker, line: int) -> None:
        if event["context"] != "discard":
            return
        counted = {p["name"] for p in event.get("patterns", []) if not p.get("excluded_by")}
        for name, wanted in zip(("槓上炮", "海底炮"), self.after, strict=True):
            if (name in counted) != wanted:
                said = "counted" if name in counted else "not counted"
                self.fail(f"seat {event['seat']}'s win on {event.get('card')}: {name} {said}", line)
