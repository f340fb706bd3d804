"""How a hand was won and where the table stands: what hand patterns, settlement and the
next dealer read besides the cards.

The engine fills these in from the state of the hand; `tablerules evaluate` from its flags.
A seat is counted from the dealer (0 is the dealer), as `seats … named` names them.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablerules.dsl.model import ir

# the `by` words that describe a seat relative to a card's owner
RELATIONS: dict[str, tuple[str, ...]] = {
    "self": ("self", "anyone"),
    "next": ("next", "others", "anyone"),
    "other": ("others", "anyone"),
}


# the contexts of a win with no winning card: declared on the deal, or on one's own turn
NO_WINNING_CARD = frozenset({"deal", "turn", "turn start"})


@dataclass(frozen=True)
class WinConditions:
    """The facts of a win other than its cards."""

    context: str = "draw"  # how the winning card came: draw, replacement, discard, ...
    relation: tuple[str, ...] = RELATIONS["self"]  # the winner relative to the card's owner
    last_card: bool = False  # the winning card is the last card of the wall, drawn
    first_discard: bool = False  # the winning card is the hand's first discard
    first_draw: bool = False  # the winning card is the winner's first draw of the hand
    no_claim: bool = False  # no seat has claimed another's card in the hand before the win
    # the winning card is the discard its owner made right after a replacement draw, or
    # right after drawing the wall's last card
    after_replacement: bool = False
    after_last_card: bool = False
    seat: int = 0  # the winner's seat, counted from the dealer
    round: int = 0  # the round of the game, from 0
    streak: int = 0  # hands the dealer has kept the deal before this one
    carried: tuple[tuple[str, int], ...] = ()  # the game's carried numbers, by name
    # the values the winner declared in the hand's phases, as (attribute, value) pairs
    declared: tuple[tuple[str, str], ...] = ()
    wilds: int = 0  # wild cards in the winning hand, the winning card included
    replacement_shown: bool = False  # the winning card is one a shown replacement showed
    # the different cards the hand before the winning card would have won on (`waits`),
    # counted by the evaluator where a hand pattern reads them (None: not counted, read as 0)
    waits: int | None = None
    # the cards the winner held concealed before the winning card (`cards in hand`), as play
    # knows them (None: read from the winning split, see `HandQuantities._held`)
    held: int | None = None
    # the copies of each card kind in sight elsewhere, packed as the hand is (one field per
    # kind): other seats' table groups and every discard; a wild card is never read as a
    # copy more than the deck has, these counted too (RULES.md P2-1)
    elsewhere: int = 0

    @property
    def placed(self) -> dict[str, int]:
        """What an expression reads of the hand's place in its game: the dealer's streak and
        the carried numbers."""
        return {"streak": self.streak, **dict(self.carried)}

    def declared_value(self, attribute: str) -> str | None:
        for name, value in self.declared:
            if name == attribute:
                return value
        return None

    @property
    def dealer_wins(self) -> bool:
        return self.seat == 0

    @property
    def has_winning_card(self) -> bool:
        """Whether the win is on a card: not one declared on the deal or on a turn's start,
        which wins with the cards already held."""
        return self.context not in NO_WINNING_CARD

    def won_on(self, context: str, who: str | None) -> bool:
        return self.context == context and (who is None or who in self.relation)

    @classmethod
    def from_source(cls, source: ir.Source | None, **facts: object) -> WinConditions:
        """The conditions an evaluator assumes from where the winning card came."""
        if source == "discard":
            return cls(context="discard", relation=RELATIONS["other"], **facts)  # type: ignore[arg-type]
        if source == "draw":
            return cls(context="draw", relation=RELATIONS["other"], **facts)  # type: ignore[arg-type]
        return cls(**facts)  # type: ignore[arg-type]


# Where a winning card came from, as `tablerules evaluate --from` and hands files write it:
# the context, the winner relative to the card's owner, and the source the `completed by`
# lines read. `shown` (the dealer's card shown on the deal) is the winner's own card when the
# winner is the dealer.
WIN_FROM: dict[str, tuple[str, str, ir.Source]] = {
    "self": ("draw", "self", "self"),
    "replacement": ("replacement", "self", "self"),
    "discard": ("discard", "other", "discard"),
    "robbed": ("added card", "other", "discard"),
    "draw": ("draw", "other", "draw"),
    "shown": ("deal card", "other", "draw"),
    "dealt": ("deal card", "self", "self"),  # the dealer's last dealt card, offered to it alone
}


def win_source(word: str, seat: int = 0) -> ir.Source:
    """The source the `completed by` lines read for a win `--from` WORD at SEAT (counted from
    the dealer): the card shown on the deal is the dealer's own, another seat's for the rest."""
    if word == "shown" and seat == 0:
        return "self"
    return WIN_FROM[word][2]


def win_from(word: str, seat: int = 0, **facts: object) -> tuple[ir.Source, WinConditions]:
    """The evaluator's source and the conditions of a win `--from` WORD, by the seat."""
    context, relation, _ = WIN_FROM[word]
    source = win_source(word, seat)
    if source == "self":
        relation = "self"
    conditions = WinConditions(
        context=context,
        relation=RELATIONS[relation],
        seat=seat,
        **facts,  # type: ignore[arg-type]
    )
    return source, conditions
