"""One event, one step: the Hand tab steps through a hand event by event, grouped by turn.

A move of the hand (`hands.HandSession`) is one decision settled, and may hold a dozen
events: a drawn card shown, nobody taking it, the next seat drawing… Each event a reader
can read (a draw, a show, a discard, a claim, a pass, a payment: every event its narrator
tells, as the seat viewing may see it) is a step of its own; an event it does not tell
goes with the step after it, or, at a move's end, with the step before it, so that a
move's last step shows the hand as the move leaves it. The steps are numbered from 0 (the
deal) and each belongs to a turn, a run of steps of one seat's turn and the answers to it.

The table part way through a move is the hand replayed with a copy of its state taken
when the step's last event is logged (`table_at`): the engine itself is not changed.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.state import HandState
from tablerules.interpreter.narration.narrate import Narrator
from tablerules.playground.play.hands import HandSession

# the events whose seat takes the turn (a seat drawing, discarding, claiming, winning)
TURN_EVENTS = frozenset(
    {"deal", "draw", "replacement", "shown", "discard", "action", "win", "immediate win"}
    | {"shown win"}
)


@dataclass(frozen=True)
class Step:
    """Events `start` to `end` of the hand (`end` shown), the last part of move `move`."""

    number: int
    move: int
    start: int
    end: int
    turn: int  # the turn it belongs to, counted from 0 (the deal)
    seat: int | None  # whose turn (None: nobody's yet)


def actor(event: dict[str, Any]) -> int | None:
    """The seat whose turn an event begins or goes on with (None: it answers a turn)."""
    kind = event.get("type")
    if kind == "deal":
        return event.get("dealer")
    if kind in TURN_EVENTS:
        return event.get("seat")
    return None


def hand_steps(session: HandSession, narrator: Narrator) -> list[Step]:
    """The steps of the moves played so far, as `narrator`'s viewer may read them."""
    events = session.end.events
    key = (tuple(session.choices), tuple(session.events_at), len(events), narrator.viewer)
    cached = session.memo.get("steps")
    if cached is not None and cached[0] == key:
        return cached[1]
    steps: list[Step] = []
    turn, seat = 0, None
    for move in range(session.last + 1):
        start = session.events_at[move - 1] if move else 0
        stop = session.events_at[move]
        first = start
        for index in range(start, stop):
            event = events[index]
            if not narrator.phrase(event):
                continue
            who = actor(event)
            if who is not None and who != seat:
                turn, seat = (turn + 1 if steps else turn), who
            steps.append(Step(len(steps), move, first, index + 1, turn, seat))
            first = index + 1
        if steps and steps[-1].move == move:
            last = steps[-1]
            steps[-1] = Step(last.number, move, last.start, stop, last.turn, last.seat)
        else:  # a move with nothing this viewer may read: one quiet step
            steps.append(Step(len(steps), move, start, stop, turn, seat))
    session.memo["steps"] = (key, steps)
    return steps


def current_step(session: HandSession, steps: list[Step]) -> Step:
    """The step the session shows: part of its cursor's move, or the move's last step."""
    move = session.cursor
    shown = session.partial if session.partial is not None else session.events_at[move]
    found = [s for s in steps if s.move == move and s.end <= shown]
    if found:
        return found[-1]
    return next(s for s in steps if s.move == move)


def show_step(session: HandSession, step: Step) -> None:
    """Show `step`: its move, and only its events when it is not the move's last."""
    session.goto(step.move)
    if session.cursor == step.move and step.end < session.events_at[step.move]:
        session.partial = step.end


class WatchedTable(Table):
    """A table that keeps a copy of its state once `stop` events are logged."""

    def __init__(self, *args: Any, stop: int, **kwargs: Any) -> None:
        self._stop = stop
        self.kept: HandState | None = None
        super().__init__(*args, **kwargs)

    def log(self, *args: Any, **kwargs: Any) -> None:
        super().log(*args, **kwargs)
        self._watch()

    def _log_made(self, *args: Any) -> None:
        super()._log_made(*args)
        self._watch()

    def _watch(self) -> None:
        if self.kept is None and len(self.state.events) == self._stop:
            self.kept = copy.deepcopy(self.state)


def table_at(session: HandSession, events: int) -> Table:
    """The hand as it stood when its first `events` events were logged, part way through
    the move of the cursor (replayed on the session's replay clock)."""
    cached = session.memo.get("partial")
    key = (tuple(session.choices[: session.marks[session.cursor]]), events)
    if cached is not None and cached[0] == key:
        return cached[1]
    with session.replay_clock():
        table = session.fresh(WatchedTable, stop=events)
        for seat, label in session.choices[: session.marks[session.cursor]]:
            if table.kept is not None:
                break
            table.apply(label, seat=seat)
    if table.kept is not None:
        table.state = table.kept
    session.memo["partial"] = (key, table)
    return table
