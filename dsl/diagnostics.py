"""Diagnostics: located, coded messages about a rule file, rendered with a caret.

Errors are values. Every layer that reads untrusted text returns or raises these, and the
CLI prints them as `FILE:LINE:COL: error[CODE]: message`, the source line, and a caret placed
under the right character even after wide (CJK) characters.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Literal

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
    "W001": "clause cites no rule id",
}


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

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def render(self) -> str:
        """`FILE:LINE:COL: error[CODE]: message`, then the line and a caret under the column."""
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        head = f"{where}: {self.severity}[{self.code}]: {self.message}"
        lines = [head]
        if self.source_line:
            text = self.source_line.rstrip("\n").replace("\t", " ")
            prefix = text[: max(self.column - 1, 0)]
            lines.append(f"    {text}")
            lines.append("    " + " " * display_width(prefix) + "^")
        if self.hint:
            lines.append(f"    hint: {self.hint}")
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


@dataclass
class DiagnosticSink:
    """Collects diagnostics for one file so a run can report several at once."""

    file: str
    text: str = ""
    items: list[Diagnostic] = field(default_factory=list)

    def source_line(self, line: int) -> str:
        lines = self.text.splitlines()
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
