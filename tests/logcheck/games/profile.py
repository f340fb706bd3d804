"""What every game's profile answers, and how cards split into groups: the base the
profiles of the games are written on."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

Group = tuple[str, tuple[str, ...]]  # (kind, cards)


@dataclass
class Profile:
    """One game as the documents state it. Subclasses say how hands win."""

    name: str
    draws_shown: bool  # drawn cards are shown and offered (PHZ-9), or kept (mahjong)
    win_action: str
    forced_actions: frozenset[str] = frozenset()
    claims: frozenset[str] = frozenset()  # taken on others' cards, then a discard
    locked_size: int = 0  # cards held this many times are a group never split (0: none)
    discard_wins: bool = True
    robs_kongs: bool = False  # a win on an added card stands even where discards do not win
    wilds: frozenset[str] = frozenset()  # cards that stand for others in a win
    wild_free: frozenset[str] = frozenset()  # actions never taken with a wild card
    also_wins: frozenset[str] = frozenset()  # win actions beside `win_action` (a self-draw)
    discards_wilds: bool = False  # a wild may be discarded (GD-5), or never (HZ-2)
    options: dict[str, Any] = field(default_factory=dict)
    # card id -> its copies, for a card the documents give other than four (TW-1's flowers)
    copies: dict[str, int] = field(default_factory=dict)

    names: dict[str, str] = field(default_factory=dict)  # display name -> card id
    # cards out of play in the hand being checked: a card turned up at the deal (GD-4)
    out_of_play: Counter[str] = field(default_factory=Counter)

    def next_card(self, card: str) -> str | None:
        """The wild a card turned up at the deal makes, where the documents turn one (None:
        they turn none)."""
        return None

    def turn_up(self, card: str) -> str | None:
        """A card turned up at the deal: out of play, and the hand's wild is the card after
        it; that wild, or None where the documents turn no card."""
        wild = self.next_card(card)
        if wild is not None:
            self.wilds = frozenset({wild})
            self.out_of_play = Counter({card: 1})
        return wild

    def copies_of(self, card: str) -> int:
        """How many of `card` the documents' deck holds: four unless they say otherwise."""
        return self.copies.get(card, 4)

    def wins(
        self, hand: Counter[str], table: Sequence[Group], card: str | None, source: str | None
    ) -> bool:
        raise NotImplementedError

    def parse_names(self, text: str) -> list[str]:
        """Card ids from display names written one after another (as in action labels)."""
        found: list[str] = []
        position = 0
        longest = max(len(name) for name in self.names)
        while position < len(text):
            for size in range(longest, 0, -1):
                card = self.names.get(text[position : position + size])
                if card is not None:
                    found.append(card)
                    position += size
                    break
            else:
                raise ValueError(f"no card named {text[position:]!r}")
        return found

    def kind_of(self, cards: Sequence[str]) -> str:
        """The kind of a group of cards laid down beside another (a 比 group)."""
        return "group"

    def forced(
        self, seats: Sequence[Any], context: str, owner: int, card: str
    ) -> tuple[int, str] | None:
        """(seat, action) of the move a card forces, if any."""
        return None

    def lies_after(self, action: str, kind: str) -> str:
        """How a group an action lays down lies for the other seats."""
        return "shown"

    def value(self, table: Sequence[Group]) -> int:
        """The value the seat's table groups are worth (0 where the game counts none)."""
        return 0


GroupsWith = Callable[[str, Counter[str]], Iterator[Group]]


def splits(
    counts: Counter[str], order: Callable[[str], Any], groups: GroupsWith
) -> Iterator[list[Group]]:
    """Every way to split the cards wholly into groups: `groups(card, counts)` gives the
    groups holding `card` when it is the lowest card left by `order`."""
    left = +counts
    if not left:
        yield []
        return
    lowest = min(left, key=order)
    for kind, cards in groups(lowest, left):
        for split in splits(left - Counter(cards), order, groups):
            yield [(kind, cards), *split]


def with_card(hand: Counter[str], card: str | None) -> Counter[str]:
    """A copy of the concealed cards with the card a win is made on, if any."""
    full = Counter(hand)
    if card is not None:
        full[card] += 1
    return full
