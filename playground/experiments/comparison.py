"""The same deal and the same choices under two rule files: where play parts, and what it
costs each seat. Free of Streamlit, so it can be tested alone."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablerules.interpreter.api import Game
from tablerules.playground.play.hands import Choice, HandSession
from tablerules.playground.words.page_messages import Said

# What an event says about itself rather than about play: its position, the clause and rule
# ids behind it, display names and the explanation of a choice. Everything else is compared.
DESCRIPTIVE_KEYS = frozenset({"seq", "clause", "cites", "name", "names", "split", "why"})


def behaviour(event: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in event.items() if key not in DESCRIPTIVE_KEYS}


def lineage(game: Game) -> set[str]:
    """The rule file a game was built from and every file it extends, by file name."""
    rules = game.compiled.rules
    return {Path(name).name for name in [rules.file, *rules.extends]}


def incomparable(left: Game, right: Game) -> str:
    """Why two rule files cannot be compared on one deal ('' when they can). Two files
    are of one game when they have its name, or one extends the other, or both extend
    the same file (a variant may rename itself)."""
    a, b = left.compiled, right.compiled
    if a.name != b.name and not lineage(left) & lineage(right):
        return (
            f"these are two different games, {a.name} and {b.name}: a comparison plays one "
            "deal under two variants of the same game"
        )
    seats_a, seats_b = len(a.dealt_per_seat()), len(b.dealt_per_seat())
    if seats_a != seats_b:
        return (
            f"these variants seat {seats_a} and {seats_b} players, so one seed deals them "
            "different cards: there is no same hand to compare"
        )
    if a.cards.ids != b.cards.ids or a.cards.copies_of != b.cards.copies_of:
        return "these variants have different decks, so one seed deals them different cards"
    return ""


@dataclass
class Comparison:
    """Two hands from one deal: where they part (event and move in each) and the money."""

    left: HandSession
    right: HandSession
    first_difference: int | None  # the index of the first event that differs
    key: tuple[object, ...] = ()  # what it was computed from (for a page that keeps it)

    @property
    def left_totals(self) -> list[int]:
        return self.left.end.totals()

    @property
    def right_totals(self) -> list[int]:
        return self.right.end.totals()

    @property
    def delta(self) -> list[int]:
        return [r - left for left, r in zip(self.left_totals, self.right_totals, strict=True)]

    @property
    def note(self) -> Said | str | None:
        """What to tell about how the hands were played: a choice that stopped being legal,
        or a hand the playground's budget stopped."""
        return self.left.note or self.right.note or self.left.stopped or self.right.stopped

    def parting_move(self, hand: HandSession) -> int:
        """The move of `hand` whose events hold the first difference."""
        if self.first_difference is None:
            return hand.last
        for move, count in enumerate(hand.events_at):
            if count > self.first_difference:
                return move
        return hand.last

    def event(self, hand: HandSession) -> dict[str, Any] | None:
        index = self.first_difference
        events = hand.end.events
        return events[index] if index is not None and index < len(events) else None

    @property
    def left_event(self) -> dict[str, Any] | None:
        return self.event(self.left)

    @property
    def right_event(self) -> dict[str, Any] | None:
        return self.event(self.right)


def compare_variants(
    left: Game,
    right: Game,
    seed: int,
    dealer: int | None,
    choices: list[Choice],
    bots: str = "greedy",
    played: HandSession | None = None,
    round: int = 0,
    streak: int = 0,
) -> Comparison:
    """Deal both from `seed`, make the same choices while both allow them, let bots finish
    each hand, and find the first event where they differ. `played`: the hand of `left`
    as it was played to its end by these choices and bots, if there is one already (it is
    not played again); `round` and `streak` place the hand in its game (a match's hand)."""
    hands = [
        played
        if played is not None and game is left
        else HandSession(
            game, seed, dealer, bots=bots, script=list(choices), round=round, streak=streak
        )
        for game in (left, right)
    ]
    for hand in hands:
        if hand is not played:  # the hand played keeps its place in the Hand tab
            hand.to_end()
    left_events, right_events = hands[0].end.events, hands[1].end.events
    first = None
    for index in range(max(len(left_events), len(right_events))):
        a = left_events[index] if index < len(left_events) else None
        b = right_events[index] if index < len(right_events) else None
        if a is None or b is None or behaviour(a) != behaviour(b):
            first = index
            break
    return Comparison(hands[0], hands[1], first)
