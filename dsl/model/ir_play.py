"""The IR of the play half of a rule file: turns, actions, wild cards, restrictions, the end
of a hand, settlement, bonuses, the next dealer, names, carried numbers and rounds."""

from __future__ import annotations

from typing import Literal

from tablerules.dsl.model.ir_base import (
    CardSelector,
    Clause,
    Context,
    Expr,
    Who,
)
from tablerules.dsl.model.records import Field, Record


class TurnRule(Clause):
    """How a turn goes: who begins, where draws come from, whether they are shown."""

    dealer_begins: Literal["drawing", "discarding"] = "drawing"
    draw_zone: str | None = None
    draw_end: Literal["head", "tail"] = "head"
    draws_shown: bool = False
    replacement_zone: str | None = None
    replacement_end: Literal["head", "tail"] = "tail"
    untaken_draw_to: str | None = None
    concealed_takes_hidden: bool = Field(
        False, description="a shown draw its drawer must take into a concealed group is not shown"
    )


class Way(Clause):
    """One way an action can be taken: on which event, by whom, with which cards."""

    context: Context
    who: Who
    if_option: str | None = None
    unless_option: str | None = None
    # held_onto_table: any card held (drawn now or earlier) onto one's table group, on
    # one's own turn
    effect: Literal[
        "none", "with_alike", "onto_table", "from_hand", "with_cards", "held_onto_table"
    ] = "none"
    count: int = 0
    kinds: list[str] = Field(default_factory=list)


class Payment(Clause):
    payer: Literal["discarder", "each other", "robbed", "each payer"]
    amount: Expr
    per_hit: bool = False
    label: str = ""


class Continuation(Clause):
    kind: Literal["discard", "replacement", "next draws"]
    when_count: int | None = None
    when_kinds: list[str] = Field(default_factory=list)
    # `then replacement N from ZONE END, shown`: N cards taken from that end and shown
    shown: int = Field(0, description="cards a shown replacement takes (0: a kept one)")
    zone: str | None = None
    end: Literal["head", "tail"] = "tail"


class Action(Clause):
    """Something a seat may (or must) do: win, claim a card into a group, declare a group."""

    name: str
    title: str = ""
    ways: list[Way] = Field(default_factory=list)
    win: bool = False
    win_with_forced: bool = Field(
        False,
        description="a win on the card also counts the group a forced action would make "
        "with it (the card onto a table group, or with cards from the hand)",
    )
    makes: str | None = None
    concealed: bool = False
    makes_alternative: str | None = None
    alternative_under: str | None = None
    forced: bool = False
    priority: int = 0
    robbable: bool = False
    then: list[Continuation] = Field(default_factory=list)
    pays: list[Payment] = Field(default_factory=list)
    also_kinds: list[str] = Field(default_factory=list)
    keeps_discard: bool = Field(
        False, description="not offered when it would leave no card that may be discarded"
    )
    never_of: list[CardSet] = Field(
        default_factory=list, description="never taken with a card of these sets"
    )
    when_ready: bool = Field(
        False, description="offered only when the hand, as the action leaves it, waits on a card"
    )
    locks_hand: bool = Field(
        False, description="afterwards its maker only draws, wins and discards what it drew"
    )


class CardSet(Record):
    """A card filter: cards by name or attribute values, or the hand's wild cards."""

    wild: bool = False
    items: list[CardSelector] = Field(default_factory=list)


class Wild(Clause):
    """Cards that stand for another card in a winning hand: `cards` are the wild cards,
    `stands_for` the cards one may stand for (empty: any card of the deck) less `except_`;
    the clause applies only where its option holds (`if`) or does not (`unless`)."""

    name: str
    title: str = ""
    cards: list[CardSelector] = Field(default_factory=list)
    stands_for: list[CardSelector] = Field(default_factory=list)
    except_: list[CardSelector] = Field(default_factory=list)
    if_option: str | None = None
    unless_option: str | None = None
    # a wild chosen at the deal (`turned from ZONE END`, `next by ATTR, same ATTR`): a card
    # turned up from that end of the zone, out of play; the wild is the card after it by
    # `next_by` among the cards sharing its `next_same` value, the first after the last
    turned_zone: str | None = None
    turned_end: Literal["head", "tail"] = "tail"
    next_by: str | None = None
    next_same: str | None = None

    @property
    def turned(self) -> bool:
        """Whether the wild is chosen at the deal rather than named."""
        return self.turned_zone is not None or self.next_by is not None


class DiscardRule(Clause):
    """Which cards may be discarded: never a card of a `never` set; while a card of a
    `first` set is held, only such cards."""

    never: list[CardSet] = Field(default_factory=list)
    first: list[CardSet] = Field(default_factory=list)


class Ties(Clause):
    """How seats choosing the same priority are ordered: `all` act, or the `nearest` one."""

    rules: dict[str, Literal["all", "nearest"]] = Field(default_factory=dict)
    default: Literal["all", "nearest"] | None = None


class Restriction(Clause):
    """What a seat may not do after passing on something, and for how long.

    `after_passing`: the seat could take one of the actions and chose to pass (a seat that
    chose an action and lost it to another's did not pass). `after_declining`: the seat could
    take one of them and chose anything else, a pass or another action.
    """

    name: str
    title: str = ""
    after_passing: list[str] = Field(default_factory=list)
    after_declining: list[str] = Field(default_factory=list)
    after_discarding: bool = False
    after_context: Context | None = None
    forbids: list[str] = Field(default_factory=list)
    forbids_context: Context | None = None
    that_card: bool = False
    lifetime: Literal["own draw", "own turn", "value changes", "hand"] = "hand"


class EndRule(Clause):
    """When a hand ends without a winner, and what the last card and its discard allow."""

    drawn_when_empty: str | None = None
    drawn_at: int | str | None = Field(
        default=None,
        description="cards left in the zone that end the hand (a dead wall): a number or a "
        "number option; None: the hand ends when the zone is empty",
    )
    last_card_allows: list[str] | None = None
    last_discard_allows: list[str] | None = None
    last_discard_if: str | None = None
    # play after a win: a winner leaves the hand and the others play on, until this many
    # seats have won (None: the hand ends at its first win)
    leave_until: int | None = None
    last_card_offered: bool = Field(
        False, description="the wall's last card is offered in turn from the seat due to draw"
    )


class SettleLine(Clause):
    context: Context | None = None  # None: the `otherwise` line
    who: Who | None = None
    payment: Payment


class DrawnLine(Clause):
    """`at drawn hand: each seat where PAYS pays AMOUNT to each seat where GETS "label"`:
    at a drawn hand, each seat for which `payers` holds pays each other seat for which
    `payees` holds; the conditions read the seat they choose, the amount `best win of`."""

    payers: Expr
    amount: Expr
    payees: Expr
    label: str = ""


class RefundLine(Clause):
    """`at drawn hand: payments of ACTION... go back` (every payment of the actions, each to
    the seat that made it), or `at drawn hand: each seat paying at SETTLE... hands back
    payments of ACTION...` (those a seat received, when it pays at one of those blocks)."""

    actions: list[str]
    paying_at: list[str] = Field(default_factory=list)
    label: str = ""


class TransferLine(Clause):
    """`on win on discard after replacement: payments of ACTION... go to winner`: what the
    discarder received for the action whose replacement it drew goes to the winner."""

    actions: list[str]
    label: str = ""


class Settle(Clause):
    name: str
    lets: dict[str, Expr] = Field(default_factory=dict)
    lines: list[SettleLine] = Field(default_factory=list)
    drawn: list[DrawnLine] = Field(
        default_factory=list, description="payments at a drawn hand, between chosen seats"
    )
    refunds: list[RefundLine] = Field(
        default_factory=list, description="payments of actions handed back at a drawn hand"
    )
    transfers: list[TransferLine] = Field(
        default_factory=list, description="payments of an action passed on to a winner"
    )


# In a bonus's payment, the bonus cards pointing at the seat paying: a name no `let` can take
# (it holds a space), written `payer hit`.
PAYER_HIT = "payer hit"


class Bonus(Clause):
    """Extra cards drawn after a win, each a hit or not by a seat-relative card set."""

    name: str
    title: str = ""
    lets: dict[str, Expr] = Field(default_factory=dict)
    after: list[Context] = Field(default_factory=list)
    count: Expr | None = None
    zone: str | None = None
    end: Literal["head", "tail"] = "head"
    seat_cards: str | None = None
    missing_hits: bool = False
    pays: Payment | None = None
    # read against the winner: seats counted from the winner (not the dealer), a card
    # filter (`hit when FILTER`), or each copy in the winning hand (`hit per copy ...`),
    # with the winning card read in place of a card the zone cannot supply
    counted_from: Literal["dealer", "winner"] = "dealer"
    hit_cards: CardSet | None = None
    hit_copies: bool = False
    missing_reads_win: bool = False


class Fee(Clause):
    """A share of the winner's takings paid to the house, in percent."""

    percent: str


DealerChoice = Literal["winner", "discarder", "dealer", "next", "last card taker"]


class DealerLine(Clause):
    """`after CASE [if CONDITION]: CHOICE`, a line of the next dealer clause."""

    case: Literal["win", "several", "drawn"]
    condition: Expr | None = None
    choice: DealerChoice


class NextDealer(Clause):
    """Who deals the next hand. `lines` are read in order (the first whose case fits and
    whose condition holds decides); the three fields are the lines without a condition."""

    after_win: DealerChoice = "winner"
    after_several: DealerChoice | None = None
    after_drawn: DealerChoice = "dealer"
    lines: list[DealerLine] = Field(default_factory=list)


class NameLine(Clause):
    """`NAME: SAID "title"` in a names block: a name of the file as written in a language."""

    name: str
    said: str
    title: str = ""


class Names(Clause):
    """`names LANG { ... }`: how the file's own names (cards, seats, groups, actions,
    patterns, labels…) read in another language or script, for the pages and transcripts
    told in it. A variant's block adds to its base's for the same language."""

    language: str
    lines: list[NameLine] = Field(default_factory=list)

    def spelled(self) -> dict[str, NameLine]:
        """Each name given, by the name the file writes."""
        return {line.name: line for line in self.lines}


class Carry(Clause):
    """`carry NAME`: a number a game carries from one hand to the next, beside the dealer's
    streak. It starts at `starts`; after a hand with a winner it becomes `after_win`, after a
    drawn hand `after_drawn` (each read with the value before; a missing line keeps it)."""

    name: str
    title: str = ""
    starts: int = 0
    after_win: Expr | None = None
    after_drawn: Expr | None = None


class Rounds(Clause):
    """A game of several hands: `count` rounds, each named; a round ends when the deal has
    passed as many times as there are seats."""

    count: int
    names: list[str] = Field(default_factory=list)
