"""The typed intermediate representation of a rule file.

A rule file parses into a `RuleSet`: plain pydantic models, one per clause, each keeping
where it came from (`Span`) and which rule ids it implements (`cites`). The IR is what
the checker validates, what `tablerules schema` describes, and what the interpreter compiles.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

Scalar = int | bool | str
Source = Literal["self", "discard", "draw"]


class Span(BaseModel):
    """A position in a rule file: 1-based line and column (in characters)."""

    model_config = ConfigDict(frozen=True)

    file: str
    line: int
    column: int


class Clause(BaseModel):
    """Common to every clause: its position and the rule ids it cites."""

    span: Span | None = None
    cites: list[str] = Field(default_factory=list)


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


class Attribute(Clause):
    """A card attribute: either named values (`small | big`) or an integer range."""

    name: str
    values: list[str] = Field(default_factory=list)
    minimum: int | None = None
    maximum: int | None = None

    @property
    def is_numeric(self) -> bool:
        return self.minimum is not None


class CardDecl(Clause):
    id: str
    attributes: dict[str, Scalar] = Field(default_factory=dict)
    names: list[str] = Field(default_factory=list)

    @property
    def display(self) -> str:
        return self.names[0] if self.names else self.id


class Deck(Clause):
    copies: int = 1
    compact_suffixes: list[str] = Field(default_factory=list)
    cards: list[CardDecl] = Field(default_factory=list)

    @property
    def size(self) -> int:
        return self.copies * len(self.cards)


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
    `run`: `size` consecutive values of `attribute`; `set`: one card for each listed value.
    """

    head: Literal["same", "mixed", "run", "set"]
    size: int
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


class WinRule(Clause):
    groups: int | None = None
    pairs: PairRule | None = None
    value: ValueMinimum | None = None


class FormShape(Clause):
    count: int
    kinds: list[str]


class Form(Clause):
    """A whole-hand shape named by the documents, that wins or never wins."""

    name: str
    title: str = ""
    shape: FormShape | None = None
    wins: bool = False


class ImmediateCondition(Clause):
    count: int
    kinds: list[str]


class ImmediateWin(Clause):
    """A win declared on the deal when any condition holds (groups need not be complete)."""

    name: str
    title: str = ""
    conditions: list[ImmediateCondition] = Field(default_factory=list)


class CardFilter(BaseModel):
    attribute: str
    values: list[int | str]


class CardSelector(BaseModel):
    """Either one card by name, or every card passing all filters."""

    card: str | None = None
    filters: list[CardFilter] = Field(default_factory=list)


class SeatCardsLine(Clause):
    seat: str
    items: list[CardSelector] = Field(default_factory=list)


class SeatCards(Clause):
    """A card set for each seat, seats counted from the dealer."""

    name: str
    title: str = ""
    lines: list[SeatCardsLine] = Field(default_factory=list)


class RuleSet(BaseModel):
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
    seat_cards: dict[str, SeatCards] = Field(default_factory=dict)
    # (section, name) -> where a variant removed it; lets the checker blame the removal
    _removed: dict[tuple[str, str], Span] = PrivateAttr(default_factory=dict)

    def removed_at(self, section: str, name: str) -> Span | None:
        return self._removed.get((section, name))

    def note_removal(self, section: str, name: str, span: Span) -> None:
        self._removed[(section, name)] = span

    def option_values(self, overrides: dict[str, Scalar] | None = None) -> dict[str, Scalar]:
        """Every option's value: the default, then the file's `set`, then `overrides`."""
        values: dict[str, Scalar] = {name: opt.default for name, opt in self.options.items()}
        for name, setting in self.settings.items():
            values[name] = setting.value
        values.update(overrides or {})
        return values
