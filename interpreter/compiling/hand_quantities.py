"""The quantities of a winning hand and the conditions of the table, compiled into closures.

`cards (colour red)` counts the red cards of the whole winning hand (concealed cards, table
groups and the winning card); `distinct suit in (kind number)` counts the suits present;
`groups of three four with (suit court)` counts the split's groups of those kinds made of those
cards; `won on draw by self`, `last card` and the rest read how the hand was won. Card sets
are resolved to card indices once, when the rules are compiled; a set that depends on the
winner's seat (or the round) is resolved once per seat (or round).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.cards import CardTable
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.compiling.expressions import Compiled, Scope


@dataclass
class HandView:
    """One winning split as the quantities read it."""

    counts: list[int]  # the whole winning hand, per card kind
    groups: list[tuple[str, tuple[int, ...], bool, bool]]  # kind, cards, on table, claimed
    conditions: WinConditions
    form: str | None = None
    value: int = 0


CardSet = Callable[[WinConditions], frozenset[int]]


class HandQuantities:
    """Compiles `cards`, `distinct`, `groups`, `claimed`, `form`, `cards in hand` and the table
    conditions."""

    def __init__(
        self,
        cards: CardTable,
        seat_names: list[str],
        seat_cards: dict[str, dict[str, frozenset[int]]],
        round_names: list[str] | None = None,
        round_cards: dict[str, dict[str, frozenset[int]]] | None = None,
    ) -> None:
        self.cards = cards
        self.seat_names = seat_names
        self.seat_cards = seat_cards
        self.round_names = round_names or []
        self.round_cards = round_cards or {}
        self.reads_waits = False  # some expression reads `waits`: the evaluator counts them

    # ── card sets ──────────────────────────────────────────────
    def card_set(self, items: list[ir.CardSelector]) -> CardSet | None:
        """The cards the items name (None: every card), possibly by the winner's seat."""
        if not items:
            return None
        fixed: set[int] = set()
        by_seat: list[str] = []
        by_round: list[str] = []
        by_declared: list[str] = []
        for item in items:
            if item.card is not None:
                card = self.cards.lookup(item.card)
                if card is not None:
                    fixed.add(card)
            elif item.seat_set is not None:
                by_seat.append(item.seat_set)
            elif item.round_set is not None:
                by_round.append(item.round_set)
            elif item.declared is not None:
                by_declared.append(item.declared)
            else:
                filters = {f.attribute: list(f.values) for f in item.filters}
                fixed.update(c for c in range(len(self.cards)) if self.cards.matches(c, filters))
        if by_declared:
            rest = [item for item in items if item.declared is None]
            return self._declared_set(self.card_set(rest), by_declared)
        constant = frozenset(fixed)
        if not by_seat and not by_round:
            return lambda conditions: constant
        seats = [self._union(constant, by_seat, self.seat_cards, name) for name in self.seat_names]
        rounds = [
            self._union(frozenset(), by_round, self.round_cards, name) for name in self.round_names
        ]

        def chosen(conditions: WinConditions) -> frozenset[int]:
            found = seats[conditions.seat] if by_seat and conditions.seat < len(seats) else constant
            if by_round and conditions.round < len(rounds):
                found = found | rounds[conditions.round]
            return found

        return chosen

    def _declared_set(self, others: CardSet | None, attributes: list[str]) -> CardSet:
        """The cards of the values the winner declared, with the `others` listed beside
        them: each (attribute, value) resolved to its cards once, here."""
        table = self.cards
        by_value: dict[tuple[str, str], frozenset[int]] = {}
        for attribute in attributes:
            for card in range(len(table)):
                key = (attribute, str(table.attributes[card].get(attribute)))
                by_value[key] = by_value.get(key, frozenset()) | {card}

        def chosen(conditions: WinConditions) -> frozenset[int]:
            found = others(conditions) if others is not None else frozenset()
            for attribute in attributes:
                value = conditions.declared_value(attribute)
                if value is not None:
                    found = found | by_value.get((attribute, str(value)), frozenset())
            return found

        return chosen

    @staticmethod
    def _union(
        base: frozenset[int],
        names: list[str],
        tables: dict[str, dict[str, frozenset[int]]],
        key: str,
    ) -> frozenset[int]:
        found = set(base)
        for name in names:
            found |= tables.get(name, {}).get(key, frozenset())
        return frozenset(found)

    # ── compiling ──────────────────────────────────────────────
    def compile(self, expression: ir.Expr) -> Compiled | None:
        """A closure for a hand quantity or a table condition; None for other expressions."""
        op = expression.op
        builder = getattr(self, f"_{op.replace(' ', '_')}", None)
        if op not in ir.HAND_OPS or builder is None:
            return None
        return builder(expression)

    def _cards(self, expression: ir.Expr) -> Compiled:
        chosen = self.card_set(expression.items)
        if chosen is None:
            return lambda scope: sum(scope.hand.counts)

        def count(scope: Scope) -> int:
            counts = scope.hand.counts
            return sum(counts[card] for card in chosen(scope.hand.conditions))

        return count

    def _distinct(self, expression: ir.Expr) -> Compiled:
        chosen = self.card_set(expression.items)
        attribute = expression.name or ""
        attributes = self.cards.attributes
        everything = frozenset(range(len(self.cards)))

        def distinct(scope: Scope) -> int:
            hand = scope.hand
            cards = chosen(hand.conditions) if chosen is not None else everything
            return len({attributes[c].get(attribute) for c in cards if hand.counts[c]})

        return distinct

    def _groups(self, expression: ir.Expr, claimed_only: bool = False) -> Compiled:
        kinds = frozenset(expression.kinds)
        chosen = self.card_set(expression.items)

        def groups(scope: Scope) -> int:
            hand = scope.hand
            cards = chosen(hand.conditions) if chosen is not None else None
            found = 0
            for kind, members, on_table, claimed in hand.groups:
                if kinds and kind not in kinds:
                    continue
                if claimed_only and not (on_table and claimed):
                    continue
                if cards is not None and not all(c in cards for c in members):
                    continue
                found += 1
            return found

        return groups

    def _claimed(self, expression: ir.Expr) -> Compiled:
        return self._groups(expression, claimed_only=True)

    def _form(self, expression: ir.Expr) -> Compiled:
        name = expression.name
        return lambda scope: 1 if scope.hand.form == name else 0

    def _won(self, expression: ir.Expr) -> Compiled:
        context, who = expression.context or "", expression.who
        return lambda scope: 1 if scope.hand.conditions.won_on(context, who) else 0

    def _last_card(self, expression: ir.Expr) -> Compiled:
        return lambda scope: 1 if scope.hand.conditions.last_card else 0

    def _first_discard(self, expression: ir.Expr) -> Compiled:
        return lambda scope: 1 if scope.hand.conditions.first_discard else 0

    def _replacement_shown(self, expression: ir.Expr) -> Compiled:
        return lambda scope: 1 if scope.hand.conditions.replacement_shown else 0

    def _first_draw(self, expression: ir.Expr) -> Compiled:
        return lambda scope: 1 if scope.hand.conditions.first_draw else 0

    def _no_claim_yet(self, expression: ir.Expr) -> Compiled:
        return lambda scope: 1 if scope.hand.conditions.no_claim else 0

    def _wilds(self, expression: ir.Expr) -> Compiled:
        return lambda scope: scope.hand.conditions.wilds

    def _discard_after_replacement(self, expression: ir.Expr) -> Compiled:
        return lambda scope: 1 if scope.hand.conditions.after_replacement else 0

    def _discard_after_last_card(self, expression: ir.Expr) -> Compiled:
        return lambda scope: 1 if scope.hand.conditions.after_last_card else 0

    def _alike(self, expression: ir.Expr) -> Compiled:
        """`sets of N alike`: the cards the whole winning hand holds N copies of or more
        (concealed, in table groups, the winning card)."""
        copies = expression.value or 1
        return lambda scope: sum(1 for count in scope.hand.counts if count >= copies)

    def _held(self, expression: ir.Expr) -> Compiled:
        """`cards in hand`: the cards the winner held concealed before the winning card — not
        its table groups, not the winning card. Play says it (`WinConditions.held`: the
        seat's hand, whatever a forced group later takes of it); elsewhere it is the
        split's cards less its table groups and the winning card."""

        def held(scope: Scope) -> int:
            hand = scope.hand
            if hand.conditions.held is not None:
                return hand.conditions.held
            on_table = sum(len(cards) for _, cards, table, _ in hand.groups if table)
            winning = 1 if hand.conditions.has_winning_card else 0
            return max(sum(hand.counts) - on_table - winning, 0)

        return held

    def _waits(self, expression: ir.Expr) -> Compiled:
        self.reads_waits = True
        return lambda scope: scope.hand.conditions.waits or 0

    def _dealer_wins(self, expression: ir.Expr) -> Compiled:
        return lambda scope: 1 if scope.hand.conditions.dealer_wins else 0
