"""The checker's diagnostics in a reader's language: `check --lang` and the playground's Rules
tab.

The checker writes its messages in English, and `check` prints them as written. Each message
template has an id in the catalogues (`diagnostic.message.ID`, its hints `diagnostic.hint.ID`):
a diagnostic is told again by finding the English template it was written from, reading the
values out of it (the file's words, as quoted) and putting them in the same template of the
reader's language. A message no template matches stays as the checker wrote it; the place,
the code and the caret never change.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

from tablerules.dsl.diagnostics import Diagnostic
from tablerules.interpreter.messages import DEFAULT, PLACEHOLDER, Messages, messages

MESSAGE = "diagnostic.message."
HINT = "diagnostic.hint."
WORD = "diagnostic.word."
PROBLEM = "diagnostic.problem."  # what is wrong with a value, put in a message as {problem}
DID_YOU_MEAN = re.compile(r"^(did you mean .+?\?) (.+)$")  # a hint of two sentences


Template = tuple[str, re.Pattern[str]]  # an id and the English sentence it matches


def pattern(template: str) -> re.Pattern[str]:
    """The English `template` as a pattern whose groups are its placeholders."""
    pieces: list[str] = []
    seen: set[str] = set()
    last = 0
    for found in PLACEHOLDER.finditer(template):
        pieces.append(re.escape(template[last : found.start()]))
        name = found[1]
        pieces.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
        seen.add(name)
        last = found.end()
    pieces.append(re.escape(template[last:]))
    return re.compile("^" + "".join(pieces) + "$", re.DOTALL)


@cache
def templates(prefix: str) -> tuple[Template, ...]:
    """The English templates of one table (`MESSAGE` or `HINT`), the most literal first, so
    that `unknown name {name}` is tried before `unknown {what} {name}`."""
    english = messages(DEFAULT).texts
    found = [(key, text) for key, text in english.items() if key.startswith(prefix)]
    found.sort(key=lambda item: -len(PLACEHOLDER.sub("", item[1])))
    return tuple((key, pattern(text)) for key, text in found)


def identify(text: str, prefix: str = MESSAGE) -> tuple[str, dict[str, str]] | None:
    """The id of the template `text` was written from and the values in it, or None."""
    for key, compiled in templates(prefix):
        found = compiled.match(text)
        if found is not None:
            return key, found.groupdict()
    return None


def tell(text: str, say: Messages, prefix: str = MESSAGE) -> str:
    """`text` (a message or a hint in English) in the language of `say`, as written when no
    template matches it."""
    if not text or say.lang == DEFAULT:
        return text
    known = identify(text, prefix)
    if known is None:
        return text
    key, values = known
    return say(key, **{name: _word(name, value, say) for name, value in values.items()})


def _word(name: str, value: str, say: Messages) -> str:
    """A value put in a sentence: what is wrong with a value (`{problem}`) and the checker's
    own nouns (`group`, `option`) in the reader's language, the file's words as they are."""
    if name == "problem":
        return tell(value, say, PROBLEM)
    key = WORD + value
    if say.has(key):
        return say(key)
    if ", " not in value:
        return value
    pieces = value.split(", ")  # a list of what was expected: each piece told on its own
    return ", ".join(say(WORD + piece) if say.has(WORD + piece) else piece for piece in pieces)


def tell_hint(hint: str, say: Messages) -> str:
    """A hint in the language of `say`: `did you mean 'x'?` and what follows it each told."""
    two = DID_YOU_MEAN.match(hint)
    if two is not None:
        return f"{tell(two[1], say, HINT)} {tell(two[2], say, HINT)}"
    if identify(hint, HINT) is None and "; " in hint:  # a guess, then what was expected
        return "; ".join(tell_hint(part, say) for part in hint.split("; ", 1))
    return tell(hint, say, HINT)


def told(diagnostic: Diagnostic, lang: str = DEFAULT) -> Diagnostic:
    """`diagnostic` with its message and hint in `lang` (its place and code unchanged)."""
    say = messages(lang)
    if say.lang == DEFAULT:
        return diagnostic
    return replace(
        diagnostic,
        message=tell(diagnostic.message, say),
        hint=tell_hint(diagnostic.hint, say),
    )


def message_id(diagnostic: Diagnostic) -> str | None:
    """The catalogue id of a diagnostic's message (`unknown`, `given_twice_block`...)."""
    known = identify(diagnostic.message)
    return known[0].removeprefix(MESSAGE) if known is not None else None
