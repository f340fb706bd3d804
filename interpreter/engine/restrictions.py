"""Restrictions: which seats a window restricts, the restriction they carry, and its end.

Plain functions over the play rules and the state, so the flow only has to log and store
what they return.
"""

from __future__ import annotations

from tablerules.dsl import ir
from tablerules.interpreter.engine.play_rules import PlayRules
from tablerules.interpreter.engine.state import ActiveRestriction, Decision, Offer, Seat


def restricted_by_window(play: PlayRules, decision: Decision) -> list[tuple[int, ir.Restriction]]:
    """(seat, rule) for each restriction the seats of a resolved window incur.

    `after passing`: the seat could take one of the rule's actions and chose to pass; a seat
    that chose an action and lost it to another's did not pass. `after declining`: the seat
    could take one of them and chose anything else (a pass, or another action).
    """
    offer = decision.offer
    found: list[tuple[int, ir.Restriction]] = []
    for seat, choices in decision.options.items():
        picked = decision.chosen.get(seat)
        if picked is None:
            continue
        available = {c.action for c in choices}
        for rule in play.restrictions.values():
            if rule.after_context and rule.after_context != offer.context:
                continue
            passed = picked.action == "pass" and any(a in available for a in rule.after_passing)
            declined = picked.action not in rule.after_declining and any(
                a in available for a in rule.after_declining
            )
            if passed or declined:
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
