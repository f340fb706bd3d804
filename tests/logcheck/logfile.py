"""Reading a play log (`tablerules play --log`, JSON Lines) hand by hand.

Only the log's own format is assumed: a header line, then per hand a `hand` line, the
engine's events and the bots' `choice` lines in the order they happened, and a `result`
line. Nothing of the engine is imported.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Record = dict[str, Any]
CHOICE_LINE = '{"type": "choice"'  # how a bot's choice line begins, as the writer lays it out
_decode = json.JSONDecoder().raw_decode  # a line is one object: no leading space to skip


class LogFormatError(ValueError):
    """A log this checker cannot read: the message names the line."""


@dataclass
class Hand:
    """One hand of a log: its `hand` line, its records in order, and its `result` line."""

    index: int
    seed: int
    dealer: int
    line: int  # where the hand begins in the file
    records: list[tuple[int, Record]] = field(default_factory=list)  # (line, record)
    result: Record | None = None
    lines: list[str] = field(default_factory=list)  # its lines as written, `hand` to `result`
    opening: Record | None = None  # its `hand` line, decoded


def read_lines(lines: Iterable[str], choices: bool = True) -> tuple[Record, Iterator[Hand]]:
    """The header and an iterator over the hands of a log given as lines of text; with
    `choices` False, the bots' choice lines are skipped unread (a check that never looks at
    them reads a log a third faster)."""
    numbered = enumerate(lines, start=1)
    header: Record | None = None
    for number, text in numbered:
        if text.strip():
            header = _parse(number, text)
            break
    if header is None or header.get("type") != "header":
        raise LogFormatError("line 1: a play log begins with its header line")
    return header, _hands(numbered, choices)


def read_log(path: str | Path, choices: bool = True) -> tuple[Record, Iterator[Hand]]:
    """The header and the hands of a log file (read lazily, line by line)."""
    handle = open(path, encoding="utf-8")  # noqa: SIM115 - closed when the hands run out
    header, hands = read_lines(handle, choices)

    def closing() -> Iterator[Hand]:
        try:
            yield from hands
        finally:
            handle.close()

    return header, closing()


def read_hands(lines: Iterable[str], first_line: int, choices: bool = True) -> Iterator[Hand]:
    """The hands of a log's lines after its header (the first of them is line `first_line`
    of the log)."""
    return _hands(enumerate(lines, start=first_line), choices)


def _hands(numbered: Iterator[tuple[int, str]], choices: bool) -> Iterator[Hand]:
    current: Hand | None = None
    for number, text in numbered:
        line = text.rstrip("\n")
        if not choices and current is not None and line.startswith(CHOICE_LINE):
            current.lines.append(line)  # kept as written, never decoded
            continue
        if not line.strip():
            continue
        record = _parse(number, line)
        kind = record.get("type")
        if kind == "hand":
            if current is not None:
                raise LogFormatError(
                    f"line {number}: hand {record.get('index')} begins "
                    f"before hand {current.index}'s result"
                )
            current = Hand(record["index"], record["seed"], record["dealer"], number)
            current.opening = record
        elif current is None:
            raise LogFormatError(f"line {number}: a {kind} line outside a hand")
        elif kind == "result":
            current.result = record
        else:
            current.records.append((number, record))
        current.lines.append(line)
        if current.result is not None:
            yield current
            current = None
    if current is not None:  # a log cut short: its last hand has no result
        yield current


def _parse(number: int, text: str) -> Record:
    try:
        record, end = _decode(text)
    except json.JSONDecodeError as error:
        raise LogFormatError(f"line {number}: not JSON: {error.msg}") from None
    if text[end:].strip():
        raise LogFormatError(f"line {number}: more after the JSON object")
    if not isinstance(record, dict) or not isinstance(record.get("type"), str):
        raise LogFormatError(f"line {number}: a record is a JSON object with a 'type'")
    return record
