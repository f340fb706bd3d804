"""Invariants of every game: money, discards, claims, wins offered, what the others see."""

from __future__ import annotations

from collections import Counter

from logcheck.games import Paohuzi, Paomazai, Profile
from logcheck.invariants import Invariant, invariant
from logcheck.logfile import Record
from logcheck.tracker import Tracker


@invariant
class MoneySumsToZero(Invariant):
    name = "money-sums-to-zero"
    summary = "every payment is from one seat to another (or a fee to the house): totals sum to 0"

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.paid: Counter[int] = Counter()
        self.house = 0

    def after_pay(self, event: Record, tracker: Tracker, line: int) -> None:
        amount = event["amount"]
        if amount <= 0:
            self.fail(f"a payment of {amount}", line)
        if event["payer"] is not None:
            self.paid[event["payer"]] -= amount
        else:
            self.fail("the house pays", line)
        if event["payee"] is not None:
            self.paid[event["payee"]] += amount
        else:
            self.house += amount

    def end(self, result: Record | None, tracker: Tracker, line: int) -> None:
        if result is None:
            return
        totals = result["totals"]
        if sum(totals) + self.house != 0:
            self.fail(f"totals {totals} and {self.house} to the house do not sum to 0", line)
        expected = [self.paid[seat] for seat in range(len(totals))]
        if totals != expected:
            self.fail(f"totals {totals}, but the payments give {expected}", line)


@invariant
class DiscardsAreHeld(Invariant):
    name = "discards-are-held"
    summary = "a seat discards only a card it holds: it never must discard from no cards"

    def before_discard(self, event: Record, tracker: Tracker, line: int) -> None:
        seat, card = event["seat"], event["card"]
        if tracker.seats[seat].hand[card] <= 0:
            held = sum(tracker.seats[seat].hand.values())
            self.fail(f"seat {seat} discards {card}, holding {held} cards and no {card}", line)


@invariant
class ClaimsLeaveADiscard(Invariant):
    name = "claims-leave-a-discard"
    summary = (
        "a claim followed by a discard is offered only when a card it may discard is left "
        "(PHZ-8), and the claimer then discards; only a forced move, or a draw onto cards "
        "that may not be split, can leave nothing"
    )
    watches = ("discard", "draw", "turn passes")

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.waiting: tuple[int, str] | None = None  # (seat, claim) that must discard now
        self.forced_last: dict[int, str] = {}  # a seat's last move: a forced action, "draw"

    def after_action(self, event: Record, tracker: Tracker, line: int) -> None:
        seat, action = event["seat"], event["action"]
        self.forced_last[seat] = action if action in self.profile.forced_actions else ""
        if action not in self.profile.claims:
            return
        if not tracker.may_discard(seat):
            held = +tracker.seats[seat].hand
            self.fail(
                f"seat {seat}'s {event['label']} leaves no card it may discard "
                f"(holding {sorted(held.elements()) or 'nothing'})",
                line,
            )
        self.waiting = (seat, event["label"])

    def before_watched(self, event: Record, tracker: Tracker, line: int) -> None:
        """The claimer's discard must be the next move."""
        if event["type"] == "draw" and event.get("seat") is not None:
            self.forced_last[event["seat"]] = "draw"
        if self.waiting is None:
            return
        seat, label = self.waiting
        self.waiting = None
        if not (event["type"] == "discard" and event["seat"] == seat):
            self.fail(f"seat {seat} made {label} and did not discard: {event['type']}", line)

    def before_turn_passes(self, event: Record, tracker: Tracker, line: int) -> None:
        if event.get("why") == "nothing to discard" and not self.forced_last.get(event["seat"]):
            self.fail(f"seat {event['seat']} has nothing to discard after an action it chose", line)


@invariant
class OfferedWinsAreWins(Invariant):
    name = "offered-wins-are-wins"
    summary = "every win offered is a winning hand under the documents (PHZ-12, PMZ-4)"

    def before_window(self, event: Record, tracker: Tracker, line: int) -> None:
        card, context, owner = event.get("card"), event["context"], event["owner"]
        win = self.profile.win_action
        wins = {win, *self.profile.also_wins}
        for seat, labels in event["offered"]:
            if not wins.intersection(labels):
                continue
            robbed = context == "added card" and self.profile.robs_kongs
            on_discard = context in ("discard", "added card") and not robbed
            if on_discard and not self.profile.discard_wins:
                self.fail(f"seat {seat} offered {win} on a {context} on a self-draw table", line)
                continue
            hand = tracker.hand_for_win(seat, context, owner, card)
            table = tracker.seats[seat].table
            source = tracker.source(seat, context, owner)
            if self.profile.wins(hand, table, card, source):
                continue
            if self._wins_with_forced_group(tracker, event, seat):
                continue
            label = next(w for w in sorted(wins) if w in labels)
            self.fail(
                f"seat {seat} offered {label} on {context} {card} with "
                f"{''.join(sorted(hand.elements()))} + table {table}: not a win",
                line,
            )

    def _wins_with_forced_group(self, tracker: Tracker, event: Record, seat: int) -> bool:
        card = event.get("card")
        if card is None or not isinstance(self.profile, Paohuzi):
            return False
        forced = self.profile.forced(tracker.seats, event["context"], event["owner"], card)
        if forced is None or forced[0] != seat:
            return False
        hand, table = self.profile.forced_outcome(tracker.seats[seat], forced[1], card)
        return hand is not None and self.profile.wins(hand, table, None, None)


@invariant
class UnseenDrawsAndGroups(Invariant):
    name = "visibility"
    summary = (
        "a draw is shown unless it goes straight into a 偎 or 提; a 偎 lies face down, a 提 "
        "and a 臭偎 show one card, the other groups all (PHZ-4, PHZ-5, PHZ-9)"
    )
    games = (Paohuzi, Paomazai)

    def before_draw(self, event: Record, tracker: Tracker, line: int) -> None:
        seat, card = event["seat"], event["card"]
        if not self.profile.draws_shown:
            if event.get("shown"):
                self.fail(f"seat {seat}'s kept draw {card} is shown", line)
            return
        forced = self.profile.forced(tracker.seats, "draw", seat, card)
        unseen = forced is not None and forced[0] == seat and forced[1] in ("偎", "提")
        if unseen and event.get("shown"):
            self.fail(f"seat {seat}'s draw {card} goes into a {forced[1]} and is shown", line)
        if not unseen and not event.get("shown"):
            self.fail(f"seat {seat}'s draw {card} is not shown", line)

    def after_action(self, event: Record, tracker: Tracker, line: int) -> None:
        if "lies" not in event:
            return  # a log from before the engine said how groups lie
        expected = self.profile.lies_after(event["action"], event["group"])
        if event["lies"] != expected:
            self.fail(
                f"seat {event['seat']}'s {event['group']} lies {event.get('lies')!r}, "
                f"not {expected!r}",
                line,
            )


@invariant
class WinnerTakesNoFurtherPart(Invariant):
    name = "a-winner-takes-no-further-part"
    summary = (
        "a seat that has won draws, discards, declares and pays nothing more in the hand, and "
        "no window asks it; where play goes on after a win its seats leave at once, named by "
        "a leaves event with those still playing, and the end lists the winners in the order "
        "they won (SC-7; in every other game the hand ends at its win)"
    )
    watches = ("draw", "replacement", "discard", "action", "window", "pay", "leaves", "end")

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.won: list[int] = []  # every winner so far, in order

    def after_win(self, event: Record, tracker: Tracker, line: int) -> None:
        self.won.append(event["seat"])

    def before_watched(self, record: Record, tracker: Tracker, line: int) -> None:
        kind = record["type"]
        gone = set(tracker.left)
        if kind == "window":
            asked = [seat for seat, _ in record["offered"] if seat in gone]
            if asked:
                self.fail(f"a window asks {asked}, who have won and left the hand", line)
        elif kind == "pay":
            # a fee to the house is the winner's own, from its takings
            if record["payer"] in gone and record["payee"] is not None:
                self.fail(f"seat {record['payer']} pays after it has won and left", line)
        elif kind == "leaves":
            seats = len(tracker.seats)
            newly = [seat for seat in self.won if seat not in gone]
            if list(record["seats"]) != newly:
                self.fail(f"seats {record['seats']} leave, but {newly} have just won", line)
            playing = [s for s in range(seats) if s not in gone and s not in record["seats"]]
            if list(record["playing"]) != playing:
                self.fail(f"still playing: {record['playing']}, not {playing}", line)
        elif kind == "end":
            if list(record["winners"]) != self.won:
                self.fail(f"the end names winners {record['winners']}, not {self.won}", line)
        elif record.get("seat") in gone:
            self.fail(f"seat {record['seat']} has a {kind} after it has won and left", line)
