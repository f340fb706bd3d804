"""The turn flow: the start of a hand, a seat's turn (declarations, the draw, the discard),
a card nobody takes, and what follows an action."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from tablerules.interpreter.engine.determinise import clone
from tablerules.interpreter.engine.play_rules import ActionRule
from tablerules.interpreter.engine.restrictions import expire
from tablerules.interpreter.engine.state import Choice, Decision, Offer
from tablerules.interpreter.playlog.event_kinds import (
    DISCARD,
    DRAW,
    IMMEDIATE_WIN,
    REPLACEMENT,
    SHOWN,
    TURN_PASSES,
    UNTAKEN,
)
from tablerules.interpreter.playlog.event_lines import EventLines
from tablerules.interpreter.playlog.line_forms import Form

if TYPE_CHECKING:
    from tablerules.interpreter.engine.game import Table


TURN_KINDS = (DRAW, REPLACEMENT, DISCARD)  # as the fields of `TurnForms`


class TurnForms(NamedTuple):
    """The log forms of a draw, a replacement and a discard (None: encoded whole), handed
    to the log with the events `TurnFlow` makes as dict literals (`Table._log_made`)."""

    draw: Form | None
    replacement: Form | None
    discard: Form | None


def turn_forms(lines: EventLines, cites: Sequence[str]) -> TurnForms:
    """A game's turn forms: its kinds' fields, in order, logged by the clause "turn" with
    the turn's `cites`, as `TurnFlow._draw` and `_discard` make their events (the two
    must stay alike)."""
    forms = [lines.form(kind, "turn", cites, kind.fields or ()) for kind in TURN_KINDS]
    return TurnForms(*forms)


class TurnFlow:
    """A mixin of `Table`: the flow of turns from the deal to the end of the hand."""

    def _start(self: Table) -> None:
        state = self.state
        for step in range(self.play.seats):  # immediate wins on the deal, dealer first
            seat = (state.dealer + step) % self.play.seats
            found = self.settlement.immediate_win(state.seats[seat])
            if found is not None:
                self.log(
                    IMMEDIATE_WIN,
                    clause=f"immediate win {found.name}",
                    cites=found.cites,
                    seat=seat,
                )
                self._finish_win([seat], Offer("deal", seat, None), immediate=found.name)
                return
        for seat, card in self._shown_on_deal:
            self.log(SHOWN, clause="deal", seat=seat, card=self.card_id(card), name=self.name(card))
            if "deal card" in self.play.ways_by_context:
                self._window(Offer("deal card", seat, card))
                return
        self._declare_on_deal()

    def _won_on_own_turn(self: Table, seat: int, drawn: Offer | None = None) -> bool:
        """An immediate win looked for on each own turn (`on own turn`): at its start,
        before the draw, and after each card the seat draws (`drawn`, its offer). It wins
        at once, as a win on its turn (`won on turn by self`) — unless the card drawn also
        completes a win the seat is offered that pays it more, which it then takes."""
        found = self.settlement.immediate_win(self.state.seats[seat], own_turn=True)
        if found is None:
            return False
        on_turn = Offer("turn", seat, None)
        if drawn is not None and self._took_better_win(seat, drawn, found.name, on_turn):
            return True
        self.log(IMMEDIATE_WIN, clause=f"immediate win {found.name}", cites=found.cites, seat=seat)
        self._finish_win([seat], on_turn, immediate=found.name)
        return True

    def _took_better_win(
        self: Table, seat: int, drawn: Offer, immediate: str, settled_on: Offer
    ) -> bool:
        """Whether the seat took a win on the card it drew instead of the immediate win found
        with it (settled on `settled_on`): the win it is offered that pays it most, where
        that is more than the immediate win pays (a player calls the better of two wins on
        one card; equal, the immediate win is taken, as its clause says). Each is settled
        on a copy of the table to compare; the hidden cards a settlement turns are the same
        on both."""
        choices = self.maker.drawer_choices(self.state, seat, drawn)
        actions = self.play.actions
        wins = [c for c in choices if c.action in actions and actions[c.action].win]
        if not wins:
            return False
        before = self.totals()[seat]
        at_once = clone(self)
        at_once._finish_win([seat], settled_on, immediate=immediate)
        best, best_gain = None, at_once.totals()[seat] - before
        for choice in wins:
            twin = clone(self)
            twin.state.decision = Decision("turn", drawn, {seat: list(choices)})
            twin.apply(choice)
            gain = twin.totals()[seat] - before
            if gain > best_gain:
                best, best_gain = choice, gain
        if best is None:
            return False
        self.state.decision = Decision("turn", drawn, {seat: [best]}, chosen={seat: best})
        self._resolve_turn(self.state.decision, best)
        return True

    def _declare_on_deal(self: Table) -> None:
        """What the rules lay down on the deal (`on deal` ways), every seat from the dealer
        on, before the first turn; then the dealer's turn begins."""
        state = self.state
        seats = self.play.seats
        if "deal" in self.play.ways_by_context:
            while state.deal_step < seats:
                seat = (state.dealer + state.deal_step) % seats
                offer = Offer("deal", seat, None)
                choices = self.maker.choices(state, seat, offer)
                if choices:
                    if not any(c.forced for c in choices):
                        choices.append(self.maker.pass_choice(seat, None))
                    self._decide(Decision("turn", offer, {seat: choices}, then="deal"))
                    return
                state.deal_step += 1
        if not self._next_phase():
            self._begin_dealer_turn()

    def _begin_dealer_turn(self: Table) -> None:
        self._show_wins_on_deal()  # before the first discard (an `immediate win` goes on)
        begins = self.play.turn.dealer_begins
        self._turn_start(self.state.dealer, "discard" if begins == "discarding" else "draw")

    def _turn_start(self: Table, seat: int, then: str) -> None:
        state = self.state
        state.turn = seat
        if state.seats[seat].restrictions:
            expire(state.seats[seat], "own turn")
        if self._own_turn_wins and self._won_on_own_turn(seat):
            return
        if self._turn_start_ways:
            offer = Offer("turn start", seat, None)
            choices = self.maker.choices(state, seat, offer)
            if choices:
                if not any(c.forced for c in choices):
                    choices.append(self.maker.pass_choice(seat, None))
                self._decide(Decision("turn", offer, {seat: choices}, then=then))
                return
        if then == "discard":
            self._discard_decision(seat)
        else:
            self._draw(seat)

    def _draw(self: Table, seat: int, replacement: bool = False) -> None:
        state = self.state
        holder = state.seats[seat]
        if holder.restrictions:
            expire(holder, "own draw")
        left = state.tail - state.head  # the wall's cards before this one is drawn
        if left <= state.reserve:
            self._drawn_hand()
            return
        if left == 1 and self._offer_last and not replacement and state.last_taker is None:
            self._offer_last_card(seat)  # offered in turn before anyone draws it
            return
        if left == 1 and self._offer_last and replacement and state.last_taker is None:
            state.last_taker = seat  # a replacement that is the last card: its drawer took it
        from_tail, context, shown = self.play.draws[replacement]
        if from_tail:
            state.tail -= 1
            card = state.wall[state.tail]
        else:
            card = state.wall[state.head]
            state.head += 1
        state.last_card_drawn = left == state.reserve + 1
        state.latest_draw = (seat, replacement, state.last_card_drawn)
        if not replacement:
            state.draws[seat] += 1
        offer = self.maker.card_offers[context][seat][card]
        turn = self.play.turn
        drawer: list[Choice] | None = None  # the drawer's choices, once worked out
        unseen = False
        if shown and turn.concealed_takes_hidden:
            drawer = self.maker.choices_if_any(state, seat, offer)
            unseen = self._taken_unseen(drawer)
            shown = not unseen
        cards = self.game.compiled.cards
        kind = REPLACEMENT if replacement else DRAW
        # the event `log(kind, "turn", turn.cites, **fields)` makes, as a literal (see
        # `Table._log_made`), alike with the form `turn_forms` compiles for it
        event = {
            "seq": len(state.events),
            "type": kind.type,
            "seat": seat,
            "shown": shown,
            "left": left - 1,
            "card": cards.ids[card],
            "name": cards.display[card],
            "clause": "turn",
        }
        if turn.cites:
            event["cites"] = list(turn.cites)
        self._log_made(self._replacement_form if replacement else self._draw_form, event)
        if unseen:  # only its drawer sees it: a window for the drawer alone
            assert drawer is not None
            self._decide(Decision("window", offer, {seat: drawer}, hidden=True))
            return
        if shown:
            self._window(offer, drawer)
            return
        holder.gain(card)
        if self.play.held_immediate and self._held_immediate_win(seat, offer):
            return
        if self._own_turn_wins and self._won_on_own_turn(seat, offer):
            return
        choices = self.maker.drawer_choices(state, seat, offer)
        if holder.locked:  # a locked hand discards only the card it drew
            choices = [c for c in choices if c.action != "discard" or c.card == card]
        if left == 1 and state.last_taker == seat:  # the last card taken: won on, or shown
            choices = [c for c in choices if c.action != "discard" or c.card == card]
        if not choices:  # no way for the card, and only cards it may not discard
            self._nothing_to_discard(seat)
            return
        decision = Decision("turn", offer, {seat: choices})
        if self._any_forced:  # a choice the drawer must take is taken at once
            self._decide(decision)
        else:  # nothing to take at once: only the drawer to wait for
            state.decision = decision

    def _held_immediate_win(self: Table, seat: int, offer: Offer) -> bool:
        """Whether the card just drawn completes an immediate win by cards held (`when all
        of`): the seat then wins at once on its draw, before it acts (or by a win the card
        completes that pays it more, `_took_better_win`)."""
        found = self.settlement.immediate_win(self.state.seats[seat], held_only=True)
        if found is None:
            return False
        if self._took_better_win(seat, offer, found.name, offer):
            return True
        self.log(IMMEDIATE_WIN, clause=f"immediate win {found.name}", cites=found.cites, seat=seat)
        self._finish_win([seat], offer, immediate=found.name)
        return True

    def _taken_unseen(self: Table, choices: list[Choice]) -> bool:
        """Whether a draw goes unseen: its drawer must take it (a forced choice) into a
        group not shown in full (concealed, or partly shown)."""
        kinds = self.game.compiled.kinds
        return any(
            choice.forced
            and choice.kind is not None
            and (choice.concealed or kinds[choice.kind].visibility != "shown")
            for choice in choices
        )

    def _discard_decision(self: Table, seat: int) -> None:
        state = self.state
        state.turn = seat
        opening = self._opening_choices(seat)  # the dealer's own-turn ways, at its first turn
        if state.dealt_card is not None and self._offer_dealt_card(seat, opening):
            return  # the dealer's first turn: its last dealt card offered with its discards
        choices = [*opening, *self.maker.discards(seat, state.seats[seat])]
        if not choices:  # nothing it may discard (an empty hand, or locked cards only)
            self._nothing_to_discard(seat)
            return
        self._decide(Decision("turn", Offer("turn", seat, None), {seat: choices}, then="discard"))

    def _nothing_to_discard(self: Table, seat: int) -> None:
        """The seat must discard but holds no card it may: its turn ends, the next draws."""
        self.log(
            TURN_PASSES,
            clause="turn",
            cites=self.play.turn.cites,
            seat=seat,
            why="nothing to discard",
        )
        self._turn_start(self.next_seat(seat), "draw")

    def _discard(self: Table, seat: int, card: int) -> None:
        state = self.state
        holder = state.seats[seat]
        holder.lose(card)
        holder.discards.append(card)
        state.discards_made += 1
        drawn = state.latest_draw
        own = drawn is not None and drawn[0] == seat  # the seat's last take was a draw
        state.discard_after_replacement = own and drawn is not None and drawn[1]
        state.discard_after_last_card = own and drawn is not None and drawn[2]
        state.latest_draw = None
        offer = self.maker.card_offers["discard"][seat][card]
        for rule in self._discarding_restrictions:
            self._add_restriction(seat, rule, offer)
        cards = self.game.compiled.cards
        # as in `_draw`: alike with the form `turn_forms` compiles for it
        event = {
            "seq": len(state.events),
            "type": DISCARD.type,
            "seat": seat,
            "card": cards.ids[card],
            "name": cards.display[card],
            "clause": "turn",
        }
        cites = self.play.turn.cites
        if cites:
            event["cites"] = list(cites)
        self._log_made(self._discard_form, event)
        self._window(offer)

    def _untaken(self: Table, offer: Offer) -> None:
        context = offer.context
        if self.state.shown is not None:  # a shown replacement's card: the next one
            self._shown_untaken(offer)
            return
        if context == "discard":  # the common case: the next seat draws
            self._turn_start(self.next_seat(offer.owner), "draw")
            return
        state = self.state
        if context == "added card" and offer.pending is not None:
            origin = Offer(offer.pending_context or "draw", offer.owner, offer.card)
            self._complete(offer.pending, origin)
            return
        if offer.context == "deal card":
            self._declare_on_deal()
            return
        if offer.context == "draw" and offer.card is not None:
            zone = self.play.turn.untaken_draw_to
            if zone is not None:
                state.seats[offer.owner].discards.append(offer.card)
                self.log(
                    UNTAKEN,
                    clause="turn",
                    cites=self.play.turn.cites,
                    seat=offer.owner,
                    card=self.card_id(offer.card),
                    name=self.name(offer.card),
                    to=zone,
                )
        self._turn_start(self.next_seat(offer.owner), "draw")

    def _continue_turn(self: Table, seat: int, then: str) -> None:
        if then == "deal":  # the seat passed its declarations on the deal: the next seat's
            self.state.deal_step += 1
            self._declare_on_deal()
        elif then == "discard":
            self._discard_decision(seat)
        else:
            self._draw(seat)

    # ── after an action ────────────────────────────────────────
    def _after_action(
        self: Table, choice: Choice, rule: ActionRule, context: str, then: str
    ) -> None:
        seat = choice.seat
        if context == "turn start":
            self._turn_start(seat, then or "draw")
            return
        if context == "deal":  # the same seat may have more to lay down
            replaced = self._continuation(rule, seat) == "replacement"
            if replaced and not self._deal_replacement(seat, f"action {rule.name}", rule.cites):
                return
            self._declare_on_deal()
            return
        step = self._continuation(rule, seat)
        if rule.locks_hand:
            self._lock_hand(seat, rule)
        if step == "replacement" and rule.shown:
            self._shown_replacement(seat, rule)
        elif step == "replacement":
            self._draw(seat, replacement=True)
        elif step == "next draws":
            self.log(
                TURN_PASSES,
                clause=f"action {rule.name}",
                cites=rule.cites,
                seat=seat,
                why=f"after {rule.name}",
            )
            self._turn_start(self.next_seat(seat), "draw")
        else:
            self._discard_decision(seat)

    def _continuation(self: Table, rule: ActionRule, seat: int) -> str:
        table = self.state.seats[seat].table
        names = self.game.compiled.kinds
        plain = "discard"
        for then in rule.then:
            if then.when_count is None:
                plain = then.kind
                continue
            count = sum(1 for g in table if names[g.kind].name in then.when_kinds)
            if count >= then.when_count:
                return then.kind
        return plain
