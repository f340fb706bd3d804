"""Forms and immediate wins compiled: the shapes and card sets a winning hand may take
besides groups, and the wins shown on the dealt hand, with the tests each reads."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.expressions import Compiled, compile_expr
from tablerules.interpreter.compiling.packing import FIELD_BITS
from tablerules.interpreter.compiling.wilds import compile_card_set


class LaidGroup(Protocol):
    """A group on the table, as a form of cards reads it: its cards."""

    @property
    def cards(self) -> Sequence[int]: ...


@dataclass(frozen=True)
class FormInfo:
    name: str
    title: str
    count: int
    kinds: frozenset[int]
    wins: bool
    cites: tuple[str, ...]


@dataclass(frozen=True)
class CardForm:
    """A form that is a set of cards: each of `cards` once, and `more` of them again; or,
    not `each`, `size` cards that are all among `cards`, any number of each."""

    name: str
    title: str
    cards: tuple[int, ...]
    more: int
    wins: bool
    cites: tuple[str, ...]
    outside: int  # the packed bits of every card not in the set
    each: bool = True  # every card of the set is held at least once
    size: int = 0  # the hand's cards, every form: len(cards) + more when `each`

    def beside(self, table: Iterable[LaidGroup]) -> int | None:
        """How many concealed cards (the winning card included) this form holds beside
        the groups on the table; None where it cannot hold with them. Only
        `N cards of CARDS` holds with groups laid, each of its cards among the set: each
        group counts the cards it took from the hand and the card it claimed, at most
        three (a fourth alike was replaced by a draw), and the concealed cards the rest."""
        laid = 0
        for group in table:
            if self.each:
                return None
            for card in group.cards:
                if (self.outside >> (card * FIELD_BITS)) & 0xFF:
                    return None
            laid += min(len(group.cards), 3)
        return self.size - laid

    def holds(self, packed: int, table: Iterable[LaidGroup]) -> bool:
        """Whether a hand (packed concealed counts, the winning card included) with the
        groups `table` laid is this form: with none, `matches`."""
        size = self.beside(table)
        if size is None or packed & self.outside:
            return False
        total = 0
        for card in self.cards:
            count = (packed >> (card * FIELD_BITS)) & 0xFF
            if not count and self.each:
                return False
            total += count
        return total == size


@dataclass(frozen=True)
class ImmediateInfo:
    name: str
    title: str
    conditions: tuple[tuple[int, tuple[int, ...]], ...]  # (count, n-alike sizes of the kinds)
    cites: tuple[str, ...]
    kinds: tuple[tuple[int, int], ...] = ()  # (kind, n-alike size) of every kind it counts
    held_value: bool = False  # valued by the groups it counts, even when the hand splits
    # `when all of CARDS` lines: the card kinds each needs, every copy held (table counted)
    every: tuple[tuple[int, ...], ...] = ()
    tests: tuple[Compiled, ...] = ()  # its `when CONDITION` lines on the dealt hand
    goes_on: bool = False  # shown and paid at once by `pays`; the hand is played on
    pays: tuple[ir.Payment, ...] = ()
    holding: tuple[tuple[int, frozenset[int]], ...] = ()  # (count, kinds): cards held
    own_turn: bool = False  # looked for on each own turn, not on the deal


class FormCompiling:
    """The `form` and `immediate win` clauses of a `CompiledRules`, compiled."""

    def _compile_forms(self: Any) -> None:
        self.forms: list[FormInfo] = []
        self.card_forms: list[CardForm] = []
        everything = int.from_bytes(bytes([0xFF]) * len(self.cards), "little")
        for form in self.rules.forms.values():
            if form.cards is not None:
                cards = tuple(sorted(self._card_set(form.cards.cards)))
                inside = sum(0xFF << (card * FIELD_BITS) for card in cards)
                size = form.cards.size
                self.card_forms.append(
                    CardForm(
                        name=form.name,
                        title=form.title,
                        cards=cards,
                        more=form.cards.more,
                        wins=form.wins,
                        cites=tuple(form.cites),
                        outside=everything & ~inside,
                        each=size is None,
                        size=len(cards) + form.cards.more if size is None else size,
                    )
                )
            if form.shape is None:
                continue
            self.forms.append(
                FormInfo(
                    name=form.name,
                    title=form.title,
                    count=form.shape.count,
                    kinds=frozenset(self.kind_index[k] for k in form.shape.kinds),
                    wins=form.wins,
                    cites=tuple(form.cites),
                )
            )
        self.structural_exact = (
            self.value_minimum is None
            and not self.keep_together
            and self.trigger_exact
            and not any(form.wins for form in self.forms)
            and not any(form.wins for form in self.card_forms)
        )
        # exact but for 'never split' groups: the signature tables of the hand with those
        # groups taken out are the test (`WinClause.kept_wins`)
        self.kept_exact = (
            self.value_minimum is None
            and bool(self.keep_together)
            and self.trigger_exact
            and self.rules.win is not None
            and not any(form.wins for form in self.forms)
            and not any(form.wins for form in self.card_forms)
        )

    def _compile_immediate(self: Any) -> None:
        self.immediate: list[ImmediateInfo] = []
        for win in self.rules.immediate_wins.values():
            conditions = []
            every = []
            holding = []
            for condition in win.conditions:
                if condition.every:
                    every.append(tuple(sorted(self._card_set(condition.every))))
                    continue
                if condition.cards is not None:  # `when holding N of FILTER`
                    wilds = self._wilds_in_force()
                    kinds = compile_card_set(condition.cards, wilds, self._card_set).cards
                    holding.append((condition.count, kinds))
                    continue
                sizes = []
                for kind in condition.kinds:
                    pattern = self.rules.groups[kind].pattern
                    if pattern is not None:
                        sizes.append(pattern.size)
                conditions.append((condition.count, tuple(sizes)))
            kinds = {
                (self.kind_index[kind], self.rules.groups[kind].pattern.size)  # type: ignore[union-attr]
                for condition in win.conditions
                for kind in condition.kinds
                if self.rules.groups[kind].pattern is not None
            }
            self.immediate.append(
                ImmediateInfo(
                    win.name,
                    win.title,
                    tuple(conditions),
                    tuple(win.cites),
                    tuple(sorted(kinds)),
                    win.held_value,
                    every=tuple(every),
                    holding=tuple(holding),
                    own_turn=win.own_turn,
                )
            )

    def _compile_immediate_tests(self: Any) -> None:
        """The immediate wins' conditions on the hand (they read hand quantities, compiled
        with the scoring), and whether each is one where play goes on."""
        wins = list(self.rules.immediate_wins.values())
        self.immediate = [
            replace(
                info,
                tests=tuple(
                    compile_expr(test.condition, self.quantities.compile) for test in win.tests
                ),
                goes_on=win.goes_on,
                pays=tuple(win.pays),
            )
            for info, win in zip(self.immediate, wins, strict=True)
        ]
