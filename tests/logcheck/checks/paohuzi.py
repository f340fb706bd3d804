"""Invariants of 跑胡子 (PHZ-n): a 坎 locked, forced moves made, dealt 提 laid down first,
wins on a forced group offered, 臭牌 only after a real pass."""

from __future__ import annotations

from logcheck.games import Paohuzi, Profile
from logcheck.invariants import (
    Invariant,
    action_name,
    after_group,
    chosen_by_seat,
    invariant,
    offered_by_seat,
)
from logcheck.logfile import Record
from logcheck.tracker import Tracker


@invariant
class KanIsLocked(Invariant):
    name = "kan-is-locked"
    summary = (
        "no card of a 坎 (three or four alike held) is discarded or used by a 吃/比/碰 "
        "(PHZ-4, PHZ-20)"
    )
    games = (Paohuzi,)

    def before_discard(self, event: Record, tracker: Tracker, line: int) -> None:
        seat, card = event["seat"], event["card"]
        if tracker.locked(seat, card):
            count = tracker.seats[seat].hand[card]
            self.fail(f"seat {seat} discards {card} out of {count} alike held", line)

    def before_action(self, event: Record, tracker: Tracker, line: int) -> None:
        if event["action"] not in self.profile.claims:
            return
        seat = event["seat"]
        move = tracker.move(event)
        used = list(move.taken)
        for _, cards in move.extra:
            used += cards
        for card in sorted(set(used)):
            if tracker.locked(seat, card):
                count = tracker.seats[seat].hand[card]
                self.fail(f"seat {seat}'s {event['label']} uses {card} of {count} alike held", line)


@invariant
class ForcedMovesHappen(Invariant):
    name = "forced-moves-happen"
    summary = (
        "every 提, 跑 and 偎 a card forces is made, or a win on the card ends the hand "
        "(PHZ-5, PHZ-6, PHZ-7)"
    )
    games = (Paohuzi,)
    watches = ("draw", "discard", "untaken", "turn passes", "drawn hand", "action", "win")

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.expected: tuple[int, str, str, int] | None = None  # seat, action, card, line

    def before_watched(self, event: Record, tracker: Tracker, line: int) -> None:
        """The expected move is made, a win ends the hand, or play moves on without it."""
        if self.expected is None:
            return
        seat, action, card, at = self.expected
        kind = event["type"]
        if kind == "win":
            self.expected = None
        elif kind == "action":
            if (event["seat"], event["action"], event.get("card")) != (seat, action, card):
                self.fail(
                    f"seat {seat} had to {action} {card} (line {at}); "
                    f"instead seat {event['seat']} {event['label']}",
                    line,
                )
            self.expected = None
        else:
            self.fail(f"seat {seat} had to {action} {card} (line {at}); it did not", line)
            self.expected = None

    def _expect(self, tracker: Tracker, context: str, owner: int, card: str, line: int) -> None:
        forced = self.profile.forced(tracker.seats, context, owner, card)
        if forced is not None:
            self.expected = (forced[0], forced[1], card, line)

    def after_draw(self, event: Record, tracker: Tracker, line: int) -> None:
        self._expect(tracker, "draw", event["seat"], event["card"], line)

    def after_discard(self, event: Record, tracker: Tracker, line: int) -> None:
        self._expect(tracker, "discard", event["seat"], event["card"], line)

    def end(self, result: Record | None, tracker: Tracker, line: int) -> None:
        if self.expected is not None and result is not None and not result["winners"]:
            seat, action, card, at = self.expected
            self.fail(f"seat {seat} had to {action} {card} (line {at}); the hand ended", line)


@invariant
class DealtGroupsGoDownFirst(Invariant):
    name = "dealt-ti-before-first-discard"
    summary = (
        "four alike dealt are laid down (提) for every seat before the dealer's first "
        "discard (PHZ-6, PHZ-11)"
    )
    games = (Paohuzi,)

    def before_discard(self, event: Record, tracker: Tracker, line: int) -> None:
        if tracker.discarded:
            return
        for seat, cards in enumerate(tracker.seats):
            for card, count in cards.hand.items():
                if count >= 4:
                    self.fail(f"seat {seat} still holds four {card} at the first discard", line)


@invariant
class ForcedGroupWinsOffered(Invariant):
    name = "forced-group-wins-offered"
    summary = (
        "a 跑 or 提 made with a card that completes the hand, counted as 跑/提, was offered "
        "as a win first (破跑胡, PHZ-17, PHZ-13), unless 臭胡 forbade it (PHZ-18)"
    )
    games = (Paohuzi,)

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.window: Record | None = None
        self.declined: dict[tuple[int, str], int] = {}  # (seat, card) -> table 胡息 then

    def after_window(self, event: Record, tracker: Tracker, line: int) -> None:
        self.window = event
        win = self.profile.win_action
        chosen = chosen_by_seat(event)
        for seat, labels in event["offered"]:
            if win in labels and chosen.get(seat) != win and event.get("card"):
                value = self.profile.value(tracker.seats[seat].table)
                self.declined[(seat, event["card"])] = value

    def before_action(self, event: Record, tracker: Tracker, line: int) -> None:
        if event["action"] not in ("跑", "提") or event.get("card") is None:
            return
        seat, card = event["seat"], event["card"]
        hand, table = after_group(tracker, event)
        if not self.profile.wins(hand, table, None, None):
            return
        window = self.window
        offered = (
            offered_by_seat(window).get(seat, []) if window and window.get("card") == card else []
        )
        if self.profile.win_action in offered:
            return
        value = self.profile.value(tracker.seats[seat].table)
        if self.declined.get((seat, card)) == value:
            return  # 臭胡: a win on this card was passed and the table has not changed
        self.fail(
            f"seat {seat}'s {event['label']} completes its hand "
            f"({''.join(sorted(hand.elements()))} + {table}); the win was not offered",
            line,
        )


@invariant
class ChouPaiFollowsARealPass(Invariant):
    name = "chou-pai-after-a-real-pass"
    summary = (
        "a card becomes 臭牌 for a seat exactly when it could 吃/碰 it and chose to pass (PHZ-10)"
    )
    games = (Paohuzi,)
    restriction = "臭牌"

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.pending: list[tuple[int, int]] = []  # (seat, line)

    def after_restricted(self, event: Record, tracker: Tracker, line: int) -> None:
        if event["restriction"] == self.restriction:
            self.pending.append((event["seat"], line))

    def after_window(self, event: Record, tracker: Tracker, line: int) -> None:
        offered, chosen = offered_by_seat(event), chosen_by_seat(event)
        restricted = {seat for seat, _ in self.pending}
        for seat, at in self.pending:
            could = {action_name(label) for label in offered.get(seat, [])} & self.profile.claims
            if not could or chosen.get(seat) != "pass":
                self.fail(
                    f"臭牌 on {event.get('card')} for seat {seat}, who chose "
                    f"{chosen.get(seat)!r} (offered {offered.get(seat)})",
                    at,
                )
        for seat, labels in offered.items():
            could = {action_name(label) for label in labels} & self.profile.claims
            if could and chosen.get(seat) == "pass" and seat not in restricted:
                self.fail(
                    f"seat {seat} passed {sorted(could)} on {event.get('card')}: no 臭牌", line
                )
        self.pending = []
