"""Restrictions: which seats a window restricts, the restriction they carry, and its end.

Plain functions over the play rules and the state, so the flow only has to log and store
what they return.
"""

from __future__ import annotations

from tablerules.dsl import ir
from tablerules.interpreter.engine.play_rules import PlayRules
from tablerules.interpreter.engine.state import ActiveRestriction, Choice, Decision, Offer, Seat


def restricted_by_window(
    play: PlayRules, decision: Decision, done: list[Choice]
) -> list[tuple[int, ir.Restriction]]:
    """(seat, rule) for each restriction the seats of a resolved window incur: a seat that
    could take one of a rule's `after passing` actions and did not (unless it chose the
    action and lost it to the rule's `unless lost to` action). A seat that acted incurs none.
    """
    offer = decision.offer
    done_by = {(c.seat, c.action) for c in done}
    winning_action = done[0].action if done else None
    acted = {c.seat for c in done}
    found: list[tuple[int, ir.Restriction]] = []
    for seat, choices in decision.options.items():
        if seat in acted:
            continue  # a seat that took an action passed on nothing
        available = {c.action for c in choices}
        picked = decision.chosen.get(seat)
        for rule in play.restrictions.values():
            if rule.after_context and rule.after_context != offer.context:
                continue
            passed = [a for a in rule.after_passing if a in available and (seat, a) not in done_by]
            if not passed:
                continue
            if (
                picked is not None
                and picked.action in rule.after_passing
                and rule.unless_lost_to is not None
                and winning_action == rule.unless_lost_to
            ):
                continue
            found.append((seat, rule))
    return found


def new_restriction(rule: ir.Restriction, offer: Offer, value_at: int) -> ActiveRestriction:
    """The restriction a seat carries from now on; `value_at` is its table value now."""
    return ActiveRestriction(
        name=rule.name,
        forbids=tuple(rule.forbids),
        context=rule.forbids_context,
        card=offer.card if rule.that_card else None,
        lifetime=rule.lifetime,
        value_at=value_at,
        cites=tuple(rule.cites),
    )


def expire(seat: Seat, lifetime: str) -> None:
    """Lift the seat's restrictions that last until this moment (its own draw or turn)."""
    seat.restrictions = [r for r in seat.restrictions if r.lifetime != lifetime]
