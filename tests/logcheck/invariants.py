"""The invariants: what must hold in every hand of a log, each checked from the events.

An invariant is a class registered with `@invariant`. A fresh instance watches each hand:
its methods `before_TYPE` / `after_TYPE` (TYPE an event or line type, spaces as `_`) are
called with the record, the `Tracker` (the cards before or after the record moved them)
and the record's line; `before_watched` is called before every record whose type is in
`watches`; `end` is called with the hand's result line. It reports what is wrong with
`self.fail(message, line)`. `games` limits it to profiles of those classes.
To add one, write the class in a module and decorate it; `INVARIANTS` lists them all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from logcheck.games import Group, Paohuzi, Paomazai, Profile
from logcheck.logfile import Record
from logcheck.tracker import Tracker


@dataclass(frozen=True)
class Violation:
    invariant: str
    hand: int
    seed: int
    line: int
    message: str

    def __str__(self) -> str:
        return f"hand {self.hand} (seed {self.seed}), line {self.line}: {self.message}"


class Invariant:
    """Base of every invariant (see the module's docstring)."""

    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    games: ClassVar[tuple[type[Profile], ...]] = ()  # empty: every game
    watches: ClassVar[tuple[str, ...]] = ()  # record types `before_watched` sees
    hooks: ClassVar[dict[str, tuple[Callable[..., None] | None, Callable[..., None] | None]]]

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.failures: list[tuple[int, str]] = []

    def fail(self, message: str, line: int) -> None:
        self.failures.append((line, message))

    def before_watched(self, record: Record, tracker: Tracker, line: int) -> None:
        """Called before every record whose type is in `watches`."""

    def end(self, result: Record | None, tracker: Tracker, line: int) -> None:
        """Called once the hand's records are all seen (`result` is None if cut short)."""

    @classmethod
    def applies_to(cls, profile: Profile) -> bool:
        return not cls.games or isinstance(profile, cls.games)


INVARIANTS: dict[str, type[Invariant]] = {}


def invariant(cls: type[Invariant]) -> type[Invariant]:
    """Register an invariant class and index its event hooks."""
    hooks: dict[str, tuple[Callable[..., None] | None, Callable[..., None] | None]] = {}
    for attribute in dir(cls):
        for when in ("before_", "after_"):
            if attribute.startswith(when) and attribute != "before_watched":
                kind = attribute[len(when) :].replace("_", " ")
                before, after = hooks.get(kind, (None, None))
                method = getattr(cls, attribute)
                hooks[kind] = (method, after) if when == "before_" else (before, method)
    for kind in cls.watches:
        before, after = hooks.get(kind, (None, None))
        hooks[kind] = (_both(cls.before_watched, before), after)
    cls.hooks = hooks
    INVARIANTS[cls.name] = cls
    return cls


def _both(first: Callable[..., None], then: Callable[..., None] | None) -> Callable[..., None]:
    """A hook that calls `first`, then `then` (when there is one)."""
    if then is None:
        return first

    def hook(check: Invariant, record: Record, tracker: Tracker, line: int) -> None:
        first(check, record, tracker, line)
        then(check, record, tracker, line)

    return hook


def _action(label: str) -> str:
    return label.split(" ", 1)[0]


def _offered(event: Record) -> dict[int, list[str]]:
    return {seat: labels for seat, labels in event["offered"]}


def _chosen(event: Record) -> dict[int, str]:
    return {seat: label for seat, label in event["chosen"]}


def _after_group(tracker: Tracker, event: Record) -> tuple[Counter[str], list[Group]]:
    """A seat's concealed cards and table once an action event's group is laid down."""
    seat = tracker.seats[event["seat"]]
    move = tracker.move(event)
    hand = Counter(seat.hand)
    for card in move.taken:
        hand[card] -= 1
    table = list(seat.table)
    if move.onto is not None and move.onto < len(table):
        table[move.onto] = (move.group, move.cards)
    else:
        table.append((move.group, move.cards))
    for kind, cards in move.extra:
        for card in cards:
            hand[card] -= 1
        table.append((kind, cards))
    return +hand, table


# ── every game ────────────────────────────────────────────────────────


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
        "(PHZ-8), and the claimer then discards; only a forced move can leave nothing"
    )
    watches = ("discard", "draw", "turn passes")

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.waiting: tuple[int, str] | None = None  # (seat, claim) that must discard now
        self.forced_last: dict[int, str] = {}

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
        for seat, labels in event["offered"]:
            if win not in labels:
                continue
            if context in ("discard", "added card") and not self.profile.discard_wins:
                self.fail(f"seat {seat} offered {win} on a {context} on a self-draw table", line)
                continue
            hand = tracker.hand_for_win(seat, context, owner, card)
            table = tracker.seats[seat].table
            source = tracker.source(seat, context, owner)
            if self.profile.wins(hand, table, card, source):
                continue
            if self._wins_with_forced_group(tracker, event, seat):
                continue
            self.fail(
                f"seat {seat} offered {win} on {context} {card} with "
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


# ── 跑胡子 ────────────────────────────────────────────────────────────


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
        chosen = _chosen(event)
        for seat, labels in event["offered"]:
            if win in labels and chosen.get(seat) != win and event.get("card"):
                value = self.profile.value(tracker.seats[seat].table)
                self.declined[(seat, event["card"])] = value

    def before_action(self, event: Record, tracker: Tracker, line: int) -> None:
        if event["action"] not in ("跑", "提") or event.get("card") is None:
            return
        seat, card = event["seat"], event["card"]
        hand, table = _after_group(tracker, event)
        if not self.profile.wins(hand, table, None, None):
            return
        window = self.window
        offered = _offered(window).get(seat, []) if window and window.get("card") == card else []
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
        offered, chosen = _offered(event), _chosen(event)
        restricted = {seat for seat, _ in self.pending}
        for seat, at in self.pending:
            could = {_action(label) for label in offered.get(seat, [])} & self.profile.claims
            if not could or chosen.get(seat) != "pass":
                self.fail(
                    f"臭牌 on {event.get('card')} for seat {seat}, who chose "
                    f"{chosen.get(seat)!r} (offered {offered.get(seat)})",
                    at,
                )
        for seat, labels in offered.items():
            could = {_action(label) for label in labels} & self.profile.claims
            if could and chosen.get(seat) == "pass" and seat not in restricted:
                self.fail(
                    f"seat {seat} passed {sorted(could)} on {event.get('card')}: no 臭牌", line
                )
        self.pending = []


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


# ── 跑馬仔 ────────────────────────────────────────────────────────────


@invariant
class GuoShui(Invariant):
    name = "guo-shui-after-a-declined-win"
    summary = (
        "a seat that could win on a discard and did not (a pass, a pong, a kong) may not win "
        "on a discard until its own next draw (過水, PMZ-23)"
    )
    games = (Paomazai,)
    restriction = "過水"

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.pending: list[tuple[int, int]] = []
        self.under: set[int] = set()

    def after_restricted(self, event: Record, tracker: Tracker, line: int) -> None:
        if event["restriction"] == self.restriction:
            self.pending.append((event["seat"], line))

    def after_draw(self, event: Record, tracker: Tracker, line: int) -> None:
        self.under.discard(event["seat"])

    def after_replacement(self, event: Record, tracker: Tracker, line: int) -> None:
        self.under.discard(event["seat"])

    def after_window(self, event: Record, tracker: Tracker, line: int) -> None:
        win = self.profile.win_action
        offered, chosen = _offered(event), _chosen(event)
        if event["context"] == "discard":
            for seat, labels in offered.items():
                if win in labels and seat in self.under:
                    self.fail(f"seat {seat} under 過水 is offered {win} on a discard", line)
        restricted = {seat for seat, _ in self.pending}
        for seat, at in self.pending:
            if win not in offered.get(seat, []) or chosen.get(seat) == win:
                self.fail(f"過水 for seat {seat}, who chose {chosen.get(seat)!r}", at)
        if event["context"] == "discard":
            for seat, labels in offered.items():
                if win in labels and chosen.get(seat) != win and seat not in restricted:
                    self.fail(
                        f"seat {seat} chose {chosen.get(seat)!r} over {win} on a discard: no 過水",
                        line,
                    )
        self.under |= restricted
        self.pending = []
