"""Checks of the phases before play: an exchange must always be possible for every seat,
a declaration must name an attribute, and `declared ATTR` must have a phase declaring it;
and of the discard clause's cards that go first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.dsl.checking.checker_expr import Place
from tablerules.dsl.model import ir
from tablerules.dsl.model.given import card_attributes

if TYPE_CHECKING:
    from tablerules.dsl.checking.checker import Checker

# an immediate win's condition on the dealt hand reads its cards, never a split
IMMEDIATE = Place("an immediate win's condition", (), hand=True)
SHOWN_PAYMENT = Place("the payment of a win shown on the deal", ("streak",))
SPLIT_OPS = ("groups", "claimed", "form", "wilds")  # need a split: none on the deal

# seats a direction reaches, counted on from the seat that passes


class PhaseChecks:
    """A mixin of `dsl.checking.checker.Checker` (which supplies `rules`, `report`, `unknown`)."""

    def check_phases(self: Checker) -> None:
        for phase in self.rules.phases.values():
            if phase.kind is None:
                self.report(
                    phase,
                    "E109",
                    f"phase {phase.name!r} neither passes cards nor declares a value",
                    hint="add 'each seat passes 3 cards of one suit to next' "
                    "or 'each seat declares one suit, shown'",
                )
                continue
            if phase.attribute not in self.rules.attributes:
                where = self.at(
                    phase, "phase_passes" if phase.kind == "exchange" else "phase_declares"
                )
                if phase.attribute in self.rules.options:
                    self.report(
                        self._at_word(where, phase.attribute),
                        "E101",
                        f"unknown attribute {phase.attribute!r}",
                        hint=f"{phase.attribute!r} is a table option: a phase declares or "
                        "passes by an attribute the cards have, one of "
                        f"{', '.join(sorted(self.rules.attributes))}",
                    )
                    continue
                self.unknown(where, "attribute", phase.attribute, self.rules.attributes)
                continue
            if phase.kind == "exchange":
                self._check_exchange(phase)
            else:
                self._check_declared_values(phase)
            if phase.kind != "exchange" and phase.drawn_if is not None:
                self.report(
                    self.at(phase, "phase_drawn"),
                    "E110",
                    "a declaration is passed to nobody: a direction has no meaning here",
                )

    def _check_declared_values(self: Checker, phase: ir.Phase) -> None:
        """A value only wild cards have (W006): a seat declaring it gives up nothing, for a
        wild stands for another card in a winning hand, so the declaration's rule is void
        for it (and a bot, which declares the value it holds fewest of, chooses it)."""
        deck = self.rules.deck
        if deck is None:
            return
        wild = _always_wild(self.rules)
        holders: dict[str, list[str]] = {}
        for card in deck.cards:
            value = card_attributes(self.rules, card).get(phase.attribute)
            if value is not None:
                holders.setdefault(str(value), []).append(card.id)
        for value, cards in holders.items():
            if wild and all(card in wild for card in cards):
                self.report(
                    self.at(phase, "phase_declares"),
                    "W006",
                    f"a seat may declare {phase.attribute} {value}, which only the wild cards "
                    f"({' '.join(cards)}) have: it gives up nothing, for a wild stands for "
                    "another card",
                    f"declare an attribute whose values leave {value} out, its block giving "
                    "the wild cards one of them",
                    severity="warning",
                )

    def _check_exchange(self: Checker, phase: ir.Phase) -> None:
        seats = self.rules.seats.count if self.rules.seats else 1
        lines = [("phase_passes", phase.direction)]
        lines += [("phase_drawn", direction) for direction in phase.drawn_from]
        for line, direction in lines:
            if direction == "across" and seats % 2:
                self.report(
                    self.at(phase, line),
                    "E110",
                    f"'across' needs an even number of seats, not {seats}",
                    "with an odd number of seats, pass to 'next' or 'previous'",
                )
        if phase.drawn_if is not None:
            self._option_ref(self.at(phase, "phase_drawn"), phase.drawn_if, numeric=False)
            if len(set(phase.drawn_from)) != len(phase.drawn_from):
                self.report(self.at(phase, "phase_drawn"), "E102", "a direction is named twice")
        if phase.passes < 1:
            self.report(self.at(phase, "phase_passes"), "E104", "a seat passes at least 1 card")
            return
        self._check_always_passable(phase)

    def _check_always_passable(self: Checker, phase: ir.Phase) -> None:
        """Every hand dealt must hold `passes` cards of some one value (a file that checks
        must play): every card has the attribute, and the hand is large enough that some
        value is held that often whatever the deal (pigeonhole)."""
        deck = self.rules.deck
        deal = self.rules.deal
        if deck is None or deal is None:
            return
        values: set[ir.Scalar] = set()
        for card in deck.cards:
            value = card_attributes(self.rules, card).get(phase.attribute)
            if value is None:
                self.report(
                    phase,
                    "E110",
                    f"card {card.id!r} has no {phase.attribute}: a seat holding it "
                    "could not always pass cards of one value",
                )
                return
            values.add(value)
        held = sum(s.count or 0 for s in deal.steps if s.to == "each")
        needed = len(values) * (phase.passes - 1) + 1
        if held < needed:
            self.report(
                phase,
                "E110",
                f"a hand of {held} cards may hold fewer than {phase.passes} of every "
                f"{phase.attribute}: {needed} cards are needed to always have {phase.passes} "
                "of one",
                hint="pass fewer cards, or deal more",
            )

    def check_discard_rule(self: Checker) -> None:
        """`first CARDS`: card names, filters and `declared ATTR`, never a seat's card set
        (a discard is no win: there is no winner to count seats from)."""
        rule = self.rules.discard_rule
        if rule is None:
            return
        if not rule.first and not rule.never:
            self.report(rule, "E109", "a discard clause with nothing in it", "add 'first CARDS'")
        where = self.at(rule, "discard_first")
        for item in (item for card_set in rule.first for item in card_set.items):
            if item.seat_set is not None or item.round_set is not None:
                self.report(where, "E110", "'first' lists cards, filters or 'declared ATTR'")

    def check_deal_card_way(self: Checker, action: ir.Action, way: ir.Way) -> None:
        """`on deal card`: a card shown on the deal (`1 to dealer hand shown`), offered to
        every seat the way names; or, with none shown, the dealer's last dealt card, offered
        to the dealer alone before its first discard (`dealer begins by discarding`)."""
        deal = self.rules.deal
        if deal is not None and any(step.shown for step in deal.steps):
            return
        turn = self.rules.turn
        if turn is None or turn.dealer_begins != "discarding":
            self.report(
                way,
                "E110",
                "no card is shown on the deal, and the dealer begins by drawing: there is no "
                "deal card to take",
                "show one ('1 to dealer hand shown'), or write 'dealer begins by discarding'",
            )
        elif way.who != "self":
            self.report(
                way,
                "E110",
                "no card is shown on the deal: the dealer's last dealt card is its own to see, "
                "offered to it alone",
                "write 'on deal card by self', or show the card ('1 to dealer hand shown')",
            )
        elif action.win:
            self._check_dealt_win_paid(way)

    def _check_dealt_win_paid(self: Checker, way: ir.Way) -> None:
        """A win on the dealer's own dealt card has no discarder: a settlement that would
        read its `otherwise` line there, paid by a discarder or a robbed seat, pays nothing."""
        for settle in self.rules.settles.values():
            line = next(
                (
                    one
                    for one in settle.lines
                    if one.context == "deal card" and one.who in (None, "self", "anyone")
                ),
                None,
            ) or next((one for one in settle.lines if one.context is None), None)
            if line is not None and line.payment.payer != "each other":
                self.report(
                    way,
                    "E110",
                    f"a win on the dealer's own dealt card has no discarder: settle {settle.name}"
                    f" would have the {line.payment.payer} pay, and nobody would",
                    "add a line to it: on deal card by self: each other pays AMOUNT",
                )

    def check_declared(self: Checker, where: ir.Clause, attribute: str) -> None:
        """`declared ATTR` in a card list: some phase declares a value of ATTR."""
        declaring = [p for p in self.rules.phases.values() if p.kind == "declaration"]
        if any(p.attribute == attribute for p in declaring):
            return
        if attribute not in self.rules.attributes:
            self.unknown(where, "attribute", attribute, self.rules.attributes)
            return
        if any(p.attribute not in self.rules.attributes for p in declaring):
            return  # a phase declaring an unknown attribute is told at the phase: fix it first
        hint = f"add a phase with 'each seat declares one {attribute}, shown'"
        removed = sorted(
            (span.file, span.line, name)
            for (section, name), span in self.rules.removed_spans().items()
            if section == "phases"
        )
        if removed:
            file, line, name = removed[0]
            hint = (
                f"phase {name} is removed at {file}:{line}: if it declared the {attribute}, "
                f"override this clause too; else {hint}"
            )
        self.report(
            where, "E110", f"'declared {attribute}': no phase declares a {attribute}", hint=hint
        )

    # ── wins shown on the deal (an immediate win where play goes on) ──
    def check_shown_win(self: Checker, win: ir.ImmediateWin) -> None:
        """An immediate win's hand conditions, `play goes on` and its `pays:` lines."""
        for test in win.tests:
            self.check_expr(test, test.condition, set(), IMMEDIATE)
            for op, where in _ops(test.condition, test):
                if op in SPLIT_OPS:
                    self.report(
                        where,
                        "E110",
                        f"'{op}' reads a winning split; a hand on the deal has none",
                        "count its cards: 'cards (ATTR VALUE)', 'distinct ATTR', or "
                        "'when N of GROUP' for sets of alike cards",
                    )
        if win.goes_on and win.held_value:
            self.report(
                self.at(win, "immediate_valued"),
                "E110",
                "a win where play goes on is paid by its 'pays:' lines: it has no value",
                "drop 'valued by its groups'",
            )
        if win.goes_on and win.own_turn:
            self.report(
                self.at(win, "immediate_own_turn"),
                "E110",
                "a win where play goes on is shown on the deal: it is not looked for on a turn",
                "drop 'on own turn', or drop 'play goes on' and 'pays:' for a win that ends "
                "the hand on one's turn",
            )
        if win.pays and not win.goes_on:
            self.report(
                self.at(win, "immediate_pays"),
                "E110",
                "an immediate win that ends the hand is paid by the settlement",
                "add 'play goes on' for a win shown and paid at once, or drop 'pays:'",
            )
        if win.goes_on and not win.pays:
            self.report(
                self.at(win, "immediate_goes_on"),
                "E109",
                f"immediate win {win.name!r} goes on but says nothing it is paid",
                "add a line such as 'pays: each other pays 2'",
            )
        for payment in win.pays:
            if payment.payer != "each other" or payment.per_hit:
                self.report(
                    payment,
                    "E110",
                    "a win shown on the deal has no discarder, robbed seat or hits",
                    "write 'pays: each other pays AMOUNT'",
                )
            self.check_expr(payment, payment.amount, set(), SHOWN_PAYMENT)


def _ops(expression: ir.Expr, clause: ir.Clause) -> list[tuple[str, ir.Clause]]:
    """Every operation of an expression, with where it is written."""
    found: list[tuple[str, ir.Clause]] = []
    stack = [expression]
    while stack:
        current = stack.pop()
        found.append((current.op, ir.Clause(span=current.span or clause.span)))
        stack.extend(current.args)
    return found


def _always_wild(rules: ir.RuleSet) -> set[str]:
    """The card ids a wild clause names whatever the table's options (no turned card)."""
    wild: set[str] = set()
    deck = rules.deck
    for clause in rules.wilds.values():
        if clause.turned or clause.if_option or clause.unless_option or deck is None:
            continue
        named = {item.card for item in clause.cards if item.card is not None}
        filters = [item.filters for item in clause.cards if item.filters]
        for card in deck.cards:
            values = card_attributes(rules, card)
            if card.id in named or any(
                all(values.get(f.attribute) in f.values for f in one) for one in filters
            ):
                wild.add(card.id)
    return wild
