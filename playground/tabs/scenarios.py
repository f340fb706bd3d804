"""The Golden scenarios tab: the scenarios that use this rule file, run against the text
in the editor."""

from __future__ import annotations

import streamlit as st
from tablerules.playground.context import Context
from tablerules.playground.session import run_scenarios, scenarios_for

TITLE = "Golden scenarios"


def render(context: Context) -> None:
    draft = context.draft
    paths = scenarios_for(draft.path)
    if not paths:
        st.write(f"No golden scenario uses {context.label}.")
        return
    st.write(
        f"{len(paths)} golden scenario(s) use {context.label}; they run against "
        "the text in the editor."
    )
    if not st.button("Run the golden scenarios", key="run_scenarios"):
        return
    results = run_scenarios(paths, draft)
    passed = sum(r.passed for r in results)
    st.write(f"{passed} passed, {len(results) - passed} failed")
    for result in results:
        with st.expander(result.summary(), expanded=not result.passed):
            if result.passed:
                st.write("as expected")
            for failure in result.failures:
                st.code(failure, language="text")
