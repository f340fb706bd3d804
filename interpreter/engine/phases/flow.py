"""Carrying out the phases: every seat chooses at once (nobody sees what it receives
before choosing), then the exchange or the declarations are made and logged."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.interpreter.engine.phases.rules import PhaseRule, phase_rules, step_of
from tablerules.interpreter.engine.state import Choice, Decision, Offer
from tablerules.interpreter.playlog.event_kinds import DECLARATION, EXCHANGE, REPLACEMENT

if TYPE_CHECKING:
    from tablerules.interpreter.engine.game import Table

PHASE = "phase"  # the decision kind and offer context of a phase


def game_phases(table: Table) -> tuple[PhaseRule, ...]:
    """The game's phases, compiled on its first table and kept."""
    found = table.game.shared.get("phases")
    if found is None:
        found = table.game.shared["phases"] = phase_rules(table.game.compiled)
    return found


class PhaseFlow:
    """A mixin of `Table`: the phases, one after another, before the dealer's first turn."""

    def _next_phase(self: Table) -> bool:
        """Ask every seat for the next phase's choice; False when no phase is left. A seat
        with nothing to choose (too few cards of every value to pass) is not asked and
        passes nothing; a phase no seat can choose in is passed over."""
        state = self.state
        phases = game_phases(self)
        ids = self.game.compiled.cards.ids
        options: dict[int, list[Choice]] = {}
        while not options:
            if state.phase_step >= len(phases):
                return False
            phase = phases[state.phase_step]
            for seat, holder in enumerate(state.seats):
                if choices := phase.choices(seat, holder.hand, ids):
                    options[seat] = choices
            if not options:
                state.phase_step += 1
        state.decision = Decision(PHASE, Offer(PHASE, state.dealer, None), options, then=phase.name)
        return True

    def _deal_replacement(self: Table, seat: int, clause: str, cites: tuple[str, ...]) -> bool:
        """A card laid on the deal replaced (`then replacement` on an `on deal` way): one
        card from the replacement end of the wall into the seat's hand, with no window on
        it; False when the wall is empty and the hand is drawn."""
        state = self.state
        left = state.tail - state.head
        if left <= state.reserve:
            self._drawn_hand()
            return False
        from_tail = self.play.draws[True][0]
        if from_tail:
            state.tail -= 1
            card = state.wall[state.tail]
        else:
            card = state.wall[state.head]
            state.head += 1
        state.seats[seat].gain(card)
        self.log(
            REPLACEMENT,
            clause=clause,
            cites=cites,
            seat=seat,
            shown=False,
            left=left - 1,
            card=self.card_id(card),
            name=self.name(card),
        )
        return True

    def _resolve_phase(self: Table, decision: Decision) -> None:
        """Carry out a phase every seat has chosen in, then go on to the next or to play."""
        state = self.state
        phase = game_phases(self)[state.phase_step]
        state.decision = None
        state.phase_step += 1
        if phase.kind == "exchange":
            self._exchange(phase, decision)
        else:
            self._declare(phase, decision)
        if not self._next_phase():
            self._begin_dealer_turn()

    def _exchange(self: Table, phase: PhaseRule, decision: Decision) -> None:
        state = self.state
        seats = len(state.seats)
        direction = phase.direction_for(self.seed)
        step = step_of(direction, seats)
        ids = self.game.compiled.cards.ids
        chosen = decision.chosen
        passed = [chosen[seat].from_hand if seat in chosen else () for seat in range(seats)]
        for seat, cards in enumerate(passed):  # all leave before any arrives
            for card in cards:
                state.seats[seat].lose(card)
        targets = [(seat + step) % seats for seat in range(seats)]
        for seat, cards in enumerate(passed):
            for card in cards:
                state.seats[targets[seat]].gain(card)
        self.log(
            EXCHANGE,
            clause=f"phase {phase.name}",
            cites=phase.cites,
            direction=direction,
            passed=[[ids[c] for c in cards] for cards in passed],
            to=targets,
        )

    def _declare(self: Table, phase: PhaseRule, decision: Decision) -> None:
        state = self.state
        values = [phase.declared(decision.chosen[seat]) for seat in range(len(state.seats))]
        for holder, value in zip(state.seats, values, strict=True):
            holder.declared[phase.attribute] = value
        self.log(
            DECLARATION,
            clause=f"phase {phase.name}",
            cites=phase.cites,
            attribute=phase.attribute,
            values=values,
            shown=phase.shown,
        )
