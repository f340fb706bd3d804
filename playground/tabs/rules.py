"""The Rules tab: the rule file in an editor checked on every edit, its diagnostics, the
edited text to download and the rules as the engine sees them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import streamlit as st
from tablerules.dsl.schema import ir_json
from tablerules.playground.context import Context, widget_key
from tablerules.playground.editor import rule_editor
from tablerules.playground.session import display_path

TITLE = "Rules"


def render(context: Context) -> None:
    draft = context.draft
    key = f"editor_{widget_key(context.label)}"
    # Check the editor's text before drawing the editor, so the markers it gets in this run
    # are those of the text it holds (checked after it, they would lag one edit behind).
    edited = st.session_state.get(key)
    if edited is not None and edited != draft.text:
        draft.update(edited, context.options)
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
