"""Named mistakes: a syntax error labelled by the small broken snippets that fail the same
way (a missing colon, an item a block does not take...), matched on the kind of line, what
the parser wanted there and what it got."""

from __future__ import annotations

from functools import cache

from lark import UnexpectedInput, UnexpectedToken
from tablerules.dsl.parsing.grammar import grammar_keywords, parser

# A '}' where a clause may start: the block it would close was closed already (one '}' too
# many), or its first line does not end with '{'.
STRAY_CLOSE = "a '}' with no block open: the block above is closed already"
STRAY_CLOSE_HINT = "remove this '}', or end the first line of the block it closes with '{'"

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
    ("E001", "a settle block takes no title: write settle NAME [IDS] { ... }"): [
        'settle s "t" {\n}\n',
        'settle s "t" [A-1] {\n}\n',
    ],
    ("E002", "a deal line reads: COUNT to [each|dealer] ZONE [shown]"): [
        "deal {\n  14 each hand\n}\n",
    ],
    ("E002", 'a card line reads: ID attribute=value ... "display name" "alias" ...'): [
        "deck {\n  x1 size small\n}\n",
    ],
    # last: a '}' where a clause may start takes only this exact situation, not the looser
    # one the labels above name
    ("E001", STRAY_CLOSE): [
        "}\n",
        "game g\n}\n",
    ],
}


def _line_head(text: str, line: int | None) -> str:
    """The keyword that starts the failing line ('' for card rows, value lines...)."""
    rows = text.split("\n")
    line = min(line or len(rows), len(rows))
    words = rows[line - 1].split()
    if words and words[0] == "override":
        words = words[1:]
    head = words[0] if words else ""
    return head if head in grammar_keywords() else ""


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


def named_mistake(error: UnexpectedInput, text: str) -> tuple[str, str] | None:
    if not isinstance(error, UnexpectedToken):
        return None
    head, expected, found = _situation(error, text)
    labels = _labels()
    return labels.get((head, expected, found)) or labels.get((head, expected))
