"""Diagnostics: located, coded messages about a rule file, rendered with a caret.

Errors are values. Every layer that reads untrusted text returns or raises these, and the
CLI prints them as `FILE:LINE:COL: error[CODE]: message`, the source line, and a caret placed
under the right character even after wide (CJK) characters.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from difflib import get_close_matches
from typing import Literal

from tablerules.dsl.limits import LIMIT_CODE, MAX_DIAGNOSTICS

Severity = Literal["error", "warning"]

# Codes, so tests and users can refer to a kind of mistake by name.
CODES: dict[str, str] = {
    "E001": "syntax error",
    "E002": "missing newline or unfinished clause",
    "E003": "missing closing brace",
    "E004": "missing colon",
    "E005": "unknown keyword",
    "E006": "unterminated string",
    "E007": "unexpected character",
    "E101": "unknown name",
    "E102": "duplicate definition",
    "E103": "wrong kind of value",
    "E104": "value not allowed",
    "E105": "not enough cards",
    "E106": "cyclic extends",
    "E107": "cannot read file",
    "E108": "nothing to override or remove",
    "E109": "missing clause",
    "E110": "inconsistent rule",
    "E111": "over a limit",
    "W001": "clause cites no rule id",
    "W002": "a lookup can fall below the table's first row",
    "W003": "names for a language nothing is told in",
    "W004": "a base's translated title no longer fits",
    "W005": "a form no winning hand can hold",
    "W006": "a declared value only wild cards have",
    "W007": "a group laid and replaced that the win clause counts",
    "W008": "a claim with no priority behind one that has one",
    "W009": "a way to win that no settle line pays",
    "W010": "an option no clause reads",
}


MAX_MESSAGE_CHARS = 300  # a message quoting a huge word is cut, not printed whole
MAX_SHOWN_LINE_CHARS = 160  # a long source line is shown as a window around the column


def shorten(text: str, limit: int = 24) -> str:
    """`text` cut to `limit` characters with an ellipsis, for quoting user input."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def visible(text: str) -> str:
    """`text` safe to print: each control character (an escape sequence could drive the
    terminal) and bidirectional override becomes one visible replacement character."""
    return _CONTROL.sub(_picture, text)


def _picture(match: re.Match[str]) -> str:
    code = ord(match.group())
    return chr(0x2400 + code) if code < 0x20 else "\u2421" if code == 0x7F else "\ufffd"


def display_width(text: str) -> int:
    """Terminal columns taken by `text`: wide and full-width characters take two."""
    width = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


@dataclass(frozen=True)
class Diagnostic:
    """One finding about a file, at a 1-based line and column (columns count characters)."""

    file: str
    line: int
    column: int
    code: str
    message: str
    severity: Severity = "error"
    hint: str = ""
    source_line: str = ""

    def __post_init__(self) -> None:
        if len(self.message) > MAX_MESSAGE_CHARS:
            object.__setattr__(self, "message", shorten(self.message, MAX_MESSAGE_CHARS))
        if len(self.hint) > MAX_MESSAGE_CHARS:
            object.__setattr__(self, "hint", shorten(self.hint, MAX_MESSAGE_CHARS))

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def render(self) -> str:
        """`FILE:LINE:COL: error[CODE]: message`, then the line and a caret under the column."""
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        head = f"{where}: {self.severity}[{self.code}]: {self.message}"
        lines = [visible(head)]
        if self.source_line:
            text, column = _window(self.source_line.rstrip("\n").replace("\t", " "), self.column)
            text = visible(text)
            prefix = text[: max(column - 1, 0)]
            lines.append(f"    {text}")
            lines.append("    " + " " * display_width(prefix) + "^")
        if self.hint:
            lines.append(f"    hint: {visible(self.hint)}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
        }


def _window(text: str, column: int) -> tuple[str, int]:
    """A long line cut to a window around `column` (marked with …), and the column in it."""
    if len(text) <= MAX_SHOWN_LINE_CHARS:
        return text, column
    start = max(0, min(column - 1 - MAX_SHOWN_LINE_CHARS // 2, len(text) - MAX_SHOWN_LINE_CHARS))
    piece = text[start : start + MAX_SHOWN_LINE_CHARS]
    if start > 0:
        piece = "…" + piece[1:]
    if start + MAX_SHOWN_LINE_CHARS < len(text):
        piece = piece[:-1] + "…"
    return piece, column - start


@dataclass
class DiagnosticSink:
    """Collects diagnostics for one file so a run can report several at once."""

    file: str
    text: str = ""
    items: list[Diagnostic] = field(default_factory=list)
    _lines: tuple[str, list[str]] | None = field(default=None, repr=False)

    def source_line(self, line: int) -> str:
        if self._lines is None or self._lines[0] is not self.text:
            self._lines = (self.text, self.text.split("\n"))
        lines = self._lines[1]
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def add(
        self,
        line: int,
        column: int,
        code: str,
        message: str,
        *,
        severity: Severity = "error",
        hint: str = "",
        file: str | None = None,
    ) -> None:
        self.items.append(
            Diagnostic(
                file=file or self.file,
                line=line,
                column=column,
                code=code,
                message=message,
                severity=severity,
                hint=hint,
                source_line=self.source_line(line) if file in (None, self.file) else "",
            )
        )

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.is_error]


class RuleError(Exception):
    """Raised when a rule file cannot be used; carries every diagnostic found."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = diagnostics
        super().__init__("\n".join(d.render() for d in diagnostics))


def sort_key(diagnostic: Diagnostic) -> tuple[str, int, int]:
    return (diagnostic.file, diagnostic.line, diagnostic.column)


def capped(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """At most `MAX_DIAGNOSTICS` findings, the last one saying how many were left out."""
    if len(diagnostics) <= MAX_DIAGNOSTICS:
        return diagnostics
    kept = diagnostics[: MAX_DIAGNOSTICS - 1]
    left = len(diagnostics) - len(kept)
    last = diagnostics[MAX_DIAGNOSTICS - 1]
    note = Diagnostic(
        file=last.file,
        line=last.line,
        column=last.column,
        code=LIMIT_CODE,
        message=f"{left} more findings are not shown (at most {MAX_DIAGNOSTICS} are reported)",
        severity="error" if any(d.is_error for d in diagnostics[len(kept) :]) else "warning",
    )
    return [*kept, note]


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """`did you mean 'group'?` when one of `candidates` is close to a mistyped `word`: the
    same word in other letter case, else one that holds it (`stake` in `base_stake`), else
    the closest spelling, else, for a word not in ASCII, the one name as long that differs
    from it in one character only (a character written in its simplified form for the
    traditional one); where several names are that near, none is guessed. A short ASCII
    word one letter from another (`to`, `go`) is no guess."""
    names = sorted(set(candidates) - {word})
    lowered = word.lower()
    same = [name for name in names if name.lower() == lowered]
    holding = sorted((name for name in names if len(word) > 2 and lowered in name.lower()), key=len)
    close = same or holding[:1] or get_close_matches(word, names, n=1, cutoff=0.6)
    if not close and len(word) >= 2 and not word.isascii():
        apart = [name for name in names if _one_character_apart(word, name)]
        close = apart if len(apart) == 1 else []
    return f"did you mean {close[0]!r}?" if close else ""


def _one_character_apart(word: str, name: str) -> bool:
    """Whether two names of the same length differ in exactly one character."""
    if len(word) != len(name):
        return False
    differing = 0
    for one, other in zip(word, name, strict=True):
        if one != other:
            differing += 1
    return differing == 1
