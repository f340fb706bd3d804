"""No traceback reaches the page: a part of the page that fails says, in words, which part
failed and why, and the rest of the page keeps working. The details go to the server log."""

from __future__ import annotations

import logging
from collections.abc import Callable

import streamlit as st

LOG = logging.getLogger("tablerules.playground")


def guarded(where: str, draw: Callable[[], None]) -> None:
    """Draw one part of the page; an unexpected failure becomes a message naming `where`."""
    try:
        draw()
    except Exception as error:  # Streamlit's own control flow derives from BaseException
        LOG.exception("the %s could not be drawn", where)
        reason = str(error) or type(error).__name__
        st.error(
            f"The {where} could not be drawn: {reason}. The other tabs still work; "
            "changing the rule file, the seed or the options starts this part afresh."
        )
