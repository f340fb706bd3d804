"""The words of one game in one language, with the sentences to put them in: what every
client that tells a hand (narration, settlement, why-not answers, reports) starts from."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

from tablerules.interpreter.compiling.expressions import Wording
from tablerules.interpreter.messages import DEFAULT, Messages, messages
from tablerules.interpreter.messages.game_words import GameWords

if TYPE_CHECKING:
    from tablerules.interpreter.api import Game


class Speaker:
    """`say` (the message catalogue of the language) and `words` (the game's own words in
    it), with the phrases made of both that several sentences share."""

    def __init__(self, say: Messages, words: GameWords) -> None:
        self.say = say
        self.words = words

    @property
    def lang(self) -> str:
        return self.say.lang

    def word(self, name: str) -> str:
        """A name of the rule file (a group, a zone, a label…) in this language."""
        return self.words.name(name)

    @cached_property
    def wording(self) -> Wording:
        """The words an expression is written in for this reader: the catalogue's
        `expression` table, the file's names as its `names` block spells them (else the
        catalogue's words for the language's own names, `hits`…), its cards by their display
        names in a language other than the default."""
        prefix = "expression."
        templates = {
            k.removeprefix(prefix): v for k, v in self.say.texts.items() if k.startswith(prefix)
        }

        def name(word: str) -> str:
            if word in self.words.spelled:
                return self.words.name(word)
            return templates.get(f"name.{word.replace(' ', '_')}", word)

        card = self.words.named_card if self.lang != DEFAULT else str
        return Wording(templates, name, card)

    @property
    def told(self) -> Wording | None:
        """`wording` in a language other than the default; None in the default, where a
        reason not held is written in the file's own words, as the logs keep it."""
        return self.wording if self.lang != DEFAULT else None

    def card(self, card_id: str) -> str:
        return self.words.card(card_id)

    def label(self, event: dict[str, Any]) -> str:
        """A payment's ledger label: the rule file's, or the house fee's (the engine's)."""
        if event.get("clause") == "fee":
            return self.say("narrate.fee")
        return self.words.name(str(event.get("label", "")))

    def choice(self, label: str) -> str:
        """A choice's label (`take 9c9c9c`, `discard 5c`, `pass`) in words."""
        head, _, rest = label.partition(" ")
        if head == "pass" and not rest:
            return self.say("choice.pass")
        if head == "discard" and rest:
            return self.say("choice.discard", cards=self.words.cards_text(rest))
        action, cards = self.words.label(label)
        if not cards:
            return self.say("choice.bare", action=action)
        return self.say("choice.cards", action=action, cards=cards)

    def context(self, context: str | None) -> str:
        """Where a card comes from (`draw`, `discard`, …), as a sentence of a win says it."""
        return self._keyed("context", context)

    def occasion(self, context: str | None) -> str:
        """An occasion to act (`draw`, `discard`, …) as a noun: `on {occasion}`."""
        return self._keyed("occasion", context)

    def who(self, who: str | None) -> str:
        """Who may act (`self`, `others`, `next`, `anyone`)."""
        return self._keyed("who", who)

    def _keyed(self, table: str, word: str | None) -> str:
        key = f"{table}.{word}"
        return self.say(key) if self.say.has(key) else str(word)


def speaker(game: Game, lang: str = DEFAULT) -> Speaker:
    """The speaker of `game` in `lang`, made once per game and language (`Game.shared`)."""
    say = messages(lang)
    key = f"speaker {say.lang}"
    found = game.shared.get(key)
    if found is None:
        found = game.shared[key] = Speaker(say, GameWords(game.compiled, say.lang))
    return found
