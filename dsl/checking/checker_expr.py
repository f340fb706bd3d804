"""Semantic checks for expressions: every name resolves where the expression is written
(a payment of an action knows no winner; a settlement knows the winning hand), every call
names a table or a function, and a finding points at the name itself, with a hint when the
mistake is a common one (`value-6` read as one name because `-` may be part of a name)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tablerules.dsl.model import ir
from tablerules.dsl.parsing.build_expr import is_number
from tablerules.dsl.parsing.grammar import leading_words

if TYPE_CHECKING:
    from tablerules.dsl.checking.checker import Checker

FUNCTIONS = {"min": (1, None), "max": (1, None)}  # name -> (fewest, most) arguments


@dataclass(frozen=True)
class Place:
    """Where an expression is written, and so what it may read besides options, tables and
    its block's `let` names."""

    what: str
    quantities: tuple[str, ...] = ()  # value, hits, settled, streak
    hand: bool = False  # quantities of the winning hand
    conditions: bool = False  # conditions of the table: how the hand was won
    patterns: bool = False  # hand patterns by name
    scores: bool = False  # scores by name
    payer: bool = False  # who pays: `payer is dealer`, `winner is dealer`, `payer seat`
    seat: bool = False  # a seat's hand at a drawn hand: `ready`, `playing`, `holds distinct`
    best: bool = False  # `best win of payee`, `best win of payer`
    waits: bool = False  # `waits`: the cards the hand before the winning card waited on


ACTION = Place("an action's payment", ("streak",))
SETTLE = Place(
    "a settlement",
    ("value", "streak"),
    hand=True,
    conditions=True,
    patterns=True,
    scores=True,
    payer=True,
)
BONUS = Place(
    "a bonus draw",
    ("value", "hits", "settled", "streak"),
    hand=True,
    conditions=True,
    patterns=True,
    scores=True,
)
PATTERN = Place(
    "a hand pattern", ("value", "streak"), hand=True, conditions=True, patterns=True, waits=True
)
# a drawn hand's settlement: conditions choose seats, the amount may read their best wins
DRAWN = Place("a drawn hand's settlement", ("streak",))
DRAWN_SEAT = Place("a drawn hand's seat condition", ("streak",), seat=True)
DRAWN_AMOUNT = Place("a drawn hand's amount", ("streak",), best=True)
DEALER = Place("the next dealer", ("streak",), conditions=True)
CARRY = Place("a carried number", ("streak",))
WIN = Place(
    "the win clause", ("value", "streak"), hand=True, conditions=True, patterns=True, scores=True
)


def references(expression: ir.Expr) -> Iterator[ir.Expr]:
    """Every name (`ref`) in an expression."""
    if expression.op == "ref":
        yield expression
    for argument in expression.args:
        yield from references(argument)


class ExpressionChecks:
    """A mixin of `dsl.checking.checker.Checker` (which supplies `rules`, `report`, `unknown`)."""

    def check_expr(
        self: Checker,
        clause: ir.Clause,
        expression: ir.Expr,
        names: set[str],
        place: Place = SETTLE,
    ) -> None:
        """Check every name and call in `expression`; `names` are the `let` names in scope."""
        where = ir.Clause(span=expression.span or clause.span)
        op = expression.op
        if op == "ref":
            self._check_name(where, expression.name or "", names, place)
        elif op == "count":
            self.kind_refs(where, [expression.name or ""])
        elif op == "call":
            self._check_call(where, expression)
        elif op in ir.HAND_OPS:
            self._check_hand(where, expression, place)
        for argument in expression.args:
            self.check_expr(clause, argument, names, place)

    def check_lets(
        self: Checker, clause: ir.Clause, lets: dict[str, ir.Expr], place: Place = SETTLE
    ) -> set[str]:
        """Check `let` lines in order (each may use those above it); their names."""
        names: set[str] = set()
        for name, expression in lets.items():
            self.check_expr(clause, expression, names, place)
            names.add(name)
        return names

    def _known_names(self: Checker, names: set[str], place: Place) -> list[str]:
        known = [*sorted(names), *place.quantities, *self.rules.carries]
        if place.patterns:
            known += list(self.rules.patterns)
        if place.scores:
            known += list(self.rules.scores)
        return known + list(self.rules.options)

    @staticmethod
    def _place_words(place: Place) -> tuple[str, ...]:
        """The words an expression of the place reads besides names (`wilds`, `playing`):
        a misspelt one reads as an unknown name, and is guessed at among these."""
        words: tuple[str, ...] = ()
        if place.hand:  # a winning hand's quantities
            words += leading_words("hand_quantity")
        if place.seat:  # a seat's facts at a drawn hand
            words += leading_words("seat_fact")
        return words

    def _check_name(
        self: Checker, where: ir.Clause, name: str, names: set[str], place: Place
    ) -> None:
        if name in names or name in place.quantities or name in self.rules.carries:
            return  # a carried number is known wherever an expression is written
        if (place.patterns and name in self.rules.patterns) or (
            place.scores and name in self.rules.scores
        ):
            return
        option = self.rules.options.get(name)
        if option is not None:
            if option.type == "choice" and any(isinstance(c, str) for c in option.choices):
                self.report(where, "E103", f"option {name!r} is not a number")
            return
        if name in self.rules.tables:
            self.report(
                where,
                "E103",
                f"{name!r} is a table: look a number up in it with {name}(NUMBER)",
            )
            return
        elsewhere = self._only_elsewhere(name)
        if elsewhere:
            self.report(where, "E110", f"{name!r} {elsewhere}, not in {place.what}")
            return
        hint = self._minus_hint(name, names, place)
        if not hint and name in self.rules.values and "value" in place.quantities:
            hint = f"{name!r} is a value table: its total is read as `value`"
        if hint:
            self.report(where, "E101", f"unknown name {name!r}", hint)
            return
        for what in ("score", "pattern", "option"):  # gone with `remove` (scoring, or one)
            if self.rules.removed_at(f"{what}s", name) is not None:
                self.unknown(where, what, name, ())
                return
        known = self._known_names(names, place)
        self.unknown(where, "name", name, known, self._place_words(place))

    def _only_elsewhere(self: Checker, name: str) -> str:
        """Why a known name cannot be read here ('' when it is not known at all)."""
        if name in self.rules.scores:
            return "is a score: it can be read in the win clause, settlement and bonus draws"
        if name in self.rules.patterns:
            return (
                "is a hand pattern: it can be read in patterns, the win clause, settlement and"
                " bonus draws"
            )
        if name in ("value", "hits", "settled", "streak"):
            return f"({name}) is not known here"
        if name == "payer hit":
            return "counts the bonus cards pointing at the payer: it is known in a bonus's payment"
        return ""

    def _check_hand(self: Checker, where: ir.Clause, expression: ir.Expr, place: Place) -> None:
        op = expression.op
        if op in ir.PAYER_OPS and not place.payer:
            self.report(
                where,
                "E110",
                f"'{op}' reads who pays a win: write it in a settle block's lines or its"
                f" `let` lines, or in a bonus's payment, not in {place.what}",
            )
            return
        if op in ir.SEAT_OPS:
            self._check_seat_fact(where, expression, place)
            return
        if op == "waits":
            self._check_waits(where, place)
            return
        if op == "alike" and (expression.value is None or expression.value < 1):
            self.report(
                where,
                "E103",
                f"'sets of {expression.name or expression.value} alike' needs a whole number"
                " of copies, 1 or more",
                "e.g. 'sets of 4 alike': the cards the winning hand holds four of",
            )
            return
        if op in ir.TABLE_CONDITIONS and not place.conditions:
            self.report(
                where,
                "E110",
                f"'{op}' reads how a hand was won: write it in a hand pattern, the win clause, a"
                f" settlement, a bonus draw or the next dealer, not in {place.what}",
            )
            return
        if op in ir.HAND_QUANTITIES and not place.hand:
            written = "cards in hand" if op == "held" else op
            self.report(
                where,
                "E110",
                f"'{written}' reads the winning hand: write it in a hand pattern, the win"
                f" clause, a settlement or a bonus draw, not in {place.what}",
            )
            return
        if op in ("groups", "claimed"):  # `groups of KIND … with CARDS`
            self.kind_refs(where, expression.kinds, ("with",) if op == "groups" else ())
        if op == "distinct" and expression.name not in self.rules.attributes:
            self.unknown(where, "attribute", expression.name or "", self.rules.attributes)
        if op == "form" and expression.name not in self.rules.forms:
            self.unknown(where, "form", expression.name or "", self.rules.forms)
        self.check_card_items(where, expression.items)

    def _check_waits(self: Checker, where: ir.Clause, place: Place) -> None:
        """`waits` is read by hand patterns that only add to a score: the waits are counted
        with the win test, so a pattern reading them may not decide whether a hand wins."""
        if not place.waits:
            self.report(
                where,
                "E110",
                f"'waits' reads the hand before the winning card: write it in a hand pattern,"
                f" not in {place.what}",
                "a settlement or the win clause reads such a pattern by its name",
            )
            return
        if self._win_reads_scoring():
            self.report(
                where,
                "E110",
                "'waits' cannot be read here: the win clause's minimum score or 'when' lines"
                " may read this pattern, so the waits would decide which cards win",
                "the waits are counted with the win test; keep 'waits' to files whose win"
                " clause asks only groups",
            )

    def _win_reads_scoring(self: Checker) -> bool:
        """Whether the win clause asks a minimum score or reads a pattern or a score."""
        win = self.rules.win
        if win is None:
            return False
        if win.score is not None:
            return True
        scoring = set(self.rules.patterns) | set(self.rules.scores)
        return any(ref.name in scoring for line in win.when for ref in references(line.condition))

    def _check_seat_fact(
        self: Checker, where: ir.Clause, expression: ir.Expr, place: Place
    ) -> None:
        """`ready`, `playing`, `holds distinct ATTR` choose seats at a drawn hand; `best win
        of payee|payer` is read in its amount."""
        op = expression.op
        if op == "best win" and not place.best:
            self.report(
                where,
                "E110",
                f"'best win of {expression.name}' is read in the amount of an 'at drawn hand'"
                f" line, not in {place.what}",
            )
            return
        if op != "best win" and not place.seat:
            text = f"holds distinct {expression.name}" if op == "holds distinct" else op
            self.report(
                where,
                "E110",
                f"'{text}' reads the hand of a seat an 'at drawn hand' line chooses: write it in"
                f" its 'each seat where' conditions, not in {place.what}",
            )
            return
        if op == "holds distinct" and expression.name not in self.rules.attributes:
            self.unknown(where, "attribute", expression.name or "", self.rules.attributes)

    def check_card_items(
        self: Checker,
        where: ir.Clause,
        items: list[ir.CardSelector],
        sets: bool = True,
        words: tuple[str, ...] = (),
    ) -> None:
        """Card names, filters, and (where a winner is known) seat and round card sets;
        `words` the place takes besides card names, guessed at for a mistyped name."""
        if sets:  # an expression's cards: `declared ATTR`, `seat cards NAME`, `round cards`
            words = (*words, "declared", "seat", "round")
        card_words: set[str] = set()
        if self.rules.deck:
            for card in self.rules.deck.cards:
                card_words.update((card.id, *card.names))
        for item in items:
            if item.card is not None and item.card not in card_words:
                ids = [c.id for c in self.rules.deck.cards] if self.rules.deck else []
                # a card is guessed among its names too, not only among the ids
                self.unknown(where, "card", item.card, ids, (*words, *sorted(card_words)))
            for flt in item.filters:
                self.check_attribute_refs(where, {flt.attribute: flt.values})
            if item.declared is not None:
                if not sets:
                    self.report(
                        where,
                        "E110",
                        f"'declared {item.declared}' names a seat's cards: it is read in "
                        "expressions, 'first' and 'never of' only",
                    )
                else:
                    self.check_declared(where, item.declared)
            named = item.seat_set or item.round_set
            if named is None:
                continue
            if not sets:
                self.report(where, "E110", "a card set cannot list another card set")
            elif item.seat_set is not None and named not in self.rules.seat_cards:
                self.unknown(where, "seat cards", named, self.rules.seat_cards)
            elif item.round_set is not None:
                self.check_round_set(where, named)

    def check_round_set(self: Checker, where: ir.Clause, name: str) -> None:
        if name not in self.rules.round_cards:
            self.unknown(where, "round cards", name, self.rules.round_cards)

    def _minus_hint(self: Checker, name: str, names: set[str], place: Place) -> str:
        """`value-6` is one name; when its parts are names or numbers, say what was meant."""
        if "-" not in name:
            return ""
        parts = name.split("-")
        known = set(self._known_names(names, place))
        if all(part and (is_number(part) or part in known) for part in parts):
            return f"write spaces around '-': {' - '.join(parts)} ('-' may be part of a name)"
        return ""

    def _check_call(self: Checker, where: ir.Clause, expression: ir.Expr) -> None:
        name = expression.name or ""
        count = len(expression.args)
        if name in self.rules.tables:
            if count != 1:
                self.report(where, "E110", f"table {name!r} looks up one number, not {count}")
            return
        limits = FUNCTIONS.get(name)
        if limits is None:
            known = [*sorted(self.rules.tables), *FUNCTIONS]
            self.unknown(where, "table", name, known)
            return
        fewest, most = limits
        if count < fewest or (most is not None and count > most):
            self.report(where, "E110", f"{name} takes at least {fewest} number(s)")

    def check_tables(self: Checker) -> None:
        for table in self.rules.tables.values():
            if not table.rows:
                self.report(table, "E109", f"table {table.name!r} has no rows, e.g. '3: 8'")
            keys = [row.key for row in table.rows]
            for row, previous in zip(table.rows[1:], keys, strict=False):
                if row.key <= previous:
                    self.report(row, "E110", "a table's keys go up, row after row")
