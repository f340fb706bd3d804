"""Engine events as play-log lines, made from compiled shapes as the events are logged.

An event's line is `{"seq": N, "type": T, <its fields>, "clause": C, "cites": [...]}`, and
the events logged alike (a seat drawing, a seat discarding, a window on a card) share all
of it but their values. So each event *shape* (type, clause, cites, field names and each
field's value type) is compiled once into a byte template: every key, the type, the
clause and the cites already encoded, `%d` for the `seq` and each integer field, `%b` for
every other field's encoding. A line is its shape's template filled with the event's
values; nothing is kept per value but the encodings of texts (card ids and names, labels:
a game has few), and a list of texts or integers is joined from its elements'.

The lines are byte for byte what encoding the event's dict gives (`logwriter.dumps`): a
shape is chosen by the exact types of the values (`True` and `1` are apart), integers,
texts, booleans and None are written as that encoder writes them, and any other value (a
float, a dict, a list of mixed values) is handed to the encoder alone. A shape whose
field names take the line's own keys, or whose type, clause or cites are not plain texts,
is encoded whole every time.

An event of a declared kind (`event_kinds`) finds its shape by its kind, clause and number
of fields alone, compiled from the fields' declared forms: no key is built from its values.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from json.encoder import encode_basestring  # type: ignore[attr-defined]
from operator import call
from typing import Any

from tablerules.interpreter.engine.event_kinds import (
    ANY,
    FLAG,
    INT,
    INTS,
    SEAT_TEXT,
    SEAT_TEXTS,
    TEXT,
    TEXTS,
    EventKind,
)
from tablerules.interpreter.engine.logwriter import Record, dumps, line_bytes

OWN_KEYS = frozenset({"seq", "type", "clause", "cites"})  # the line's keys, not a field's
LITERALS = {True: b"true", False: b"false", None: b"null"}  # only ever looked up by bool/None
TEXT_TYPES = frozenset({str})
INT_TYPES = frozenset({int})
LIST_TYPES = frozenset({list, tuple})
Shape = tuple[bytes, tuple[Callable[[Any], Any], ...]]  # a template and each field's encoder
KindShape = tuple[bytes, tuple[Callable[[Any], Any], ...], Sequence[str], tuple[str, ...]]


class EncodedTexts(dict[str, bytes]):
    """Texts' JSON encodings (UTF-8), each made on first use; past `limit` texts (a win's
    split is nearly always new) an encoding is made and not kept."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def __missing__(self, text: str) -> bytes:
        encoded: bytes = encode_basestring(text).encode("utf-8")
        if len(self) < self.limit:
            self[text] = encoded
        return encoded


class EventLines:
    """The log lines of one game's events (shared by all its tables; see `event_lines`)."""

    TEXTS_KEPT = 100_000

    def __init__(self) -> None:
        self._shapes: dict[tuple[Any, ...], Shape | None] = {}
        self._kind_shapes: dict[tuple[EventKind, str, int], KindShape | None] = {}
        self._texts = EncodedTexts(self.TEXTS_KEPT)
        literal = LITERALS.__getitem__
        self._encoders: dict[type, Callable[[Any], Any]] = {
            int: int,  # an integer goes into its template's `%d` as it is
            str: self._texts.__getitem__,
            bool: literal,
            type(None): literal,
            list: self._list,
            tuple: self._list,
        }
        self._texts[None] = b"null"  # type: ignore[index]  # a TEXT field may be None
        self._declared: dict[str, Callable[[Any], Any]] = {
            INT: int,
            TEXT: self._texts.__getitem__,
            FLAG: literal,
            INTS: self._ints,
            TEXTS: self._text_list,
            SEAT_TEXT: self._seat_text,
            SEAT_TEXTS: self._seat_texts,
            ANY: self._any,
        }

    def kind_line(
        self,
        kind: EventKind,
        seq: int,
        clause: str,
        cites: Sequence[str],
        data: Mapping[str, Any],
        event: Record,
    ) -> bytes:
        """The log line of `event`, logged as `Table.log(kind, clause, cites, **data)` with
        number `seq`."""
        key = (kind, clause, len(data))
        try:
            shape = self._kind_shapes[key]
        except KeyError:
            shape = self._kind_shapes[key] = self._compile_kind(kind, clause, cites, data)
        if shape is None:
            return self.line(seq, kind.type, clause, cites, data, event)
        template, encoders, shape_cites, cited = shape
        if cites is not shape_cites and tuple(cites) != cited:
            return self.line(seq, kind.type, clause, cites, data, event)
        try:
            return template % (seq, *map(call, encoders, data.values()))
        except (TypeError, KeyError, ValueError):  # a value not of its declared form
            return line_bytes(event)

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
            shape = self._shapes[key] = self._compile(event_type, clause, cites, data)
        except TypeError:  # a cite that cannot be part of a key
            return line_bytes(event)
        if shape is None:
            return line_bytes(event)
        template, encoders = shape
        return template % (seq, *map(call, encoders, values))

    def whole(self, event: Record) -> bytes:
        """The log line of an event already made (encoded whole)."""
        return line_bytes(event)

    def _compile_kind(
        self, kind: EventKind, clause: str, cites: Sequence[str], data: Mapping[str, Any]
    ) -> KindShape | None:
        """The shape of a declared kind's events with this clause and this many fields;
        None if they are shaped by their values (undeclared, or not given as declared)."""
        fields = kind.fields
        if fields is None:
            return None
        names = list(fields)
        if list(data) not in (names, names[: len(names) - kind.optional]):
            return None
        if any(type(cite) is not str for cite in cites) or type(clause) is not str:
            return None
        shape = self._compile(kind.type, clause, cites, data, [fields[name] for name in data])
        if shape is None:
            return None
        template, encoders = shape
        return template, encoders, cites, tuple(cites)

    def _compile(
        self,
        event_type: str,
        clause: str,
        cites: Sequence[str],
        data: Mapping[str, Any],
        forms: list[str] | None = None,
    ) -> Shape | None:
        """The shape of events logged like this one (with these declared `forms` of its
        fields, or else these values' types); None if they are encoded whole."""
        texts = [event_type, clause, *cites, *data]
        if not OWN_KEYS.isdisjoint(data) or any(type(text) is not str for text in texts):
            return None

        def literal(text: str) -> str:  # a text as it stands in a template
            return encode_basestring(text).replace("%", "%%")

        parts = ['{"seq": %d, "type": ', literal(event_type)]
        encoders = []
        for index, (name, value) in enumerate(data.items()):
            if forms is not None:
                form = forms[index]
                parts += (", ", literal(name), ": %d" if form == INT else ": %b")
                encoders.append(self._declared[form])
                continue
            kind = type(value)
            parts += (", ", literal(name), ": %d" if kind is int else ": %b")
            encoders.append(self._encoders.get(kind, self._whole))
        if clause:
            parts += (', "clause": ', literal(clause))
        if cites:
            parts += (', "cites": [', ", ".join(map(literal, cites)), "]")
        parts.append("}")
        return "".join(parts).encode("utf-8"), tuple(encoders)

    def _list(self, items: Sequence[Any]) -> bytes:
        """A list's encoding: a list of texts, of integers or of such lists joined from
        its elements' encodings, any other by the encoder."""
        kinds = set(map(type, items))
        if kinds <= TEXT_TYPES:
            return b"[" + b", ".join(map(self._texts.__getitem__, items)) + b"]"
        if kinds <= INT_TYPES:
            return b"[" + b", ".join(map(b"%d".__mod__, items)) + b"]"
        if kinds <= LIST_TYPES:
            return b"[" + b", ".join(map(self._list, items)) + b"]"
        return self._whole(items)

    @staticmethod
    def _ints(items: Sequence[int]) -> bytes:
        return b"[" + b", ".join(map(b"%d".__mod__, items)) + b"]"

    def _text_list(self, items: Sequence[str]) -> bytes:
        return b"[" + b", ".join(map(self._texts.__getitem__, items)) + b"]"

    def _seat_text(self, pairs: Sequence[tuple[int, str]]) -> bytes:
        texts = self._texts
        return b"[" + b", ".join([b"[%d, %b]" % (seat, texts[text]) for seat, text in pairs]) + b"]"

    def _seat_texts(self, pairs: Sequence[tuple[int, Sequence[str]]]) -> bytes:
        text = self._texts.__getitem__
        return (
            b"["
            + b", ".join(
                [b"[%d, [%b]]" % (seat, b", ".join(map(text, texts))) for seat, texts in pairs]
            )
            + b"]"
        )

    def _any(self, value: Any) -> bytes:
        """A value of an `ANY` field, encoded as its type says."""
        kind = type(value)
        if kind is int:
            return b"%d" % value
        return self._encoders.get(kind, self._whole)(value)

    @staticmethod
    def _whole(value: Any) -> bytes:
        """Any value as the encoder writes it."""
        return dumps(value).encode("utf-8")


def event_lines(shared: dict[str, Any]) -> EventLines:
    """The event lines of a game, from its `Game.shared` (made on first use)."""
    lines = shared.get("event lines")
    if lines is None:
        lines = shared["event lines"] = EventLines()
    return lines
