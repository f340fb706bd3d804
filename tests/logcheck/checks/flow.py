"""Invariants of the flow of every hand, from the log alone: no card made or lost, and no
decision that leaves the hand stuck."""

from __future__ import annotations

from collections import Counter

from logcheck.games import Profile
from logcheck.invariants import Invariant, invariant
from logcheck.logfile import CHOICE_LINE, Hand, Record
from logcheck.tracker import Tracker

# records that take cards from the wall
WALL_MOVES = ("draw", "replacement", "replacement shown", "bonus")
# Choices the seats may make between two cards leaving the wall: a draw can start a claim,
# its forced moves, a discard and the windows on it, but never an endless round of them.
MAX_CHOICES_BETWEEN_CARDS = 64


def deck_size(profile: Profile) -> int:
    """How many cards the documents' deck holds: four of each card the game names, or as
    many as they give that card (TW-1's single flowers)."""
    return sum(profile.copies_of(card) for card in set(profile.names.values()))


def cards_in_play(tracker: Tracker) -> Counter[str]:
    """Every card the log has shown outside the wall: in hands, in table groups, on discard
    piles, and the drawn card on offer in the open."""
    found: Counter[str] = Counter()
    for seat in tracker.seats:
        found.update(seat.hand)
        for _, cards in seat.table:
            found.update(cards)
        found.update(seat.discards)
    if tracker.offer is not None and tracker.offer.where == "open":
        found[tracker.offer.card] += 1
    found.update(tracker.shown_open)
    return found


def _held(tracker: Tracker) -> int:
    """The number of cards in play (see `cards_in_play`), counted without building it."""
    total = 0
    for seat in tracker.seats:
        total += sum(seat.hand.values()) + len(seat.discards)
        for _, cards in seat.table:
            total += len(cards)
    if tracker.offer is not None and tracker.offer.where == "open":
        total += 1
    return total + len(tracker.shown_open)


@invariant
class CardsAreConserved(Invariant):
    name = "cards-are-conserved"
    summary = (
        "the deal holds the whole deck (four of each card, or as the game gives); each card "
        "leaving the wall is one card, and the cards in hands, on the table, on discard "
        "piles, set aside by bonus draws and left in the wall always add up to the deck "
        "(PHZ-1, PMZ-1, HK-1, TW-1)"
    )

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.deck = deck_size(profile)
        self.left = 0  # cards in the wall
        self.aside: Counter[str] = Counter()  # cards drawn by bonus draws

    def after_deal(self, event: Record, tracker: Tracker, line: int) -> None:
        self.left = event["wall"]
        dealt = sum(len(hand) for hand in event["hands"])
        if dealt + self.left != self.deck:
            self.fail(
                f"{dealt} cards dealt and {self.left} in the wall: not a deck of {self.deck}",
                line,
            )
        self._count(tracker, line)

    def after_draw(self, event: Record, tracker: Tracker, line: int) -> None:
        self._left(event, line)
        self._count(tracker, line)

    def after_replacement(self, event: Record, tracker: Tracker, line: int) -> None:
        self._left(event, line)
        self._count(tracker, line)

    def after_replacement_shown(self, event: Record, tracker: Tracker, line: int) -> None:
        taken = len(event["cards"])
        if event["left"] != self.left - taken:
            self.fail(f"{taken} cards shown leave {event['left']} in a wall of {self.left}", line)
        self.left = event["left"]
        self._count(tracker, line)

    def after_shown_discarded(self, event: Record, tracker: Tracker, line: int) -> None:
        self._count(tracker, line)

    def after_bonus(self, event: Record, tracker: Tracker, line: int) -> None:
        self.aside.update(event["cards"])
        self.left -= len(event["cards"])
        if self.left < 0:
            self.fail(f"a bonus draw of {len(event['cards'])} from a wall it empties", line)

    def after_turned(self, event: Record, tracker: Tracker, line: int) -> None:
        """A card turned up at the deal (GD-4) leaves the wall and is set aside, out of
        play: counted with the deck, never again in a hand."""
        self.aside[event["card"]] += 1
        self._left(event, line)
        self._count(tracker, line)

    def _left(self, event: Record, line: int) -> None:
        if event["left"] != self.left - 1:
            self.fail(f"a card drawn leaves {event['left']} in a wall of {self.left}", line)
        self.left = event["left"]

    def _count(self, tracker: Tracker, line: int) -> None:
        held = _held(tracker) + sum(self.aside.values())
        if held + self.left != self.deck:
            difference = held + self.left - self.deck
            self.fail(
                f"{held} cards in play and {self.left} in the wall: {difference:+} against "
                f"the deck of {self.deck}",
                line,
            )

    def end(self, result: Record | None, tracker: Tracker, line: int) -> None:
        self._count(tracker, line)
        seen = cards_in_play(tracker) + self.aside
        known = set(self.profile.names.values())
        for card, count in sorted(seen.items()):
            if card not in known:
                self.fail(f"{card} is no card of the deck", line)
            elif count > self.profile.copies_of(card):
                copies = self.profile.copies_of(card)
                self.fail(f"{count} of {card} in play, of {copies} in the deck", line)
        for seat, cards in enumerate(tracker.seats):
            negative = sorted(card for card, count in cards.hand.items() if count < 0)
            if negative:
                self.fail(f"seat {seat} gave away cards it did not hold: {negative}", line)


@invariant
class NoStuckDecision(Invariant):
    name = "no-stuck-decision"
    summary = (
        "every hand ends (an end event, then its result); every window's choices are among "
        "the choices offered to the seats asked; the seats never choose more than "
        f"{MAX_CHOICES_BETWEEN_CARDS} times between two cards leaving the wall"
    )

    def begin(self, header: Record, hand: Hand) -> None:
        last = hand.records[-1] if hand.records else (hand.line, {"type": "hand"})
        if hand.result is None:
            self.fail("the hand has no result: it never ended", last[0])
        elif last[1]["type"] != "end":
            self.fail(f"the hand's last event is a {last[1]['type']}, not its end", last[0])
        wall_lines: set[int] = set()
        for number, record in hand.records:
            kind = record["type"]
            if kind in WALL_MOVES:
                wall_lines.add(number)
            elif kind == "end" and number != last[0]:
                self.fail("events after the hand's end", number)
            elif kind == "window":
                self._window(record, number)
        choices = 0
        for number, text in enumerate(hand.lines, start=hand.line):
            if number in wall_lines:
                choices = 0
            elif text.startswith(CHOICE_LINE):
                choices += 1
                if choices == MAX_CHOICES_BETWEEN_CARDS + 1:
                    self.fail(
                        f"more than {MAX_CHOICES_BETWEEN_CARDS} choices without a card "
                        "leaving the wall",
                        number,
                    )

    def _window(self, event: Record, line: int) -> None:
        offered = {seat: labels for seat, labels in event["offered"]}
        chosen = {seat: label for seat, label in event["chosen"]}
        if not offered:
            self.fail("a window that asks nobody", line)
        for seat, label in chosen.items():
            if seat not in offered:
                self.fail(f"seat {seat} answers a window it was not asked in", line)
            elif label not in offered[seat]:
                self.fail(f"seat {seat} chooses {label!r}, not among {offered[seat]}", line)
        for seat in event["taken_by"]:
            if seat not in chosen:
                self.fail(f"seat {seat} takes the card without having chosen", line)
