"""The Hand tab: one hand stepped through, watched as the referee or from one seat."""

from __future__ import annotations

import streamlit as st
from tablerules.playground.context import Context
from tablerules.playground.session import HandSession, RuleDraft
from tablerules.playground.views import (
    show_decision,
    show_events,
    show_result,
    show_seats,
    show_windows,
)

TITLE = "Hand"


def hand_session(draft: RuleDraft, seed: int, humans: frozenset[int], bots: str) -> HandSession:
    game = draft.game
    assert game is not None
    key = (id(game), seed, humans, bots)
    session: HandSession | None = st.session_state.get("hand")
    if session is None or st.session_state.get("hand_key") != key:
        session = HandSession(game, seed=seed, humans=humans, bots=bots)
        st.session_state["hand"] = session
        st.session_state["hand_key"] = key
    return session


def render(context: Context) -> None:
    draft = context.draft
    game = draft.game
    if game is None:
        st.warning("The rule file has errors and no earlier version checked: fix it first.")
        return
    seats = len(game.compiled.dealt_per_seat())
    names = game.compiled.seat_names or [f"seat {i}" for i in range(seats)]
    human = st.selectbox(
        "Play a seat yourself", ["nobody", *[f"seat {i}" for i in range(seats)]], key="human_seat"
    )
    humans = frozenset() if human == "nobody" else frozenset({int(human.split()[1])})
    session = hand_session(draft, context.seed, humans, context.bots)
    view = st.selectbox("View", ["referee", *[f"seat {i}" for i in range(seats)]], key="view_seat")
    viewer = None if view == "referee" else int(view.split()[1])
    buttons = st.columns(5)
    if buttons[0].button("⏮ reset", key="reset"):
        session.reset()
    if buttons[1].button("◀ back", key="back"):
        session.back()
    if buttons[2].button("next ▶", key="next"):
        session.forward()
    if buttons[3].button("to the end ⏭", key="to_end"):
        session.to_end()
    target = buttons[4].number_input("jump to event", min_value=0, value=0, step=1, key="jump_to")
    if buttons[4].button("jump", key="jump"):
        session.jump(int(target))
    if session.error:
        st.error(session.error)
    table = session.table
    st.caption(
        f"seed {session.seed} · dealer seat {table.state.dealer} · step {session.cursor} · "
        f"{len(table.events)} events · {table.state.wall_left} cards left to draw"
    )
    show_seats(table, viewer, names)
    show_decision(session, viewer)
    show_result(table)
    show_windows(table, viewer)
    show_events(session, viewer, draft.log_header(context.label, session.seed, session.bots))
