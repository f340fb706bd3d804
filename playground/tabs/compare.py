"""The Compare tab: the same seed and choices under a second rule file."""

from __future__ import annotations

import streamlit as st
from tablerules.interpreter.api import check
from tablerules.playground.context import Context
from tablerules.playground.session import (
    HandSession,
    bundled_rule_files,
    compare_variants,
    display_path,
)

TITLE = "Compare variants"


def render(context: Context) -> None:
    game = context.draft.game
    if game is None:
        st.warning("The rule file has errors: fix it first.")
        return
    files = bundled_rule_files()
    names = [display_path(p) for p in files]
    other_name = st.selectbox("Compare with", names, key="compare_with")
    if not st.button("Compare the same seed and choices", key="compare_run"):
        return
    other = check(files[names.index(other_name)])
    if other.game is None:
        st.error(f"{other_name} has errors")
        return
    session: HandSession | None = st.session_state.get("hand")
    choices = session.choices[: session.cursor] if session else []
    dealer = session.dealer if session else None
    result = compare_variants(game, other.game, context.seed, dealer, choices, bots=context.bots)
    st.session_state["comparison"] = result
    if result.note:
        st.info(result.note)
    if result.first_difference is None:
        st.success("The two files play this hand identically.")
    else:
        st.write(f"First difference at event {result.first_difference}:")
        left, right = st.columns(2)
        left.markdown(f"**{context.label}**")
        left.json(result.left_event or {"event": "the hand has ended"})
        right.markdown(f"**{other_name}**")
        right.json(result.right_event or {"event": "the hand has ended"})
    st.table(
        {
            "seat": list(range(len(result.left_totals))),
            context.label: result.left_totals,
            other_name: result.right_totals,
            "difference": result.delta,
        }
    )
