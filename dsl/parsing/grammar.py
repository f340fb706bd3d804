"""The LALR parser of the rule language (`rules.lark`), built once per process, and the
words of its grammar: its keywords, and those that begin a top-level clause."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path

from lark import Lark, Token
from tablerules.dsl.parsing.parse_tables import load_parser

GRAMMAR_PATH = Path(__file__).with_name("rules.lark")


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


@cache
def clause_words() -> frozenset[str]:
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


@cache
def leading_words(rule: str) -> tuple[str, ...]:
    """The keywords that begin the rule's forms (`hand_quantity`: cards, groups, wilds ...),
    in the grammar's order: what a place that reads the rule takes besides names."""
    words: list[str] = []
    for form in parser().rules:
        if form.origin.name != rule or not form.expansion:
            continue
        try:
            pattern = parser().get_terminal(form.expansion[0].name).pattern
        except KeyError:  # a rule, not a terminal
            continue
        if pattern.type == "str" and pattern.value.isalpha() and pattern.value not in words:
            words.append(pattern.value)
    return tuple(words)
