"""Sentences in the reader's language: one message catalogue per language, kept as data.

Each language is a TOML file beside this module (`en.toml`, `zh-Hant.toml`,
`zh-Hans.toml`): tables of message ids, each a sentence template with named placeholders
(`{seat} discards {card}`). A template speaks of seats, cards and groups in general; every
game word in a sentence is the rule file's, put in by the caller (`game_words`). A
message that depends on a number has the forms `one` and `other` (a language without
plurals gives `other` only). A layer may add its own catalogue directory (the
playground's page texts): its ids are looked up first.

English is the default everywhere, so existing transcripts and tests read as before.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DEFAULT = "en"
# the languages every layer speaks, each with its own name (as a chooser lists it)
LANGUAGES: dict[str, str] = {"en": "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文"}
PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


class MessageError(KeyError):
    """A message id no catalogue has, or a placeholder left without a value."""


def flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    """`{"narrate": {"draw": "..."}}` as `{"narrate.draw": "..."}`."""
    flat: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(flatten(value, f"{name}."))
        else:
            flat[name] = str(value)
    return flat


@cache
def read_catalogue(folder: Path, lang: str) -> dict[str, str]:
    """The messages of `lang` in `folder` (`{lang}.toml`), flattened."""
    import tomllib  # here, not at the top: a command that prints no sentence never reads one

    path = folder / f"{lang}.toml"
    return flatten(tomllib.loads(path.read_text(encoding="utf-8")))


def language(tag: str | None) -> str:
    """The catalogue for a language tag: one of `LANGUAGES` as given, or the nearest
    (`zh-TW` and `zh-HK` read traditional characters, `zh` and `zh-CN` simplified); else
    English."""
    if not tag:
        return DEFAULT
    if tag in LANGUAGES:
        return tag
    lowered = tag.lower().replace("_", "-")
    if lowered.startswith("zh"):
        traditional = ("hant", "tw", "hk", "mo")
        return "zh-Hant" if any(part in traditional for part in lowered.split("-")) else "zh-Hans"
    return DEFAULT


class Messages:
    """The message catalogue of one language: `say("narrate.draw", seat=..., card=...)`."""

    def __init__(self, lang: str, texts: Mapping[str, str]) -> None:
        self.lang = lang
        self.texts = texts

    def __call__(self, key: str, /, **values: Any) -> str:
        template = self.texts.get(key)
        if template is None:
            raise MessageError(f"no message {key!r} in {self.lang}")
        return fill(template, values, key)

    def count(self, key: str, number: int, /, **values: Any) -> str:
        """The form of message `key` for `number` (`{n}` is the number)."""
        form = "one" if number == 1 and f"{key}.one" in self.texts else "other"
        return self(f"{key}.{form}", n=number, **values)

    def has(self, key: str) -> bool:
        return key in self.texts

    def join(self, items: Iterable[str]) -> str:
        """Items of a list as the language writes them (`a, b`; `甲、乙`)."""
        return self.texts["list.separator"].join(items)


def fill(template: str, values: Mapping[str, Any], key: str = "") -> str:
    """`template` with each `{name}` replaced by its value (nothing else is read)."""

    def value(found: re.Match[str]) -> str:
        name = found[1]
        if name not in values:
            raise MessageError(f"message {key!r} needs a value for {{{name}}}")
        return str(values[name])

    return PLACEHOLDER.sub(value, template)


@cache
def messages(lang: str = DEFAULT, extra: Path | None = None) -> Messages:
    """The catalogue of `lang` (see `language`), with the messages in `extra`'s catalogue of
    that language first, when a layer has one."""
    lang = language(lang)
    texts = dict(read_catalogue(HERE, lang))
    if extra is not None:
        texts.update(read_catalogue(extra, lang))
    return Messages(lang, texts)
