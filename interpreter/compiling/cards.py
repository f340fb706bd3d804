"""The deck at run time, and card notation: text such as "111222m" into card indices.

Cards are named only by what the rule file declares: ids, display names and aliases, plus
the compact form `<digits><suffix>` when the deck declares suffixes. Notation errors are
values carrying the position of the bad text, so a caller can point at it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tablerules.dsl.diagnostics import display_width, visible
from tablerules.dsl.limits import MAX_HANDS_LINE_CHARS
from tablerules.dsl.model import ir

SEPARATORS = ir.CARD_SEPARATORS
WORDS_KEPT = 1 << 16  # words of card text remembered by a bulk reading (`CardTable.packer`)


@dataclass(frozen=True)
class NotationError(Exception):
    """A piece of card text that names no card, with its 0-based position in the text."""

    text: str
    position: int
    length: int
    message: str

    def __str__(self) -> str:
        return f"{self.message} (column {self.position + 1})"

    def render(self, label: str = "") -> str:
        """The message, the text (control characters made visible) and carets under the
        bad piece."""
        pointer = " " * _width(self.text[: self.position]) + "^" * max(_width(self.bad), 1)
        head = f"{label}: " if label else ""
        return visible(f"{head}{self}") + f"\n    {visible(self.text)}\n    {pointer}"

    @property
    def bad(self) -> str:
        return self.text[self.position : self.position + self.length]


def _width(text: str) -> int:
    return display_width(visible(text))


class CardTable:
    """Every card kind of the deck in declaration order, with its names and attributes."""

    def __init__(
        self,
        deck: ir.Deck,
        attributes: list[dict[str, ir.Scalar]] | None = None,
        spelled: Sequence[tuple[str, str]] = (),
    ) -> None:
        """`attributes`: each card's values when some come from attribute blocks (by
        default, the deck rows'). `spelled`: (a name of a card, another name it is read by),
        the card's names in other languages (`names` blocks)."""
        # each card's copies (rows may say their own, `copies N`); `copies` is the most of
        # any card, a bound for counts, and `uniform` says whether every card has as many
        self.copies_of: tuple[int, ...] = tuple(deck.copies_of(card) for card in deck.cards)
        self.copies = max(self.copies_of, default=deck.copies)
        self.uniform = all(n == self.copies for n in self.copies_of)
        self.ids: list[str] = [card.id for card in deck.cards]
        self.display: list[str] = [card.display for card in deck.cards]
        self.attributes: list[dict[str, ir.Scalar]] = attributes or [
            dict(card.attributes) for card in deck.cards
        ]
        self.index: dict[str, int] = {}
        for i, card in enumerate(deck.cards):
            for name in (card.id, *card.names):
                self.index.setdefault(name, i)
        for name, said in spelled:
            if name in self.index:
                self.index.setdefault(said, self.index[name])
        self._longest = max((len(name) for name in self.index), default=1)
        suffixes = sorted(deck.compact_suffixes, key=len, reverse=True)
        compact = r"([0-9]+)(" + "|".join(re.escape(s) for s in suffixes) + ")"
        self._compact = re.compile(compact) if suffixes else None
        # A quicker reading of text split at spaces into words that are each a compact run
        # (`123m`, `11m55p`) or a string of one-character names that no longer name starts
        # with (`EESS`); any other word sends the text to the card-by-card reading, which
        # also says what is wrong.
        self._runs = re.compile("(?:[0-9]+(?:" + "|".join(map(re.escape, suffixes)) + "))+")
        self._quick = all(len(end) == 1 for end in suffixes)  # one-character suffixes only
        self._digits: dict[str, dict[str, int]] = {}  # suffix -> digit -> card
        for end in suffixes if self._quick else ():
            found = {d: self.index[d + end] for d in "0123456789" if d + end in self.index}
            self._digits[end] = found
        longer = {name[0] for name in self.index if len(name) > 1}
        self._letters = {
            name: card
            for name, card in self.index.items()
            if len(name) == 1 and name not in longer and not name.isdigit()
        }

    def __len__(self) -> int:
        return len(self.ids)

    def lookup(self, name: str) -> int | None:
        return self.index.get(name)

    def names(self, indices: list[int] | tuple[int, ...]) -> list[str]:
        return [self.display[i] for i in indices]

    def parse(self, text: str) -> list[int]:
        """Card indices named by `text`; raises `NotationError` at the first unknown piece."""
        if len(text) > MAX_HANDS_LINE_CHARS:
            raise NotationError(
                text[:MAX_HANDS_LINE_CHARS],
                MAX_HANDS_LINE_CHARS - 1,
                1,
                f"the text is {len(text):,} characters; the limit is {MAX_HANDS_LINE_CHARS:,}",
            )
        if not self._quick or "\t" in text or any(c in text for c in SEPARATORS[2:]):
            return self._parse_slowly(text)
        cards: list[int] = []
        digits = self._digits
        try:
            for word in text.split(" "):
                if not word:
                    continue
                run = digits.get(word[-1])
                if run is not None and word[:-1].isdigit():  # one compact run: `123m`
                    cards.extend(map(run.__getitem__, word[:-1]))
                elif word[0].isdigit():  # several: `11m55p`
                    if self._compact is None or not self._runs.fullmatch(word):
                        return self._parse_slowly(text)
                    for numbers, end in self._compact.findall(word):
                        cards.extend(map(digits[end].__getitem__, numbers))
                else:
                    cards.extend(map(self._letters.__getitem__, word))
        except KeyError:  # a digit that makes no card, or a piece that names none
            return self._parse_slowly(text)
        return cards

    def packer(self, ones: Sequence[int]) -> Callable[[str], tuple[int, int] | None]:
        """A reading of text straight into packed counts, for bulk checks: `ones[card]` is
        one copy of `card` packed. The function returns (the counts added up, the number of
        cards), or None for text it leaves to `parse` (any text but words of compact runs
        and one-character names, and any text `parse` would refuse)."""
        runs = {end: {d: ones[c] for d, c in found.items()} for end, found in self._digits.items()}
        letters = {name: ones[card] for name, card in self._letters.items()}
        compact, whole = self._compact, self._runs
        other_separators = re.compile("[" + re.escape(SEPARATORS[1:]) + "]")
        quick = self._quick

        def word_of(word: str) -> tuple[int, int] | None:
            run = runs.get(word[-1])
            digits = word[:-1]
            if run is not None and digits.isdigit():  # one compact run: `123m`
                return sum(map(run.__getitem__, digits)), len(digits)
            if word[0].isdigit():  # several: `11m55p`
                if compact is None or not whole.fullmatch(word):
                    return None
                packed = count = 0
                for numbers, end in compact.findall(word):
                    packed += sum(map(runs[end].__getitem__, numbers))
                    count += len(numbers)
                return packed, count
            return sum(map(letters.__getitem__, word)), len(word)  # one-character names

        words: dict[str, tuple[int, int]] = {"": (0, 0)}  # the same words come again and again

        def pack(text: str) -> tuple[int, int] | None:
            if not quick or len(text) > MAX_HANDS_LINE_CHARS or other_separators.search(text):
                return None
            packed = count = 0
            for word in text.split(" "):
                known = words.get(word)
                if known is None:
                    try:
                        known = word_of(word)
                    except KeyError:  # a digit that makes no card, or a piece that names none
                        return None
                    if known is None:
                        return None
                    if len(words) < WORDS_KEPT:
                        words[word] = known
                packed += known[0]
                count += known[1]
            return packed, count

        return pack

    def _parse_slowly(self, text: str) -> list[int]:
        """Card by card, with the position of the first piece that names no card."""
        cards: list[int] = []
        position = 0
        length = len(text)
        while position < length:
            char = text[position]
            if char in SEPARATORS:
                position += 1
                continue
            if self._compact is not None:
                match = self._compact.match(text, position)
                if match:
                    digits, suffix = match.group(1), match.group(2)
                    for offset, digit in enumerate(digits):
                        card = self.index.get(digit + suffix)
                        if card is None:
                            raise NotationError(
                                text,
                                position + offset,
                                1,
                                f"no card {digit + suffix!r} in this deck",
                            )
                        cards.append(card)
                    position = match.end()
                    continue
            found = None
            for size in range(min(self._longest, length - position), 0, -1):
                card = self.index.get(text[position : position + size])
                if card is not None:
                    found = (card, size)
                    break
            if found is None:
                end = position + 1
                while end < length and text[end] not in SEPARATORS and not text[end].isspace():
                    end += 1
                piece = text[position:end]
                raise NotationError(text, position, end - position, f"unknown card {piece!r}")
            cards.append(found[0])
            position += found[1]
        return cards

    def counts(self, cards: list[int]) -> list[int]:
        result = [0] * len(self.ids)
        for card in cards:
            result[card] += 1
        return result

    def matches(self, card: int, filters: dict[str, list[int | str]]) -> bool:
        attributes = self.attributes[card]
        for name, allowed in filters.items():
            value = attributes.get(name)
            if value not in allowed and str(value) not in map(str, allowed):
                return False
        return True
