"""Semantic checks for the play half: every name an action, restriction, payment or bonus
uses must be declared, draws nobody sees cannot be claimed, and ties must be decidable."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tablerules.dsl.checking.checker_bonus import BONUS_PAYS
from tablerules.dsl.checking.checker_expr import (
    ACTION,
    BONUS,
    CARRY,
    DEALER,
    DRAWN,
    DRAWN_AMOUNT,
    DRAWN_SEAT,
    SETTLE,
    Place,
)
from tablerules.dsl.limits import LIMIT_CODE
from tablerules.dsl.model import ir
from tablerules.dsl.numbers import is_digits, too_large

if TYPE_CHECKING:
    from tablerules.dsl.checking.checker import Checker

# the contexts of a way that offer no card: `N alike from hand` there takes N cards only
NO_OFFERED_CARD = ("turn start", "turn", "deal")


class PlayChecks:
    """A mixin of `dsl.checking.checker.Checker` (which supplies `rules`, `report`, `unknown`)."""

    def check_play(self: Checker) -> None:
        self._check_turn()
        for action in self.rules.actions.values():
            self._check_action(action)
        self._check_ties()
        for restriction in self.rules.restrictions.values():
            self._check_restriction(restriction)
        self._check_end()
        for settle in self.rules.settles.values():
            if settle.drawn or settle.refunds:
                self._check_drawn(settle)
                continue
            names = self.check_lets(settle, settle.lets)
            for line in settle.lines:
                self._check_payment(line.payment, names)
                self.check_payer_in_bonus(line.payment, "a settlement")
            for transfer in settle.transfers:
                self._check_paying_actions(transfer, transfer.actions)
        self.check_unpaid_wins()
        for bonus in self.rules.bonuses.values():
            self._check_bonus(bonus)
        if self.rules.fee is not None:
            self._option_ref(self.rules.fee, self.rules.fee.percent, numeric=True)
        if self.rules.next_dealer is not None:
            for line in self.rules.next_dealer.lines:
                if line.condition is not None:
                    self.check_expr(line, line.condition, set(), DEALER)
        for carry in self.rules.carries.values():
            self._check_carry(carry)

    def _check_drawn(self: Checker, settle: ir.Settle) -> None:
        """A settle block paid at a drawn hand: its lines choose seats and pay between them;
        it pays no win (a win's lines read the winning hand, which a drawn hand has not)."""
        for line in settle.lines:
            self.report(
                line,
                "E110",
                f"settle {settle.name!r} pays at a drawn hand: a win's line belongs in another"
                " settle block",
                "write the win's lines in a settle block of their own",
            )
        for transfer in settle.transfers:
            self.report(
                transfer,
                "E110",
                f"settle {settle.name!r} pays at a drawn hand: a transfer is made at a win",
                "write the transfer in a settle block of its own",
            )
        names = self.check_lets(settle, settle.lets, DRAWN)
        for line in settle.drawn:
            self.check_expr(line, line.payers, names, DRAWN_SEAT)
            self.check_expr(line, line.amount, names, DRAWN_AMOUNT)
            self.check_expr(line, line.payees, names, DRAWN_SEAT)
        for refund in settle.refunds:
            self._check_paying_actions(refund, refund.actions)
            for name in refund.paying_at:
                paid = self.rules.settles.get(name)
                if paid is None:
                    self.unknown(refund, "settle block", name, self.rules.settles)
                elif not paid.drawn:
                    self.report(
                        refund,
                        "E110",
                        f"settle {name!r} pays no one at a drawn hand: nobody pays at it",
                        "name a settle block with 'at drawn hand: each seat where …' lines",
                    )
        end = self.rules.end
        if end is None and self.rules.broken("end"):
            return  # the end clause has an error of its own: that is the one to fix
        if end is None or end.drawn_when_empty is None:
            self.report(
                (settle.drawn or settle.refunds)[0],
                "E110",
                f"settle {settle.name!r} pays at a drawn hand, but no hand is ever drawn",
                "say when in the end clause: 'drawn hand when wall is empty'",
            )

    def _check_paying_actions(self: Checker, line: ir.Clause, actions: list[str]) -> None:
        """The actions a refund or a transfer names: each one that pays (`pays:`)."""
        for name in actions:
            action = self.rules.actions.get(name)
            if action is None:
                self.unknown(line, "action", name, self.rules.actions)
            elif not action.pays:
                self.report(
                    line,
                    "E110",
                    f"action {name!r} pays nothing: it has no payment to hand back or pass on",
                    "name actions with a 'pays:' line",
                )

    def _check_carry(self: Checker, carry: ir.Carry) -> None:
        """A carried number's name is its own (an expression reads it by that name), and its
        updates read only what is known between hands: options, tables, carried numbers."""
        taken = {
            "an option": self.rules.options,
            "a table": self.rules.tables,
            "a hand pattern": self.rules.patterns,
            "a score": self.rules.scores,
        }
        for what, names in taken.items():
            if carry.name in names:
                self.report(
                    carry,
                    "E102",
                    f"carried number {carry.name!r} has the name of {what}",
                    "give it a name of its own: an expression reads it by that name",
                )
        if carry.name in ("value", "hits", "settled", "streak"):
            self.report(carry, "E102", f"{carry.name!r} is a name the language gives already")
        for item in ("after_win", "after_drawn"):
            expression = getattr(carry, item)
            if expression is not None:
                self.check_expr(carry, expression, set(), CARRY)

    # ── helpers ────────────────────────────────────────────────
    def _check_untaken_zone(self: Checker, turn: ir.TurnRule) -> None:
        """A shown draw nobody takes goes onto its drawer's discard pile, which the engine
        keeps per seat, face up: a zone that cannot be that pile (shared, not public, dealt
        into or drawn from) would be named in the log while the card went elsewhere."""
        name = turn.untaken_draw_to
        zone = self.rules.zones.get(name) if name is not None else None
        if zone is None:
            return
        dealt = {step.zone for step in self.rules.deal.steps} if self.rules.deal else set()
        why = ""
        if zone.scope != "seat":
            why = "it is shared, and each seat has its own discard pile"
        elif zone.visibility != "public":
            why = f"it is {zone.visibility}, and a discard pile is public"
        elif name in dealt:
            why = "cards are dealt into it"
        elif name in (turn.draw_zone, turn.replacement_zone):
            why = "cards are drawn from it"
        if why:
            self.report(
                self.at(turn, "turn_untaken"),
                "E110",
                f"an untaken draw goes onto its drawer's discard pile, which zone {name!r} "
                f"cannot be: {why}",
                "name a discard pile: a zone declared 'per seat public' that no deal fills",
            )

    def _zone_ref(self: Checker, clause: ir.Clause, zone: str | None) -> None:
        if zone is not None and zone not in self.rules.zones:
            self.unknown(clause, "zone", zone, self.rules.zones)

    def _action_refs(self: Checker, clause: ir.Clause, names: Iterable[str]) -> None:
        for name in names:
            if name not in self.rules.actions:
                self.unknown(clause, "action", name, self.rules.actions)

    def _option_ref(self: Checker, clause: ir.Clause, name: str, *, numeric: bool) -> None:
        if is_digits(name):
            if too_large(name):
                self.report(clause, LIMIT_CODE, f"{name[:12]}… is larger than the limit")
            return
        option = self.rules.options.get(name)
        if option is None:
            self.unknown(clause, "option", name, self.rules.options)
        elif numeric and (option.type == "bool" or any(isinstance(c, str) for c in option.choices)):
            self.report(clause, "E103", f"option {name!r} is not a number")
        elif not numeric and option.type != "bool":
            self.report(clause, "E103", f"option {name!r} is not true/false")

    def _check_payment(
        self: Checker, payment: ir.Payment, names: set[str], place: Place = SETTLE
    ) -> None:
        self.check_expr(payment, payment.amount, names, place)

    # ── clauses ────────────────────────────────────────────────
    def _check_turn(self: Checker) -> None:
        turn = self.rules.turn
        if turn is None:
            if self.rules.actions:
                self.report(None, "E109", "actions are declared but there is no 'turn' clause")
            return
        self._zone_ref(self.at(turn, "turn_draw"), turn.draw_zone)
        self._zone_ref(self.at(turn, "turn_replacement"), turn.replacement_zone)
        self._zone_ref(self.at(turn, "turn_untaken"), turn.untaken_draw_to)
        self._check_untaken_zone(turn)
        if turn.draw_zone is None:
            self.report(
                turn, "E109", "the turn says nowhere to draw from: 'draw from ZONE head, kept'"
            )
        if turn.draws_shown and turn.untaken_draw_to is None:
            self.report(
                self.at(turn, "turn_draw"),
                "E109",
                "a shown draw nobody takes has nowhere to go: it would leave play unrecorded",
                "say where it goes: 'untaken draw goes to ZONE' (a discard pile)",
            )
        if turn.concealed_takes_hidden and not turn.draws_shown:
            self.report(
                self.at(turn, "turn_hidden"),
                "E110",
                "draws are kept, never shown: no shown draw is left to hide",
                "drop 'draws taken concealed are not shown', or draw 'from ZONE head, shown'",
            )

    def check_held_onto(self: Checker, way: ir.Way) -> None:
        """`any card in hand onto table KIND`: a seat's own card on its own turn, nowhere
        else (a card offered by a draw or a discard is added with `the card onto table`)."""
        if way.context != "turn" or way.who != "self":
            self.report(
                way,
                "E110",
                "a card in hand is added on one's own turn: write 'on turn by self: any card "
                "in hand onto table KIND'",
                "for the card just drawn or discarded: 'the card onto table KIND'",
            )

    def _check_action(self: Checker, action: ir.Action) -> None:
        turn = self.rules.turn
        if not action.ways:
            self.report(action, "E109", f"action {action.name!r} has no 'on ... by ...' line")
        makes = self.at(action, "action_makes")
        if action.win and action.makes:
            self.report(makes, "E110", f"action {action.name!r} both wins and makes a group")
        makes_from_cards = action.ways and all(w.effect == "with_cards" for w in action.ways)
        if not action.win and action.makes is None and not makes_from_cards:
            self.report(action, "E109", f"action {action.name!r} must 'win' or say what it 'makes'")
        for way in action.ways:
            if way.if_option:
                self._option_ref(way, way.if_option, numeric=False)
            if way.unless_option:
                self._option_ref(way, way.unless_option, numeric=False)
            self.kind_refs(way, way.kinds)
            if action.win and way.effect != "none":
                self.report(way, "E110", "a winning way takes no cards: drop the part after ':'")
            if not action.win and way.effect == "none":
                self.report(way, "E109", "say which cards the action takes, after ':'")
            if way.context == "deal card":
                self.check_deal_card_way(action, way)
            if way.effect == "held_onto_table":
                self.check_held_onto(way)
            elif way.context in ("turn start", "turn", "deal") and way.effect not in (
                "from_hand",
                "none",
            ):
                self.report(
                    way, "E110", f"there is no card on '{way.context}': use 'N alike from hand'"
                )
            if way.context == "deal" and (action.win or way.who != "self"):
                self.report(
                    way,
                    "E110",
                    "on the deal a seat lays down its own cards: write "
                    "'on deal by self: N alike from hand' (a win on the deal is an "
                    "'immediate win' clause)",
                )
            if (
                way.context in ("draw", "replacement")
                and way.who != "self"
                and turn is not None
                and (way.context == "replacement" or not turn.draws_shown)
            ):
                self.report(way, "E110", "draws are kept: only 'self' sees them")
        if action.makes is not None:
            self.kind_refs(makes, [action.makes])
            group = self.rules.groups.get(action.makes)
            if group is not None and not group.on_table:
                self.report(makes, "E110", f"group {action.makes!r} is never on the table")
        if action.makes_alternative:
            self.kind_refs(makes, [action.makes_alternative])
        self._check_alike_counts(action)
        if action.alternative_under and action.alternative_under not in self.rules.restrictions:
            self.unknown(makes, "restriction", action.alternative_under, self.rules.restrictions)
        onto = ("onto_table", "held_onto_table")
        if action.robbable and not any(w.effect in onto for w in action.ways):
            self.report(
                self.at(action, "action_robbable"),
                "E110",
                "only a card added onto a table group can be robbed",
            )
        for then in action.then:
            self.kind_refs(then, then.when_kinds)
        self._check_keeps_discard(action)
        if action.win_with_forced and not any(
            other.forced and other.makes for other in self.rules.actions.values()
        ):
            self.report(
                self.at(action, "action_win"),
                "E110",
                "'win with forced groups': no forced action of these rules makes a group",
                "drop 'with forced groups', or make the action that lays the group 'forced'",
            )
        for payment in action.pays:
            self._check_payment(payment, set(), ACTION)
            self.check_payer_in_bonus(payment, "an action's payment")
        self.kind_refs(self.at(action, "action_also"), action.also_kinds)
        self.check_shown(action)

    def _check_alike_counts(self: Checker, action: ir.Action) -> None:
        """`N alike from hand` lays N cards, one more where a card is offered (the card is
        taken too), `the card and N alike` N + 1: a count no group the action makes can
        hold is an action never offered."""
        kinds = [k for k in (action.makes, action.makes_alternative) if k is not None]
        patterns = [self.rules.groups[k].pattern for k in kinds if k in self.rules.groups]
        if not kinds or len(patterns) < len(kinds) or any(p is None for p in patterns):
            return  # an unknown group is reported already; a group without a pattern fits
        sizes = [(p.size, p.longest or p.size) for p in patterns if p is not None]
        if any(p is not None and p.head == "mixed" for p in patterns):
            return
        for way in action.ways:
            if way.effect not in ("from_hand", "with_alike"):
                continue
            takes_offered = way.effect == "with_alike" or way.context not in NO_OFFERED_CARD
            held = way.count + takes_offered
            if any(low <= held <= high for low, high in sizes):
                continue
            holds = " or ".join(
                f"{kind!r} holds {low}" + ("" if low == high else f" to {high}")
                for kind, (low, high) in zip(kinds, sizes, strict=True)
            )
            self.report(
                way,
                "E110",
                f"the action takes {held} card{'s' * (held != 1)} but {holds}: "
                "it could never be made",
                "take as many cards as the group it makes holds",
            )

    def _check_keeps_discard(self: Checker, action: ir.Action) -> None:
        """'unless nothing is left to discard' withholds a choice: never a forced or a
        winning one, and only where a discard follows."""
        if not action.keeps_discard:
            return
        where = self.at(action, "action_keeps")
        if action.forced or action.win:
            what = "forced" if action.forced else "a win"
            self.report(
                where,
                "E110",
                f"action {action.name!r} is {what}: it cannot be withheld for lack of a discard",
                "drop 'unless nothing is left to discard'",
            )
        elif action.then and all(then.kind != "discard" for then in action.then):
            self.report(
                where,
                "E110",
                f"action {action.name!r} is never followed by a discard",
                "drop 'unless nothing is left to discard', or add 'then discard'",
            )

    def _check_ties(self: Checker) -> None:
        ties = self.rules.ties
        if ties is not None:
            for name in ties.rules:
                self._action_refs(self.at(ties, f"tie {name}"), [name])
        by_priority: dict[int, list[str]] = {}
        for action in self.rules.actions.values():
            by_priority.setdefault(action.priority, []).append(action.name)
        for priority, names in sorted(by_priority.items()):
            undecided = [
                n for n in names if ties is None or (n not in ties.rules and ties.default is None)
            ]
            if len(names) > 1 and undecided:
                where = self.rules.actions[names[1]]
                self.report(
                    where,
                    "E110",
                    f"actions {', '.join(names)} share priority {priority} and no 'ties' rule "
                    "says which seat goes first",
                    "add: ties { others: nearest }",
                )
            elif len(names) == 1 and ties is None and priority > 0:
                continue
        self.check_unranked_claims()

    def _check_restriction(self: Checker, restriction: ir.Restriction) -> None:
        after = self.at(restriction, "restriction_after")
        self._action_refs(after, restriction.after_passing)
        self._action_refs(after, restriction.after_declining)
        self._action_refs(self.at(restriction, "restriction_forbids"), restriction.forbids)
        passing = (
            restriction.after_passing or restriction.after_declining or restriction.after_discarding
        )
        if not passing or not restriction.forbids:
            self.report(
                restriction,
                "E109",
                "a restriction needs 'after passing ...' (or 'after declining ...', "
                "'after discarding') and 'forbids ...'",
            )

    def _check_bonus(self: Checker, bonus: ir.Bonus) -> None:
        self._zone_ref(self.at(bonus, "bonus_from"), bonus.zone)
        if bonus.seat_cards and bonus.seat_cards not in self.rules.seat_cards:
            line = "bonus_hit_from_winner" if bonus.counted_from == "winner" else "bonus_hit"
            where = self.at(bonus, line)
            self.unknown(where, "seat cards", bonus.seat_cards, self.rules.seat_cards)
        names = self.check_lets(bonus, bonus.lets, BONUS)
        if bonus.count is not None:
            self.check_expr(bonus, bonus.count, names, BONUS)
        if bonus.pays is not None:
            self._check_payment(bonus.pays, names, BONUS_PAYS)
        hit_lines = (bonus.seat_cards is not None) + (bonus.hit_cards is not None)
        hit_lines += bonus.hit_copies
        if bonus.count is None or hit_lines == 0 or bonus.zone is None:
            self.report(
                bonus,
                "E109",
                "a bonus needs 'count', 'drawn from' and a 'hit' line",
                "hit when in seat cards NAME of winner | counted from winner, hit when CARDS,"
                " or hit per copy in winning hand",
            )
        self.check_bonus_reading(bonus, hit_lines)
