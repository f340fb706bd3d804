"""The Rules tab: the rule file in an editor that checks every edit — the language
highlighted, each diagnostic marked at its place and listed (a click jumps to the line) —
the edited text to download, and the rules in effect after extends and options.

An edit is kept in the browser as it is typed and comes back after a reload; the tab says
so, and dropping it (back to the file as saved) asks first."""

from __future__ import annotations

import streamlit as st
from tablerules.playground.context import Context
from tablerules.playground.drafts import edited_file_name
from tablerules.playground.editor import editor_key, restored, rule_editor
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
    kept_note(context, key)
    rule_editor(draft, key=key, label=context.label)
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


def kept_note(context: Context, key: str) -> None:
    """An edit brought back from the browser, and the way back to the file as saved (asked
    twice: the edit cannot be brought back once dropped)."""
    draft = context.draft
    if not draft.text_edited:
        st.session_state.pop("drop_asked", None)
        return
    found = restored(key)
    if found is not None:
        changed = (
            "; the file has changed since it was made: compare them before you save it"
            if found.get("changed")
            else ""
        )
        st.info(f"Your edit of {context.label}, kept in this browser, is back{changed}.")
    if st.session_state.get("drop_asked") != context.label:
        st.button(
            "Drop my edit…",
            key="drop_edit",
            help="back to the file as saved",
            on_click=lambda: st.session_state.update(drop_asked=context.label),
        )
        return
    changed_lines = changed_line_count(draft.saved_text or "", draft.text)
    st.warning(
        f"Dropping your edit puts {context.label} back as saved: {changed_lines} changed "
        "line(s) are lost, here and in this browser (download the edited file first to "
        "keep them)."
    )
    row = st.container(horizontal=True)
    row.button("Drop it", key="drop_confirm", type="primary", on_click=drop, args=(context,))
    row.button(
        "Keep it", key="drop_cancel", on_click=lambda: st.session_state.pop("drop_asked", None)
    )


def drop(context: Context) -> None:
    context.draft.revert()
    st.session_state.pop("drop_asked", None)


def changed_line_count(before: str, after: str) -> int:
    """How many lines differ between two texts (those added or removed included)."""
    old, new = before.split("\n"), after.split("\n")
    differing = sum(a != b for a, b in zip(old, new, strict=False))
    return differing + abs(len(old) - len(new))
