"""The rule editor: Ace (bundled with streamlit-ace, works offline) with the checker's
diagnostics as markers at their line and column; a plain text area if Ace is missing."""

from __future__ import annotations

import streamlit as st
from tablerules.playground.session import RuleDraft

try:  # the component ships its own JavaScript: no network needed
    from streamlit_ace import st_ace
except ImportError:  # pragma: no cover - the playground's dependencies include it
    st_ace = None

# Ace has no mode for the rule language; TOML's reads closest: `# comments`, "strings",
# numbers, and [citations] like table headers.
ACE_MODE = "toml"


def annotations(draft: RuleDraft) -> list[dict[str, object]]:
    """Gutter markers: one per diagnostic, at its line (Ace counts rows from 0)."""
    return [
        {
            "row": max(d.line - 1, 0),
            "column": max(d.column - 1, 0),
            "text": f"{d.code}: {d.message}",
            "type": "error" if d.is_error else "warning",
        }
        for d in draft.diagnostics
        if d.file.endswith(draft.path.name) and d.line
    ]


def markers(draft: RuleDraft) -> list[dict[str, object]]:
    """A highlighted span under each error, from its column to the end of the word."""
    found = []
    lines = draft.text.splitlines()
    for d in draft.diagnostics:
        if not d.is_error or not d.line or not d.file.endswith(draft.path.name):
            continue
        row = d.line - 1
        text = lines[row] if 0 <= row < len(lines) else ""
        end = d.column
        while end <= len(text) and end > 0 and not text[end - 1 : end].isspace():
            end += 1
        found.append(
            {
                "startRow": row,
                "startCol": d.column - 1,
                "endRow": row,
                "endCol": max(end - 1, d.column),
                "className": "ace_error-marker",
                "type": "text",
            }
        )
    return found


def rule_editor(draft: RuleDraft, key: str) -> str | None:
    """The edited text (None until the editor reports one)."""
    if st_ace is None:
        return st.text_area("Rule file", draft.text, height=420, key=key)
    return st_ace(
        value=draft.text,
        language=ACE_MODE,
        theme="chrome",
        height=420,
        font_size=13,
        annotations=annotations(draft),
        markers=markers(draft),
        auto_update=True,  # a live check: every edit is checked at once
        key=key,
    )
