"""Engine events as play-log lines, made as the events are logged.

A log holds every event of every hand, and nearly all of them repeat but for their `seq`:
the same seat discarding the same card under the same clause (with the same cites) is the
same line after `{"seq": N`. So each distinct event *body* (type, clause, cites and its
fields with their values) is encoded once, by the log's own JSON encoder, and kept as
bytes; a later event with that body is its `seq` head and the kept bytes, joined.

The lines are byte for byte what encoding the event's dict gives (`logwriter.dumps`):
a body is kept only from that encoding, and only when its key fixes it: every field value
an exact `str`, `int`, `bool` or None, and the key holds each value's type beside it (so
`True` and `1`, equal as keys, stay apart). Events with other values (lists: a deal's
hands, a window's offers) are encoded whole each time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablerules.interpreter.engine.logwriter import Record, line_bytes

SCALARS = frozenset({str, int, bool, type(None)})
ENCODED_WHOLE = b""  # kept for a key whose events are encoded whole every time


class EventLines:
    """The log lines of one game's events (shared by all its tables; see `event_lines`)."""

    LIMIT = 100_000  # bodies kept at most: past it, new bodies are encoded every time

    def __init__(self) -> None:
        self._bodies: dict[tuple[Any, ...], bytes] = {}
        self._heads: list[bytes] = []  # `{"seq": N` by N

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
        with number `seq`."""
        values = data.values()
        key = (event_type, clause, len(cites), *cites, *data, *map(type, values), *values)
        try:
            body = self._bodies.get(key)
        except TypeError:  # a list or another value that cannot be a key
            return line_bytes(event)
        if body:
            heads = self._heads
            if seq < len(heads):
                return heads[seq] + body
        return self._first(key, body, seq, cites, data, event)

    def whole(self, event: Record) -> bytes:
        """The log line of an event already made (encoded whole)."""
        return line_bytes(event)

    def _first(
        self,
        key: tuple[Any, ...],
        body: bytes | None,
        seq: int,
        cites: Sequence[str],
        data: Mapping[str, Any],
        event: Record,
    ) -> bytes:
        """An event whose body is not kept (or whose `seq` head is not made yet): encoded
        whole, and its body kept if it may be."""
        line = line_bytes(event)
        head = self._head(seq)
        if body is None and len(self._bodies) < self.LIMIT:
            keeps = (
                line.startswith(head)
                and "seq" not in data
                and SCALARS.issuperset(map(type, data.values()))
                and all(type(cite) is str for cite in cites)
            )
            self._bodies[key] = line[len(head) :] if keeps else ENCODED_WHOLE
        return line

    def _head(self, seq: int) -> bytes:
        heads = self._heads
        while len(heads) <= seq:
            heads.append(b'{"seq": %d' % len(heads))
        return heads[seq]


def event_lines(shared: dict[str, Any]) -> EventLines:
    """The event lines of a game, from its `Game.shared` (made on first use)."""
    lines = shared.get("event lines")
    if lines is None:
        lines = shared["event lines"] = EventLines()
    return lines
