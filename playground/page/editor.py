"""The rule editor: a small component of our own (no network, no build step) with a
highlighting mode for the rule language itself — its keywords (taken from the grammar),
rule ids, the file's card names and declared names, strings, numbers and comments — the
checker's diagnostics underlined and marked in the gutter, and a list of them under the
text where a click jumps to the line (with the checker's "did you mean" hint).

The edited text comes back as the component's state, a moment after typing stops.
"""

from __future__ import annotations

from functools import cache
from hashlib import sha256
from pathlib import Path
from typing import Any

import streamlit as st
from tablerules.dsl.parsing.grammar import grammar_keywords
from tablerules.interpreter.api import Game
from tablerules.interpreter.messages import DEFAULT
from tablerules.interpreter.messages.diagnostic_text import told
from tablerules.playground.files.drafts import RuleDraft, display_path
from tablerules.playground.page.context import widget_key
from tablerules.playground.words.page_messages import page_messages

HERE = Path(__file__).resolve().parents[1]  # the playground's folder
EDITOR_JS = (HERE / "static" / "editor.js").read_text(encoding="utf-8")

_editor = st.components.v2.component("tablerules_editor", js=EDITOR_JS, isolate_styles=False)
STORE = "tablerules-draft:"  # the browser's key for the edit of a file, before its name


@cache
def keywords() -> list[str]:
    return sorted(grammar_keywords())


def declared_names(game: Game | None) -> tuple[list[str], list[str]]:
    """The file's card names (ids, display names, aliases) and its other declared names
    (groups, actions, options, zones, restrictions, settlements, bonuses, seats)."""
    if game is None:
        return [], []
    rules = game.compiled.rules
    cards: set[str] = set()
    for card in rules.deck.cards if rules.deck else []:
        cards.update([card.id, *card.names])
    names: set[str] = set()
    for section in (
        rules.groups,
        rules.actions,
        rules.options,
        rules.zones,
        rules.restrictions,
        rules.settles,
        rules.bonuses,
        rules.values,
        rules.attributes,
        rules.seat_cards,
        rules.forms,
        rules.immediate_wins,
        rules.tables,
    ):
        names.update(section)
    names.update(game.compiled.seat_names)
    return sorted(cards), sorted(names - cards)


def diagnostics_data(draft: RuleDraft, lang: str = DEFAULT) -> list[dict[str, Any]]:
    """The diagnostics of the text being edited, located in it (others are listed too), each
    message and hint in `lang` (`check --lang` says the same)."""
    found = []
    for diagnostic in (told(d, lang) for d in draft.diagnostics):
        here = Path(diagnostic.file).name == draft.path.name
        where = display_path(Path(diagnostic.file))
        if diagnostic.line:
            where += f":{diagnostic.line}:{diagnostic.column}"
        found.append(
            {
                "where": where,
                "line": diagnostic.line if here else 0,
                "column": diagnostic.column,
                "severity": diagnostic.severity,
                "code": diagnostic.code,
                "message": diagnostic.message,
                "hint": diagnostic.hint,
            }
        )
    return found


def editor_key(label: str) -> str:
    """The editor's widget key for the rule file named `label` on the page."""
    return f"editor_{widget_key(label)}"


def take_edit(draft: RuleDraft, label: str, options: dict[str, str]) -> None:
    """Check the text the editor sent, if it changed, before anything is drawn: every tab
    of this run shows that text's version, and the editor gets the marks of the text it
    holds (checked after it, they would lag one edit behind)."""
    edited = edited_text(editor_key(label))
    # what the editor sent last is taken once: a text replaced since (a revert) stays so
    if edited is not None and edited != draft.taken:
        draft.taken = edited
        if edited != draft.text:
            draft.update(edited, options)


def edited_text(key: str) -> str | None:
    """The text the editor holds, if it has sent one."""
    state = st.session_state.get(key)
    text = state.get("text") if hasattr(state, "get") else None
    return text if isinstance(text, str) else None


def rule_editor(draft: RuleDraft, key: str, label: str, lang: str = DEFAULT) -> None:
    """Draw the editor for `draft` (named `label` on the page). It takes the draft's text
    anew when the text is replaced from outside it (another file, an upload, a revert),
    and keeps the edits in the browser under the file's name (see `static/editor.js`)."""
    cards, names = declared_names(draft.game)
    saved = draft.saved_text or ""
    _editor(
        key=key,
        data={
            "text": draft.text,
            "generation": f"{draft.generation}.{draft.replaced}",
            "keywords": keywords(),
            "cards": cards,
            "names": names,
            "diagnostics": diagnostics_data(draft, lang),
            "texts": {
                "hint": page_messages(lang)("rules.hint"),
                "label": page_messages(lang)("rules.editor_label"),
            },
            "store": STORE + label,
            "base": sha256(saved.encode("utf-8", "surrogatepass")).hexdigest()[:16],
            "edited": draft.text_edited,
            "forget": st.session_state.get(forget_key(key), []),
        },
        on_text_change=lambda: None,
        on_restored_change=lambda: None,
        on_copies_change=lambda: None,
    )


def restored(key: str) -> dict[str, Any] | None:
    """What the editor said when it brought back an edit kept in the browser: when it was
    kept (`at`, ms since 1970) and whether the file has changed since (`changed`)."""
    state = st.session_state.get(key)
    found = state.get("restored") if hasattr(state, "get") else None
    return found if isinstance(found, dict) else None


def kept_copies(key: str) -> list[dict[str, Any]]:
    """The edits of this file that other tabs of this browser kept, each kept as a copy
    when this tab's edit took its place (`key`, `at` in ms since 1970, `text`)."""
    state = st.session_state.get(key)
    found = state.get("copies") if hasattr(state, "get") else None
    if not isinstance(found, list):
        return []
    return [
        c
        for c in found
        if isinstance(c, dict) and isinstance(c.get("key"), str) and isinstance(c.get("text"), str)
    ]


def forget_key(key: str) -> str:
    """Where the page lists the copies the editor `key` is to drop from the browser."""
    return f"{key}_forget"
