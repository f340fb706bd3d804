"""The typed intermediate representation of a rule file.

A rule file parses into a `RuleSet`: plain records (`records.Record`), one per clause, each
keeping where it came from (`Span`) and which rule ids it implements (`cites`). The IR is
what the checker validates, what `tablerules schema` describes, and what the interpreter
compiles.
"""

from __future__ import annotations

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
    "Expr",
    "ExprOp",
    "HandPattern",
    "LookupTable",
    "Scalar",
    "Score",
    "ScoreMinimum",
    "Span",
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
    of them, and nothing else."""

    cards: list[CardSelector] = Field(default_factory=list)
    more: int = 0


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


# ── The play half ─────────────────────────────────────────────────────────────


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


ImmediateCondition.model_rebuild()
RuleSet.model_rebuild()
