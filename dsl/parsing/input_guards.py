"""The limits a rule file's text meets around the parse: its size and line count and the
characters it may hold (checked before: the parser never sees such a text), and how deep
its clauses and expressions nest (checked after, without recursion)."""

from __future__ import annotations

import re

from lark import Tree
from tablerules.dsl.diagnostics import DiagnosticSink
from tablerules.dsl.limits import (
    LIMIT_CODE,
    MAX_EXPRESSION_DEPTH,
    MAX_NESTING,
    MAX_RULE_BYTES,
    MAX_RULE_LINES,
    bytes_text,
)
from tablerules.dsl.parsing.build_expr import ExpressionBuilder
from tablerules.dsl.parsing.syntax_errors import MAX_SYNTAX_ERRORS


def over_size(text: str, sink: DiagnosticSink) -> bool:
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


def forbidden_characters(text: str, sink: DiagnosticSink) -> bool:
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


def too_deep(tree: Tree, sink: DiagnosticSink) -> bool:
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
