"""The table as the referee's log tells it: every seat's hand, table groups and discards,
and the card on offer, kept up to date event by event.

Only the log's events move cards: the deal, draws, discards, untaken cards and actions
(whose `cards`, `taken`, `onto` and `extra` fields say which cards went where).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from logcheck.games import Group, Profile
from logcheck.logfile import Record

OWN_TURN_WINDOWS = ("turn", "turn start", "deal")  # a seat's own declarations: no card


@dataclass(frozen=True)
class Move:
    """Where an action event's cards went: the group it made (kind and cards), the cards
    taken from the hand, the table group it grew (`onto`, an index) and further groups."""

    group: str
    cards: tuple[str, ...]
    taken: tuple[str, ...]
    onto: int | None
    extra: tuple[Group, ...]


@dataclass
class SeatCards:
    hand: Counter[str] = field(default_factory=Counter)
    table: list[Group] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    declared: dict[str, str] = field(default_factory=dict)  # attribute -> value, by a phase


@dataclass
class Offer:
    """A card on offer: how it came (`context`), whose it is, and where it waits: in its
    owner's hand (a kept draw, the dealer's shown card), on a discard pile, or in the open."""

    context: str
    owner: int
    card: str
    where: str  # "hand", "pile" or "open"


class Tracker:
    """Replays the card movements of one hand's events."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.seats: list[SeatCards] = []
        self.dealer = 0
        self.offer: Offer | None = None
        self.finished = False
        self.discarded = False  # the hand's first discard has happened
        self.winners: list[int] = []  # the seats that have won, in the order they won
        self.left: list[int] = []  # those that have left the hand (play after a win)
        # a shown replacement's cards (CS-7 開槓): their owner, and those still in the open
        self.shown_owner: int | None = None
        self.shown_open: list[str] = []
        self.shown_piled: list[str] = []  # and those discarded together, still to be won on
        self.turned: str | None = None  # the card turned up at the deal (GD-4), if any
        self.drawn = False  # a card has been drawn in the hand
        self.handlers = {
            "deal": self._deal,
            "shown": self._shown,
            "turned": self._turned,
            "draw": self._draw,
            "replacement": self._replacement,
            "replacement shown": self._replacement_shown,
            "shown discarded": self._shown_discarded,
            "discard": self._discard,
            "untaken": self._untaken,
            "exchange": self._exchange,
            "declaration": self._declaration,
            "action": self._action,
            "win": self._win,
            "leaves": self._leaves,
            "end": self._finish,
        }

    def apply(self, event: Record) -> None:
        handler = self.handlers.get(event["type"])
        if handler is not None:
            handler(event)

    # ── events ─────────────────────────────────────────────────
    def _deal(self, event: Record) -> None:
        self.dealer = event["dealer"]
        self.seats = [SeatCards(hand=Counter(hand)) for hand in event["hands"]]

    def _turned(self, event: Record) -> None:
        """A card turned up at the deal: out of play; the profile's wild for the hand."""
        self.turned = event["card"]
        self.profile.turn_up(event["card"])

    def _shown(self, event: Record) -> None:
        self.offer = Offer("deal card", event["seat"], event["card"], "hand")

    def _draw(self, event: Record) -> None:
        self.drawn = True
        seat, card = event["seat"], event["card"]
        self.shown_owner = None  # a shown replacement's cards are no longer on offer
        self.shown_piled = []
        if self.profile.draws_shown:
            self.offer = Offer("draw", seat, card, "open")
        else:
            self.seats[seat].hand[card] += 1
            self.offer = Offer("draw", seat, card, "hand")

    def _replacement(self, event: Record) -> None:
        seat, card = event["seat"], event["card"]
        self.seats[seat].hand[card] += 1
        self.offer = Offer("replacement", seat, card, "hand")

    def _replacement_shown(self, event: Record) -> None:
        """Cards taken from the wall and shown: in the open until their owner wins on one
        or discards them together."""
        self.shown_owner = event["seat"]
        self.shown_open = list(event["cards"])
        self.offer = None

    def _shown_discarded(self, event: Record) -> None:
        seat = self.seats[event["seat"]]
        for card in event["cards"]:
            if card in self.shown_open:  # a broken log may discard what was never shown
                self.shown_open.remove(card)
            seat.discards.append(card)
            self.shown_piled.append(card)

    def _won_shown(self, seat: int, card: str) -> bool:
        """A win on a shown card: from the open (its owner's win) or from its owner's
        discards (another's); False when the card is none of them."""
        owner = self.shown_owner
        if owner is None:
            return False
        if card in self.shown_open and seat == owner:
            self.shown_open.remove(card)
        elif seat != owner and card in self.shown_piled:
            self.shown_piled.remove(card)
            pile = self.seats[owner].discards
            del pile[len(pile) - 1 - pile[::-1].index(card)]
        else:
            return False
        self.seats[seat].hand[card] += 1
        return True

    def _discard(self, event: Record) -> None:
        seat, card = event["seat"], event["card"]
        self.seats[seat].hand[card] -= 1
        self.seats[seat].discards.append(card)
        self.offer = Offer("discard", seat, card, "pile")
        self.discarded = True

    def _exchange(self, event: Record) -> None:
        """Every seat's passed cards leave before any arrive."""
        for seat, cards in enumerate(event["passed"]):
            for card in cards:
                self.seats[seat].hand[card] -= 1
        for cards, target in zip(event["passed"], event["to"], strict=True):
            for card in cards:
                self.seats[target].hand[card] += 1

    def _declaration(self, event: Record) -> None:
        for seat, value in zip(self.seats, event["values"], strict=True):
            seat.declared[event["attribute"]] = value

    def _untaken(self, event: Record) -> None:
        self.seats[event["seat"]].discards.append(event["card"])
        self.offer = None

    def _action(self, event: Record) -> None:
        seat = self.seats[event["seat"]]
        move = self.move(event)
        for card in move.taken:
            seat.hand[card] -= 1
        card = event.get("card")
        # a card held (drawn now or earlier) added onto a table group is among the cards
        # taken from the hand: it is no offered card to take again
        held_onto = move.onto is not None and card in move.taken
        if card is not None and not held_onto:
            self._take_offered(card)
        group: Group = (move.group, move.cards)
        if move.onto is not None and move.onto < len(seat.table):
            seat.table[move.onto] = group
        else:  # a new group (or, in a broken log, a group to grow that is not there)
            seat.table.append(group)
        for kind, cards in move.extra:
            for held in cards:
                seat.hand[held] -= 1
            seat.table.append((kind, cards))
        self.offer = None

    def move(self, event: Record) -> Move:
        """The cards of an action event: from its fields, or for logs written before the
        engine logged them, read from its label (`吃 四五六 + 伍五五`) and the table."""
        if "cards" in event:
            return Move(
                event["group"],
                tuple(event["cards"]),
                tuple(event.get("taken", ())),
                event.get("onto"),
                tuple((kind, tuple(cards)) for kind, cards in event.get("extra", ())),
            )
        parts = event["label"].split(" ", 1)[1].split(" + ")
        groups = [tuple(sorted(self.profile.parse_names(part))) for part in parts]
        cards, card, seat = groups[0], event.get("card"), self.seats[event["seat"]]
        if card is not None:
            for index, (_, held) in enumerate(seat.table):
                grown = tuple(sorted((*held, card)))
                if grown == cards and seat.hand[card] < len(cards) - 1:
                    return Move(event["group"], cards, (), index, ())
        taken = list(cards)
        if card is not None:
            taken.remove(card)
        extra = tuple((self.profile.kind_of(group), group) for group in groups[1:])
        return Move(event["group"], cards, tuple(taken), None, extra)

    def _take_offered(self, card: str) -> None:
        offer = self.offer
        if offer is None or offer.card != card:
            return
        if offer.where == "hand":
            self.seats[offer.owner].hand[card] -= 1
        elif offer.where == "pile":
            self.seats[offer.owner].discards.pop()

    def _finish(self, event: Record) -> None:
        self.finished = True

    def _win(self, event: Record) -> None:
        """A win: the card won on (another's discard or added card) goes to the winner's
        hand, laid down; in a hand that goes on after a win (SC-7) it is not there to be
        won again."""
        seat, card = event["seat"], event.get("card")
        self.winners.append(seat)
        offer = self.offer
        if card is not None and offer is None and self._won_shown(seat, card):
            self.finished = True
            return
        if card is not None and offer is not None and offer.card == card and offer.owner != seat:
            self._take_offered(card)
            self.seats[seat].hand[card] += 1
            self.offer = None
        elif card is not None and event.get("context") == "added card":
            # a robbed kong: the added card leaves its owner's hand for the winner's
            self.seats[event["owner"]].hand[card] -= 1
            self.seats[seat].hand[card] += 1
        self.finished = True

    def _leaves(self, event: Record) -> None:
        self.left.extend(event["seats"])
        self.finished = False  # the others play on

    # ── questions ──────────────────────────────────────────────
    def hand_for_win(self, seat: int, context: str, owner: int, card: str | None) -> Counter[str]:
        """The seat's concealed cards without the card it is asked to win on."""
        hand = Counter(self.seats[seat].hand)
        shown = seat == self.shown_owner and card in self.shown_open  # in the open, not held
        if card is not None and seat == owner and self._in_owner_hand(context) and not shown:
            hand[card] -= 1
        return +hand

    def _in_owner_hand(self, context: str) -> bool:
        if context == "draw":
            return not self.profile.draws_shown
        return context in ("replacement", "deal card", "added card")

    @staticmethod
    def source(seat: int, context: str, owner: int) -> str:
        """Where a winning card comes from, as the documents say it: one's own draw
        (`self`), another's discard, or another's drawn card."""
        if seat == owner:
            return "self"
        return "discard" if context in ("discard", "added card") else "draw"

    def locked(self, seat: int, card: str) -> bool:
        size = self.profile.locked_size
        return bool(size) and self.seats[seat].hand[card] >= size

    def may_discard(self, seat: int) -> list[str]:
        """The cards the seat holds that it may discard (none of a group never split)."""
        return [c for c, n in self.seats[seat].hand.items() if n > 0 and not self.locked(seat, c)]
