"""The Rules tab: the rule file in an editor that checks every edit — the language
highlighted, each diagnostic marked at its place and listed (a click jumps to the line) —
the edited text to download, and the rules in effect after extends and options.

An edit is kept in the browser as it is typed and comes back after a reload; the tab says
so, and dropping it (back to the file as saved) asks first. Where another tab of the
browser kept an edit of the same file, neither is lost: the tab says so and offers the
other's, kept as a copy, to download."""

from __future__ import annotations

import streamlit as st
from tablerules.playground.files.drafts import edited_file_name
from tablerules.playground.files.expanded import expanded_rules
from tablerules.playground.page.context import Context
from tablerules.playground.page.editor import (
    editor_key,
    forget_key,
    kept_copies,
    restored,
    rule_editor,
)
from tablerules.playground.words.page_messages import page_messages

TITLE = "Rules"


def render(context: Context) -> None:
    draft = context.draft
    say = page_messages(context.lang)
    key = editor_key(context.label)  # its text was taken in before any tab was drawn
    errors = sum(d.is_error for d in draft.diagnostics)
    if draft.broken:
        running = say("rules.still_running", version=draft.version) if draft.last_good else ""
        st.error(say("rules.errors", n=errors, running=running))
    else:
        edited_note = say("rules.edited_note") if draft.edited else ""
        st.success(say("rules.clean", note=edited_note))
    kept_note(context, key)
    copies_note(context, key)
    rule_editor(draft, key=key, label=context.label, lang=context.lang)
    st.download_button(
        say("rules.download"),
        draft.text.encode("utf-8"),
        file_name=edited_file_name(draft.path) if draft.edited else draft.path.name,
        key="download_rules",
        on_click="ignore",
    )
    if draft.last_good is not None and draft.last_good.loaded.rules is not None:
        with st.expander(say("rules.in_effect")):
            # plain preformatted text: a code block's highlighter would redraw it on every run
            st.text(expanded_rules(draft.last_good.loaded))


def kept_note(context: Context, key: str) -> None:
    """An edit brought back from the browser, and the way back to the file as saved (asked
    twice: the edit cannot be brought back once dropped)."""
    draft = context.draft
    say = page_messages(context.lang)
    if not draft.text_edited:
        st.session_state.pop("drop_asked", None)
        return
    found = restored(key)
    if found is not None:
        changed = say("rules.changed_since") if found.get("changed") else ""
        st.info(say("rules.kept_back", name=context.label, changed=changed))
    if st.session_state.get("drop_asked") != context.label:
        st.button(
            say("rules.drop"),
            key="drop_edit",
            help=say("rules.drop_help"),
            on_click=lambda: st.session_state.update(drop_asked=context.label),
        )
        return
    changed_lines = changed_line_count(draft.saved_text or "", draft.text)
    st.warning(say("rules.drop_warning", name=context.label, n=changed_lines))
    row = st.container(horizontal=True)
    row.button(
        say("rules.drop_it"), key="drop_confirm", type="primary", on_click=drop, args=(context,)
    )
    row.button(
        say("rules.keep_it"),
        key="drop_cancel",
        on_click=lambda: st.session_state.pop("drop_asked", None),
    )


def copies_note(context: Context, key: str) -> None:
    """The edits of this file that other tabs of this browser kept, each kept as a copy when
    this tab's took its place: said, each to download, and to forget when asked."""
    copies = kept_copies(key)
    if not copies:
        return
    say = page_messages(context.lang)
    st.warning(say("rules.other_tabs", name=context.label, n=len(copies)))
    row = st.container(horizontal=True)
    stem = edited_file_name(context.draft.path).removesuffix(".rules").removesuffix("-edited")
    for number, copy in enumerate(copies, start=1):
        lines = changed_line_count(context.draft.text, copy["text"])
        row.download_button(
            say("rules.other_tab_download", number=number, n=lines),
            copy["text"].encode("utf-8"),
            file_name=f"{stem}-other-tab-{number}.rules",
            key=f"other_tab_{number}",
            on_click="ignore",
        )
    row.button(
        say("rules.other_tabs_forget"),
        key="other_tabs_forget",
        help=say("rules.other_tabs_forget_help"),
        on_click=lambda: st.session_state.update(
            {forget_key(key): [{"key": c["key"], "at": c.get("at")} for c in copies]}
        ),
    )


def drop(context: Context) -> None:
    context.draft.revert()
    st.session_state.pop("drop_asked", None)


def changed_line_count(before: str, after: str) -> int:
    """How many lines differ between two texts (those added or removed included)."""
    old, new = before.split("\n"), after.split("\n")
    differing = sum(a != b for a, b in zip(old, new, strict=False))
    return differing + abs(len(old) - len(new))
