"""A game's play-log lines of its engine events, made from compiled forms when a log
writer asks: the per-game registry of forms and shapes (`EventLines`) and a hand's lines
waiting to be made (`HandLines`).

The events of a declared kind (`event_kinds`) logged by one clause with one list of cites
share a `Form` (`line_forms`), compiled once per game and kept here. A hand's events wait
with their forms in `HandLines` and are made into lines together when the writer asks
(`HandLines.take`: at the end of a hand, when many wait, or after every step when a
transcript reads them), in one loop: nothing is picked out of an event while it is
logged, so an event must not change once it is logged.

The lines are byte for byte what encoding the event's dict gives (`writer.dumps`).
`Table.log` takes a form only for fields given in its order, each of its declared exact
type (`True` and `1` are apart), and writes any other event of a declared kind with the
encoder, as it does an event whose list holds a value not of its form. A type given as a
plain text is shaped by its values' exact types when it is logged (`EventLines.line`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from operator import call
from typing import Any

from tablerules.interpreter.playlog.event_kinds import EventKind
from tablerules.interpreter.playlog.line_forms import (
    OWN_KEYS,
    Form,
    Shape,
    compile_form,
    compile_shape,
)
from tablerules.interpreter.playlog.line_values import ValueEncoders
from tablerules.interpreter.playlog.writer import Record, line_bytes

FormKey = tuple[EventKind, str, int]  # a kind, a clause and a number of fields
# a line waiting in `HandLines`: an event with its form, or (None, a line made already)
Waiting = tuple[Form | None, Any]


class EventLines:
    """The log lines of one game's events (shared by all its tables; see `event_lines`)."""

    TEXTS_KEPT = 100_000
    FITTED_KEPT = 4_096  # ways fields are given (few: the engine's ~20 calls of `log`)

    def __init__(self) -> None:
        self._shapes: dict[tuple[Any, ...], Shape | None] = {}
        self._forms: dict[FormKey, Form] = {}  # the first form of each key
        self._cited_forms: dict[tuple[FormKey, tuple[str, ...]], Form | None] = {}
        # each value's encoder and the texts encoded (`line_values`)
        self.values = ValueEncoders(self.TEXTS_KEPT)
        # the form of fields given like this, or None (`fitted_form`)
        self._fitted: dict[tuple[Any, ...], Form | None] = {}

    def lines(self, waiting: Sequence[Waiting]) -> list[bytes]:
        """The log lines of `waiting`, in order: each event's from its form, each line
        already made as it is."""
        made: list[bytes] = []
        append = made.append
        for form, event in waiting:
            if form is None:  # a line made already
                append(event)
                continue
            try:
                memo = form.memo
                if memo is not None:
                    append(memo[form.key(event)] % form.ints(event))
                else:
                    values = map(call, form.encoders, form.pick(event))
                    append(form.template % (event["seq"], *values))
            except (TypeError, KeyError, ValueError):  # a value not of its declared form
                append(line_bytes(event))
        return made

    def form(
        self, kind: EventKind, clause: str, cites: Sequence[str], names: Collection[str]
    ) -> Form | None:
        """The form of the events of a declared kind logged by `clause` with `cites` and
        these fields (in the kind's order), made on first use; None if they are not as
        the kind declares them (their lines are then shaped by their values)."""
        key = (kind, clause, len(names))
        form = self._forms.get(key)
        if form is not None and (cites is form.cites or tuple(cites) == form.cited):
            return form
        try:
            cited_key = (key, tuple(cites))
            form = self._cited_forms[cited_key]
        except KeyError:
            form = self._cited_forms[cited_key] = compile_form(
                self.values, kind, clause, cites, names
            )
        except TypeError:  # a cite that cannot be part of a key
            return None
        if key not in self._forms and form is not None:
            self._forms[key] = form
        return form

    def fitted_form(
        self, kind: EventKind, clause: str, cites: Sequence[str], data: Mapping[str, Any]
    ) -> Form | None:
        """The form of an event of a declared kind logged as `Table.log(kind, clause,
        cites, **data)` if its fields fit it (`Form.fits`), else None (the event is then
        encoded whole). Remembered by all that `fits` reads: the kind, the clause, the
        cites, the fields' names and their values' exact types."""
        try:
            key = (kind, clause, len(cites), *cites, *data, *map(type, data.values()))
            return self._fitted[key]
        except KeyError:
            form = self._fit(kind, clause, cites, data)
            if len(self._fitted) < self.FITTED_KEPT:
                self._fitted[key] = form
            return form
        except TypeError:  # a cite that cannot be part of a key
            return self._fit(kind, clause, cites, data)

    def _fit(
        self, kind: EventKind, clause: str, cites: Sequence[str], data: Mapping[str, Any]
    ) -> Form | None:
        if not OWN_KEYS.isdisjoint(data):
            return None
        form = self.form(kind, clause, cites, data)
        if form is not None and not form.fits(data):
            return None
        return form

    def line(
        self,
        seq: int,
        event_type: str,
        clause: str,
        cites: Sequence[str],
        data: Mapping[str, Any],
        event: Record,
    ) -> bytes:
        """The log line of `event`, logged as `Table.log(event_type, clause, cites, **data)`
        with number `seq`, shaped by its values' types."""
        values = data.values()
        key = (event_type, clause, len(cites), *cites, *data, *map(type, values))
        try:
            shape = self._shapes[key]
        except KeyError:
            shape = self._shapes[key] = compile_shape(self.values, event_type, clause, cites, data)
        except TypeError:  # a cite that cannot be part of a key
            return line_bytes(event)
        if shape is None:
            return line_bytes(event)
        template, encoders = shape
        return template % (seq, *map(call, encoders, values))


class HandLines:
    """The log lines of a hand in the making, in order: the events its table logs, kept as
    they are with their forms until the lines are asked for (`take`: at the end of the
    hand, when many wait, or after each step), and lines of the writer's own among them
    (`add`: the choices). An event is encoded only then, so it must not change once it is
    logged."""

    def __init__(self, encoder: EventLines) -> None:
        self.encoder = encoder
        self.waiting: list[Waiting] = []  # a table appends to it (`Table.keep_log_lines`)

    def __len__(self) -> int:
        return len(self.waiting)

    def add(self, line: bytes) -> None:
        """A line made already (UTF-8 JSON, no newline), after those waiting."""
        self.waiting.append((None, line))

    def take(self) -> list[bytes]:
        """The waiting lines, made now; none wait afterwards."""
        made = self.encoder.lines(self.waiting)
        self.waiting.clear()  # in place: the table goes on appending to it
        return made


def event_lines(shared: dict[str, Any]) -> EventLines:
    """The event lines of a game, from its `Game.shared` (made on first use)."""
    lines = shared.get("event lines")
    if lines is None:
        lines = shared["event lines"] = EventLines()
    return lines
