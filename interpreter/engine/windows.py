"""Claim windows: who may respond to a shown card and with what, waiting for their choices,
and settling them by priority and the ties clause."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.interpreter.engine.phases.last_card import LAST_CARD
from tablerules.interpreter.engine.play_rules import PlayRules
from tablerules.interpreter.engine.restrictions import VALUE_CHANGES
from tablerules.interpreter.engine.state import Choice, Decision, Offer
from tablerules.interpreter.playlog.event_kinds import OUTRANKED, RESTRICTED, WINDOW

if TYPE_CHECKING:
    from tablerules.dsl.model import ir
    from tablerules.interpreter.engine.game import Table


def winning_choices(play: PlayRules, acting: list[Choice], owner: int) -> list[Choice]:
    """The highest priority wins; ties go to all, or to the seat nearest the owner."""
    if len(acting) < 2:  # nobody, or the only taker (most windows)
        return list(acting)
    top = max(c.priority for c in acting)
    best = [c for c in acting if c.priority == top]
    best.sort(key=lambda c: (c.seat - owner) % play.seats)
    if len(best) > 1 and play.tie_rule(best[0].action) == "all":
        return [c for c in best if c.action == best[0].action]
    return best[:1]


def window_reason(
    play: PlayRules, acting: list[Choice], winners: list[Choice]
) -> tuple[str, str, tuple[str, ...]]:
    """Why the window went the way it did, and the clause (with its ids) that decided it."""
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
        why = f"ties: {play.tie_rule(winners[0].action)}"
    if why.startswith("ties"):
        return why, "ties", tuple(play.ties.cites)
    if winners and winners[0].action in play.actions:
        return why, f"action {winners[0].action}", play.actions[winners[0].action].cites
    return why, "turn", tuple(play.turn.cites)


class ClaimWindows:
    """A mixin of `Table`: windows on a card, forced choices taken, choices resolved."""

    def _window(self: Table, offer: Offer, owners: list[Choice] | None = None) -> None:
        """Ask every seat that can do something with the offered card (`owners`: the
        owner's choices, when already worked out)."""
        state = self.state
        maker = self.maker
        steps = self.play.ways_by_step(offer.context)
        askers = maker.askers(state, offer, steps, owners is not None)
        if state.left:  # seats that have won and left the hand take no further part
            askers = [(seat, entries) for seat, entries in askers if seat not in state.left]
        if not askers:  # the common case: nobody can do anything with the card
            self._untaken(offer)
            return
        options: dict[int, list[Choice]] = {}
        for seat, entries in askers:
            if seat == offer.owner and owners is not None:
                choices = owners
            else:
                choices = maker.choices(state, seat, offer, entries)
            if not choices:
                continue
            if not any(c.forced for c in choices):
                choices.append(self.maker.pass_choice(seat, offer.card))
            options[seat] = choices
        if not options:
            self._untaken(offer)
            return
        self._decide(Decision("window", offer, options))

    def _decide(self: Table, decision: Decision) -> None:
        """Wait for the seats of `decision`; a seat whose only choice is forced takes it.

        A seat with a forced choice may not pass, nor take anything of lower priority
        instead; only a higher-priority choice (a win) can replace it.
        """
        self.state.decision = decision
        if not self._any_forced:
            if len(decision.chosen) == len(decision.options):
                self._resolve()
            return
        options = decision.options
        for seat, choices in options.items():
            floor: int | None = None  # the highest priority of a forced choice
            for choice in choices:
                if choice.forced and (floor is None or choice.priority > floor):
                    floor = choice.priority
            if floor is None:
                continue
            choices = [c for c in choices if c.forced or c.priority > floor]
            options[seat] = choices
            if len(choices) == 1:
                decision.chosen[seat] = choices[0]
        if len(decision.chosen) == len(decision.options):
            self._resolve()

    def _resolve(self: Table) -> None:
        """Carry out the decision every seat of which has chosen."""
        decision = self.state.decision
        assert decision is not None
        if decision.kind == "turn":
            (choice,) = decision.chosen.values()
            self._resolve_turn(decision, choice)
        else:
            self._resolve_window(decision)

    def _resolve_turn(self: Table, decision: Decision, choice: Choice) -> None:
        """Carry out a turn decision: the one choice of its seat (`Table.apply` calls it
        at once, a turn waiting for no one else)."""
        self.state.decision = None
        seat = choice.seat
        action = choice.action
        if decision.offer.context in self._restricting_contexts:
            self._restrict(decision)
        if decision.options[seat][0].action != "discard":  # discards come last
            taken = [] if action == "pass" or action == "discard" else [choice]
            self._log_window(decision, taken, taken)
        if decision.then == LAST_CARD:  # the last card offered: taken or passed
            self._answer_last_card(seat, choice)
            return
        if action == "discard":
            assert choice.card is not None
            self._discard(seat, choice.card)
        elif action == "pass":
            self._continue_turn(seat, decision.then)
        else:
            self._perform(choice, decision.offer, decision.then)

    def _resolve_window(self: Table, decision: Decision) -> None:
        """Settle a window by priority and the ties clause, and carry out what won."""
        self.state.decision = None
        offer = decision.offer
        chosen = decision.chosen
        restricting = offer.context in self._restricting_contexts
        acting = [c for c in chosen.values() if c.action != "pass"]
        winners = winning_choices(self.play, acting, offer.owner)
        if restricting:
            self._restrict(decision)
        for choice in chosen.values():
            if choice.action != "pass" and choice not in winners:
                self.log(
                    OUTRANKED,
                    clause="ties",
                    cites=self.play.ties.cites,
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

    def _log_window(
        self: Table, decision: Decision, acting: list[Choice], winners: list[Choice]
    ) -> None:
        """One event per window: who could respond with what, what each chose, who took the
        card and by which rule (a higher priority, or the ties clause)."""
        offer = decision.offer
        why, clause, cites = window_reason(self.play, acting, winners)
        if offer.context == LAST_CARD:  # offered by the end clause
            clause, cites = "end", tuple(self.play.end.cites)
        self.log(
            WINDOW,
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
            **({"hidden": True} if self._unseen(decision) else {}),
        )

    def _unseen(self: Table, decision: Decision) -> bool:
        """Whether the card of a decision is its owner's alone to see: a draw taken unseen,
        or a card the owner keeps (a kept draw or replacement it decides on)."""
        offer = decision.offer
        if decision.hidden:
            return True
        return (
            offer.card is not None
            and offer.context in ("draw", "replacement")
            and self.play.in_owner_hand(offer.context)
            and self.state.shown is None  # a shown replacement's card is seen by all
        )

    # ── restrictions a window leaves behind ────────────────────
    def _restrict(self: Table, decision: Decision) -> None:
        """Restrictions on seats that passed on (or declined) an action they could take:
        asked of a decision on one of `_restricting_contexts` only (the caller's test: no
        restriction follows from passing on any other kind of offer)."""
        for seat, rule in self.maker.restriction_rules.by_window(decision):
            self._add_restriction(seat, rule, decision.offer)

    def _add_restriction(self: Table, seat: int, rule: ir.Restriction, offer: Offer) -> None:
        holder = self.state.seats[seat]
        maker = self.maker
        value_at = maker.table_value(holder) if rule.lifetime == VALUE_CHANGES else None
        active = maker.restriction_rules.new(rule, offer, value_at)
        holder.restrictions.append(active)
        self.log(
            RESTRICTED,
            clause=f"restriction {rule.name}",
            cites=rule.cites,
            seat=seat,
            restriction=rule.name,
            card=self.card_id(active.card),
        )
