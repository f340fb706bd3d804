"""The Rules tab: the rule file in an editor that checks every edit — the language
highlighted, each diagnostic marked at its place and listed (a click jumps to the line) —
the edited text to download, and the rules in effect after extends and options."""

from __future__ import annotations

import streamlit as st
from tablerules.playground.context import Context
from tablerules.playground.drafts import edited_file_name
from tablerules.playground.editor import editor_key, rule_editor
from tablerules.playground.expanded import expanded_rules

TITLE = "Rules"


def render(context: Context) -> None:
    draft = context.draft
    key = editor_key(context.label)  # its text was taken in before any tab was drawn
    errors = sum(d.is_error for d in draft.diagnostics)
    if draft.broken:
        running = (
            f" — version {draft.version}, the last that checked, is still running"
            if draft.last_good
            else ""
        )
        st.error(f"{errors} error(s){running}")
    else:
        edited_note = " (edited: the file on disk is unchanged)" if draft.edited else ""
        st.success(f"the rules check clean{edited_note}")
    rule_editor(draft, key=key, generation=draft.generation)
    st.download_button(
        "Download the edited file",
        draft.text.encode("utf-8"),
        file_name=edited_file_name(draft.path) if draft.edited else draft.path.name,
        key="download_rules",
        on_click="ignore",
    )
    if draft.last_good is not None and draft.last_good.loaded.rules is not None:
        with st.expander("The rules in effect (after extends and options)"):
            # plain preformatted text: a code block's highlighter would redraw it on every run
            st.text(expanded_rules(draft.last_good.loaded))
