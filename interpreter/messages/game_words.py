"""A game's own words as a reader of one language sees them: the rule file's names, with
the spellings its `names` block for that language gives (`names zh-Hans { 莊: 庄 }`).

Card names, seat names, group, action, restriction, pattern and label names all come from
the rule file; a name the block does not give stays as the file writes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.dsl.model import ir

if TYPE_CHECKING:
    from tablerules.interpreter.compiling.compiled import CompiledRules

LABELS_KEPT = 4_096  # choice labels remembered in their spelling (a hand offers few)


class GameWords:
    """The words of one compiled game in language `lang` (`messages.LANGUAGES`)."""

    def __init__(self, compiled: CompiledRules, lang: str) -> None:
        self.lang = lang
        block = compiled.rules.names.get(lang)
        self.spelled: dict[str, ir.NameLine] = block.spelled() if block else {}
        cards = compiled.cards
        deck = compiled.rules.deck
        self.display = list(cards.display)
        for index, card in enumerate(deck.cards if deck else []):
            for name in (card.display, card.id, *card.names):
                line = self.spelled.get(name)
                if line is not None:
                    self.display[index] = line.said
                    break
        self.by_id = dict(zip(cards.ids, self.display, strict=True))
        self._index = cards.index
        self.seat_names = [self.name(name) for name in compiled.seat_names]
        self.round_names = [self.name(name) for name in compiled.round_names]
        # the file's display names, to read a label's cards (longest first)
        self._written = sorted(
            zip(cards.display, self.display, strict=True), key=lambda pair: -len(pair[0])
        )
        self._cards_renamed = self.display != list(cards.display)
        self._labels: dict[str, str] = {}

    def name(self, word: str) -> str:
        """A name of the file (a group, an action, a seat, a label…) in this language."""
        line = self.spelled.get(word)
        return line.said if line is not None else word

    def title(self, word: str, title: str) -> str:
        """The title of the thing named `word` in this language (else as the file has it)."""
        line = self.spelled.get(word)
        return line.title if line is not None and line.title else title

    def card(self, card_id: str) -> str:
        """A card by its id, by its display name in this language."""
        return self.by_id.get(card_id, card_id)

    def named_card(self, name: str) -> str:
        """A card by any name the file gives it, by its display name in this language."""
        index = self._index.get(name)
        return self.display[index] if index is not None else name

    def cards_text(self, text: str) -> str:
        """Display names written one after another (`9c9c9c`, as a choice's label
        writes a group's cards) in this language; a piece that is no card stays as it is."""
        if not self._cards_renamed or not text:
            return text
        out: list[str] = []
        position = 0
        while position < len(text):
            for written, said in self._written:
                if written and text.startswith(written, position):
                    out.append(said)
                    position += len(written)
                    break
            else:
                out.append(text[position])
                position += 1
        return "".join(out)

    def label(self, label: str) -> tuple[str, str]:
        """A choice's label (`ACTION CARDS`, `ACTION CARDS + CARDS`) as (the action's name,
        its cards) in this language; the engine's own words (`discard`, `pass`) are left
        for the caller to say."""
        head, _, rest = label.partition(" ")
        if not self._cards_renamed:
            return self.name(head), rest
        said = self._labels.get(rest)
        if said is None:
            said = " + ".join(self.cards_text(part) for part in rest.split(" + "))
            if len(self._labels) < LABELS_KEPT:
                self._labels[rest] = said
        return self.name(head), said
