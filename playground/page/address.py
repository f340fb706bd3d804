"""The page's address kept in step with the user's place (see `playground.page.place`): read
when the page is reached by a load, Back, Forward or a link, written after every step.

Only those arrivals are read. Any other run of the page carries the address the browser held
when the user acted, which can lag what this session last wrote (a click sent while the
browser was still taking in the previous step's address): read as a place, it would seat
the user elsewhere or play the hand again to older choices. The session's own place wins
there, and the next step writes the address right again."""

from __future__ import annotations

import streamlit as st
from tablerules.playground.page.place import KEYS, Place

WRITTEN = "place_written"  # the parameters this session last wrote into the address
WAITING = "place_waiting"  # a place reached while the file had no hand to show: (label, place)


def arrived() -> Place | None:
    """The place the address names, when the page was reached by it rather than by its
    own writing (the session's first run — a load, a reload, a link — or Back and
    Forward); None otherwise."""
    params = {key: st.query_params[key] for key in KEYS if key in st.query_params}
    first_run = WRITTEN not in st.session_state
    if params == st.session_state.get(WRITTEN):
        return None
    st.session_state[WRITTEN] = params  # as the address now is: the next write corrects it
    if not first_run and not history_step():
        return None
    return Place.read(params)


def arrived_at(label: str, playable: bool) -> Place | None:
    """The place the page was reached at (see `arrived`), for the rule file named `label`.
    A place reached while that file cannot be played (an upload whose own text does not
    check, until the edit the browser kept for it is back) waits for the first run that
    can play it, rather than being read and forgotten; another file drops it."""
    reached = arrived()
    if not playable:
        if reached is not None:
            st.session_state[WAITING] = (label, reached)
        return None
    waiting = st.session_state.pop(WAITING, None)
    if reached is None and waiting is not None and waiting[0] == label:
        return waiting[1]
    return reached


def history_step() -> bool:
    """Whether this run comes from the browser's Back or Forward (False where the running
    Streamlit cannot tell: the address is then read on a load only)."""
    try:
        from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

        context = get_script_run_ctx(suppress_warning=True)
    except ImportError:
        return False
    return bool(getattr(context, "is_history_navigation", False))


def write(place: Place) -> None:
    """Put `place` in the address (one change of the browser's history per step)."""
    params = place.params()
    if params == st.session_state.get(WRITTEN):
        return
    st.session_state[WRITTEN] = params
    current = {key: st.query_params[key] for key in KEYS if key in st.query_params}
    changed = {key: value for key, value in params.items() if current.get(key) != value}
    if changed:
        st.query_params.update(changed)
    for key in KEYS:
        if key in current and key not in params:
            del st.query_params[key]
