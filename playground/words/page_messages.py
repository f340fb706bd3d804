"""The playground's sentences in the language chosen: its own message catalogue
(`playground/messages/LANG.toml`) over the library's (`interpreter.messages`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tablerules.interpreter.messages import DEFAULT, Messages, messages

FOLDER = Path(__file__).resolve().parents[1] / "messages"


def page_messages(lang: str = DEFAULT) -> Messages:
    """The catalogue of `lang` for the playground's pages (kept once per language)."""
    return messages(lang, FOLDER)


@dataclass(frozen=True)
class Said:
    """A sentence kept to be told later, in the language of the page that shows it: a
    message of the page's catalogue and its values (a value may be a `Said` too). `str`
    tells it in English."""

    key: str
    values: Mapping[str, object] = field(default_factory=dict)

    def told(self, lang: str = DEFAULT) -> str:
        values = {
            name: value.told(lang) if isinstance(value, Said | Written) else value
            for name, value in self.values.items()
        }
        return page_messages(lang)(self.key, **values)

    def __str__(self) -> str:
        return self.told()


@dataclass(frozen=True)
class Written:
    """A sentence written already in each language (the engine's own answers, worded when
    they arise), told in the page's language, else in English."""

    texts: Mapping[str, str]

    def told(self, lang: str = DEFAULT) -> str:
        return self.texts.get(lang) or self.texts[DEFAULT]

    def __str__(self) -> str:
        return self.told()


def told_all(said: Sequence[Said | Written | str], lang: str) -> str:
    """Several sentences as one, in `lang` (a sentence given as text is told as it is)."""
    say = page_messages(lang)
    return say("place.separator").join(
        s.told(lang) if isinstance(s, Said | Written) else s for s in said
    )
