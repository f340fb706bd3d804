"""A syntax error told: where it is (a block left open is blamed where its '}' belongs, a
line end where the line's text stops), its code and message (a named mistake, an unknown
item of a block, an unexpected token) and a hint of what was expected; and the clause to
blank out so the next error can be found."""

from __future__ import annotations

import re
from collections.abc import Iterable
from difflib import SequenceMatcher

from lark import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from tablerules.dsl.diagnostics import did_you_mean
from tablerules.dsl.parsing.grammar import clause_words, grammar_keywords, parser
from tablerules.dsl.parsing.guesses import syntax_hint
from tablerules.dsl.parsing.named_mistakes import STRAY_CLOSE, STRAY_CLOSE_HINT, named_mistake

MAX_SYNTAX_ERRORS = 10
# errors that are their own line's: an unexpected word or character, an unknown item
ITEM_LINE_CODES = ("E001", "E005", "E007")
UNCLOSED = "a block is not closed: add '}' on a line of its own"
TWO_WORD_BLOCKS = ("immediate win", "seat cards", "next dealer")
# how near a keyword a word read as a name, or a keyword out of its place, must be to be
# guessed as it misspelt
BEFORE_CUTOFF = 0.75
MOST_GUESSED_LETTERS = 24  # a longer word is guessed as no keyword
BEFORE_WINDOW = 4 * MOST_GUESSED_LETTERS  # characters before an error read for a guess


def _expected_keywords(error: UnexpectedInput) -> list[str]:
    """The keywords the parser would have taken where it stopped."""
    names = getattr(error, "expected", None) or getattr(error, "allowed", None) or []
    return [name.lower() for name in names if name.isalpha() and name.isupper()]


def _misspelt_before(text: str, line: int, column: int) -> str:
    """Where a line fails just after a word that is no keyword but is very near one, that
    word was most likely the keyword misspelt and read as a name (`hods distinct suit`,
    `remove optin NAME`); so too the word before a parenthesis just before (`crds (colour
    red)`, read as a call). A keyword whose plural is one is guessed as it (`group of`).
    A guess at it, or ''."""
    lines = text.split("\n")
    if not 0 < line <= len(lines):
        return ""
    # the end of the line before the error is all that is read: the regular expressions
    # would take time quadratic in a long run of letters (a fuzzed line of 60,000), and a
    # word longer than the window is no keyword misspelt anyway
    before = lines[line - 1][: column - 1][-BEFORE_WINDOW:]
    words = [re.search(r"(\w+)\s*$", before), re.search(r"(\w+)\s*\(\s*\w+\s*$", before)]
    for found in words:
        if found is None:
            continue
        word = found.group(1)
        if not (word.isascii() and word.isalpha()):
            continue
        if word in grammar_keywords():
            nearest = [word + "s"] if word + "s" in grammar_keywords() else []
        else:
            nearest = _nearest(word, grammar_keywords())
        if len(nearest) == 1:
            return f"{word!r} reads as a name: did you mean {nearest[0]!r}?"
        if nearest:  # as near as each other (`frm`: form, from): the first two named
            return f"{word!r} reads as a name: did you mean {nearest[0]!r} or {nearest[1]!r}?"
    return ""


def _nearest(word: str, keywords: Iterable[str]) -> list[str]:
    """The keywords nearest `word`, where they are nearer than `did_you_mean` asks (the
    word may well be a name of the file, `kind`, or a keyword out of place, `wins`), in
    order; none for a word longer than any keyword (near none, and slow to compare)."""
    if len(word) > MOST_GUESSED_LETTERS:
        return []
    scored = [(SequenceMatcher(None, word, keyword).ratio(), keyword) for keyword in keywords]
    best = max((score for score, _ in scored), default=0.0)
    if best < BEFORE_CUTOFF:
        return []
    return sorted(keyword for score, keyword in scored if score == best)


def _word_at(text: str, line: int, column: int) -> str:
    lines = text.split("\n")
    found = re.match(r"\w+", lines[line - 1][column - 1 :]) if 0 < line <= len(lines) else None
    return found.group(0) if found else ""


def _expected(error: UnexpectedInput) -> str:
    names = sorted(getattr(error, "expected", None) or getattr(error, "allowed", None) or [])
    shown = [_terminal_name(name) for name in names][:12]
    return ", ".join(shown)


def _terminal_name(name: str) -> str:
    pretty = {
        "WORD": "a name or number",
        "STRING": 'a "quoted text"',
        "_NL": "end of line",
        "LBRACE": "'{'",
        "RBRACE": "'}'",
        "LSQB": "'['",
        "RSQB": "']'",
        "COLON": "':'",
        "EQUAL": "'='",
        "COMMA": "','",
        "VBAR": "'|'",
        "LPAR": "'('",
        "RPAR": "')'",
        "PLUS": "'+'",
        "$END": "end of file",
    }
    if name in pretty:
        return pretty[name]
    try:
        pattern = parser().get_terminal(name).pattern
    except KeyError:
        return name
    return f"'{pattern.value}'" if pattern.type == "str" else name


def _clause_bounds(lines: list[str], index: int) -> tuple[int, int]:
    """The first and one-past-last line index of the top-level clause holding line `index`."""

    def starts_clause(i: int) -> bool:
        row = lines[i]
        return bool(row) and not row[0].isspace() and row[0] not in "}#"

    start = index
    while start > 0 and not starts_clause(start):
        start -= 1
    end = index + 1
    while end < len(lines) and not starts_clause(end):
        end += 1
    return start, end


def _classify(error: UnexpectedInput, text: str) -> tuple[str, str]:
    if isinstance(error, UnexpectedCharacters):
        char = error.char
        if char == '"':
            return "E006", "a quoted text is not closed on this line"
        return "E007", f"unexpected character {char!r}"
    token = error.token if isinstance(error, UnexpectedToken) else None
    if isinstance(error, UnexpectedEOF) or (token is not None and token.type == "$END"):
        return "E003", UNCLOSED
    label = named_mistake(error, text)
    if label:
        return label
    block = _unknown_block_item(error, text)
    if block:
        return "E005", f"unknown item inside {block} block"
    found = repr(str(token)) if token is not None and token.type != "_NL" else "end of line"
    return "E001", f"unexpected {found}"


def _unknown_block_item(error: UnexpectedInput, text: str) -> str:
    """'a settle' when the failing word starts an item line of a settle block, else ''."""
    if not isinstance(error, UnexpectedToken) or "RBRACE" not in (error.expected or ()):
        return ""
    token = error.token
    if token.type in ("_NL", "$END") or not token.line:
        return ""
    lines = text.split("\n")
    row = lines[token.line - 1]
    if row[: (token.column or 1) - 1].strip():
        return ""  # not the first word of its line
    start, _ = _clause_bounds(lines, token.line - 1)
    words = lines[start].split()
    if words and words[0] == "override":
        words = words[1:]
    if not words or words[0] not in grammar_keywords():
        return ""
    name = " ".join(words[:2]) if " ".join(words[:2]) in TWO_WORD_BLOCKS else words[0]
    article = "an" if name[0] in "aeiou" else "a"
    return f"{article} {name}"


def _unclosed_block(error: UnexpectedInput, text: str) -> tuple[int, int, str, str] | None:
    """A block whose '}' is missing, run into by the next clause: where the '}' belongs
    (just past the block's last line) and a message naming the block, or None.

    The parser stops at the next clause's first word, inside the open block; blaming that
    line sends the author to the wrong place, so the block left open is named instead."""
    if not isinstance(error, UnexpectedToken) or "RBRACE" not in (error.expected or ()):
        return None
    token = error.token
    if token.type in ("_NL", "$END") or not token.line or token.column != 1:
        return None
    if str(token) not in clause_words():
        return None
    lines = text.split("\n")
    last = token.line - 2  # the block's last line with code on it (an index)
    while last >= 0 and not _code_part(lines[last]).strip():
        last -= 1
    if last < 0:
        return None
    start, _ = _clause_bounds(lines, last)
    words = lines[start].split()
    if words and words[0] == "override":
        words = words[1:]
    if not words:
        return None
    name = " ".join(words[:2]) if " ".join(words[:2]) in TWO_WORD_BLOCKS else words[0]
    column = len(_code_part(lines[last]).rstrip()) + 1
    message = f"the {name} block opened on line {start + 1} is not closed: add '}}' after this line"
    return last + 1, column, "E003", message


def _position(error: UnexpectedInput, text: str) -> tuple[int, int]:
    line = getattr(error, "line", None)
    column = getattr(error, "column", None)
    if isinstance(error, UnexpectedToken) and error.token.type == "_NL":
        # A line end was unexpected: point just past the line's text, before any comment.
        line = error.token.line
        row = text.split("\n")[line - 1] if line and line <= text.count("\n") + 1 else ""
        column = len(_code_part(row).rstrip()) + 1
    if not line or line < 1:
        lines = text.splitlines()
        line = max(len(lines), 1)
        column = len(lines[-1]) + 1 if lines else 1
    return line, max(column or 1, 1)


def _code_part(row: str) -> str:
    """A line without its trailing comment (a '#' outside quotes)."""
    quoted = False
    for index, char in enumerate(row):
        if char == '"':
            quoted = not quoted
        elif char == "#" and not quoted:
            return row[:index]
    return row


def blank_through_clause(text: str, line: int) -> str:
    """Blank every line up to the end of the top-level clause around `line`, keeping line
    numbers: the next attempt parses only what follows, so a file with ten mistakes near
    its end is read about once, not ten times."""
    lines = text.split("\n")
    _, end = _clause_bounds(lines, min(line - 1, len(lines) - 1))
    return "\n" * end + "\n".join(lines[end:])


def blank_past_error(text: str, line: int, code: str) -> str:
    """What to parse next after an error at `line` (whose code is `code`): where the line is
    an item inside a block (not its clause's first line, no brace on it) and the error is
    that line's own, only that line is blanked, with every clause before it, so a second
    mistake in the same block is found too; else the whole clause (`blank_through_clause`).
    A block left open is blamed on a line that is not its fault, so never this way."""
    lines = text.split("\n")
    index = min(line - 1, len(lines) - 1)
    start, _ = _clause_bounds(lines, index)
    code_part = _code_part(lines[index])
    own_line = code in ITEM_LINE_CODES and index > start and code_part.strip()
    if not own_line or "{" in code_part or "}" in code_part:
        return blank_through_clause(text, line)
    kept = lines[start:]
    kept[index - start] = ""
    return "\n" * start + "\n".join(kept)


def located(error: UnexpectedInput, text: str) -> tuple[int, int, str, str, str]:
    """A parse failure as a diagnostic's parts: line, column, code, message and hint."""
    line, column = _position(error, text)
    code, message = _classify(error, text)
    unclosed = _unclosed_block(error, text)
    if unclosed is not None:
        line, column, code, message = unclosed
    expected = _expected(error)
    hinted = code in ("E001", "E002") or message.startswith("unknown item inside")
    hint = f"expected {expected}" if expected and hinted else ""
    close = ""
    word = _word_at(text, line, column)
    if code == "E005" or (code == "E001" and word not in grammar_keywords()):
        close = did_you_mean(word, _expected_keywords(error))  # a mistyped keyword
    elif code == "E001" and word:
        # a keyword out of its place is a misspelling only of one very near (sets, seats)
        nearest = _nearest(word, _expected_keywords(error))
        close = f"did you mean {nearest[0]!r}?" if len(nearest) == 1 else ""
    hint = f"{close} {hint}".strip() if close else hint
    if code == "E001" and not close:  # a mistyped keyword read as a name, just before
        before = _misspelt_before(text, line, column)
        hint = f"{before}; {hint}" if before and hint else before or hint
    guessed = syntax_hint(text, line, column)  # `x2`, `by previous`, `(1m)`
    hint = f"{guessed}; {hint}" if guessed and hint else guessed or hint
    if message == STRAY_CLOSE:  # what could start a clause there is no help
        hint = STRAY_CLOSE_HINT
    return line, column, code, message, hint
