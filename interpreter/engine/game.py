"""A hand in play, driven by the rule file's play clauses.

`Table` deals, then runs the flow the rules describe until some seat must choose: its
turn (declare, win, discard) or a window on a card (claim, win, pass). `legal_actions`
lists the choices, `apply` takes one (an illegal one is refused with its reason and changes
nothing), and the flow runs on. Every step is logged as an event naming its clause.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tablerules.dsl import ir
from tablerules.interpreter.api import Game, load_game
from tablerules.interpreter.engine.choices import ChoiceMaker
from tablerules.interpreter.engine.play_rules import ActionRule, PlayRules
from tablerules.interpreter.engine.settle import Settlement
from tablerules.interpreter.engine.state import (
    ActiveRestriction,
    Choice,
    Decision,
    HandState,
    Offer,
    Seat,
    TableGroupState,
)
from tablerules.interpreter.engine.views import referee_view, seat_view


def _play_parts(game: Game) -> tuple[PlayRules, ChoiceMaker, Settlement]:
    """The compiled play rules of a game, built once and shared by all its tables."""
    parts = game.shared.get("play")
    if parts is None:
        play = PlayRules(game.compiled)
        maker = ChoiceMaker(play, game.evaluator)
        parts = game.shared["play"] = (play, maker, Settlement(play, game.evaluator, maker))
    return parts


class IllegalAction(ValueError):
    """An action that cannot be taken now; the message says why. The state is unchanged."""


class Table:
    """One hand of a game, from the deal to the settlement."""

    def __init__(
        self,
        game: Game,
        seed: int | None = None,
        dealer: int | None = None,
        wall: Sequence[int] | None = None,
        hands: Sequence[Sequence[int]] | None = None,
        shown: int | None = None,
    ) -> None:
        """A seeded hand, or a rigged one: `hands` per seat (absolute seat order) and the
        `wall` in draw order; `shown` is the dealer's card shown on the deal, if the deal
        shows one."""
        self.game = game
        self.play, self.maker, self.settlement = _play_parts(game)
        self._turn_start_ways = "turn start" in self.play.ways_by_context
        self._any_forced = any(a.forced for a in self.play.actions.values())
        self._restricting_contexts = self.play.restricting_contexts()
        self.seed = seed
        self.rng = random.Random(seed)
        if wall is None and hands is None:
            deck = [
                c
                for c in range(len(game.compiled.cards))
                for _ in range(game.compiled.cards.copies)
            ]
            self.rng.shuffle(deck)
            wall = deck
        if dealer is None:  # drawn apart from the shuffle: naming it does not change the deal
            dealer = random.Random(f"dealer:{seed}").randrange(self.play.seats)
        self.state = self._deal(dealer, wall, hands, shown)
        self._start()

    @classmethod
    def from_file(
        cls, path: str | Path, options: dict[str, str] | None = None, **kwargs: Any
    ) -> Table:
        return cls(load_game(path, options), **kwargs)

    # ── public API ─────────────────────────────────────────────
    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def events(self) -> list[dict[str, Any]]:
        return self.state.events

    def waiting_for(self) -> list[int]:
        """Seats that must choose now (empty when the hand is over)."""
        decision = self.state.decision
        return [] if decision is None or self.state.finished else decision.waiting

    def legal_actions(self, seat: int) -> list[Choice]:
        decision = self.state.decision
        if self.state.finished or decision is None or seat in decision.chosen:
            return []
        return list(decision.options.get(seat, ()))

    def explain(self, seat: int, action: str) -> str:
        """Why `action` (an action name, `discard` or `pass`) is or is not legal for `seat`."""
        from tablerules.interpreter.engine.explain import explain

        return explain(self, seat, action)

    def apply(self, choice: Choice | str, seat: int | None = None) -> None:
        """Take a choice (a `Choice`, or its label for `seat`); refuse it with the reason."""
        if isinstance(choice, str):
            if seat is None:
                raise IllegalAction("say which seat takes the action")
            match = next((c for c in self.legal_actions(seat) if c.label == choice), None)
            if match is None:
                raise IllegalAction(self._refusal(seat, choice))
            choice = match
        legal = self.legal_actions(choice.seat)
        if not any(c is choice for c in legal) and choice not in legal:
            raise IllegalAction(self._refusal(choice.seat, choice.label))
        decision = self.state.decision
        assert decision is not None
        decision.chosen[choice.seat] = choice
        if len(decision.chosen) == len(decision.options):
            self._resolve()

    def snapshot(self) -> HandState:
        return copy.deepcopy(self.state)

    def restore(self, snapshot: HandState) -> None:
        self.state = copy.deepcopy(snapshot)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What a seat sees (others' hands and hidden cards redacted), or the referee's view."""
        return referee_view(self) if seat is None else seat_view(self, seat)

    def totals(self) -> list[int]:
        """Net money per seat from the ledger."""
        totals = [0] * self.play.seats
        for line in self.state.ledger:
            if line.payer is not None:
                totals[line.payer] -= line.amount
            if line.payee is not None:
                totals[line.payee] += line.amount
        return totals

    # ── helpers ────────────────────────────────────────────────
    def name(self, card: int | None) -> str | None:
        return None if card is None else self.game.compiled.cards.display[card]

    def card_id(self, card: int | None) -> str | None:
        return None if card is None else self.game.compiled.cards.ids[card]

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.play.seats

    def log(
        self, event_type: str, clause: str = "", cites: Sequence[str] = (), **data: Any
    ) -> None:
        event: dict[str, Any] = {"seq": len(self.state.events), "type": event_type}
        event.update(data)
        if clause:
            event["clause"] = clause
        if cites:
            event["cites"] = list(cites)
        self.state.events.append(event)

    def _refusal(self, seat: int, label: str) -> str:
        if self.state.finished:
            return "the hand is over"
        waiting = self.waiting_for()
        if seat not in waiting:
            names = ", ".join(self.seat_name(s) for s in waiting) or "nobody"
            return f"{self.seat_name(seat)} is not asked to act now (waiting for {names})"
        action = label.split(" ", 1)[0]
        legal = self.legal_actions(seat)
        same = [c.label for c in legal if c.action == action]
        if same:
            reason = f"no {action} like that now; the {action} choices are: {', '.join(same)}"
        else:
            reason = self.explain(seat, action)
        offered = ", ".join(c.label for c in legal)
        return f"{label!r} is not legal now: {reason} (legal: {offered})"

    def seat_name(self, seat: int) -> str:
        names = self.game.compiled.seat_names
        position = (seat - self.state.dealer) % self.play.seats
        return f"seat {seat} ({names[position]})" if names else f"seat {seat}"

    # ── the deal ───────────────────────────────────────────────
    def _deal(
        self,
        dealer: int,
        wall: Sequence[int] | None,
        hands: Sequence[Sequence[int]] | None,
        shown_card: int | None,
    ) -> HandState:
        compiled = self.game.compiled
        kinds = len(compiled.cards)
        seats = self.play.seats
        cards = list(wall or [])
        state = HandState(
            seats=[Seat(hand=[0] * kinds) for _ in range(seats)],
            wall=[],
            head=0,
            tail=0,
            dealer=dealer,
            turn=dealer,
        )
        self.state = state
        shown: list[tuple[int, int]] = []
        position = 0
        if hands is not None:
            for seat, held in enumerate(hands):
                for card in held:
                    state.seats[seat].hand[card] += 1
            state.wall = cards
            if shown_card is not None:
                shown.append((dealer, shown_card))
        else:
            for line in compiled.deal_plan():
                if line.seat is None:
                    state.wall = cards[position : position + line.count]
                    position += line.count
                    continue
                seat = (dealer + line.seat) % seats
                for card in cards[position : position + line.count]:
                    state.seats[seat].hand[card] += 1
                    if line.shown:
                        shown.append((seat, card))
                position += line.count
        state.tail = len(state.wall)
        self._shown_on_deal = shown
        self.log(
            "deal",
            clause="deal",
            cites=compiled.rules.deal.cites if compiled.rules.deal else (),
            dealer=dealer,
            hands=[self._ids(seat.hand) for seat in state.seats],
            wall=len(state.wall),
        )
        return state

    def _ids(self, counts: list[int]) -> list[str]:
        ids = self.game.compiled.cards.ids
        return [ids[c] for c, n in enumerate(counts) for _ in range(n)]

    # ── the flow ───────────────────────────────────────────────
    def _start(self) -> None:
        state = self.state
        for step in range(self.play.seats):  # immediate wins on the deal, dealer first
            seat = (state.dealer + step) % self.play.seats
            found = self.settlement.immediate_win(state.seats[seat])
            if found is not None:
                self.log(
                    "immediate win",
                    clause=f"immediate win {found.name}",
                    cites=found.cites,
                    seat=seat,
                )
                self._finish_win([seat], Offer("deal card", seat, None), immediate=found.name)
                return
        for seat, card in self._shown_on_deal:
            self.log(
                "shown", clause="deal", seat=seat, card=self.card_id(card), name=self.name(card)
            )
            if "deal card" in self.play.ways_by_context:
                self._window(Offer("deal card", seat, card))
                return
        self._begin_dealer_turn()

    def _begin_dealer_turn(self) -> None:
        begins = self.play.turn.dealer_begins
        self._turn_start(self.state.dealer, "discard" if begins == "discarding" else "draw")

    def _turn_start(self, seat: int, then: str) -> None:
        state = self.state
        state.turn = seat
        if state.seats[seat].restrictions:
            self._expire(seat, "own turn")
        offer = Offer("turn start", seat, None)
        choices = self.maker.choices(state, seat, offer) if self._turn_start_ways else []
        if choices:
            if not any(c.forced for c in choices):
                choices.append(self.maker.pass_choice(seat, None))
            self._decide(Decision("turn", offer, {seat: choices}, then=then))
            return
        if then == "discard":
            self._discard_decision(seat)
        else:
            self._draw(seat)

    def _draw(self, seat: int, replacement: bool = False) -> None:
        state = self.state
        if state.seats[seat].restrictions:
            self._expire(seat, "own draw")
        if state.wall_left <= 0:
            self._drawn_hand()
            return
        turn = self.play.turn
        from_tail = (turn.replacement_end if replacement else turn.draw_end) == "tail"
        if from_tail:
            state.tail -= 1
            card = state.wall[state.tail]
        else:
            card = state.wall[state.head]
            state.head += 1
        state.last_card_drawn = state.wall_left == 0
        context = "replacement" if replacement else "draw"
        shown = turn.draws_shown and not replacement
        cards = self.game.compiled.cards
        self.log(
            context,
            clause="turn",
            cites=turn.cites,
            seat=seat,
            shown=shown,
            left=state.wall_left,
            card=cards.ids[card],
            name=cards.display[card],
        )
        if shown:
            offer = Offer(context, seat, card)
            if turn.concealed_takes_hidden and self._taken_concealed(seat, offer):
                return
            self._window(offer)
            return
        state.seats[seat].hand[card] += 1
        offer = Offer(context, seat, card)
        choices = self.maker.choices(state, seat, offer)
        choices += self.maker.choices(state, seat, Offer("turn", seat, None))
        choices += self.maker.discards(seat, state.seats[seat])
        self._decide(Decision("turn", offer, {seat: choices}))

    def _taken_concealed(self, seat: int, offer: Offer) -> bool:
        """A shown draw its drawer must take into a concealed group goes there unseen."""
        choices = self.maker.choices(self.state, seat, offer)
        kinds = self.game.compiled.kinds
        hidden = [
            c
            for c in choices
            if c.forced
            and c.kind is not None
            and (c.concealed or kinds[c.kind].visibility == "concealed")
        ]
        if not hidden:
            return False
        self._decide(Decision("window", offer, {seat: choices}))
        return True

    def _discard_decision(self, seat: int) -> None:
        state = self.state
        state.turn = seat
        choices = self.maker.discards(seat, state.seats[seat])
        if not choices:
            self._turn_start(self.next_seat(seat), "draw")
            return
        self._decide(Decision("turn", Offer("turn", seat, None), {seat: choices}, then="discard"))

    def _discard(self, seat: int, card: int) -> None:
        state = self.state
        state.seats[seat].hand[card] -= 1
        state.seats[seat].discards.append(card)
        for rule in self.play.restrictions.values():
            if rule.after_discarding:
                self._add_restriction(seat, rule, Offer("discard", seat, card))
        turn = self.play.turn
        self.log(
            "discard",
            clause="turn",
            cites=turn.cites,
            seat=seat,
            card=self.card_id(card),
            name=self.name(card),
        )
        self._window(Offer("discard", seat, card))

    def _window(self, offer: Offer) -> None:
        state = self.state
        options: dict[int, list[Choice]] = {}
        seats = self.play.seats
        ways_for = self.play.ways_for
        for step in range(seats):
            seat = (offer.owner + step) % seats
            entries = ways_for(offer.context, seat, offer.owner)
            if not entries:
                continue
            choices = self.maker.choices(state, seat, offer, entries)
            if not choices:
                continue
            if not any(c.forced for c in choices):
                choices.append(self.maker.pass_choice(seat, offer.card))
            options[seat] = choices
        if not options:
            self._untaken(offer)
            return
        self._decide(Decision("window", offer, options))

    def _decide(self, decision: Decision) -> None:
        """Wait for the seats of `decision`; a seat whose only choice is forced takes it.

        A seat with a forced choice may not pass, nor take anything of lower priority
        instead; only a higher-priority choice (a win) can replace it.
        """
        self.state.decision = decision
        if not self._any_forced:
            if len(decision.chosen) == len(decision.options):
                self._resolve()
            return
        for seat, choices in list(decision.options.items()):
            forced = [c.priority for c in choices if c.forced]
            if forced:
                floor = max(forced)
                choices = [c for c in choices if c.forced or c.priority > floor]
                decision.options[seat] = choices
            if len(choices) == 1 and choices[0].forced:
                decision.chosen[seat] = choices[0]
        if len(decision.chosen) == len(decision.options):
            self._resolve()

    def _resolve(self) -> None:
        state = self.state
        decision = state.decision
        assert decision is not None
        state.decision = None
        offer = decision.offer
        chosen = decision.chosen
        if decision.kind == "turn":
            (choice,) = chosen.values()
            self._restrict(decision, [choice] if choice.action != "pass" else [])
            if choice.action == "pass":
                self._continue_turn(choice.seat, decision.then)
            elif choice.action == "discard":
                assert choice.card is not None
                self._discard(choice.seat, choice.card)
            else:
                self._perform(choice, offer, decision.then)
            return
        acting = [c for c in chosen.values() if c.action != "pass"]
        winners = self._winning_choices(acting, offer.owner)
        self._restrict(decision, winners)
        for choice in chosen.values():
            if choice.action != "pass" and choice not in winners:
                ties = self.play.ties
                self.log(
                    "outranked",
                    clause="ties",
                    cites=ties.cites,
                    seat=choice.seat,
                    action=choice.action,
                    label=choice.label,
                )
        self._log_window(decision, acting, winners)
        if not winners:
            self._untaken(offer)
            return
        if winners[0].action in self.play.actions and self.play.actions[winners[0].action].win:
            self._finish_win([c.seat for c in winners], offer, action=winners[0].action)
            return
        self._perform(winners[0], offer, "")

    def _log_window(self, decision: Decision, acting: list[Choice], winners: list[Choice]) -> None:
        """One event per window: who could respond with what, what each chose, who took the
        card and by which rule (a higher priority, or the ties clause)."""
        offer = decision.offer
        if not winners:
            why = "nobody took it"
        elif len(acting) == 1:
            why = "the only taker"
        elif (
            len({c.priority for c in acting}) > 1
            and sum(c.priority == winners[0].priority for c in acting) == 1
        ):
            why = f"priority {winners[0].priority}"
        else:
            why = f"ties: {self.play.tie_rule(winners[0].action)}"
        if why.startswith("ties"):
            clause, cites = "ties", tuple(self.play.ties.cites)
        elif winners and winners[0].action in self.play.actions:
            clause = f"action {winners[0].action}"
            cites = self.play.actions[winners[0].action].cites
        else:
            clause, cites = "turn", tuple(self.play.turn.cites)
        self.log(
            "window",
            clause=clause,
            cites=cites,
            context=offer.context,
            owner=offer.owner,
            card=self.card_id(offer.card),
            offered=[
                [seat, [c.label for c in choices]] for seat, choices in decision.options.items()
            ],
            chosen=[[seat, choice.label] for seat, choice in decision.chosen.items()],
            taken_by=[c.seat for c in winners],
            why=why,
        )

    def _winning_choices(self, acting: list[Choice], owner: int) -> list[Choice]:
        """The highest priority wins; ties go to all, or to the seat nearest the owner."""
        if not acting:
            return []
        top = max(c.priority for c in acting)
        best = [c for c in acting if c.priority == top]
        seats = self.play.seats
        best.sort(key=lambda c: (c.seat - owner) % seats)
        if len(best) > 1 and self.play.tie_rule(best[0].action) == "all":
            return [c for c in best if c.action == best[0].action]
        return best[:1]

    def _restrict(self, decision: Decision, done: list[Choice]) -> None:
        """Restrictions on seats that passed on an action they could take."""
        if decision.offer.context not in self._restricting_contexts:
            return  # no restriction can follow from passing on this kind of offer
        offer = decision.offer
        done_by = {(c.seat, c.action) for c in done}
        winning_action = done[0].action if done else None
        acted = {c.seat for c in done}
        for seat, choices in decision.options.items():
            if seat in acted:
                continue  # a seat that took an action passed on nothing
            available = {c.action for c in choices}
            picked = decision.chosen.get(seat)
            for rule in self.play.restrictions.values():
                if rule.after_context and rule.after_context != offer.context:
                    continue
                passed = [
                    a for a in rule.after_passing if a in available and (seat, a) not in done_by
                ]
                if not passed:
                    continue
                if (
                    picked is not None
                    and picked.action in rule.after_passing
                    and rule.unless_lost_to is not None
                    and winning_action == rule.unless_lost_to
                ):
                    continue
                self._add_restriction(seat, rule, offer)

    def _add_restriction(self, seat: int, rule: ir.Restriction, offer: Offer) -> None:
        holder = self.state.seats[seat]
        active = ActiveRestriction(
            name=rule.name,
            forbids=tuple(rule.forbids),
            context=rule.forbids_context,
            card=offer.card if rule.that_card else None,
            lifetime=rule.lifetime,
            value_at=self.maker.table_value(holder),
            cites=tuple(rule.cites),
        )
        holder.restrictions.append(active)
        self.log(
            "restricted",
            clause=f"restriction {rule.name}",
            cites=rule.cites,
            seat=seat,
            restriction=rule.name,
            card=self.card_id(active.card),
        )

    def _expire(self, seat: int, lifetime: str) -> None:
        holder = self.state.seats[seat]
        holder.restrictions = [r for r in holder.restrictions if r.lifetime != lifetime]

    def _untaken(self, offer: Offer) -> None:
        state = self.state
        if offer.context == "added card" and offer.pending is not None:
            origin = Offer(offer.pending_context or "draw", offer.owner, offer.card)
            self._complete(offer.pending, origin)
            return
        if offer.context == "deal card":
            self._begin_dealer_turn()
            return
        if offer.context == "draw" and offer.card is not None:
            zone = self.play.turn.untaken_draw_to
            if zone is not None:
                state.seats[offer.owner].discards.append(offer.card)
                self.log(
                    "untaken",
                    clause="turn",
                    cites=self.play.turn.cites,
                    seat=offer.owner,
                    card=self.card_id(offer.card),
                    name=self.name(offer.card),
                    to=zone,
                )
        self._turn_start(self.next_seat(offer.owner), "draw")

    def _continue_turn(self, seat: int, then: str) -> None:
        if then == "discard":
            self._discard_decision(seat)
        else:
            self._draw(seat)

    # ── taking a card or declaring a group ─────────────────────
    def _perform(self, choice: Choice, offer: Offer, then: str) -> None:
        rule = self.play.actions[choice.action]
        if rule.win:
            self._finish_win([choice.seat], offer, action=rule.name)
            return
        if rule.robbable and choice.table_index is not None:
            window = Offer(
                "added card",
                choice.seat,
                choice.card,
                pending=choice,
                pending_context=offer.context,
            )
            self._window(window)
            return
        self._complete(choice, offer, then=then)

    def _complete(self, choice: Choice, offer: Offer, then: str = "") -> None:
        state = self.state
        rule = self.play.actions[choice.action]
        seat = state.seats[choice.seat]
        way_context = rule.ways[choice.way].context
        card = choice.card
        if card is not None and way_context != "turn start" and way_context != "turn":
            self._take_offered(choice, offer)
        for held in choice.from_hand:
            seat.hand[held] -= 1
        if choice.table_index is not None:
            group = seat.table[choice.table_index]
            assert card is not None
            group.cards.append(card)
            group.kind = choice.kind if choice.kind is not None else group.kind
            group.made_by = rule.name
        else:
            cards = sorted(
                [
                    *choice.from_hand,
                    *(
                        [card]
                        if card is not None and way_context not in ("turn start", "turn")
                        else []
                    ),
                ]
            )
            seat.table.append(TableGroupState(choice.kind or 0, cards, choice.concealed, rule.name))
        for kind, cards in choice.extra:
            for held in cards:
                seat.hand[held] -= 1
            seat.table.append(TableGroupState(kind, sorted(cards), False, rule.name))
        self.log(
            "action",
            clause=f"action {rule.name}",
            cites=rule.cites,
            seat=choice.seat,
            action=rule.name,
            label=choice.label,
            group=self.game.compiled.kinds[choice.kind].name if choice.kind is not None else None,
            card=self.card_id(card),
            owner=offer.owner,
            **({"forced": True} if choice.forced else {}),
        )
        self.settlement.action_payments(self, rule, choice.seat, offer)
        self._after_action(choice, rule, way_context, then)

    def _take_offered(self, choice: Choice, offer: Offer) -> None:
        """Move the offered card out of wherever it waits: a hand, a discard pile, the air."""
        state = self.state
        card = choice.card
        assert card is not None
        if offer.context == "discard":
            pile = state.seats[offer.owner].discards
            if pile and pile[-1] == card:
                pile.pop()
        elif choice.seat == offer.owner and self.play.in_owner_hand(offer.context):
            state.seats[choice.seat].hand[card] -= 1

    def _take_offered_from_owner(self, offer: Offer) -> None:
        """A card won on leaves its owner: the top of the discards, or the added card."""
        assert offer.card is not None
        owner = self.state.seats[offer.owner]
        if offer.context == "discard" and owner.discards and owner.discards[-1] == offer.card:
            owner.discards.pop()
        elif offer.context == "added card" and owner.hand[offer.card] > 0:
            owner.hand[offer.card] -= 1

    def _after_action(self, choice: Choice, rule: ActionRule, context: str, then: str) -> None:
        seat = choice.seat
        if context == "turn start":
            self._turn_start(seat, then or "draw")
            return
        step = self._continuation(rule, seat)
        if step == "replacement":
            self._draw(seat, replacement=True)
        elif step == "next draws":
            self.log("turn passes", clause=f"action {rule.name}", cites=rule.cites, seat=seat)
            self._turn_start(self.next_seat(seat), "draw")
        else:
            self._discard_decision(seat)

    def _continuation(self, rule: ActionRule, seat: int) -> str:
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

    # ── the end of a hand ──────────────────────────────────────
    def _finish_win(
        self,
        winners: list[int],
        offer: Offer,
        immediate: str | None = None,
        action: str = "",
    ) -> None:
        state = self.state
        state.finished = True
        state.winners = list(winners)
        if offer.card is not None and offer.context in ("discard", "added card"):
            self._take_offered_from_owner(offer)
        clause = f"immediate win {immediate}" if immediate else f"action {action}"
        cites = self.play.actions[action].cites if action in self.play.actions else ()
        for winner in winners:
            self.settlement.settle_win(
                self,
                winner,
                offer,
                clause,
                cites,
                several=len(winners) > 1,
                immediate=immediate is not None,
            )
        rule = self.play.next_dealer
        several = len(winners) > 1 and rule.after_several
        chosen = rule.after_several if several else rule.after_win
        state.next_dealer = self._dealer_by(chosen, winners[0], offer.owner)
        self.log(
            "end",
            clause="next dealer",
            cites=rule.cites,
            winners=winners,
            next_dealer=state.next_dealer,
            totals=self.totals(),
        )

    def _drawn_hand(self) -> None:
        state = self.state
        state.finished = True
        rule = self.play.next_dealer
        end = self.play.end
        self.log("drawn hand", clause="end", cites=end.cites)
        state.next_dealer = self._dealer_by(rule.after_drawn, None, None)
        self.log(
            "end",
            clause="next dealer",
            cites=rule.cites,
            winners=[],
            next_dealer=state.next_dealer,
            totals=self.totals(),
        )

    def _dealer_by(self, choice: str, winner: int | None, discarder: int | None) -> int:
        dealer = self.state.dealer
        if choice == "winner" and winner is not None:
            return winner
        if choice == "discarder" and discarder is not None:
            return discarder
        if choice == "next":
            return self.next_seat(dealer)
        return dealer
