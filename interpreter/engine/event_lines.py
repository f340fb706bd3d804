"""Engine events as play-log lines, made from compiled shapes when a log writer asks.

An event's line is `{"seq": N, "type": T, <its fields>, "clause": C, "cites": [...]}`, and
the events logged alike (a seat drawing, a seat discarding, a window on a card) share all
of it but their values. So the events of a declared kind (`event_kinds`) logged by one
clause with one list of cites share a `Form`, compiled once per game: every key, the
type, the clause and the cites already encoded. A form whose fields hold no lists keeps
a template per tuple of its texts and flags, with `%d` for the `seq` and each integer
(`LineMemo`); one with lists fills one template with each field's encoding. A hand's
events wait with their forms in `HandLines` and are made into lines together when the
writer asks (`HandLines.take`: at the end of a hand, when many wait, or after every step
when a transcript reads them), in one loop: nothing is picked out of an event while it
is logged, so an event must not change once it is logged.

The lines are byte for byte what encoding the event's dict gives (`logwriter.dumps`):
integers, texts, booleans and None are written as that encoder writes them. `Table.log`
takes a form only for fields given in its order, each of its declared exact type (`True`
and `1` are apart), and writes any other event of a declared kind with the encoder, as
it does an event whose list holds a value not of its form. A type given as a plain text
is shaped by its values' exact types when it is logged, and a shape whose field names
take the line's own keys, or whose type, clause or cites are not plain texts, is encoded
whole.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from json.encoder import encode_basestring  # type: ignore[attr-defined]
from operator import call, itemgetter
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
LISTED = frozenset({INTS, TEXTS, SEAT_TEXT, SEAT_TEXTS, ANY})  # forms whose values are lists
# the exact types of the values of each declared form (a list's elements are checked as
# it is encoded; an `ANY` value is encoded as its type says)
EXACT_TYPES: dict[str, frozenset[type]] = {
    INT: INT_TYPES,
    FLAG: frozenset({bool}),
    TEXT: frozenset({str, type(None)}),
    INTS: LIST_TYPES,
    TEXTS: LIST_TYPES,
    SEAT_TEXT: LIST_TYPES,
    SEAT_TEXTS: LIST_TYPES,
}
MEMO_KEPT = 4_096  # templates kept per form (see `LineMemo`)
Shape = tuple[bytes, tuple[Callable[[Any], Any], ...]]  # a template and each field's encoder
FormKey = tuple[EventKind, str, int]  # a kind, a clause and a number of fields


def _literal(text: str) -> str:
    """A text as it stands in a template: its JSON encoding, `%` escaped."""
    return encode_basestring(text).replace("%", "%%")


class LineMemo(dict[Any, bytes]):
    """A form's line templates by the values of its fields other than integers (a tuple
    of them, a value alone if one, the event's type if none): each is the line with those
    values written in, `%d` for the `seq` and every integer field. Made on first use;
    past `MEMO_KEPT` a template is made and not kept."""

    def __init__(
        self, pieces: list[bytes], encoders: list[Callable[[Any], Any]], forms: list[str]
    ) -> None:
        super().__init__()
        self._pieces = pieces
        self._slots = [(form, encoder) for form, encoder in zip(forms, encoders, strict=True)]
        self._keyed = [form for form in forms if form != INT]

    def __missing__(self, key: Any) -> bytes:
        keyed = self._keyed
        values = iter(key if len(keyed) > 1 else (key,) if keyed else ())
        parts = [self._pieces[0]]
        for (form, encoder), piece in zip(self._slots, self._pieces[1:], strict=True):
            if form == INT:
                parts.append(b"%d")
            else:
                value = next(values)
                if form == TEXT and value is not None and type(value) is not str:
                    raise TypeError("a text field holds another value")
                if form == FLAG and type(value) is not bool:
                    raise TypeError("a flag field holds another value")
                parts.append(encoder(value).replace(b"%", b"%%"))
            parts.append(piece)
        template = b"".join(parts)
        if len(self) < MEMO_KEPT:
            self[key] = template
        return template


class Form:
    """How the events of a declared kind logged by one clause with one list of cites and
    one set of fields become lines. With no list among the fields (a draw, a discard), a
    line is its `memo` template for the event's texts and flags filled with its integers
    (the seat among them, a `%d`): one lookup and one `%`, and the templates are few (a
    card's id and name, a draw shown or not). With lists (a
    window, an action), one `template` is filled with each field's encoding."""

    __slots__ = (
        "cited",
        "cites",
        "encoders",
        "ints",
        "key",
        "memo",
        "names",
        "pick",
        "template",
        "types",
    )

    def __init__(
        self,
        cites: Sequence[str],
        names: list[str],
        forms: list[str],
        memo: LineMemo | None = None,
        template: bytes = b"",
        encoders: tuple[Callable[[Any], Any], ...] = (),
    ) -> None:
        self.cites, self.cited = cites, tuple(cites)
        self.names = tuple(names)
        # each field's exact types its line takes as declared (None: any value)
        self.types = tuple(EXACT_TYPES.get(form) for form in forms)
        keyed = [name for name, form in zip(names, forms, strict=True) if form != INT]
        counted = [name for name, form in zip(names, forms, strict=True) if form == INT]
        # the memo's key: the event's texts and flags, or its type (the same for all)
        self.key = itemgetter(*keyed) if keyed else itemgetter("type")
        self.ints = itemgetter("seq", *counted)
        self.memo = memo
        self.template, self.encoders = template, encoders
        self.pick = itemgetter(*names) if len(names) > 1 else _one(names)

    def fits(self, data: Mapping[str, Any]) -> bool:
        """Whether fields given as `data` (`Table.log`'s) are this form's, in its order,
        each value of its declared exact type: a flag given as 1, an integer as True or
        2.5, or the fields in another order would otherwise take a line that is not the
        event's encoding (`True == 1`, and the form is found by number of fields)."""
        if tuple(data) != self.names:
            return False
        for value, types in zip(data.values(), self.types, strict=True):
            if types is not None and type(value) not in types:
                return False
        return True


# a line waiting in `HandLines`: an event with its form, or (None, a line made already)
Waiting = tuple[Form | None, Any]


def _one(names: list[str]) -> Callable[[Record], tuple[Any, ...]]:
    """A picker of the values of one field (or none) as a tuple, as `itemgetter` gives
    several."""
    if not names:
        return lambda event: ()
    name = names[0]
    return lambda event: (event[name],)


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
    FITTED_KEPT = 4_096  # ways fields are given (few: the engine's ~20 calls of `log`)

    def __init__(self) -> None:
        self._shapes: dict[tuple[Any, ...], Shape | None] = {}
        self._forms: dict[FormKey, Form] = {}  # the first form of each key
        self._cited_forms: dict[tuple[FormKey, tuple[str, ...]], Form | None] = {}
        self._texts = EncodedTexts(self.TEXTS_KEPT)
        # the form of fields given like this, or None (`fitted_form`)
        self.fitted: dict[tuple[Any, ...], Form | None] = {}
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
            form = self._cited_forms[cited_key] = self._compile_form(kind, clause, cites, names)
        except TypeError:  # a cite that cannot be part of a key
            return None
        if key not in self._forms and form is not None:
            self._forms[key] = form
        return form

    def fitted_form(
        self,
        kind: EventKind,
        clause: str,
        cites: Sequence[str],
        data: Mapping[str, Any],
        key: tuple[Any, ...] | None,
    ) -> Form | None:
        """The form of an event of a declared kind logged as `Table.log(kind, clause,
        cites, **data)` if its fields fit it (`Form.fits`), else None; kept as `fitted[key]`
        when there is a key: the kind, the clause, the number of cites and the cites, the
        fields' names and their values' types, all `fits` reads, so `Table.log` looks the
        form up there at once."""
        form = None
        if OWN_KEYS.isdisjoint(data):
            form = self.form(kind, clause, cites, data)
            if form is not None and not form.fits(data):
                form = None
        if key is not None and len(self.fitted) < self.FITTED_KEPT:
            self.fitted[key] = form
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

    def _compile_form(
        self, kind: EventKind, clause: str, cites: Sequence[str], given: Collection[str]
    ) -> Form | None:
        """The form of a declared kind's events logged with this clause and cites and the
        fields `given`; None if they are not given as declared."""
        fields = kind.fields
        if fields is None:
            return None
        names = list(given)
        declared = list(fields)
        if names not in (declared, declared[: len(declared) - kind.optional]):
            return None
        if any(type(cite) is not str for cite in cites) or type(clause) is not str:
            return None
        forms = [fields[name] for name in names]
        shape = self._compile(kind.type, clause, cites, dict.fromkeys(names), forms)
        if shape is None:
            return None
        if any(form in LISTED for form in forms):
            template, encoders = shape
            return Form(cites, names, forms, template=template, encoders=encoders)
        pieces = self._pieces(kind.type, clause, cites, names)
        memo = LineMemo(pieces, [self._declared[form] for form in forms], forms)
        return Form(cites, names, forms, memo=memo)

    @staticmethod
    def _pieces(
        event_type: str, clause: str, cites: Sequence[str], names: Sequence[str]
    ) -> list[bytes]:
        """A line's fixed texts around its fields' values (escaped for `%`): the text
        before each field's value, then the rest of the line."""
        pieces = ['{"seq": %d, "type": ' + _literal(event_type)]
        for name in names:
            pieces[-1] += ", " + _literal(name) + ": "
            pieces.append("")
        if clause:
            pieces[-1] += ', "clause": ' + _literal(clause)
        if cites:
            pieces[-1] += ', "cites": [' + ", ".join(map(_literal, cites)) + "]"
        pieces[-1] += "}"
        return [piece.encode("utf-8") for piece in pieces]

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
        parts = ['{"seq": %d, "type": ', _literal(event_type)]
        encoders = []
        for index, (name, value) in enumerate(data.items()):
            if forms is not None:
                form = forms[index]
                parts += (", ", _literal(name), ": %d" if form == INT else ": %b")
                encoders.append(self._declared[form])
                continue
            kind = type(value)
            parts += (", ", _literal(name), ": %d" if kind is int else ": %b")
            encoders.append(self._encoders.get(kind, self._whole))
        if clause:
            parts += (', "clause": ', _literal(clause))
        if cites:
            parts += (', "cites": [', ", ".join(map(_literal, cites)), "]")
        parts.append("}")
        return "".join(parts).encode("utf-8"), tuple(encoders)

    def _list(self, items: Sequence[Any]) -> bytes:
        """A list's encoding: a list of texts, of integers or of such lists joined from
        its elements' encodings, any other by the encoder."""
        if not items:
            return b"[]"
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
        return b"[%b]" % b", ".join(map(self._texts.__getitem__, items))

    def _seat_text(self, pairs: Sequence[tuple[int, str]]) -> bytes:
        texts = self._texts
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
        text = self._texts.__getitem__
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
        return self._encoders.get(kind, self._whole)(value)

    @staticmethod
    def _whole(value: Any) -> bytes:
        """Any value as the encoder writes it."""
        return dumps(value).encode("utf-8")


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
