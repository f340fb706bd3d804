"""The user's place in the page's address, so that a reload, the browser's Back and Forward,
and a link sent to someone else all land where the user was.

The sidebar's widgets keep their own values there (Streamlit binds them: the rule file, the
seed, the bots, the match's length, the options, whether the user plays the seat they sit
at); this module keeps the rest: the seat sat at (`seat=2`, by player), the hand of the
match (`hand=3`), the move shown (`move=14`) and the user's choices so far (`picks=`, each
as its place among the choices offered: see `HandSession.picks`), without which a hand the
user played could not be made again.

Each step changes the address (the browser keeps the places as its history, so Back steps
back); a run whose address is not the one last written was reached by a reload, Back,
Forward or a link, and the page goes to the place it names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from tablerules.dsl.numbers import whole_number
from tablerules.playground.words.page_messages import Said

KEYS = ("seat", "hand", "move", "picks")
MOST_PICKS = 4096  # choices a link may hold (a long whole game of one seat's choices)


@dataclass(frozen=True)
class Place:
    """Where the user is, as the address holds it."""

    seat: int | None = None  # the seat sat at, from 0 (None: watching as the referee)
    hand: int = 1  # the hand of the match, from 1
    move: int = 0
    picks: tuple[tuple[int, ...], ...] = ()  # the user's choices, hand by hand
    problems: tuple[Said, ...] = field(default=(), compare=False)  # what could not be read

    def params(self) -> dict[str, str]:
        """The address's parameters for this place: the hand and the move always (a step
        changes a value, never adds or drops one: one change of the address), the seat and
        the choices when there are any."""
        found = {"hand": str(self.hand), "move": str(self.move)}
        if self.seat is not None:
            found["seat"] = str(self.seat + 1)
        if any(self.picks):
            found["picks"] = "-".join(".".join(map(str, hand)) for hand in self.picks)
        return found

    def without_seat(self, seats: int) -> Place:
        """This place watched as the referee: its seat is not one of the game's `seats`."""
        said = Said("place.no_seat", {"seat": (self.seat or 0) + 1, "seats": seats})
        return replace(self, seat=None, problems=(*self.problems, said))

    @classmethod
    def read(cls, params: Mapping[str, str]) -> Place:
        """The place an address names; a value that cannot be one is left out and said."""
        problems: list[Said] = []

        def number(key: str, least: int) -> int | None:
            text = params.get(key)
            if text is None:
                return None
            value = whole_number(str(text))
            if value is None or value < least:
                problems.append(Said("place.not_whole", {"key": key, "text": text, "least": least}))
                return None
            return value

        seat = number("seat", 1)
        hand = number("hand", 1)
        move = number("move", 0)
        picks = read_picks(str(params.get("picks", "")), problems)
        return cls(
            seat=None if seat is None else seat - 1,
            hand=hand or 1,
            move=move or 0,
            picks=picks,
            problems=tuple(problems),
        )


def read_picks(text: str, problems: list[Said]) -> tuple[tuple[int, ...], ...]:
    """`3.0.12-4.5` as ((3, 0, 12), (4, 5)); nothing (and a problem) if it is not that."""
    if not text:
        return ()
    hands = []
    count = 0
    for part in text.split("-"):
        found = []
        for word in part.split(".") if part else []:
            value = whole_number(word)
            if value is None:
                problems.append(Said("place.picks_odd"))
                return ()
            found.append(value)
        count += len(found)
        hands.append(tuple(found))
    if count > MOST_PICKS:
        problems.append(Said("place.picks_many", {"most": f"{MOST_PICKS:,}"}))
        return ()
    return tuple(hands)


def move_missing(move: int, hand: int) -> Said:
    """An address's move that its hand does not have."""
    return Said("place.move_missing", {"move": move, "hand": hand})
