"""Hints for what an author would guess and the language writes otherwise: `x2` for a
product, a claim direction named from the claimer's side (`by previous`), a single card in
parentheses. Each hint teaches the word the language takes; none changes what is parsed."""

from __future__ import annotations

import re

# `x2`, `X3`: a product written with the letter x (a name to the parser)
TIMES_WORD = re.compile(r"[xX]\d+")
MULTIPLY = "to multiply, write ×2 or *2 (`x2` reads as a name)"

# directions a player may name from the claimer's side, or by the seat's place
DIRECTION_WORDS = frozenset({"previous", "left", "upper", "before", "prior", "last", "right"})
DIRECTION = (
    "`by next` is the seat after the card's owner (for it the owner is the seat before, "
    "the direction a run is claimed in): write `on discard by next`; `by others` is every "
    "other seat"
)

# `(1m)`: one word alone in parentheses, closed
LONE_IN_PARENTHESES = re.compile(r"\(\s*([^\s()]+)\s*$")
PARENTHESES = (
    "a card is written without parentheses (`{card}`); parentheses hold a filter by "
    "attribute, `(ATTR VALUE ...)`"
)


# `2xstake`, `3Xunit`: a number times a name, written with the letter x (one name to the parser)
NUMBER_TIMES_NAME = re.compile(r"(\d+)[xX]([^\W\d_xX]\w*)")


def times_hint(name: str) -> str:
    """The hint for a name that is a product written with x (`x2`, `2xstake`), or ''."""
    if TIMES_WORD.fullmatch(name):
        return MULTIPLY
    product = NUMBER_TIMES_NAME.fullmatch(name)
    if product is not None:
        number, factor = product.groups()
        return (
            f"to multiply, write {number} × {factor} or {number} * {factor}"
            f" (`{name}` reads as one name)"
        )
    return ""


# `3 x stake`: the letter x alone between two amounts; `stake ÷ 2`: the division sign
LONE_TIMES = "to multiply, write × or * (`x` reads as a name)"
DIVIDE = "to divide, write / (it rounds down)"
# `worth -1`: a pattern that takes something off
NEGATIVE_WORTH = (
    "a worth is 0 or more: write the pattern twice, each with the `when` line that tells "
    "its case, and the worth of each"
)


def syntax_hint(text: str, line: int, column: int) -> str:
    """A hint for the syntax error at `line`:`column` of `text` (from 1) when it is one of
    the guesses above, or ''."""
    lines = text.split("\n")
    if not 0 < line <= len(lines):
        return ""
    row = lines[line - 1]
    before, here = row[: column - 1], row[column - 1 :]
    word = re.match(r"\w+", here)
    if word is not None:
        found = word.group(0)
        if times_hint(found):
            return MULTIPLY
        if found in ("x", "X") and re.search(r"[\w)]\s+$", before):
            return LONE_TIMES
        if found.lower() in DIRECTION_WORDS and re.search(r"\bby\s*$", before):
            return DIRECTION
    if here.startswith("÷"):
        return DIVIDE
    if here.startswith("-") and re.search(r"\bworth\s+$", before):
        return NEGATIVE_WORTH
    if here.startswith(")"):
        lone = LONE_IN_PARENTHESES.search(before)
        if lone is not None:
            return PARENTHESES.format(card=lone.group(1))
    return ""
