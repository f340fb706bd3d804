"""The Golden scenarios tab: the scenarios that use this rule file, run against the text
in the editor — failures first, what was expected against what happened in words, and any
of them opened as a hand to step through. A scenario saved from a hand (the Hand tab's
"Save this hand as a scenario") can be loaded back here: it runs against the rule text it
carries, and opens as a hand with that text in the editor (asked first when that would
replace an edit of the user's)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import streamlit as st
from tablerules.interpreter.playlog.reader import first_difference
from tablerules.interpreter.scenarios import ScenarioResult, load_scenario
from tablerules.interpreter.scenarios.runner import ScenarioError
from tablerules.playground.components import ask_for_tab
from tablerules.playground.context import Context, widget_key
from tablerules.playground.drafts import RuleDraft
from tablerules.playground.golden import (
    SavedScenario,
    ScenarioFile,
    read_saved_scenario,
    run_saved,
    run_scenarios,
    scenario_options,
    scenarios_for,
)
from tablerules.playground.guard import guarded
from tablerules.playground.tabs import hand

TITLE = "Golden scenarios"


def render(context: Context) -> None:
    guarded("saved scenario", lambda: saved_part(context))
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


def saved_part(context: Context) -> None:
    """A scenario file loaded from the user's machine: its verdict, and a way to open it."""
    upload = st.file_uploader(
        "Load a saved scenario (.json)",
        type=["json"],
        max_upload_size=1,
        key="scenario_upload",
        help="a scenario saved from the Hand tab: it runs against the rule text it carries",
    )
    if upload is None:
        st.session_state.pop("saved_scenario", None)
        return
    data = upload.getvalue()
    kept = st.session_state.get("saved_scenario")
    digest = (upload.name, len(data), hash(data), context.draft.generation)
    if kept is None or kept[0] != digest:
        # a folder of the session's own, removed with the session
        folder = st.session_state.setdefault("scenario_folder", tempfile.TemporaryDirectory())
        found = read_saved_scenario(
            data, upload.name, Path(folder.name), context.draft, context.label
        )
        kept = (digest, found)
        st.session_state["saved_scenario"] = kept
    saved = kept[1]
    if isinstance(saved, str):
        st.error(saved)
        return
    show_saved(context, saved)


def show_saved(context: Context, saved: SavedScenario) -> None:
    draft = context.draft
    result = run_saved(saved, draft)
    with st.container(border=True, key="saved_result"):
        st.markdown(f"**{saved.name}: {result.summary()}**")
        st.caption(made_with(saved, draft))
        if result.failures:
            st.markdown("\n".join(f"- {failure}" for failure in result.failures))
        replaces = saved.text is not None and saved.text != draft.text and draft.text_edited
        if replaces and st.session_state.get("replace_asked") != saved.name:
            st.button(
                "open as a hand…",
                key="open_saved_ask",
                help="its rule text goes into the editor, in place of your edit",
                on_click=lambda: st.session_state.update(replace_asked=saved.name),
            )
            return
        if replaces:
            st.warning(
                "Opening it puts the rule text it carries in the editor, in place of your edit "
                "(download the edited file first to keep it)."
            )
        st.button(
            "open as a hand",
            key="open_saved",
            help="its deal and scripted choices, with the rule text it was made with",
            type="primary" if not replaces else "secondary",
            on_click=open_saved,
            args=(context, saved),
        )


def made_with(saved: SavedScenario, draft: RuleDraft) -> str:
    """Which rule text the loaded scenario runs against, in words."""
    if saved.text is None:
        return "It carries no rule text: it runs against the text in the editor."
    found = first_difference(saved.text, draft.saved_text or "")
    if found is None:
        return "It was made with the file as saved, and runs against that text."
    return (
        f"It was made with an edit of the file (from line {found[0]} on it differs from the "
        "file as saved), and runs against that text."
    )


def open_saved(context: Context, saved: SavedScenario) -> None:
    """Put the scenario's rule text in the editor (if it carries one) and open it as a hand."""
    st.session_state.pop("replace_asked", None)
    draft = context.draft
    if saved.text is not None and saved.text != draft.text:
        draft.update(saved.text, draft.options_applied)
        draft.replaced += 1
        if draft.broken:  # it did not check here: say so rather than open it otherwise
            st.session_state["hand_note"] = (
                f"{saved.name}'s rule text has errors (the Rules tab shows them)"
            )
            return
    open_in_hand(context, saved.path)
