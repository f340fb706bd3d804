"""The state of one hand in play: plain data, copied whole for snapshots."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from tablerules.interpreter.compiling.compiled import FIELD_BITS, FIELD_SHIFT, GUARD_BIT
from tablerules.interpreter.playlog.event_kinds import EventKind


class Logger(Protocol):
    """Appends one event to the hand's log (the table's `log`)."""

    def __call__(
        self, kind: EventKind | str, clause: str = "", cites: Sequence[str] = (), **data: Any
    ) -> None: ...


@dataclass
class TableGroupState:
    """A group on a seat's table: its kind, its cards, and whether others see them."""

    kind: int
    cards: list[int]
    concealed: bool
    made_by: str
    claimed: bool = False  # it took another seat's card (a group declared from the hand did not)
    taken_from: int | None = None  # the seat whose card the group took (None: own cards)
    taken: int | None = None  # that card


def packed_hand(hand: list[int]) -> int:
    """A hand's counts as one integer, a byte per card kind (the hand search's form)."""
    return int.from_bytes(bytes(hand), "little")


def at_least_mask(count: int, kinds: int) -> int:
    """Added to a packed hand, sets the guard bit of every card held `count` times or more."""
    return sum((GUARD_BIT - count) << (c * FIELD_BITS) for c in range(kinds))


@dataclass
class Seat:
    """A seat's cards. The engine moves its concealed cards only through `gain` and `lose`
    (or `set_hand`), which keep `packed` in step: every question about the hand (can it win,
    which blocks are incomplete) is then asked of one integer, not of the list again."""

    hand: list[int]  # count per card kind
    table: list[TableGroupState] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)
    restrictions: list[ActiveRestriction] = field(default_factory=list)
    packed: int = -1  # `hand` packed (see `packed_hand`); worked out when not given
    declared: dict[str, str] = field(default_factory=dict)  # attribute -> value, by phases
    locked: bool = False  # an action locked the hand: it only draws, wins, discards the draw

    def __post_init__(self) -> None:
        if self.packed < 0:
            self.packed = packed_hand(self.hand)

    def gain(self, card: int) -> None:
        self.hand[card] += 1
        self.packed += 1 << (card << FIELD_SHIFT)

    def lose(self, card: int) -> None:
        self.hand[card] -= 1
        self.packed -= 1 << (card << FIELD_SHIFT)

    def set_hand(self, hand: list[int]) -> None:
        self.hand = hand
        self.packed = packed_hand(hand)


@dataclass(frozen=True, slots=True)
class ActiveRestriction:
    """A restriction a seat carries: a value, made once per game for each rule, card and
    table value (`RestrictionRules.new`) and shared by the seats and tables that incur it."""

    name: str
    forbids: tuple[str, ...]
    context: str | None
    card: int | None
    lifetime: str
    value_at: int | None  # the table value it began at, when it lasts until that changes
    cites: tuple[str, ...]


class Offer(NamedTuple):
    """What seats are responding to: a card shown by its owner, or a turn without a card.

    A named tuple: the engine makes several a step, and a tuple is made at C speed (a
    frozen dataclass sets each field through `object.__setattr__`)."""

    context: str
    owner: int
    card: int | None
    pending: Choice | None = None  # for an added card: the upgrade waiting on the window
    pending_context: str | None = None  # and how its card came: it must leave from there


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing a seat can do now. `label` is how it reads in transcripts and on the CLI."""

    seat: int
    action: str  # an action of the rules, or "discard" / "pass"
    label: str
    card: int | None = None
    from_hand: tuple[int, ...] = ()
    table_index: int | None = None
    kind: int | None = None
    extra: tuple[
        tuple[int, tuple[int, ...]], ...
    ] = ()  # further groups (kind, cards) laid down too
    way: int = -1
    forced: bool = False
    priority: int = 0
    concealed: bool = False
    # the cards it takes from the hand, packed, and the guard bits of their kinds: set when
    # a group's choice is made, for the engine's 'never split' and discard-left tests, and
    # no part of what the choice is (its equality, its text)
    packed_taken: int = field(default=0, compare=False, repr=False)
    kinds_touched: int = field(default=0, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "action": self.action, "label": self.label}


@dataclass(slots=True)
class Decision:
    """Seats that must choose before play goes on, and what each may choose."""

    kind: str  # "turn": one seat acts on its turn; "window": seats respond to an offer
    offer: Offer
    options: dict[int, list[Choice]]
    chosen: dict[int, Choice] = field(default_factory=dict)
    then: str = ""  # for a turn decision after a claim: what it is ("discard")
    hidden: bool = False  # the offered card is seen by its owner only (a draw taken unseen)

    @property
    def waiting(self) -> list[int]:
        if not self.chosen:
            return list(self.options)
        return [seat for seat in self.options if seat not in self.chosen]


@dataclass
class Payment:
    payer: int | None  # None: the house (a fee is paid to it, never by it)
    payee: int | None
    amount: int
    label: str
    clause: str
    cites: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "payer": self.payer,
            "payee": self.payee,
            "amount": self.amount,
            "label": self.label,
            "clause": self.clause,
            "cites": list(self.cites),
        }


@dataclass
class ShownCards:
    """The cards a shown replacement took, while they are offered: to their owner first (a
    win on either), then, discarded together, to every other seat (a win on either), one
    card after the other in the order they were taken."""

    seat: int
    cards: tuple[int, ...]
    step: int = 0  # the card offered now, by its place in `cards`
    discarded: bool = False  # offered to the others: they lie in the owner's discards
    emptied: bool = False  # the take left the wall empty: its last card is the wall's last


@dataclass
class HandState:
    seats: list[Seat]
    wall: list[int]
    head: int
    tail: int  # one past the last card still in the wall
    dealer: int
    turn: int
    decision: Decision | None = None
    ledger: list[Payment] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    finished: bool = False
    winners: list[int] = field(default_factory=list)
    next_dealer: int | None = None
    last_card_drawn: bool = False
    deal_step: int = 0  # declarations on the deal: the seat (counted from the dealer) asked next
    phase_step: int = 0  # the phase played next (see `engine.phases`)
    round: int = 0  # the round of the game, from 0
    streak: int = 0  # hands the dealer has kept the deal before this one
    carried: dict[str, int] = field(default_factory=dict)  # the game's carried numbers
    discards_made: int = 0  # discards so far in the hand, by every seat
    draws: list[int] = field(default_factory=list)  # draws so far, per seat (not replacements)
    # play after a win (`a winner leaves the hand`): the seats that have won and left, in
    # the order they won, and the hand's first win (its seats and the card's offer), which
    # chooses the next dealer
    left: list[int] = field(default_factory=list)
    first_win: list[int] = field(default_factory=list)
    first_win_offer: Offer | None = None
    reserve: int = 0  # the wall's cards never drawn: the hand is drawn when this many are left
    claims: int = 0  # cards taken from another seat so far in the hand, by any action
    # the latest draw, until its seat discards: (seat, a replacement, the wall's last card)
    latest_draw: tuple[int, bool, bool] | None = None
    # the latest discard came right after its owner's replacement draw, or right after its
    # owner drew the wall's last card (`won on discard after replacement|last card`)
    discard_after_replacement: bool = False
    discard_after_last_card: bool = False
    last_asked: int = 0  # seats asked whether they take the last card (see `phases.last_card`)
    last_taker: int | None = None  # the seat that took the last card offered in turn
    bonus_turned: int = 0  # bonus cards turned after this hand's wins (each winner its own)
    shown: ShownCards | None = None  # a shown replacement's cards, while they are offered
    turned: int | None = None  # the card turned up at the deal to choose the wild, if any
    # the dealer's last dealt card, offered to it at its first turn (`phases.dealt_card`)
    dealt_card: int | None = None

    @property
    def placed(self) -> dict[str, int]:
        """What an expression reads of the hand's place in its game: the dealer's streak and
        the carried numbers."""
        return {"streak": self.streak, **self.carried}

    def playing(self, seat: int) -> bool:
        """Whether a seat still plays the hand: it has not won and left it."""
        return seat not in self.left

    @property
    def still_playing(self) -> list[int]:
        """The seats still playing the hand, in seat order: every seat but those that have
        won and left (every seat in a hand that ends at its first win)."""
        return [seat for seat in range(len(self.seats)) if seat not in self.left]

    @property
    def wall_left(self) -> int:
        return self.tail - self.head

    @property
    def drawable(self) -> int:
        """The wall's cards that may still be drawn: those above its dead part (`reserve`)."""
        return self.tail - self.head - self.reserve
