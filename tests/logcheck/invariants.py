"""How an invariant is written: what must hold in every hand of a log, checked record by
record.

An invariant is a class registered with `@invariant`. A fresh instance watches each hand:
`begin` sees the log's header and the hand (its lines as written); its methods
`before_TYPE` / `after_TYPE` (TYPE an event or line type, spaces as `_`) are called with
the record, the `Tracker` (the cards before or after the record moved them) and the
record's line; `before_watched` is called before every record whose type is in `watches`;
`end` is called with the hand's result line. It reports what is wrong with
`self.fail(message, line)`. `games` limits it to profiles of those classes.

The invariants themselves live in modules by game (`every_game`, `paohuzi`, `paomazai`);
to add some, write the classes in a module, decorate them and list the module in the
package's `__init__`. `INVARIANTS` lists them all, in that order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from logcheck.games import Group, Profile
from logcheck.logfile import Hand, Record
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

    def order(self) -> tuple[int, int]:
        """Where it was found: by hand, then by line."""
        return self.hand, self.line


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

    def begin(self, header: Record, hand: Hand) -> None:
        """Called first, with the log's header and the hand about to be checked (its
        `lines` as written: an invariant that must see the hand whole, or hand it to
        another program, finds it there)."""

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


# ── reading records ───────────────────────────────────────────────────


def action_name(label: str) -> str:
    """The action of a choice label: `碰` of `碰 五筒五筒五筒`."""
    return label.split(" ", 1)[0]


def offered_by_seat(window: Record) -> dict[int, list[str]]:
    """A window event's choices offered, by seat."""
    return {seat: labels for seat, labels in window["offered"]}


def chosen_by_seat(window: Record) -> dict[int, str]:
    """A window event's choices made, by seat."""
    return {seat: label for seat, label in window["chosen"]}


def after_group(tracker: Tracker, event: Record) -> tuple[Counter[str], list[Group]]:
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
