"""A fragment's timer started or stopped from inside a run of that fragment.

Bots play on at the chosen speed by rerunning the Hand tab's table part on a timer (a
fragment's `run_every`). Streamlit sets that timer when the page runs as a whole; a card
clicked runs the table part alone, and rerunning the whole page just to start the timer
would cost the click a second run. So the table part sends the browser the same message
`run_every` sends (an auto-rerun interval for the fragment running now), or the message
that stops it. Where this Streamlit has no such messages, `set_timer` says so and the
caller reruns the page, which sets the timer anew.
"""

from __future__ import annotations


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
