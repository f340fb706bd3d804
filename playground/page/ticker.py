"""A fragment's timer started or stopped from inside a run of that fragment.

Bots play on at the chosen speed by rerunning the Hand tab's table part on a timer (a
fragment's `run_every`). Streamlit sets that timer when the page runs as a whole; a card
clicked runs the table part alone, and rerunning the whole page just to start the timer
would cost the click a second run. So the table part sends the browser the same message
`run_every` sends (an auto-rerun interval for the fragment running now), or the message
that stops it. Where this Streamlit has no such messages, `set_timer` says so and the
caller reruns the page, which sets the timer anew.

A tick steps only once the step shown has been on the page for half a tick, drawn by a run
that ended (`tick_due`, `drawn`): on a busy server a run can last longer than a tick, and
the next tick then comes as soon as it has ended; stepping again at once would replace the
step just drawn before it is seen (or skip one a run cut short never drew).
"""

from __future__ import annotations

import time
from collections.abc import Hashable

import streamlit as st

LAST_STEP = "last_step"  # when a tick (or the user) last stepped
DRAWN, DRAWN_AT = "step_drawn", "step_drawn_at"  # the step a run drew, and when


def tick_due(interval: float, shown: Hashable) -> bool:
    """Whether a tick of `interval` seconds steps on from the step `shown` now (and if so,
    it is noted as stepping)."""
    now = time.monotonic()
    if now - st.session_state.get(LAST_STEP, 0.0) < interval * 0.8:
        return False
    if st.session_state.get(DRAWN) != shown or now - st.session_state[DRAWN_AT] < interval * 0.5:
        return False
    st.session_state[LAST_STEP] = now
    return True


def drawn(step: Hashable) -> None:
    """A run of the table part has drawn `step` and ended: the time it came on the page."""
    if st.session_state.get(DRAWN) != step:
        st.session_state[DRAWN], st.session_state[DRAWN_AT] = step, time.monotonic()


def set_timer(interval: float | None) -> bool:
    """Rerun the fragment now running every `interval` seconds (None: no more); False when
    it cannot be done from here."""
    try:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
        from streamlit.runtime.scriptrunner_utils.script_run_context import (
            ThreadState,
            get_script_run_ctx,
        )

        context = get_script_run_ctx(suppress_warning=True)
        fragment = ThreadState.get().fragment_id
    except (ImportError, AttributeError, RuntimeError):
        return False
    if context is None or not fragment:
        return False
    message = ForwardMsg()
    if interval:
        message.auto_rerun.interval = interval
        message.auto_rerun.fragment_id = fragment
    else:
        message.stop_auto_rerun.fragment_ids.append(fragment)
    context.enqueue(message)
    return True
