"""The typed intermediate representation of a rule file.

A rule file parses into a `RuleSet`: plain records (`records.Record`), one per clause, each
keeping where it came from (`Span`) and which rule ids it implements (`cites`). The IR is
what the checker validates, what `tablerules schema` describes, and what the interpreter
compiles.
"""

from __future__ import annotations

import re
from typing import Literal

from tablerules.dsl.model.ir_base import (
    HAND_OPS,
    HAND_QUANTITIES,
    PAYER_OPS,
    SEAT_OPS,
    TABLE_CONDITIONS,
    CardFilter,
    CardSelector,
    Clause,
    Context,
    Expr,
    ExprOp,
    Scalar,
    Span,
    Who,
)
from tablerules.dsl.model.ir_play import (  # noqa: F401 (the IR is read as one namespace)
    PAYER_HIT,
    Action,
    Bonus,
    CardSet,
    Carry,
    Continuation,
    DealerChoice,
    DealerLine,
    DiscardRule,
    DrawnLine,
    EndRule,
    Fee,
    NameLine,
    Names,
    NextDealer,
    Payment,
    RefundLine,
    Restriction,
    Rounds,
    Settle,
    SettleLine,
    Ties,
    TransferLine,
    TurnRule,
    Way,
    Wild,
)
from tablerules.dsl.model.ir_scoring import HandPattern, LookupTable, Score, ScoreMinimum, Worth
from tablerules.dsl.model.records import Field, PrivateAttr, Record

__all__ = [
    "HAND_OPS",
    "HAND_QUANTITIES",
    "PAYER_OPS",
    "SEAT_OPS",
    "TABLE_CONDITIONS",
    "CardFilter",
    "CardSelector",
    "Clause",
    "Context",
    "Expr",
    "ExprOp",
    "HandPattern",
    "LookupTable",
    "Scalar",
    "Score",
    "ScoreMinimum",
    "Span",
    "Who",
    "Worth",
]

Source = Literal["self", "discard", "draw"]


class GameMeta(Clause):
    name: str
    title: str = ""


class SourceNote(Clause):
    text: str


class Seats(Clause):
    count: int
    names: list[str] = Field(default_factory=list)


class OptionDecl(Clause):
    """A table option: a typed value with a default, set in a file or from the command line."""

    name: str
    title: str = ""
    type: Literal["int", "bool", "choice"]
    minimum: int | None = None
    maximum: int | None = None
    choices: list[Scalar] = Field(default_factory=list)
    default: Scalar


class OptionSetting(Clause):
    """`set NAME = VALUE`: a variant's preset for an option declared elsewhere."""

    name: str
    value: Scalar


class GivenValue(Clause):
    """`VALUE: CARDS` in an attribute's block: the value of these cards."""

    value: int | str
    cards: list[CardSelector] = Field(default_factory=list)


class Attribute(Clause):
    """A card attribute: either named values (`small | big`) or an integer range. Its block,
    when it has one, gives the value to cards whose deck row does not: the first line that
    names the card, else the `else` value."""

    name: str
    values: list[str] = Field(default_factory=list)
    minimum: int | None = None
    maximum: int | None = None
    given: list[GivenValue] = Field(default_factory=list)
    otherwise: int | str | None = None

    @property
    def has_block(self) -> bool:
        return bool(self.given) or self.otherwise is not None

    @property
    def is_numeric(self) -> bool:
        return self.minimum is not None


class CardDecl(Clause):
    id: str
    attributes: dict[str, Scalar] = Field(default_factory=dict)
    names: list[str] = Field(default_factory=list)
    copies: int | None = Field(
        default=None, description="this card's copies when the row says (`copies N`)"
    )

    @property
    def display(self) -> str:
        return self.names[0] if self.names else self.id


# What card notation reads between cards (`1m 2m`, `1m,2m`, `一、二`): never part of a name.
CARD_SEPARATORS = " \t,，、"


class Deck(Clause):
    copies: int = 1
    compact_suffixes: list[str] = Field(default_factory=list)
    cards: list[CardDecl] = Field(default_factory=list)

    @property
    def size(self) -> int:
        return sum(self.copies_of(card) for card in self.cards)

    def copies_of(self, card: CardDecl) -> int:
        """The copies of one card: its row's `copies N`, else the deck's `copies`."""
        return self.copies if card.copies is None else card.copies

    @property
    def most_copies(self) -> int:
        """The largest number of copies of any one card (the deck's `copies` without rows
        of their own)."""
        return max((self.copies_of(card) for card in self.cards), default=self.copies)

    def misleading_name(self, name: str, card: str, names: dict[str, str]) -> str | None:
        """Why `name`, a card's display name or alias, would mislead a reader, or None: a
        blank name shows no card, and a name that card notation reads as other cards
        (`12m` is `1m 2m`, `一 二` two cards) shows one card as others. `card`: the id of the
        card named; `names`: every id and name of the deck -> the id of its card."""
        if not name.strip():
            return "a card's name may not be blank"
        ends = "|".join(re.escape(s) for s in sorted(self.compact_suffixes, key=len)[::-1])
        run = re.compile(rf"([0-9]+)({ends})") if ends else None
        for word in re.split(f"[{re.escape(CARD_SEPARATORS)}]+", name):
            read = run.match(word) if run is not None else None
            if read is not None:  # `12m` is `1m 2m`
                digits, end = read.groups()
                cards = [digit + end for digit in digits]
                if cards != [card]:
                    listed = " ".join(cards)
                    return (
                        f"the name {name!r} shows other cards: {read.group()!r} reads as {listed}"
                    )
            elif names.get(word, card) != card:
                return f"the name {name!r} shows another card: {word!r} is card {names[word]}"
        return None


class Zone(Clause):
    name: str
    title: str = ""
    scope: Literal["shared", "seat"]
    visibility: Literal["hidden", "private", "public"]


class DealStep(Clause):
    count: int | None = Field(description="cards per recipient; None means the rest of the deck")
    to: Literal["each", "dealer", "shared"]
    zone: str
    shown: bool = False


class Deal(Clause):
    steps: list[DealStep] = Field(default_factory=list)


class Pattern(Clause):
    """How a group's cards relate. The interpreter enumerates every card multiset it allows.

    head `same` with `size`: n of a kind; `same_attribute` + `split`: mixed sets of one value
    of `same_attribute` split over two values of another attribute (e.g. 2 + 1);
    `run`: `size` (up to `longest`) consecutive values of `attribute`; `set`: one card for
    each listed value; `alike`: `size` cards with one value of `attribute`, any others.
    """

    head: Literal["same", "mixed", "run", "set", "alike"]
    size: int
    longest: int | None = Field(None, description="a run of `size` to `longest` cards")
    attribute: str | None = None
    values: list[int | str] = Field(default_factory=list)
    same: list[str] = Field(default_factory=list)
    where: dict[str, list[int | str]] = Field(default_factory=dict)
    split: list[int] = Field(default_factory=list)


class Relabel(Clause):
    """`completed by SOURCE: counts as KIND` when the winning card completes this group."""

    sources: list[Source]
    kind: str


class GroupKind(Clause):
    name: str
    title: str = ""
    aliases: list[str] = Field(default_factory=list)
    pattern: Pattern | None = None
    in_hand: bool = False
    on_table: bool = False
    visibility: Literal["concealed", "shown", "partly shown"] = "shown"
    never_split: bool = False
    relabels: list[Relabel] = Field(default_factory=list)


class ValueLine(Clause):
    kinds: list[str] = Field(default_factory=list, description="empty: the `else` line")
    with_attribute: str | None = None
    with_values: list[int | str] = Field(default_factory=list)
    amount: int | None = None
    keyed: dict[str, int] = Field(default_factory=dict)


class ValueTable(Clause):
    name: str
    by: str | None = None
    lines: list[ValueLine] = Field(default_factory=list)


class PairRule(Clause):
    """`pairs of KIND: N [if any K... , else M]`."""

    kind: str
    count: int
    if_any: list[str] = Field(default_factory=list)
    otherwise: int | None = None


class ValueMinimum(Clause):
    table: str
    at_least: int | str = Field(description="a number or the name of an option")


class WinCondition(Clause):
    """`when CONDITION` in the win clause: a split wins only when the condition holds. It
    reads what a settlement reads: the hand, how it was won, its patterns and its scores."""

    condition: Expr


class WinRule(Clause):
    groups: int | None = None
    pairs: PairRule | None = None
    value: ValueMinimum | None = None
    score: ScoreMinimum | None = None
    when: list[WinCondition] = Field(default_factory=list)


class FormShape(Clause):
    count: int
    kinds: list[str]


class FormCards(Clause):
    """`each of CARDS once, and N more`: the hand holds every one of these cards, and N more
    of them, and nothing else; or `N cards of CARDS` (`size`): N cards, each among these,
    any number of each."""

    cards: list[CardSelector] = Field(default_factory=list)
    more: int = 0
    size: int | None = None


class Form(Clause):
    """A whole-hand shape named by the documents, that wins or never wins: a split into N
    groups of some kinds (`shape`), or a set of cards (`cards`)."""

    name: str
    title: str = ""
    shape: FormShape | None = None
    cards: FormCards | None = None
    wins: bool = False


class ImmediateCondition(Clause):
    count: int
    kinds: list[str]
    every: list[CardSelector] = Field(
        default_factory=list,
        description="`when all of CARDS`: every copy of these cards held (table groups "
        "counted); then `count` and `kinds` are unused",
    )
    cards: CardSet | None = None  # `when holding N of FILTER`: N cards of the set held


class ImmediateTest(Clause):
    """`when CONDITION` in an immediate win: the dealt hand, table groups included, meets
    the condition (it reads the hand's cards, never a split)."""

    condition: Expr


class ImmediateWin(Clause):
    """A win declared on the deal when any condition holds (groups need not be complete).
    With `goes_on`, it is shown and paid at once by `pays`, once for each time the hand
    holds it, and the hand is played on."""

    name: str
    title: str = ""
    conditions: list[ImmediateCondition] = Field(default_factory=list)
    held_value: bool = Field(
        False, description="valued by the groups it counts, even when the hand splits"
    )
    tests: list[ImmediateTest] = Field(default_factory=list)
    goes_on: bool = Field(False, description="shown and paid at once; the hand goes on")
    pays: list[Payment] = Field(default_factory=list)
    own_turn: bool = Field(
        False, description="looked for on each own turn (before and after drawing), not on the deal"
    )


Direction = Literal["next", "previous", "across"]


class Phase(Clause):
    """A step every seat takes after the deal, before the first turn: an exchange (each seat
    passes `passes` cards of one value of `attribute` to the seat in `direction`, all at
    once) or a declaration (each seat declares one value of `attribute`)."""

    name: str
    title: str = ""
    kind: Literal["exchange", "declaration"] | None = None
    attribute: str = ""
    passes: int = 0
    direction: Direction = "next"
    drawn_if: str | None = Field(
        None, description="under this option the direction is drawn from `drawn_from`"
    )
    drawn_from: list[Direction] = Field(default_factory=list)
    shown: bool = Field(False, description="a declaration every seat sees at once")


class SeatCardsLine(Clause):
    seat: str
    items: list[CardSelector] = Field(default_factory=list)


class SeatCards(Clause):
    """A card set for each seat, seats counted from the dealer."""

    name: str
    title: str = ""
    lines: list[SeatCardsLine] = Field(default_factory=list)


class RuleSet(Record):
    """A whole rule file after `extends` and overrides are applied."""

    file: str
    extends: list[str] = Field(default_factory=list, description="base files, outermost first")
    game: GameMeta | None = None
    sources: list[SourceNote] = Field(default_factory=list)
    seats: Seats | None = None
    options: dict[str, OptionDecl] = Field(default_factory=dict)
    settings: dict[str, OptionSetting] = Field(default_factory=dict)
    attributes: dict[str, Attribute] = Field(default_factory=dict)
    deck: Deck | None = None
    zones: dict[str, Zone] = Field(default_factory=dict)
    deal: Deal | None = None
    groups: dict[str, GroupKind] = Field(default_factory=dict)
    values: dict[str, ValueTable] = Field(default_factory=dict)
    win: WinRule | None = None
    forms: dict[str, Form] = Field(default_factory=dict)
    immediate_wins: dict[str, ImmediateWin] = Field(default_factory=dict)
    phases: dict[str, Phase] = Field(default_factory=dict, description="in the order played")
    seat_cards: dict[str, SeatCards] = Field(default_factory=dict)
    look: Look | None = None
    turn: TurnRule | None = None
    actions: dict[str, Action] = Field(default_factory=dict)
    ties: Ties | None = None
    restrictions: dict[str, Restriction] = Field(default_factory=dict)
    end: EndRule | None = None
    settles: dict[str, Settle] = Field(default_factory=dict)
    bonuses: dict[str, Bonus] = Field(default_factory=dict)
    fee: Fee | None = None
    carries: dict[str, Carry] = Field(
        default_factory=dict, description="numbers carried from hand to hand, by name"
    )
    next_dealer: NextDealer | None = None
    tables: dict[str, LookupTable] = Field(default_factory=dict)
    rounds: Rounds | None = None
    round_cards: dict[str, SeatCards] = Field(
        default_factory=dict, description="card sets by round name, as seat cards by seat"
    )
    patterns: dict[str, HandPattern] = Field(default_factory=dict)
    scores: dict[str, Score] = Field(default_factory=dict)
    names: dict[str, Names] = Field(
        default_factory=dict, description="the file's names in other languages, by language"
    )
    wilds: dict[str, Wild] = Field(default_factory=dict)
    discard_rule: DiscardRule | None = None
    # (section, name) -> where a variant removed it; lets the checker blame the removal
    _removed: dict[tuple[str, str], Span] = PrivateAttr(default_factory=dict)
    # sections whose clause was dropped for its own errors: checks that read such a section's
    # absence stay quiet (its error is the one to fix)
    _broken: list[str] = PrivateAttr(default_factory=list)

    def note_broken(self, section: str) -> None:
        if section not in self._broken:
            self._broken.append(section)

    def broken(self, section: str) -> bool:
        """Whether a clause of `section` was written but dropped for its errors."""
        return section in self._broken

    def removed_at(self, section: str, name: str) -> Span | None:
        return self._removed.get((section, name))

    def note_removal(self, section: str, name: str, span: Span) -> None:
        self._removed[(section, name)] = span

    def removed_spans(self) -> dict[tuple[str, str], Span]:
        """Every removal of the composition: (section, name) -> where it was written."""
        return dict(self._removed)

    def option_values(self, overrides: dict[str, Scalar] | None = None) -> dict[str, Scalar]:
        """Every option's value: the default, then the file's `set`, then `overrides`."""
        values: dict[str, Scalar] = {name: opt.default for name, opt in self.options.items()}
        for name, setting in self.settings.items():
            values[name] = setting.value
        values.update(overrides or {})
        return values


class Ink(Record):
    """Cards whose attribute has one of these values are drawn in this colour."""

    colour: str
    attribute: str
    values: list[int | str]


class Look(Clause):
    """How the cards are drawn in pictures: the card's shape and the colour of its ink."""

    shape: Literal["tile", "strip"] = "tile"
    inks: list[Ink] = Field(default_factory=list)


ImmediateCondition.model_rebuild()
RuleSet.model_rebuild()
