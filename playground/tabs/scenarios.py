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
from tablerules.playground.experiments.golden import (
    SavedScenario,
    ScenarioFile,
    read_saved_scenario,
    run_saved,
    run_scenarios,
    scenario_options,
    scenarios_for,
)
from tablerules.playground.files.drafts import RuleDraft
from tablerules.playground.page.components import ask_for_tab
from tablerules.playground.page.context import Context, widget_key
from tablerules.playground.page.guard import guarded
from tablerules.playground.tabs import hand
from tablerules.playground.words.page_messages import page_messages

TITLE = "Golden scenarios"


def render(context: Context) -> None:
    say = page_messages(context.lang)
    guarded("saved scenario", lambda: saved_part(context))
    scenarios = scenarios_for(context.draft.path)
    if not scenarios:
        st.write(say("golden.none", name=context.label))
        return
    st.write(say("golden.some", n=len(scenarios), name=context.label))
    st.fragment(results_part)(context, [s.path for s in scenarios])
    opener(context, scenarios)


def results_part(context: Context, paths: list[Path]) -> None:
    """The button and the results: rerun on their own."""
    if "open_scenario" in st.session_state:
        st.rerun()  # a failure opened as a hand: the whole page draws it
    draft = context.draft
    say = page_messages(context.lang)
    key = (draft.text, tuple(str(p) for p in paths), context.lang)
    results: list[ScenarioResult] | None = None
    if st.button(say("golden.run"), key="run_scenarios", type="primary"):
        results = run_scenarios(paths, draft, context.lang)
        st.session_state["scenario_results"] = (key, results)
    else:
        kept = st.session_state.get("scenario_results")
        if kept is not None and kept[0] == key:
            results = kept[1]
    if results is None:
        return
    passed = [r for r in results if r.passed]
    failed = [r for r in results if not r.passed]
    st.markdown(say("golden.counts", passed=len(passed), failed=len(failed)))
    for index, result in enumerate(failed):  # failures first, each in words
        with st.container(border=True):
            st.markdown(f"**{summary(result, context.lang)}**")
            st.markdown("\n".join(f"- {failure}" for failure in result.failures))
            st.button(
                say("golden.open"),
                key=f"open_{index}",
                help=say("golden.open_help"),
                on_click=open_in_hand,
                args=(context, Path(result.path)),
            )
    if passed:
        with st.expander(say("golden.passed", n=len(passed))):
            st.markdown("\n".join(f"- {summary(result, context.lang)}" for result in passed))


def summary(result: ScenarioResult, lang: str) -> str:
    """`PASS name [ids]` or `FAIL …`, the verdict in the page's language."""
    said = result.summary()
    verdict, _, rest = said.partition(" ")
    key = "golden.pass" if result.passed else "golden.fail"
    return f"{page_messages(lang)(key)} {rest}" if verdict in ("PASS", "FAIL") else said


def opener(context: Context, scenarios: list[ScenarioFile]) -> None:
    """Any scenario opened as a hand (outside the fragment: opening redraws the page)."""
    say = page_messages(context.lang)
    titles = [scenario.title for scenario in scenarios]
    row = st.container(horizontal=True, vertical_alignment="bottom")
    chosen = row.selectbox(say("golden.step_through"), titles, key="open_passed")
    row.button(
        say("golden.open"),
        key="open_passed_button",
        help=say("golden.open_passed_help"),
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
    say = page_messages(context.lang)
    upload = st.file_uploader(
        say("golden.load"),
        type=["json"],
        max_upload_size=1,
        key="scenario_upload",
        help=say("golden.load_help"),
    )
    if upload is None:
        st.session_state.pop("saved_scenario", None)
        return
    data = upload.getvalue()
    kept = st.session_state.get("saved_scenario")
    digest = (upload.name, len(data), hash(data), context.draft.generation, context.lang)
    if kept is None or kept[0] != digest:
        # a folder of the session's own, removed with the session
        folder = st.session_state.setdefault("scenario_folder", tempfile.TemporaryDirectory())
        found = read_saved_scenario(
            data, upload.name, Path(folder.name), context.draft, context.label, context.lang
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
    say = page_messages(context.lang)
    result = run_saved(saved, draft, context.lang)
    with st.container(border=True, key="saved_result"):
        st.markdown(f"**{saved.name}: {summary(result, context.lang)}**")
        st.caption(made_with(saved, draft, context.lang))
        if result.failures:
            st.markdown("\n".join(f"- {failure}" for failure in result.failures))
        replaces = saved.text is not None and saved.text != draft.text and draft.text_edited
        if replaces and st.session_state.get("replace_asked") != saved.name:
            st.button(
                say("golden.open_ask"),
                key="open_saved_ask",
                help=say("golden.open_ask_help"),
                on_click=lambda: st.session_state.update(replace_asked=saved.name),
            )
            return
        if replaces:
            st.warning(say("golden.replaces"))
        st.button(
            say("golden.open"),
            key="open_saved",
            help=say("golden.open_saved_help"),
            type="primary" if not replaces else "secondary",
            on_click=open_saved,
            args=(context, saved),
        )


def made_with(saved: SavedScenario, draft: RuleDraft, lang: str = "en") -> str:
    """Which rule text the loaded scenario runs against, in words."""
    say = page_messages(lang)
    if saved.text is None:
        return say("golden.no_text")
    found = first_difference(saved.text, draft.saved_text or "")
    if found is None:
        return say("golden.as_saved")
    return say("golden.edited", line=found[0])


def open_saved(context: Context, saved: SavedScenario) -> None:
    """Put the scenario's rule text in the editor (if it carries one) and open it as a hand."""
    st.session_state.pop("replace_asked", None)
    draft = context.draft
    if saved.text is not None and saved.text != draft.text:
        draft.update(saved.text, draft.options_applied)
        draft.replaced += 1
        if draft.broken:  # it did not check here: say so rather than open it otherwise
            st.session_state["hand_note"] = page_messages(context.lang)(
                "golden.text_errors", name=saved.name
            )
            return
    open_in_hand(context, saved.path)
