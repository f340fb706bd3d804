"""The playground's sentences in the language chosen: its own message catalogue
(`playground/messages/LANG.toml`) over the library's (`interpreter.messages`)."""

from __future__ import annotations

from pathlib import Path

from tablerules.interpreter.messages import DEFAULT, Messages, messages

FOLDER = Path(__file__).resolve().parents[1] / "messages"


def page_messages(lang: str = DEFAULT) -> Messages:
    """The catalogue of `lang` for the playground's pages (kept once per language)."""
    return messages(lang, FOLDER)
