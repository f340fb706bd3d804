"""Restrictions: which seats a window restricts, the restriction they carry, and its end.

The rule file's restrictions are turned once per game into tables (`RestrictionRules`):
for each context, the rules a window on it can leave with the actions they watch as sets,
and for each rule the fields every restriction it makes shares. A window then only
compares what its seats were offered and chose with those sets, and the flow only has to
log and store what they return.
"""

from __future__ import annotations

from typing import NamedTuple

from tablerules.dsl.model import ir
from tablerules.interpreter.engine.play_rules import PlayRules
from tablerules.interpreter.engine.state import ActiveRestriction, Decision, Offer, Seat

VALUE_CHANGES = "value changes"  # the lifetime that needs the table value it began at
MADE_LIMIT = 1 << 12  # restrictions kept for reuse: a few rules, each on a few dozen cards


class WatchedRule(NamedTuple):
    """A rule a window can leave, with the actions it watches as sets."""

    rule: ir.Restriction
    passing: frozenset[str]  # `after passing`: passing on one of these
    declining: frozenset[str]  # `after declining`: choosing something else than these


class RestrictionRules:
    """The file's restrictions as tables, built once per game (see the module)."""

    def __init__(self, play: PlayRules) -> None:
        self.play = play
        self._by_context: dict[str, list[WatchedRule]] = {}
        # per rule name: its fields as every restriction it makes holds them
        self._forbids = {name: tuple(r.forbids) for name, r in play.restrictions.items()}
        self._cites = {name: tuple(r.cites) for name, r in play.restrictions.items()}
        # restrictions are values: each made once, by rule, card and table value (`new`)
        self._made: dict[tuple[str, int | None, int | None], ActiveRestriction] = {}

    def after_window(self, context: str) -> list[WatchedRule]:
        """The rules a window on an offer of `context` can leave, in the file's order."""
        found = self._by_context.get(context)
        if found is None:
            found = self._by_context[context] = [
                WatchedRule(rule, frozenset(rule.after_passing), frozenset(rule.after_declining))
                for rule in self.play.restrictions.values()
                if (rule.after_passing or rule.after_declining)
                and (not rule.after_context or rule.after_context == context)
            ]
        return found

    def by_window(self, decision: Decision) -> list[tuple[int, ir.Restriction]]:
        """(seat, rule) for each restriction the seats of a resolved window incur.

        `after passing`: the seat could take one of the rule's actions and chose to pass;
        a seat that chose an action and lost it to another's did not pass. `after
        declining`: the seat could take one of them and chose anything else (a pass, or
        another action).
        """
        watched = self.after_window(decision.offer.context)
        found: list[tuple[int, ir.Restriction]] = []
        if not watched:
            return found
        chosen = decision.chosen
        for seat, choices in decision.options.items():
            picked = chosen.get(seat)
            if picked is None:
                continue
            action = picked.action
            available = {c.action for c in choices}
            for rule, passing, declining in watched:
                if (action == "pass" and not passing.isdisjoint(available)) or (
                    action not in declining and not declining.isdisjoint(available)
                ):
                    found.append((seat, rule))
        return found

    def new(self, rule: ir.Restriction, offer: Offer, value_at: int | None) -> ActiveRestriction:
        """The restriction a seat carries from now on; `value_at` is its table value now,
        for a restriction that lasts until that value changes (None for any other)."""
        card = offer.card if rule.that_card else None
        key = (rule.name, card, value_at)
        made = self._made.get(key)
        if made is None:
            if len(self._made) >= MADE_LIMIT:
                self._made.clear()
            made = self._made[key] = ActiveRestriction(
                name=rule.name,
                forbids=self._forbids[rule.name],
                context=rule.forbids_context,
                card=card,
                lifetime=rule.lifetime,
                value_at=value_at,
                cites=self._cites[rule.name],
            )
        return made


def expire(seat: Seat, lifetime: str) -> None:
    """Lift the seat's restrictions that last until this moment (its own draw or turn); a
    seat's list is rebuilt only when one of them ends (most last for the hand)."""
    for active in seat.restrictions:
        if active.lifetime == lifetime:
            seat.restrictions = [r for r in seat.restrictions if r.lifetime != lifetime]
            return
