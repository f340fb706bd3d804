"""What the page's address asks of a widget bound to it (`bind="query-params"`) that the
widget cannot take. Streamlit drops such a value from the address and draws the widget's
default without a word, so a link that asked for other bots, another value of an option or
another language would be played as if it had asked nothing. `refused` finds the value
before the widget is drawn (it is gone after), and `note_refused` says it in the page's
language, with what is used instead.

Only a value no widget could have written is refused: an address that lags the page (a
click sent while the browser still held the last run's address) holds a value the widget
wrote itself, which it can take."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import streamlit as st
from tablerules.dsl.diagnostics import visible
from tablerules.interpreter.messages import Messages

LONGEST = 40  # characters of a refused value shown
WHOLE = re.compile(r"(-?\d{1,30})(?:\.0*)?")  # a whole number, as a number input writes it

Fits = Callable[[str], bool]


def refused(key: str, fits: Fits) -> str | None:
    """The value the address gives the widget `key` when `fits` refuses it; None when it
    gives none (or an empty one, which clears the widget) or one the widget can take."""
    asked = st.query_params.get(key)
    if not asked or fits(asked):
        return None
    return str(asked)


def one_of(choices: Iterable[object]) -> Fits:
    """A value among `choices` (as the address writes them)."""
    names = {str(choice) for choice in choices}
    return names.__contains__


def whole_in(least: int | None, most: int | None) -> Fits:
    """A whole number within `least`..`most` (either end open when None)."""

    def fits(text: str) -> bool:
        found = WHOLE.fullmatch(text.strip())
        if found is None:
            return False
        number = int(found[1])
        return (least is None or number >= least) and (most is None or number <= most)

    return fits


def true_or_false(text: str) -> bool:
    """A switch's value, as the address writes it."""
    return text.lower() in ("true", "false")


def note_refused(say: Messages, name: str, asked: str, used: object) -> str:
    """The sentence for a value the widget named `name` could not take, and the one it
    uses instead (a switch's as on or off)."""
    text = visible(asked)
    text = text if len(text) <= LONGEST else f"{text[:LONGEST]}…"
    if isinstance(used, bool):
        used = say("sidebar.on" if used else "sidebar.off")
    return say("sidebar.refused", name=name, text=text, used=used)
