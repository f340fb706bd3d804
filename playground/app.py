"""The tablerules playground: edit a rule file, step through a hand, compare variants, run
golden scenarios. Run with `make playground` (Streamlit on 127.0.0.1:8501).

Only the interpreter's public API is used; everything about a game comes from its rule file.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import streamlit as st
from tablerules.dsl.schema import ir_json
from tablerules.playground.editor import rule_editor
from tablerules.playground.session import (
    RULES,
    HandSession,
    RuleDraft,
    UploadError,
    bundled_rule_files,
    compare_variants,
    decode_upload,
    display_path,
    run_scenarios,
    scenarios_for,
)
from tablerules.playground.views import (
    show_decision,
    show_events,
    show_result,
    show_seats,
    show_windows,
)

st.set_page_config(page_title="tablerules playground", layout="wide")


def option_form(draft: RuleDraft) -> dict[str, str]:
    """Widgets for the rule file's options, from their declared types and values."""
    rules = draft.last_good.loaded.rules if draft.last_good else None
    values: dict[str, str] = {}
    if rules is None:
        return values
    defaults = rules.option_values()
    for name, option in rules.options.items():
        label = f"{name} — {option.title}" if option.title else name
        key = f"opt_{draft.path.name}_{name}"
        default = defaults[name]
        if option.type == "bool":
            values[name] = str(st.sidebar.checkbox(label, value=bool(default), key=key)).lower()
        elif option.type == "int":
            chosen = st.sidebar.number_input(
                label,
                min_value=option.minimum,
                max_value=option.maximum,
                value=int(default),
                step=1,
                key=key,
            )
            values[name] = str(int(chosen))
        else:
            choices = [str(c) for c in option.choices]
            index = choices.index(str(default)) if str(default) in choices else 0
            values[name] = st.sidebar.selectbox(label, choices, index=index, key=key)
    return values


def current_draft() -> RuleDraft:
    """The draft for the chosen (or uploaded) rule file, kept across reruns."""
    files = bundled_rule_files()
    names = [display_path(p) for p in files]
    chosen = st.sidebar.selectbox("Rule file", names, key="rule_file")
    upload = st.sidebar.file_uploader("…or upload a .rules file", key="upload")
    path = files[names.index(chosen)]
    text: str | None = None
    if upload is not None:
        try:
            text = decode_upload(upload.getvalue())
            path = RULES / Path(upload.name).name  # `extends` resolves beside the bundled files
        except UploadError as error:
            st.sidebar.error(f"{upload.name}: {error}")
    draft: RuleDraft | None = st.session_state.get("draft")
    if (
        draft is None
        or draft.path != path
        or (text is not None and draft.text != text and st.session_state.get("uploaded") != text)
    ):
        draft = RuleDraft.open(path) if text is None else RuleDraft(path=path, text=text)
        if text is not None:
            draft.update(text)
            st.session_state["uploaded"] = text
        st.session_state["draft"] = draft
    return draft


def rules_tab(draft: RuleDraft, options: dict[str, str]) -> None:
    key = f"editor_{draft.path.name}"
    # Check the editor's text before drawing the editor, so the markers it gets in this run
    # are those of the text it holds (checked after it, they would lag one edit behind).
    edited = st.session_state.get(key)
    if edited is not None and edited != draft.text:
        draft.update(edited, options)
    rule_editor(draft, key=key)
    errors = [d for d in draft.diagnostics if d.is_error]
    if draft.broken:
        note = " — the last version that checked is still running" if draft.last_good else ""
        st.error(f"{len(errors)} error(s){note}")
    else:
        st.success("the rules check clean")
    for diagnostic in draft.diagnostics:
        # FILE relative to the project, as the CLI prints it, not this machine's full path
        shown = replace(diagnostic, file=display_path(Path(diagnostic.file)))
        st.code(shown.render(), language="text")
    st.download_button(
        "Download the edited file",
        draft.text.encode("utf-8"),
        file_name=draft.path.name,
        key="download_rules",
    )
    if draft.last_good is not None and draft.last_good.loaded.rules is not None:
        with st.expander("Expanded rules (after extends and options)"):
            st.json(
                {
                    "option_values": draft.last_good.loaded.options,
                    "rules": ir_json(draft.last_good.loaded.rules),
                },
                expanded=False,
            )


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


def hand_tab(draft: RuleDraft, seed: int, bots: str) -> None:
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
    session = hand_session(draft, seed, humans, bots)
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
    show_windows(table)
    show_events(table, session, draft.path)


def compare_tab(draft: RuleDraft, seed: int, bots: str, options: dict[str, str]) -> None:
    game = draft.game
    if game is None:
        st.warning("The rule file has errors: fix it first.")
        return
    files = bundled_rule_files()
    names = [display_path(p) for p in files]
    other_name = st.selectbox("Compare with", names, key="compare_with")
    if not st.button("Compare the same seed and choices", key="compare_run"):
        return
    from tablerules.interpreter.api import check

    other = check(files[names.index(other_name)])
    if other.game is None:
        st.error(f"{other_name} has errors")
        return
    session: HandSession | None = st.session_state.get("hand")
    choices = session.choices[: session.cursor] if session else []
    dealer = session.dealer if session else None
    result = compare_variants(game, other.game, seed, dealer, choices, bots=bots)
    st.session_state["comparison"] = result
    if result.note:
        st.info(result.note)
    if result.first_difference is None:
        st.success("The two files play this hand identically.")
    else:
        st.write(f"First difference at event {result.first_difference}:")
        left, right = st.columns(2)
        left.markdown(f"**{display_path(draft.path)}**")
        left.json(result.left_event or {"event": "the hand has ended"})
        right.markdown(f"**{other_name}**")
        right.json(result.right_event or {"event": "the hand has ended"})
    st.table(
        {
            "seat": list(range(len(result.left_totals))),
            display_path(draft.path): result.left_totals,
            other_name: result.right_totals,
            "difference": result.delta,
        }
    )


def scenarios_tab(draft: RuleDraft) -> None:
    paths = scenarios_for(draft.path)
    st.write(
        f"{len(paths)} golden scenario(s) use {display_path(draft.path)}; they run against "
        "the text in the editor."
    )
    if not paths or not st.button("Run the golden scenarios", key="run_scenarios"):
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


def main() -> None:
    st.title("tablerules playground")
    draft = current_draft()
    seed = int(st.sidebar.number_input("Seed", min_value=0, value=7, step=1, key="seed"))
    bots = st.sidebar.selectbox("Bots", ["greedy", "random"], key="bots")
    options = option_form(draft)
    if draft.last_good is not None and options != st.session_state.get("options_applied"):
        draft.update(draft.text, options)
        st.session_state["options_applied"] = options
    rules_view, hand_view, compare_view, scenario_view = st.tabs(
        ["Rules", "Hand", "Compare variants", "Golden scenarios"]
    )
    with rules_view:
        rules_tab(draft, options)
    with hand_view:
        hand_tab(draft, seed, bots)
    with compare_view:
        compare_tab(draft, seed, bots, options)
    with scenario_view:
        scenarios_tab(draft)


main()
