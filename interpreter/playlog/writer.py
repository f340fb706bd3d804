"""Writing the play log (JSON Lines, the format `reader` reads back): its records, their
encoding as lines, and the writer that hands them to the file.

Apart from `reader` so that writing a log imports nothing the reading needs (the line
models and their validation library).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from json.encoder import c_make_encoder, encode_basestring  # type: ignore[attr-defined]
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tablerules.dsl.limits import MAX_RULE_BYTES
from tablerules.dsl.reading import read_bytes

if TYPE_CHECKING:
    from tablerules.interpreter.engine import Table

FORMAT = 1
Record = dict[str, Any]


def files_sha256(files: Sequence[str | Path]) -> str:
    """SHA-256 of the rule file's bytes followed by those of every file it extends, in
    order (`Loaded.files`: the file, the base, the base's base...)."""
    digest = hashlib.sha256()
    for name in files:
        digest.update(read_bytes(name, MAX_RULE_BYTES))
    return digest.hexdigest()


def rules_sha256(path: str, extends: list[str]) -> str:
    """`files_sha256` of a rule file and its bases named as the loader shows them (the
    base, then the base's base...)."""
    return files_sha256([path, *extends])


def text_sha256(text: str, extends: list[str]) -> str:
    """SHA-256 of a rule text (UTF-8) followed by the bytes of every file it extends: the
    digest of a rule file that exists only as text (edited, or uploaded)."""
    return _sha256(text.encode("utf-8", "surrogatepass"), extends)


def _sha256(first: bytes, extends: list[str]) -> str:
    digest = hashlib.sha256(first)
    for name in extends:
        digest.update(read_bytes(name, MAX_RULE_BYTES))
    return digest.hexdigest()


def header_record(
    rules: str,
    digest: str,
    options: dict[str, Any],
    seed: int,
    hands: int,
    bots: str,
    text: str | None = None,
) -> Record:
    """The log's first line: what was played (rule file, its digest, options), from which
    seed, how many hands, by which bots; `text` carries rule text that is not on disk."""
    header: Record = {
        "type": "header",
        "format": FORMAT,
        "rules": rules,
        "rules_sha256": digest,
        "options": options,
        "seed": seed,
        "hands": hands,
        "bots": bots,
    }
    if text is not None:
        header["rules_text"] = text
    return header


def _line_encoder() -> Callable[[Record], str]:
    """`json.dumps(record, ensure_ascii=False)`, the same text, made once: `json.dumps`
    with options builds an encoder on every call, and a log writes one per event. The C
    encoder is used directly when this Python has it."""
    encoder = json.JSONEncoder(ensure_ascii=False)
    if c_make_encoder is None:
        return encoder.encode
    chunks = c_make_encoder(
        None, encoder.default, encode_basestring, None, ": ", ", ", False, False, True
    )
    return lambda record: "".join(chunks(record, 0))


dumps = _line_encoder()


def line_bytes(record: Record) -> bytes:
    """A record as the bytes of its log line (UTF-8, without the newline)."""
    return dumps(record).encode("utf-8")


def as_logged(event: Record) -> Record:
    """An engine event as it reads back from the log (tuples become lists, and so on)."""
    return json.loads(json.dumps(event))


def choice_record(seat: int, label: str) -> Record:
    return {"type": "choice", "seat": seat, "label": label}


def result_record(table: Table) -> Record:
    state = table.state
    return {
        "type": "result",
        "winners": list(state.winners),
        "next_dealer": state.next_dealer,
        "totals": table.totals(),
        "ledger": [line.to_json() for line in state.ledger],
    }


class LogWriter:
    """Writes lines to the log file, gathered and handed to the file in one write per
    `flush` (the end of a hand), or when enough have gathered; a write holds whole lines
    only, so a log cut short (Ctrl-C, a killed process) still reads line by line."""

    GATHER = 512  # lines kept before they are written even in the middle of a hand

    def __init__(self, path: str) -> None:
        self.path = path
        self.handle = open(path, "wb", buffering=0)  # noqa: SIM115 - every write goes out whole
        self.lines = 0
        self._waiting: list[bytes] = []

    def write(self, record: Record) -> None:
        self.write_lines((line_bytes(record),))

    def write_lines(self, lines: Sequence[bytes]) -> None:
        """Lines already encoded (UTF-8 JSON, one record each, without newlines), in order."""
        self._waiting.extend(lines)
        self.lines += len(lines)
        if len(self._waiting) >= self.GATHER:
            self.flush()

    def flush(self) -> None:
        if self._waiting:
            self._waiting.append(b"")
            data = memoryview(b"\n".join(self._waiting))
            while data:  # a raw write may take only part of it
                written = self.handle.write(data)
                data = data[written or 0 :]
            self._waiting = []

    def close(self) -> None:
        self.flush()
        self.handle.close()
