"""The play log: JSON Lines written by `tablerules play --log`, read back by `replay`.

A header line, then for each hand a `hand` line, the engine's events and the choices
applied (in the order they happened) and a `result` line. Lines are written whole, in one
write per hand (and per few hundred lines), so a log cut short (Ctrl-C, a killed process)
still reads line by line, up to the last line written.

This module reads and checks a log (its lines as validated models); writing lives in
`writer` (which imports none of this), and its names are importable from here too.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from tablerules.dsl.limits import MAX_LOG_BYTES, MAX_LOG_LINE_BYTES, bytes_text
from tablerules.dsl.reading import ReadError, read_text
from tablerules.interpreter.playlog.writer import (  # noqa: F401 - the writing names, here too
    FORMAT,
    LogWriter,
    Record,
    as_logged,
    choice_record,
    dumps,
    files_sha256,
    header_record,
    line_bytes,
    result_record,
    rules_sha256,
    text_sha256,
)


class _Line(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class HeaderLine(_Line):
    type: Literal["header"]
    format: Literal[1]
    rules: str = Field(min_length=1)
    rules_sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    options: dict[str, bool | int | str]
    seed: int
    hands: int = Field(ge=1)
    bots: str
    # The rule text that was played, when it is not (or may not be) the file on disk: an
    # edit or an upload in the playground. `rules_sha256` then covers this text and the
    # files it extends.
    rules_text: str | None = None


class HandLine(_Line):
    type: Literal["hand"]
    index: int = Field(ge=1)
    seed: int
    dealer: int = Field(ge=0)
    round: int = Field(0, ge=0)  # the round of the game, from 0 (left out when 0)
    streak: int = Field(0, ge=0)  # hands the dealer kept the deal before (left out when 0)
    # the numbers the game carries from hand to hand, by name (left out when none)
    carried: dict[str, int] = Field(default_factory=dict)


class ChoiceLine(_Line):
    type: Literal["choice"]
    seat: int = Field(ge=0)
    label: str = Field(min_length=1)


class PaymentLine(_Line):
    payer: int | None
    payee: int | None
    amount: int
    label: str
    clause: str
    cites: list[str]


class ResultLine(_Line):
    type: Literal["result"]
    winners: list[int]
    next_dealer: int | None
    totals: list[int]
    ledger: list[PaymentLine]


class EventLine(BaseModel):
    """An engine event: its own fields are the engine's; only these two are required."""

    model_config = ConfigDict(extra="allow", strict=True)
    seq: int = Field(ge=0)
    type: str


LINE_KINDS: dict[str, type[BaseModel]] = {
    "header": HeaderLine,
    "hand": HandLine,
    "choice": ChoiceLine,
    "result": ResultLine,
}


JSON_NAMES = {
    "list": "an array",
    "str": "a string",
    "int": "a number",
    "float": "a number",
    "bool": "true or false",
    "NoneType": "null",
}


class LogError(ValueError):
    """A log that cannot be read: the message names the line and what is wrong."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


@dataclass
class LoggedHand:
    """One hand of a log: its `hand` line, then events (raw dicts) and choices in order."""

    line: int
    hand: HandLine
    items: list[tuple[int, Record | ChoiceLine]] = field(default_factory=list)
    result: ResultLine | None = None
    result_line: int = 0


@dataclass
class PlayLog:
    header: HeaderLine
    hands: list[LoggedHand]

    @property
    def complete(self) -> bool:
        return len(self.hands) == self.header.hands and all(h.result for h in self.hands)


# ── comparing ───────────────────────────────────────────────────────


def first_difference(ours: str, theirs: str) -> tuple[int, str, str] | None:
    """The first line (from 1) where two texts differ, and that line in each (empty past the
    end of a text); None when they are the same."""
    left, right = ours.splitlines(), theirs.splitlines()
    for number in range(1, max(len(left), len(right)) + 1):
        a = left[number - 1] if number <= len(left) else ""
        b = right[number - 1] if number <= len(right) else ""
        if a != b:
            return number, a, b
    return None


# ── reading ───────────────────────────────────────────────────────────


def _path(location: tuple[int | str, ...]) -> str:
    text = ""
    for part in location:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def parse_line(number: int, text: str, decoded: Any = None) -> BaseModel | Record:
    """One line as its model; an engine event stays the dict it was (after validation).
    `decoded` is the line's JSON when the caller has decoded it already (not decoded again)."""
    if len(text) * 4 > MAX_LOG_LINE_BYTES and len(text.encode()) > MAX_LOG_LINE_BYTES:
        raise LogError(number, f"the line is over the limit of {bytes_text(MAX_LOG_LINE_BYTES)}")
    try:
        data = json.loads(text) if decoded is None else decoded
    except json.JSONDecodeError as error:
        raise LogError(number, f"not JSON: {error.msg} (column {error.colno})") from None
    except RecursionError:
        raise LogError(number, "not a log line: its JSON is nested too deep") from None
    except ValueError:  # a number of thousands of digits
        raise LogError(number, "not a log line: it holds a number too long to read") from None
    if not isinstance(data, dict):
        found = JSON_NAMES.get(type(data).__name__, type(data).__name__)
        raise LogError(number, f"expected a JSON object, found {found}")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise LogError(number, "type: a line needs a text field 'type'")
    model = LINE_KINDS.get(kind, EventLine)
    try:
        parsed = model.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = _path(first["loc"])
        what = f"{kind} line" if model is not EventLine else f"event {kind!r}"
        prefix = f"{where}: " if where else ""
        raise LogError(number, f"{prefix}{first['msg']} (in a {what})") from None
    return data if model is EventLine else parsed


def read_log(path: str) -> PlayLog:
    """Read and check a whole log; raises `LogError` at the first problem."""
    header: HeaderLine | None = None
    hands: list[LoggedHand] = []
    try:
        content = read_text(path, MAX_LOG_BYTES, "the log")
    except ReadError as error:
        raise LogError(error.line, str(error).replace("the log ", "it ", 1)) from None
    lines = content.replace("\r\n", "\n").split("\n")
    # what follows the last line's end: nothing, or a line a killed writer left unfinished
    # (a write cut short by the kernel); a line is whole only once its newline is written
    lines.pop()
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            raise LogError(number, "an empty line")
        line = parse_line(number, text)
        if header is None:
            if not isinstance(line, HeaderLine):
                raise LogError(number, "the log must begin with its header line")
            header = line
        else:
            _place(number, line, header, hands)
    if header is None:
        raise LogError(0, "the log is empty")
    return PlayLog(header, hands)


def _place(
    number: int, line: BaseModel | Record, header: HeaderLine, hands: list[LoggedHand]
) -> None:
    """Put one line in its hand, checking the order the log must follow."""
    current = hands[-1] if hands else None
    if isinstance(line, HeaderLine):
        raise LogError(number, "a second header line")
    if isinstance(line, HandLine):
        _check_hand(number, line, header, current)
        hands.append(LoggedHand(number, line))
        return
    if current is None:
        raise LogError(number, f"a {_kind(line)} line before the first hand line")
    if current.result is not None:
        raise LogError(number, f"a {_kind(line)} line after hand {current.hand.index}'s result")
    if isinstance(line, ResultLine):
        current.result, current.result_line = line, number
    elif isinstance(line, ChoiceLine | dict):
        current.items.append((number, line))


def _check_hand(
    number: int, line: HandLine, header: HeaderLine, current: LoggedHand | None
) -> None:
    expected = 1 if current is None else current.hand.index + 1
    if line.index != expected:
        raise LogError(number, f"index: hand {line.index} where hand {expected} was expected")
    if line.index > header.hands:
        raise LogError(number, f"hand {line.index}, but the header announces {header.hands}")
    seed = header.seed + line.index - 1
    if line.seed != seed:
        raise LogError(
            number, f"seed: hand {line.index} is played with seed {seed}, not {line.seed}"
        )
    if current is None:
        return
    if current.result is None:
        previous = current.hand.index
        raise LogError(number, f"hand {line.index} begins before hand {previous}'s result")
    if current.result.next_dealer is not None and line.dealer != current.result.next_dealer:
        raise LogError(
            number,
            f"dealer: hand {line.index} is dealt by seat {current.result.next_dealer}, "
            f"the previous hand's next dealer, not seat {line.dealer}",
        )


def _kind(line: BaseModel | Record) -> str:
    return line["type"] if isinstance(line, dict) else str(getattr(line, "type", "?"))
