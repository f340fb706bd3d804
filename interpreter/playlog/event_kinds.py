"""The kinds of events the engine logs: each `Table.log` call names its kind.

A kind is the event's type and its fields, in the order the call passes them, each with
the form of its values: `INT` (an integer, never a boolean), `TEXT` (a text or None),
`FLAG` (a boolean), lists of integers or texts (`INTS`, `TEXTS`), a window's lists of
seats each with a text or a list of texts (`SEAT_TEXT`, `SEAT_TEXTS`), or `ANY` (whatever
it is: other lists, values of more than one type).
The last `optional` fields are given together or not at all. A log writer compiles each
kind once per game into its line's template (`line_forms`), so nothing is worked out
again from the values of each event; an event whose values do not have their declared
forms is still written right, only slower (by the JSON encoder).

A type given as a plain text (`table.log("probe", value=1)`) is a kind whose fields are
undeclared: its lines are shaped by its values' types, event by event.
"""

from __future__ import annotations

from dataclasses import dataclass

INT = "int"
TEXT = "text"
FLAG = "flag"
INTS = "ints"  # a list of integers
TEXTS = "texts"  # a list of texts
SEAT_TEXT = "seat text"  # a list of [seat, text] pairs
SEAT_TEXTS = "seat texts"  # a list of [seat, [text, ...]] pairs
ANY = "any"


@dataclass(frozen=True, eq=False)
class EventKind:
    """The events one `Table.log` call makes. `fields` None: not declared (see above)."""

    type: str
    fields: dict[str, str] | None = None
    optional: int = 0  # how many of the last fields are given together or not at all

    def __post_init__(self) -> None:
        if self.fields is not None and self.optional > len(self.fields):
            raise ValueError(f"{self.type}: more optional fields than fields")


def kind(event_type: str, optional: int = 0, **fields: str) -> EventKind:
    """A kind with declared fields: `kind("discard", seat=INT, card=TEXT, name=TEXT)`."""
    return EventKind(event_type, fields, optional)


_UNDECLARED: dict[str, EventKind] = {}


def undeclared(event_type: str) -> EventKind:
    """The kind of events logged by a plain type (one per type)."""
    found = _UNDECLARED.get(event_type)
    if found is None:
        found = _UNDECLARED[event_type] = EventKind(event_type)
    return found


# ── the engine's kinds, by the clause that logs them ──────────────────
DEAL = kind("deal", optional=2, dealer=INT, hands=ANY, wall=INT, round=INT, streak=INT)
# the deal of a file that carries numbers from hand to hand: its place always given
DEAL_CARRIED = kind("deal", dealer=INT, hands=ANY, wall=INT, round=INT, streak=INT, carried=ANY)
IMMEDIATE_WIN = kind("immediate win", seat=INT)
# a win shown on the deal where play goes on: its `nth` showing of `times`, and the hand shown
SHOWN_WIN = kind("shown win", seat=INT, win=TEXT, nth=INT, times=INT, hand=TEXTS)
EXCHANGE = kind("exchange", direction=TEXT, passed=ANY, to=INTS)
DECLARATION = kind("declaration", attribute=TEXT, values=TEXTS, shown=FLAG)
SHOWN = kind("shown", seat=INT, card=TEXT, name=TEXT)
# a card turned up at the deal, out of play and shown to all; the wild cards it chose
TURNED = kind("turned", card=TEXT, name=TEXT, wild=TEXT, wild_name=TEXT, left=INT)
DRAW = kind("draw", seat=INT, shown=FLAG, left=INT, card=TEXT, name=TEXT)
REPLACEMENT = kind("replacement", seat=INT, shown=FLAG, left=INT, card=TEXT, name=TEXT)
TURN_PASSES = kind("turn passes", seat=INT, why=TEXT)
# a shown replacement (`then replacement N from ZONE END, shown`): the cards taken from that
# end of the wall, shown to all; then, if their owner wins on neither, discarded together
REPLACEMENT_SHOWN = kind(
    "replacement shown", seat=INT, end=TEXT, left=INT, cards=TEXTS, names=TEXTS
)
SHOWN_DISCARDED = kind("shown discarded", seat=INT, cards=TEXTS, names=TEXTS)
# a hand locked by an action (`locks the hand`): its owner only draws, wins and discards
LOCKED = kind("locked", seat=INT, action=TEXT)
DISCARD = kind("discard", seat=INT, card=TEXT, name=TEXT)
UNTAKEN = kind("untaken", seat=INT, card=TEXT, name=TEXT, to=TEXT)
OUTRANKED = kind("outranked", seat=INT, action=TEXT, label=TEXT)
WINDOW = kind(
    "window",
    optional=1,
    context=TEXT,
    owner=INT,
    card=TEXT,
    offered=SEAT_TEXTS,
    chosen=SEAT_TEXT,
    taken_by=INTS,
    why=TEXT,
    hidden=FLAG,
)
RESTRICTED = kind("restricted", seat=INT, restriction=TEXT, card=TEXT)
ACTION = kind(
    "action",
    optional=1,
    seat=INT,
    action=TEXT,
    label=TEXT,
    group=TEXT,
    card=TEXT,
    owner=INT,
    cards=TEXTS,
    taken=TEXTS,
    onto=ANY,
    extra=ANY,
    lies=TEXT,
    forced=FLAG,
)
DRAWN_HAND = kind("drawn hand")
# the wall ran out on a hand that went on after wins: the seats still playing are named
DRAWN_HAND_REST = kind("drawn hand", playing=INTS)
# play after a win: the seats that won leave the hand; those still playing play on
LEAVES = kind("leaves", seats=INTS, playing=INTS)
END = kind("end", winners=INTS, next_dealer=ANY, totals=INTS)
