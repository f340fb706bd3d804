"""The rule editor: a small component of our own (no network, no build step) with a
highlighting mode for the rule language itself — its keywords (taken from the grammar),
rule ids, the file's card names and declared names, strings, numbers and comments — the
checker's diagnostics underlined and marked in the gutter, and a list of them under the
text where a click jumps to the line (with the checker's "did you mean" hint).

The edited text comes back as the component's state, a moment after typing stops.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import streamlit as st
from tablerules.dsl.parser import grammar_keywords
from tablerules.interpreter.api import Game
from tablerules.playground.context import widget_key
from tablerules.playground.drafts import RuleDraft, display_path

HERE = Path(__file__).resolve().parent
EDITOR_JS = (HERE / "static" / "editor.js").read_text(encoding="utf-8")

_editor = st.components.v2.component("tablerules_editor", js=EDITOR_JS, isolate_styles=False)


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


def diagnostics_data(draft: RuleDraft) -> list[dict[str, Any]]:
    """The diagnostics of the text being edited, located in it (others are listed too)."""
    found = []
    for diagnostic in draft.diagnostics:
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
    if edited is not None and edited != draft.text:
        draft.update(edited, options)


def edited_text(key: str) -> str | None:
    """The text the editor holds, if it has sent one."""
    state = st.session_state.get(key)
    text = state.get("text") if hasattr(state, "get") else None
    return text if isinstance(text, str) else None


def rule_editor(draft: RuleDraft, key: str, generation: int) -> None:
    """Draw the editor for `draft`; `generation` changes when the text is replaced from
    outside the editor (another file, an upload), so the editor takes it."""
    cards, names = declared_names(draft.game)
    _editor(
        key=key,
        data={
            "text": draft.text,
            "generation": generation,
            "keywords": keywords(),
            "cards": cards,
            "names": names,
            "diagnostics": diagnostics_data(draft),
        },
        on_text_change=lambda: None,
    )
