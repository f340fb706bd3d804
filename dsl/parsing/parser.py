"""Text to parse tree, with syntax errors turned into located, named diagnostics.

The grammar is LALR(1), so a failure leaves a precise parser state. `match_examples` maps
that state to a named mistake (a missing colon, an unclosed block...). To report more than
one syntax error per run, the failing top-level clause is blanked out and the text parsed
again: line numbers stay put, and the next broken clause gets its own diagnostic.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from lark import (
    Lark,
    Token,
    Tree,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)
from tablerules.dsl.diagnostics import DiagnosticSink, did_you_mean
from tablerules.dsl.limits import (
    LIMIT_CODE,
    MAX_EXPRESSION_DEPTH,
    MAX_NESTING,
    MAX_RULE_BYTES,
    MAX_RULE_LINES,
    bytes_text,
)
from tablerules.dsl.parsing.build_expr import ExpressionBuilder
from tablerules.dsl.parsing.guesses import syntax_hint
from tablerules.dsl.parsing.parse_tables import load_parser

GRAMMAR_PATH = Path(__file__).with_name("rules.lark")
MAX_SYNTAX_ERRORS = 10
UNCLOSED = "a block is not closed: add '}' on a line of its own"

# Named mistakes: each label maps to small broken snippets that fail in the same parser state.
NAMED_MISTAKES: dict[tuple[str, str], list[str]] = {
    ("E004", "missing ':' after the option name (write: option NAME: TYPE = DEFAULT)"): [
        "option count int = 1\n",
        'option count "t" int = 1\n',
        "option count 1 | 2 = 1\n",
    ],
    ("E004", "missing ':' between the attribute name and its values"): [
        "attribute size small | big\n",
        "attribute rank 1..10\n",
    ],
    ("E004", "missing ':' before the amount in a value line"): [
        "value v {\n  a 1\n}\n",
        "value v {\n  a b with rank 1 2 3 small 1\n}\n",
    ],
    ("E004", "missing ':' after the seat name"): [
        "seat cards s {\n  a b c\n}\n",
    ],
    ("E002", "the clause is unfinished: something is missing before the end of the line"): [
        "seats\n",
        "group g {\n  pattern\n}\n",
        "game\n",
        "option\n",
        "deal {\n  14 to\n}\n",
    ],
    ("E005", "unknown keyword at the start of a clause"): [
        "grop g {\n}\n",
        "frobnicate 3\n",
    ],
    ("E005", "unknown item inside a group block"): [
        "group g {\n  patern same 3\n}\n",
    ],
    ("E005", "a group's place is 'in hand' or 'on table'"): [
        "group g {\n  in hands\n}\n",
        "group g {\n  on tables\n}\n",
    ],
    ("E004", "missing ':' after 'pairs of KIND' (write: pairs of KIND: N)"): [
        "win {\n  pairs of p 1\n}\n",
    ],
    ("E005", "unknown item inside a win block"): [
        "win {\n  group 5\n}\n",
    ],
    ("E002", "a deal line reads: COUNT to [each|dealer] ZONE [shown]"): [
        "deal {\n  14 each hand\n}\n",
    ],
    ("E002", 'a card line reads: ID attribute=value ... "display name" "alias" ...'): [
        "deck {\n  x1 size small\n}\n",
    ],
}


class _WholeWords:
    """A no-op post-lexer that keeps WORD lexable in every parser state.

    Lark's contextual lexer only tries the tokens a state accepts; where only keywords are
    accepted, `settle` would lex as the keyword `set` followed by `tle`. With WORD always
    available, a longer word is read whole and then rejected as the word it is.
    """

    always_accept = ("WORD",)

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        return stream


PARSER_OPTIONS = {"propagate_positions": True, "maybe_placeholders": False}


@cache
def parser() -> Lark:
    """The LALR parser for the rule language, once per process; its tables come from the
    user's cache when they were built for this very grammar (see `parse_tables`)."""
    return load_parser(GRAMMAR_PATH.read_text(encoding="utf-8"), PARSER_OPTIONS, _WholeWords())


# Full-width punctuation typed with a Chinese input method, read as its ASCII twin. One
# character stands for one, so lines and columns stay where the author wrote them.
FULL_WIDTH = {"：": ":", "，": ",", "、": ",", "（": "(", "）": ")"}


def _normalise(text: str) -> str:
    """Text as the grammar expects it: LF line ends and a final newline."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if text.startswith("\ufeff"):
        text = text[1:]
    return text if text.endswith("\n") else text + "\n"


def _half_width(text: str) -> str:
    """`：，、（）` outside quoted text and comments become `:,,()`."""
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


def _expected_keywords(error: UnexpectedInput) -> list[str]:
    """The keywords the parser would have taken where it stopped."""
    names = getattr(error, "expected", None) or getattr(error, "allowed", None) or []
    return [name.lower() for name in names if name.isalpha() and name.isupper()]


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


def grammar_keywords() -> frozenset[str]:
    """The rule language's keywords (for an editor's highlighting, say)."""
    return _keywords()


@cache
def _keywords() -> frozenset[str]:
    """The grammar's keywords: its quoted words such as `group` or `pattern`."""
    words = set()
    for terminal in parser().terminals:
        pattern = terminal.pattern
        if pattern.type == "str" and pattern.value.isalpha():
            words.add(pattern.value)
    return frozenset(words)


def _line_head(text: str, line: int | None) -> str:
    """The keyword that starts the failing line ('' for card rows, value lines...)."""
    rows = text.split("\n")
    line = min(line or len(rows), len(rows))
    words = rows[line - 1].split()
    if words and words[0] == "override":
        words = words[1:]
    head = words[0] if words else ""
    return head if head in _keywords() else ""


Situation = tuple[str, frozenset[str], str]


def _situation(error: UnexpectedToken, text: str) -> Situation:
    """The kind of line, what the parser wanted there and what it got.

    This follows Lark's `match_examples` (label a failure by an example failing the same
    way), but Lark compares whole parser stacks, so the same mistake after an optional
    title or a citation, or in a file's second clause, would not match its example.
    The line's leading keyword and the set of acceptable tokens name the situation robustly.
    """
    expected = frozenset(error.expected) - {"_NL", "$END"}
    line = error.token.line if error.token.type != "$END" else None
    if line is None:
        line = len(text.rstrip("\n").split("\n"))
    return _line_head(text, line), expected, error.token.type


@cache
def _labels() -> dict[object, tuple[str, str]]:
    """The situation at the failure of each named example -> its label.

    Keyed by the full situation, and, for failures not at the end of the text, also by
    the situation without the token found, for a looser second match.
    """
    labels: dict[object, tuple[str, str]] = {}
    for label, examples in NAMED_MISTAKES.items():
        for example in examples:
            try:
                parser().parse(example)
            except UnexpectedToken as error:
                head, expected, found = _situation(error, example)
                labels.setdefault((head, expected, found), label)
                if found != "$END":
                    labels.setdefault((head, expected), label)
            except UnexpectedInput:
                continue
    return labels


def _named_mistake(error: UnexpectedInput, text: str) -> tuple[str, str] | None:
    if not isinstance(error, UnexpectedToken):
        return None
    head, expected, found = _situation(error, text)
    labels = _labels()
    return labels.get((head, expected, found)) or labels.get((head, expected))


def _classify(error: UnexpectedInput, text: str) -> tuple[str, str]:
    if isinstance(error, UnexpectedCharacters):
        char = error.char
        if char == '"':
            return "E006", "a quoted text is not closed on this line"
        return "E007", f"unexpected character {char!r}"
    token = error.token if isinstance(error, UnexpectedToken) else None
    if isinstance(error, UnexpectedEOF) or (token is not None and token.type == "$END"):
        return "E003", UNCLOSED
    label = _named_mistake(error, text)
    if label:
        return label
    block = _unknown_block_item(error, text)
    if block:
        return "E005", f"unknown item inside {block} block"
    found = repr(str(token)) if token is not None and token.type != "_NL" else "end of line"
    return "E001", f"unexpected {found}"


TWO_WORD_BLOCKS = ("immediate win", "seat cards", "next dealer")


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
    if not words or words[0] not in _keywords():
        return ""
    name = " ".join(words[:2]) if " ".join(words[:2]) in TWO_WORD_BLOCKS else words[0]
    article = "an" if name[0] in "aeiou" else "a"
    return f"{article} {name}"


@cache
def _clause_words() -> frozenset[str]:
    """The keywords that begin a top-level clause (`group`, `settle`, ...)."""
    accepted = parser().parse_interactive("").accepts()
    words = set()
    for name in accepted:
        try:
            pattern = parser().get_terminal(name).pattern
        except KeyError:
            continue
        if pattern.type == "str" and pattern.value.isalpha():
            words.add(pattern.value)
    return frozenset(words)


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
    if str(token) not in _clause_words():
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


def _blank_through_clause(text: str, line: int) -> str:
    """Blank every line up to the end of the top-level clause around `line`, keeping line
    numbers: the next attempt parses only what follows, so a file with ten mistakes near
    its end is read about once, not ten times."""
    lines = text.split("\n")
    _, end = _clause_bounds(lines, min(line - 1, len(lines) - 1))
    return "\n" * end + "\n".join(lines[end:])


def _over_size(text: str, sink: DiagnosticSink) -> bool:
    """Report a text over the size or line limits; the parser never sees such a text."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_RULE_BYTES:
        sink.add(
            1,
            1,
            LIMIT_CODE,
            f"the file is {size:,} bytes; the limit is {bytes_text(MAX_RULE_BYTES)}",
        )
        return True
    lines = text.count("\n")
    if lines > MAX_RULE_LINES:
        sink.add(
            MAX_RULE_LINES + 1,
            1,
            LIMIT_CODE,
            f"the file has {lines:,} lines; the limit is {MAX_RULE_LINES:,}",
        )
        return True
    return False


# Control characters (but tab, line ends and form feed) and the bidirectional overrides
# that make a line display otherwise than it reads; both could disguise a rule file or
# drive a terminal that shows a diagnostic.
FORBIDDEN_CHARACTERS = re.compile(
    "[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


def _forbidden_characters(text: str, sink: DiagnosticSink) -> bool:
    """Report each line holding a forbidden character, at the first such character."""
    found = False
    for match in FORBIDDEN_CHARACTERS.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        if sink.items and sink.items[-1].line == line:
            continue
        column = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
        code = f"U+{ord(match.group()):04X}"
        sink.add(line, column, "E007", f"the character {code} is not allowed in a rule file")
        found = True
        if len(sink.items) >= MAX_SYNTAX_ERRORS:
            break
    return found


EXPRESSION_NODES = frozenset({*ExpressionBuilder.OPS, "call"})


def _too_deep(tree: Tree, sink: DiagnosticSink) -> bool:
    """Report the first clause nested deeper than the limits (walked without recursion, so
    that a thousand nested brackets are an error message, not a `RecursionError`)."""
    stack: list[tuple[Tree, int, int]] = [(tree, 0, 0)]
    while stack:
        node, depth, expression = stack.pop()
        if node.data in EXPRESSION_NODES:
            expression += 1
        if expression > MAX_EXPRESSION_DEPTH or depth > MAX_NESTING:
            line = getattr(node.meta, "line", 1) if not node.meta.empty else 1
            column = getattr(node.meta, "column", 1) if not node.meta.empty else 1
            what = (
                f"an expression nested more than {MAX_EXPRESSION_DEPTH} deep"
                if expression > MAX_EXPRESSION_DEPTH
                else f"a clause nested more than {MAX_NESTING} deep"
            )
            sink.add(line, column, LIMIT_CODE, f"{what} (the limit)")
            return True
        for child in node.children:
            if isinstance(child, Tree):
                stack.append((child, depth + 1, expression))
    return False


def parse_text(text: str, sink: DiagnosticSink) -> Tree | None:
    """Parse a rule file's text; syntax errors go to `sink` and the result is None."""
    text = _normalise(text)
    sink.text = text  # diagnostics show the lines as written
    if _over_size(text, sink) or _forbidden_characters(text, sink):
        return None
    attempt = _half_width(text)
    seen: set[int] = set()
    for _ in range(MAX_SYNTAX_ERRORS):
        try:
            tree = parser().parse(attempt)
        except UnexpectedInput as error:
            line, column = _position(error, attempt)
            code, message = _classify(error, attempt)
            unclosed = _unclosed_block(error, attempt)
            if unclosed is not None:
                line, column, code, message = unclosed
            expected = _expected(error)
            hinted = code in ("E001", "E002") or message.startswith("unknown item inside")
            hint = f"expected {expected}" if expected and hinted else ""
            if code == "E005":
                close = did_you_mean(_word_at(attempt, line, column), _expected_keywords(error))
                hint = f"{close} {hint}".strip() if close else hint
            guessed = syntax_hint(attempt, line, column)  # `x2`, `by previous`, `(1m)`
            hint = f"{guessed}; {hint}" if guessed and hint else guessed or hint
            if line not in seen:
                sink.add(line, column, code, message, hint=hint)
                seen.add(line)
            blanked = _blank_through_clause(attempt, line)
            if blanked == attempt:
                return None
            attempt = blanked
            continue
        if sink.errors or _too_deep(tree, sink):
            return None
        return tree
    return None
