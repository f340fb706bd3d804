"""A game of several hands: who deals each one, the round, and the dealer's streak.

A single hand (`engine.Table`) knows its dealer, round and streak; this layer carries them
from one hand to the next as the rule file says. After each hand the `next dealer` clause
names the next dealer. When the dealer keeps the deal (a dealer win or a drawn hand, as
the file may say), the streak grows; when the deal passes, the streak starts again at 0.
With a `rounds` clause, a round ends once the deal has passed as many times as there are
seats (every seat has dealt), the next round begins, and after the last round the game is
over.

The numbers a rule file carries (`carry NAME { … }`) go from hand to hand the same way:
each hand is dealt with the values the hand before left, worked out by the file's `after
win` or `after drawn hand` line; a new game starts them again.

`position_for_index` places hand `index` of a simulation without playing the ones before:
the seats deal in turn, one round per turn of the table, each hand with a streak of 0 and
each carried number at its start.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from tablerules.interpreter.api import Game
from tablerules.interpreter.compiling.carried import carried_after
from tablerules.interpreter.engine.game import Table


@dataclass(frozen=True)
class Position:
    """Where a hand stands in its game."""

    dealer: int
    round: int = 0  # from 0
    streak: int = 0  # hands the dealer has kept the deal before this one
    passes: int = 0  # times the deal has passed to another seat in this round
    carried: tuple[tuple[str, int], ...] = ()  # the carried numbers (none given: their starts)


def seed_dealer(seed: int | None, seats: int) -> int:
    """The first dealer of a game played from `seed`, drawn apart from the shuffle (as a
    `Table` given no dealer draws it)."""
    return random.Random(f"dealer:{seed}").randrange(seats)


def position_for_index(index: int, seats: int, rounds: int | None = None) -> Position:
    """The position of hand `index` (from 0) of independent hands: seat `index mod seats`
    deals, and each turn of the table is the next round (counted modulo the game's rounds)."""
    turn = index // seats
    return Position(dealer=index % seats, round=turn % rounds if rounds else 0)


def next_position(
    position: Position, next_dealer: int | None, seats: int, rounds: int | None
) -> Position | None:
    """The position of the hand after one at `position` whose next dealer is known (None
    keeps the dealer); None when that hand ended the game."""
    if next_dealer is None or next_dealer == position.dealer:
        return replace(position, streak=position.streak + 1)
    passes = position.passes + 1
    round_ = position.round
    if passes >= seats:
        round_, passes = round_ + 1, 0
        if rounds is not None and round_ >= rounds:
            return None
    return Position(
        dealer=next_dealer, round=round_, streak=0, passes=passes, carried=position.carried
    )


class Match:
    """Hands of one game, each dealt where the last one left the game."""

    def __init__(self, game: Game, dealer: int) -> None:
        self.game = game
        compiled = game.compiled
        self.seats = compiled.rules.seats.count if compiled.rules.seats else 1
        self.rounds = compiled.rounds
        self.round_names = compiled.round_names
        self.position: Position | None = Position(dealer=dealer)
        self.hands = 0

    @property
    def finished(self) -> bool:
        """The last round is over (never, without a `rounds` clause)."""
        return self.position is None

    def round_name(self, round_: int) -> str:
        if round_ < len(self.round_names):
            return self.round_names[round_]
        return f"round {round_ + 1}"

    def table(
        self,
        seed: int | None = None,
        wall: Sequence[int] | None = None,
        hands: Sequence[Sequence[int]] | None = None,
        shown: int | None = None,
    ) -> Table:
        """The next hand of the game, dealt at the current position."""
        if self.position is None:
            raise ValueError("the game is over: every round has been played")
        position = self.position
        return Table(
            self.game,
            seed=seed,
            dealer=position.dealer,
            wall=wall,
            hands=hands,
            shown=shown,
            round=position.round,
            streak=position.streak,
            carried=dict(position.carried),
        )

    def advance(self, table: Table) -> Position | None:
        """Move on after a finished hand; the next hand's position (None: game over)."""
        if not table.finished:
            raise ValueError("the hand is not over")
        if self.position is None:
            raise ValueError("the game is over: every round has been played")
        self.hands += 1
        following = next_position(self.position, table.state.next_dealer, self.seats, self.rounds)
        if following is not None:
            following = replace(following, carried=carried_on(self.game, table))
        self.position = following
        return self.position


def carried_on(game: Game, table: Table) -> tuple[tuple[str, int], ...]:
    """The carried numbers the hand after `table` (a finished hand) is dealt with."""
    compiled = game.compiled
    names = {**compiled.numbers, **table.state.placed}
    won = bool(table.state.winners)
    after = carried_after(compiled.carries, table.state.carried, won, names, compiled.tables)
    return tuple(after.items())
