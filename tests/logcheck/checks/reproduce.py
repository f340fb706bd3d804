"""Invariants that need more than the log: each hand is replayed from its lines as
`tablerules replay` replays it, and hands are played again from their seeds as `tablerules
play` plays them; both must give the very lines logged.

These two run the engine (through `play.py`'s loaded game and `tablerules replay`'s own
`replay_hand`); the other invariants never do.
"""

from __future__ import annotations

import json
from typing import Any

from logcheck.invariants import Invariant, invariant
from logcheck.logfile import Hand, Record
from logcheck.play import Plan, _loaded

# Every hand is replayed; one hand in SAME_SEED_EVERY is played again with its bots (that
# costs a whole hand of play, a greedy bot's thinking included).
SAME_SEED_EVERY = 10


def _options(header: Record) -> dict[str, str]:
    """The table options of a log's header, written as the command line gives them."""
    options: dict[str, str] = {}
    for name, value in (header.get("options") or {}).items():
        options[name] = str(value).lower() if isinstance(value, bool) else str(value)
    return options


def _game(header: Record) -> Any:
    """The compiled game of a log (loaded once per process, as the hands are played)."""
    game, _ = _loaded(Plan(str(header["rules"]), 0, options=_options(header)))
    return game


class _Silent:
    """A transcript that prints nothing (what `replay_hand` and `Session` report to)."""

    @staticmethod
    def make(game: Any) -> Any:
        from tablerules.cli.transcript import Report

        return Report(game, "quiet", out=lambda line: None)


@invariant
class ReplayReproduces(Invariant):
    name = "replay-reproduces"
    summary = (
        "tablerules replay re-creates every hand from its seed, dealer and logged choices, "
        "event for event, and ends it with the logged result"
    )

    def begin(self, header: Record, hand: Hand) -> None:
        from tablerules.cli.replay import Divergence, replay_hand
        from tablerules.interpreter.playlog.reader import (
            LogError,
            LoggedHand,
            ResultLine,
            parse_line,
        )

        game = _game(header)
        # The lines are read as `tablerules replay` reads them, each decoded once: the
        # records the checker decoded already are handed over, not decoded again.
        decoded = {number: record for number, record in hand.records}
        if hand.result is not None:
            decoded[hand.line + len(hand.lines) - 1] = hand.result
        try:
            opening = parse_line(hand.line, hand.lines[0], hand.opening)
            logged = LoggedHand(hand.line, opening)  # type: ignore[arg-type]
            for number, text in enumerate(hand.lines[1:], start=hand.line + 1):
                item = parse_line(number, text, decoded.get(number))
                if isinstance(item, ResultLine):
                    logged.result, logged.result_line = item, number
                else:
                    logged.items.append((number, item))  # type: ignore[arg-type]
        except LogError as error:
            self.fail(f"tablerules replay cannot read the hand: {error}", hand.line)
            return
        try:
            replay_hand(game, logged, _Silent.make(game))
        except Divergence as error:
            line, _, message = str(error).partition(": ")
            self.fail(f"the replay differs: {message}", int(line.removeprefix("line ")))


@invariant
class SameSeedSameLog(Invariant):
    name = "same-seed-same-log"
    summary = (
        f"one hand in {SAME_SEED_EVERY}, played again from its seed, dealer, round and "
        "streak by the same bots, gives the very lines logged"
    )

    def begin(self, header: Record, hand: Hand) -> None:
        if hand.index % SAME_SEED_EVERY:
            return
        again = play_again(header, hand)
        for offset, (logged, played) in enumerate(zip(hand.lines, again, strict=False)):
            if logged != played:
                self.fail(f"played again, the line reads {played[:160]!r}", hand.line + offset)
                return
        if len(again) != len(hand.lines):
            self.fail(
                f"played again, the hand has {len(again)} lines, not {len(hand.lines)}",
                hand.line,
            )


def play_again(header: Record, hand: Hand) -> list[str]:
    """The lines `tablerules play` writes for a hand dealt where `hand` was dealt."""
    from tablerules.cli.play import Session, bot_maker
    from tablerules.interpreter.match import Match, Position

    from logcheck.play import _KeptLines

    game = _game(header)
    first = json.loads(hand.lines[0])  # the hand line: where the hand was dealt
    match = Match(game, first["dealer"])
    match.position = Position(
        dealer=first["dealer"],
        round=first.get("round", 0),
        streak=first.get("streak", 0),
        carried=tuple(first.get("carried", {}).items()),
    )
    writer = _KeptLines()
    session = Session(game, _Silent.make(game), writer)
    seats = game.compiled.rules.seats.count if game.compiled.rules.seats else 1
    make = bot_maker(str(header.get("bots") or "random"), seats, None)
    session.play_hand(hand.index, hand.seed, match, make)
    return writer.kept
