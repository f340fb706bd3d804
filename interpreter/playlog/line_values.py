"""How one value of an event's field is written in its play-log line: a game's encoders
of values by their exact type and by their declared form (`event_kinds`), and the texts
they have encoded.

Each gives the bytes encoding the event's dict gives (`writer.dumps`) for its value:
integers, texts, booleans and None are written as that encoder writes them, and a value
an encoder does not take raises `TypeError` (or `KeyError`, `ValueError`) so that the
line is encoded whole instead. An integer's encoder is `int`: it goes into its
template's `%d` as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from json.encoder import encode_basestring  # type: ignore[attr-defined]
from typing import Any

from tablerules.interpreter.playlog.event_kinds import (
    ANY,
    FLAG,
    INT,
    INTS,
    SEAT_TEXT,
    SEAT_TEXTS,
    TEXT,
    TEXTS,
)
from tablerules.interpreter.playlog.writer import dumps

LITERALS = {True: b"true", False: b"false", None: b"null"}  # only ever looked up by bool/None
TEXT_TYPES = frozenset({str})
INT_TYPES = frozenset({int})
LIST_TYPES = frozenset({list, tuple})


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


class ValueEncoders:
    """The encoders of one game's field values: `by_type` for a value shaped by its exact
    type, `declared` for a value of a declared form; the texts they encode are kept in
    `texts` (at most `limit`)."""

    def __init__(self, limit: int) -> None:
        self.texts = EncodedTexts(limit)
        self.texts[None] = b"null"  # type: ignore[index]  # a TEXT field may be None
        literal = LITERALS.__getitem__
        self.by_type: dict[type, Callable[[Any], Any]] = {
            int: int,
            str: self.texts.__getitem__,
            bool: literal,
            type(None): literal,
            list: self._list,
            tuple: self._list,
        }
        self.declared: dict[str, Callable[[Any], Any]] = {
            INT: int,
            TEXT: self.texts.__getitem__,
            FLAG: literal,
            INTS: self._ints,
            TEXTS: self._text_list,
            SEAT_TEXT: self._seat_text,
            SEAT_TEXTS: self._seat_texts,
            ANY: self._any,
        }

    def of_type(self, kind: type) -> Callable[[Any], Any]:
        """The encoder of a value of exact type `kind` (the encoder's own for any other)."""
        return self.by_type.get(kind, self.whole)

    def _list(self, items: Sequence[Any]) -> bytes:
        """A list's encoding: a list of texts, of integers or of such lists joined from
        its elements' encodings, any other by the encoder."""
        if not items:
            return b"[]"
        kinds = set(map(type, items))
        if kinds <= TEXT_TYPES:
            return b"[" + b", ".join(map(self.texts.__getitem__, items)) + b"]"
        if kinds <= INT_TYPES:
            return b"[" + b", ".join(map(b"%d".__mod__, items)) + b"]"
        if kinds <= LIST_TYPES:
            return b"[" + b", ".join(map(self._list, items)) + b"]"
        return self.whole(items)

    @staticmethod
    def _ints(items: Sequence[int]) -> bytes:
        if not items:
            return b"[]"
        if len(items) == 1:  # most windows: one seat takes the card
            item = items[0]
            if type(item) is int:
                return b"[%d]" % item
        if not INT_TYPES.issuperset(map(type, items)):  # `%d` would write True as 1
            raise TypeError("a list of integers holds another value")
        return b"[%b]" % b", ".join(map(b"%d".__mod__, items))

    def _text_list(self, items: Sequence[str]) -> bytes:
        return b"[%b]" % b", ".join(map(self.texts.__getitem__, items))

    def _seat_text(self, pairs: Sequence[tuple[int, str]]) -> bytes:
        texts = self.texts
        if len(pairs) == 1:  # most windows: one seat could respond
            pair = pairs[0]
            seat, text = pair
            if type(seat) is int and type(pair) in LIST_TYPES:
                return b"[[%d, %b]]" % (seat, texts[text])
        made = []
        for pair in pairs:
            seat, text = pair
            if type(seat) is not int or type(pair) not in LIST_TYPES:
                raise TypeError("not a seat with a text")
            made.append(b"[%d, %b]" % (seat, texts[text]))
        return b"[%b]" % b", ".join(made)

    def _seat_texts(self, pairs: Sequence[tuple[int, Sequence[str]]]) -> bytes:
        text = self.texts.__getitem__
        if len(pairs) == 1:  # most windows: one seat could respond
            pair = pairs[0]
            seat, texts = pair
            if type(seat) is int and type(pair) in LIST_TYPES and type(texts) in LIST_TYPES:
                return b"[[%d, [%b]]]" % (seat, b", ".join(map(text, texts)))
        made = []
        for pair in pairs:
            seat, texts = pair
            if type(seat) is not int or type(pair) not in LIST_TYPES:
                raise TypeError("not a seat with texts")
            if type(texts) not in LIST_TYPES:
                raise TypeError("not a seat with texts")
            made.append(b"[%d, [%b]]" % (seat, b", ".join(map(text, texts))))
        return b"[%b]" % b", ".join(made)

    def _any(self, value: Any) -> bytes:
        """A value of an `ANY` field, encoded as its type says."""
        kind = type(value)
        if kind is int:
            return b"%d" % value
        if value is None:
            return b"null"
        if kind is list and not value:
            return b"[]"
        return self.by_type.get(kind, self.whole)(value)

    @staticmethod
    def whole(value: Any) -> bytes:
        """Any value as the encoder writes it."""
        return dumps(value).encode("utf-8")
