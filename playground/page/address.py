"""The page's address kept in step with the user's place (see `playground.page.place`): read
when the page is reached by a load, Back, Forward or a link, written after every step."""

from __future__ import annotations

import streamlit as st
from tablerules.playground.page.place import KEYS, Place

WRITTEN = "place_written"  # the parameters this session last wrote into the address


def arrived() -> Place | None:
    """The place the address names, when the page was reached by it rather than by its
    own writing (a first load, a reload, Back or Forward, a link); None otherwise."""
    params = {key: st.query_params[key] for key in KEYS if key in st.query_params}
    if params == st.session_state.get(WRITTEN):
        return None
    st.session_state[WRITTEN] = params
    return Place.read(params)


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
