"""Text to parse tree, with syntax errors turned into located, named diagnostics.

The grammar is LALR(1), so a failure leaves a precise parser state. `match_examples` maps
that state to a named mistake (a missing colon, an unclosed block...). To report more than
one syntax error per run, the failing top-level clause is blanked out and the text parsed
again: line numbers stay put, and the next broken clause gets its own diagnostic.

This module readies the text and runs that loop. The parser is built by `grammar`; a
failure is told by `syntax_errors` (its named mistakes in `named_mistakes`); the limits
of size, characters and nesting are checked by `input_guards`.
"""

from __future__ import annotations

from lark import Tree, UnexpectedInput
from tablerules.dsl.diagnostics import DiagnosticSink
from tablerules.dsl.parsing.grammar import parser
from tablerules.dsl.parsing.input_guards import forbidden_characters, over_size, too_deep
from tablerules.dsl.parsing.syntax_errors import MAX_SYNTAX_ERRORS, blank_past_error, located

# Full-width punctuation typed with a Chinese input method, read as its ASCII twin. One
# character stands for one, so lines and columns stay where the author wrote them.
FULL_WIDTH = {
    "：": ":",
    "，": ",",
    "、": ",",
    "（": "(",
    "）": ")",
    "＝": "=",
    "＋": "+",
    "－": "-",
    "＊": "*",
    "／": "/",
    "＜": "<",
    "＞": ">",
    "［": "[",
    "］": "]",
    "｛": "{",
    "｝": "}",
}


def _normalise(text: str) -> str:
    """Text as the grammar expects it: LF line ends and a final newline."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if text.startswith("\ufeff"):
        text = text[1:]
    return text if text.endswith("\n") else text + "\n"


def _half_width(text: str) -> str:
    """Full-width punctuation (`FULL_WIDTH`) outside quoted text and comments becomes its
    ASCII twin."""
    if not any(char in text for char in FULL_WIDTH):
        return text
    out: list[str] = []
    quoted = commented = False
    for char in text:
        if char == "\n":
            quoted = commented = False
        elif not commented and char == '"':
            quoted = not quoted
        elif not quoted and char == "#":
            commented = True
        elif not (quoted or commented) and char in FULL_WIDTH:
            char = FULL_WIDTH[char]
        out.append(char)
    return "".join(out)


def parse_text(text: str, sink: DiagnosticSink) -> Tree | None:
    """Parse a rule file's text; syntax errors go to `sink` and the result is None."""
    text = _normalise(text)
    sink.text = text  # diagnostics show the lines as written
    if over_size(text, sink) or forbidden_characters(text, sink):
        return None
    attempt = _half_width(text)
    seen: set[int] = set()
    for _ in range(MAX_SYNTAX_ERRORS):
        try:
            tree = parser().parse(attempt)
        except UnexpectedInput as error:
            line, column, code, message, hint = located(error, attempt)
            if line not in seen:
                sink.add(line, column, code, message, hint=hint)
                seen.add(line)
            blanked = blank_past_error(attempt, line, code)
            if blanked == attempt:
                return None
            attempt = blanked
            continue
        if sink.errors or too_deep(tree, sink):
            return None
        return tree
    return None
