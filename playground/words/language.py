"""The language the page is told in: chosen at the top of the sidebar, kept in the page's
address (`lang=zh-Hant`) so that a reload, Back and a shared link keep it; on a first
visit, the browser's own language when the page speaks it, else English."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

import streamlit as st
from streamlit.delta_generator import DeltaGenerator
from streamlit.errors import StreamlitAPIException
from tablerules.interpreter.messages import LANGUAGES, language
from tablerules.playground.page.asked import note_refused, one_of, refused
from tablerules.playground.words.page_messages import page_messages

KEY = "lang"
SHOWN_IN = "choices_shown_in"  # the language each worded choice was last drawn in, by key


def browser_language() -> str:
    """The catalogue nearest to the browser's language (`st.context.locale`)."""
    try:
        return language(st.context.locale)
    except (AttributeError, RuntimeError):  # no browser behind the run (a test's)
        return language(None)


def language_box(box: DeltaGenerator) -> str:
    """The language chooser; the language chosen (`messages.LANGUAGES`). The address keeps
    the language by its name (`lang=简体中文`, as the box shows it); a link may give its tag
    (`lang=zh-Hans`) too."""
    tags = list(LANGUAGES)
    first = tags.index(browser_language())
    asked = st.query_params.get(KEY)
    odd = refused(KEY, one_of([*LANGUAGES, *LANGUAGES.values()]))
    bind: Literal["query-params"] | None = "query-params"
    if asked in LANGUAGES and st.session_state.get(KEY) != asked:  # a tag, not a name
        st.session_state[KEY] = asked
        try:  # the address names it as the box does: a reload or Back keeps it
            st.query_params[KEY] = LANGUAGES[asked]
            bind = None  # bound in this run, the box would drop the tag it does not show
        except StreamlitAPIException:  # the box is bound already: it writes the address
            pass
    initial = {} if KEY in st.session_state else {"index": first}
    chosen = box.selectbox(
        page_messages(st.session_state.get(KEY, tags[first]))("app.language"),
        tags,
        format_func=LANGUAGES.__getitem__,
        key=KEY,
        bind=bind,
        **initial,
    )
    chosen = chosen if chosen in LANGUAGES else tags[first]
    if odd is not None:
        say = page_messages(chosen)
        box.warning(note_refused(say, say("app.language"), odd, LANGUAGES[chosen]))
    return chosen


def keep_choice(key: str, lang: str) -> bool:
    """Keep the choice of the widget `key`, whose options are shown in words of `lang`,
    across a change of language; whether it holds a choice already (a widget that does
    must not be given a default too). Streamlit keeps a choice by the words shown, which
    the other language does not have: the seat sat at, the bots' speed, a file to compare
    with would go back to the first. Called just before the widget is drawn."""
    shown: dict[str, str] = st.session_state.setdefault(SHOWN_IN, {})
    held = key in st.session_state
    if held and shown.get(key, lang) != lang:
        st.session_state[key] = st.session_state[key]  # told again, in the words of `lang`
    shown[key] = lang
    return held


def bound_choice(
    key: str, options: Sequence[str], word: Callable[[str, str], str], lang: str
) -> Literal["query-params"] | None:
    """How the worded choice `key` is bound to the address this run. Streamlit writes the
    word shown into the address (`speed_play=快`), so a link giving the choice by its own
    name (`speed_play=fast`) or in another language's words would be dropped: such a choice
    is taken here and the address written again in the words of `lang` (`word(option,
    lang)`). None where it was (bound in this run, the widget would drop what the address
    held); else the binding. Called before `keep_choice`."""
    asked = st.query_params.get(key)
    if asked is None or asked in {word(option, lang) for option in options}:
        return "query-params"
    for option in options:
        names = {option, *(word(option, other) for other in LANGUAGES)}
        if asked in names:
            st.session_state[key] = option
            try:
                st.query_params[key] = word(option, lang)
            except StreamlitAPIException:  # bound already: the widget writes the address
                return "query-params"
            return None
    return "query-params"


def tab_title(title: str, lang: str) -> str:
    """A tab's title (its module's `TITLE`) in `lang`."""
    say = page_messages(lang)
    key = f"tabs.{title}"
    return say(key) if say.has(key) else title


def chosen_language() -> str:
    """The language the box chose in this run (English before it is drawn)."""
    chosen = st.session_state.get(KEY)
    return chosen if chosen in LANGUAGES else "en"


def said(key: str, **values: object) -> str:
    """A message of the playground's catalogue in the language chosen."""
    return page_messages(chosen_language())(key, **values)
