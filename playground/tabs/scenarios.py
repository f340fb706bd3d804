"""The Golden scenarios tab: the scenarios that use this rule file, run against the text
in the editor — failures first, what was expected against what happened in words, and any
of them opened as a hand to step through."""

from __future__ import annotations

from pathlib import Path

import streamlit as st
from tablerules.interpreter.scenarios import ScenarioResult, load_scenario
from tablerules.interpreter.scenarios.runner import ScenarioError
from tablerules.playground.components import ask_for_tab
from tablerules.playground.context import Context, widget_key
from tablerules.playground.golden import (
    ScenarioFile,
    run_scenarios,
    scenario_options,
    scenarios_for,
)
from tablerules.playground.tabs import hand

TITLE = "Golden scenarios"


def render(context: Context) -> None:
    scenarios = scenarios_for(context.draft.path)
    if not scenarios:
        st.write(
            f"No golden scenario uses {context.label}. Check a hand by eye in the Hand tab, "
            "then save it there as a scenario."
        )
        return
    st.write(
        f"{len(scenarios)} golden scenario(s) use {context.label}; they run against the text "
        "in the editor, so an edit that breaks a documented example shows here at once."
    )
    st.fragment(results_part)(context, [s.path for s in scenarios])
    opener(context, scenarios)


def results_part(context: Context, paths: list[Path]) -> None:
    """The button and the results: rerun on their own."""
    if "open_scenario" in st.session_state:
        st.rerun()  # a failure opened as a hand: the whole page draws it
    draft = context.draft
    key = (draft.text, tuple(str(p) for p in paths))
    results: list[ScenarioResult] | None = None
    if st.button("Run the golden scenarios", key="run_scenarios", type="primary"):
        results = run_scenarios(paths, draft)
        st.session_state["scenario_results"] = (key, results)
    else:
        kept = st.session_state.get("scenario_results")
        if kept is not None and kept[0] == key:
            results = kept[1]
    if results is None:
        return
    passed = [r for r in results if r.passed]
    failed = [r for r in results if not r.passed]
    st.markdown(f"**{len(passed)} passed, {len(failed)} failed**")
    for index, result in enumerate(failed):  # failures first, each in words
        with st.container(border=True):
            st.markdown(f"**{result.summary()}**")
            st.markdown("\n".join(f"- {failure}" for failure in result.failures))
            st.button(
                "open as a hand",
                key=f"open_{index}",
                help="step through this scenario's deal and script in the Hand tab",
                on_click=open_in_hand,
                args=(context, Path(result.path)),
            )
    if passed:
        with st.expander(f"The {len(passed)} that passed"):
            st.markdown("\n".join(f"- {result.summary()}" for result in passed))


def opener(context: Context, scenarios: list[ScenarioFile]) -> None:
    """Any scenario opened as a hand (outside the fragment: opening redraws the page)."""
    titles = [scenario.title for scenario in scenarios]
    row = st.container(horizontal=True, vertical_alignment="bottom")
    chosen = row.selectbox("Step through a scenario", titles, key="open_passed")
    row.button(
        "open as a hand",
        key="open_passed_button",
        help="its deal and scripted choices, in the Hand tab",
        on_click=open_in_hand,
        args=(context, scenarios[titles.index(chosen)].path),
    )


def open_in_hand(context: Context, path: Path) -> None:
    """Set the options the scenario plays with, and open the Hand tab on it."""
    game = context.draft.game
    if game is None:
        return
    try:
        scenario = load_scenario(path)
    except ScenarioError as error:
        st.session_state["hand_note"] = str(error)
        return
    rules = game.compiled.rules
    for name, value in scenario_options(scenario, game).items():
        option = rules.options[name]
        key = f"opt_{widget_key(context.label)}_{name}"
        st.session_state[key] = (
            bool(value)
            if option.type == "bool"
            else int(value)
            if option.type == "int"
            else str(value)
        )
    st.session_state["open_scenario"] = path
    ask_for_tab(hand.TITLE)
