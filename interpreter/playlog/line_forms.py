"""How the events logged alike become a byte template: their line's `Shape` and, for a
declared kind (`event_kinds`), their `Form`, compiled once per game (see `event_lines`).

An event's line is `{"seq": N, "type": T, <its fields>, "clause": C, "cites": [...]}`, and
the events logged alike (a seat drawing, a seat discarding, a window on a card) share all
of it but their values. So the events of a declared kind logged by one clause with one
list of cites share a `Form`: every key, the type, the clause and the cites already
encoded. A form whose fields hold no lists keeps a template per tuple of its texts and
flags, with `%d` for the `seq` and each integer (`LineMemo`); one with lists fills one
template with each field's encoding (`line_values`). A shape whose field names take the
line's own keys, or whose type, clause or cites are not plain texts, is none: its events
are encoded whole.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from json.encoder import encode_basestring  # type: ignore[attr-defined]
from operator import itemgetter
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
    EventKind,
)
from tablerules.interpreter.playlog.line_values import INT_TYPES, LIST_TYPES, ValueEncoders
from tablerules.interpreter.playlog.writer import Record

OWN_KEYS = frozenset({"seq", "type", "clause", "cites"})  # the line's keys, not a field's
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


def _one(names: list[str]) -> Callable[[Record], tuple[Any, ...]]:
    """A picker of the values of one field (or none) as a tuple, as `itemgetter` gives
    several."""
    if not names:
        return lambda event: ()
    name = names[0]
    return lambda event: (event[name],)


def compile_form(
    values: ValueEncoders,
    kind: EventKind,
    clause: str,
    cites: Sequence[str],
    given: Collection[str],
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
    shape = compile_shape(values, kind.type, clause, cites, dict.fromkeys(names), forms)
    if shape is None:
        return None
    if any(form in LISTED for form in forms):
        template, encoders = shape
        return Form(cites, names, forms, template=template, encoders=encoders)
    pieces = _pieces(kind.type, clause, cites, names)
    memo = LineMemo(pieces, [values.declared[form] for form in forms], forms)
    return Form(cites, names, forms, memo=memo)


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


def compile_shape(
    values: ValueEncoders,
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
            encoders.append(values.declared[form])
            continue
        kind = type(value)
        parts += (", ", _literal(name), ": %d" if kind is int else ": %b")
        encoders.append(values.of_type(kind))
    if clause:
        parts += (', "clause": ', _literal(clause))
    if cites:
        parts += (', "cites": [', ", ".join(map(_literal, cites)), "]")
    parts.append("}")
    return "".join(parts).encode("utf-8"), tuple(encoders)
