"""Whole numbers as a rule file or a command line writes them: ASCII digits, bounded.

`str.isdigit` also accepts superscripts (`¹`), circled digits (`②`) and the digits of other
scripts (`፩`), which `int` then refuses or reads in surprising ways; and `int` on a thousand
digits builds a number no game needs. Every number the tool reads goes through here.
"""

from __future__ import annotations

from tablerules.dsl.limits import MAX_NUMBER

_DIGITS = frozenset("0123456789")
_MAX_DIGITS = len(str(MAX_NUMBER))


def is_digits(text: str) -> bool:
    """Whether `text` is one or more ASCII digits (of any length)."""
    return bool(text) and all(char in _DIGITS for char in text)


def too_large(text: str) -> bool:
    """Whether a word of ASCII digits stands for a number above `MAX_NUMBER`."""
    significant = text.lstrip("0") or "0"
    return len(significant) > _MAX_DIGITS or int(significant) > MAX_NUMBER


def whole_number(text: str) -> int | None:
    """The value of ASCII digits up to `MAX_NUMBER`; None for any other text."""
    if not is_digits(text) or too_large(text):
        return None
    return int(text.lstrip("0") or "0")


def signed_number(text: str) -> int | None:
    """Like `whole_number`, with an optional leading minus sign (a command-line value)."""
    text = text.strip()
    if text.startswith("-"):
        value = whole_number(text[1:])
        return -value if value is not None else None
    return whole_number(text)
