"""Invariants of 四川麻將 (SC-n): the exchange before play, the declared void suit."""

from __future__ import annotations

from collections import Counter

from logcheck.games import Sichuan, suit_of
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
