"""The parts of the IR every clause shares: positions, citations, card selectors and
expressions. `dsl.model.ir` (the clauses of the game) and `dsl.model.ir_scoring` (tables, hand
patterns, scores) both build on them.
"""

from __future__ import annotations

from typing import Literal

from tablerules.dsl.model.records import ConfigDict, Field, PrivateAttr, Record

Scalar = int | bool | str
Context = Literal[
    "draw", "replacement", "discard", "added card", "deal card", "deal", "turn start", "turn"
]
Who = Literal["self", "others", "next", "anyone"]


class Span(Record):
    """A position in a rule file: 1-based line and column (in characters)."""

    model_config = ConfigDict(frozen=True)

    file: str
    line: int
    column: int


class Clause(Record):
    """Common to every clause: its position and the rule ids it cites."""

    span: Span | None = None
    cites: list[str] = Field(default_factory=list)
    # where each item of a block was written, so a finding about one item points at its line
    _item_spans: dict[str, Span] = PrivateAttr(default_factory=dict)

    def note_item(self, item: str, span: Span) -> None:
        self._item_spans.setdefault(item, span)

    def item_span(self, item: str) -> Span | None:
        """The line that wrote `item` of this block, or the clause's own line."""
        return self._item_spans.get(item, self.span)

    def wrote(self, item: str) -> bool:
        """Whether the block wrote an item of this kind (`copies` in a deck)."""
        return item in self._item_spans


class CardFilter(Record):
    attribute: str
    values: list[int | str]


class CardSelector(Record):
    """One card by name, every card passing all filters, or a seat-relative card set
    (`seat cards NAME`: the winner's set; `round cards NAME`: the round's set;
    `declared ATTR`: the cards of the value of ATTR the winner declared in a phase)."""

    card: str | None = None
    filters: list[CardFilter] = Field(default_factory=list)
    seat_set: str | None = None
    round_set: str | None = None
    declared: str | None = Field(
        None, description="`declared ATTR`: the cards of the value the seat declared in a phase"
    )


ExprOp = Literal[
    "num",
    "ref",
    "call",
    "count",
    "neg",
    "add",
    "sub",
    "mul",
    "div",
    "pow",
    "eq",
    "ne",
    "lt",
    "le",
    "gt",
    "ge",
    "and",
    "or",
    "not",
    "if",
    "cards",
    "distinct",
    "groups",
    "claimed",
    "form",
    "wilds",
    "waits",
    "alike",
    "held",
    "won",
    "last card",
    "first discard",
    "first draw",
    "dealer wins",
    "no claim yet",
    "replacement shown",
    "discard after replacement",
    "discard after last card",
    "payer is dealer",
    "winner is dealer",
    "payer seat",
    "ready",
    "playing",
    "holds distinct",
    "best win",
]
# quantities of a winning hand (they need a winning split) and conditions of the table
# (they need a win, or a hand's end)
HAND_QUANTITIES = (
    "cards",
    "distinct",
    "groups",
    "claimed",
    "form",
    "wilds",
    "waits",
    "alike",
    "held",
)
# `waits`: the different cards the hand before the winning card would have won on (a hand
# pattern's quantity only: it may never decide whether a hand wins, see the checker);
# `sets of N alike` (op `alike`, N in `value`): the cards the whole hand holds N copies of;
# `cards in hand` (op `held`): the cards the winner held concealed before the winning card
TABLE_CONDITIONS = (
    "won",
    "last card",
    "first discard",
    "first draw",
    "dealer wins",
    "no claim yet",
    "replacement shown",
    # the winning card is the discard its owner made right after a replacement draw, or
    # right after drawing the wall's last card
    "discard after replacement",
    "discard after last card",
)
# who pays a settlement's amount, worked out payer by payer: whether the payer or the winner
# is the dealer, and the payer's seat counted from the winner (1 is the winner's next seat)
PAYER_OPS = ("payer is dealer", "winner is dealer", "payer seat")
# what a seat's hand says at a drawn hand's settlement: `ready` (a card would complete a win),
# `playing` (still in the hand), `holds distinct ATTR` (values held, table groups counted),
# `best win of payee|payer` (the worth of that seat's best win on a discard)
SEAT_OPS = ("ready", "playing", "holds distinct", "best win")
HAND_OPS = HAND_QUANTITIES + TABLE_CONDITIONS + PAYER_OPS + SEAT_OPS


class Expr(Record):
    """An expression over whole numbers, options, `let` names and game quantities.

    `/` divides and rounds down; `^` raises to a power. A comparison, `and`, `or` and `not`
    give 1 (true) or 0 (false), and any number other than 0 counts as true. `if` takes
    three arguments: the condition, the value when it holds and the value when not.
    `call` looks a number up in a table (or takes `min`/`max` of its arguments).
    `count KIND` is the number of the winner's table groups of that kind.

    The quantities of a winning hand (`cards`, `distinct`, `groups`, `claimed`, `form`) and
    the conditions of the table (`won`, `last card`, `first discard`, `first draw`,
    `dealer wins`) are read from the winning split and how it was won; `name` holds the
    attribute of `distinct` and the form of `form`.
    """

    op: ExprOp
    value: int | None = None
    name: str | None = None
    args: list[Expr] = Field(default_factory=list)
    kinds: list[str] = Field(default_factory=list, description="`groups of KIND ...`")
    items: list[CardSelector] = Field(
        default_factory=list, description="the cards of `cards`, `distinct … in`, `groups with`"
    )
    context: Context | None = Field(None, description="`won on CONTEXT`")
    who: Who | None = Field(None, description="`won on CONTEXT by WHO`")
    span: Span | None = Field(None, exclude=True, description="where it is written")
