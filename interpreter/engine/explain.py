"""Why an action is, or is not, legal for a seat right now: the answer users ask for most."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tablerules.interpreter.engine.game import Table


def explain(table: Table, seat: int, action: str) -> str:
    state = table.state
    if state.finished:
        return "the hand is over"
    decision = state.decision
    if decision is None or seat not in decision.waiting:
        return f"{table.seat_name(seat)} is not asked to act now"
    legal = [c for c in decision.options[seat] if c.action == action]
    if legal:
        return "legal: " + ", ".join(c.label for c in legal)
    if action in ("discard", "pass"):
        if decision.kind == "window":
            forced = [c.label for c in decision.options[seat] if c.forced]
            if action == "pass" and forced:
                return f"a forced action cannot be declined: {', '.join(forced)}"
            return "no discard while responding to a card"
        return "it is this seat's turn to act on its own cards; 'pass' is not offered here"
    rule = table.play.actions.get(action)
    if rule is None:
        known = ", ".join(table.play.actions)
        return f"there is no action {action!r} in these rules (actions: {known})"
    offer = decision.offer
    cites = f" [{', '.join(rule.cites)}]" if rule.cites else ""
    relation = table.play.relation(seat, offer.owner)
    ways = [w for w in rule.ways if w.context == offer.context]
    if not ways:
        contexts = ", ".join(sorted({w.context for w in rule.ways}))
        return f"{action} is taken on {contexts}, not on {offer.context}{cites}"
    ways_by_seat = [w for w in ways if w.who in relation]
    if not ways_by_seat:
        who = ", ".join(sorted({w.who for w in ways}))
        return f"on {offer.context} only {who} may {action}{cites}"
    enabled = [w for w in ways_by_seat if table.play._enabled(w)]
    if not enabled:
        options = {w.if_option or w.unless_option for w in ways_by_seat}
        return f"the table option {', '.join(sorted(o for o in options if o))} rules it out{cites}"
    holder = state.seats[seat]
    restricted = table.maker._restricted(state, holder, action, offer)
    if restricted is not None:
        rule_cites = table.play.restrictions[restricted].cites
        where = f" [{', '.join(rule_cites)}]" if rule_cites else ""
        return f"restricted by {restricted} until it lapses{where}"
    if not table.maker._allowed_now(state, rule, offer):
        return f"the last card allows only {', '.join(table.play.end.last_card_allows or [])}"
    if rule.win:
        return f"the hand does not win with {table.name(offer.card)}{cites}"
    return f"the cards for {action} are not in hand{cites}"


def locked_discard(table: Table, seat: int, label: str) -> str | None:
    """Why `discard CARD` is refused when the card belongs to a group that is never split."""
    cards = table.game.compiled.cards
    name = label.split(" ", 1)[1] if " " in label else ""
    card = cards.lookup(name) if name else None
    holder = table.state.seats[seat]
    if card is None or not table.maker.locked(holder.hand, card):
        return None
    for kind in table.game.compiled.keep_together:
        admitted = any(card in cards for cards in kind.instances)
        if admitted and kind.keep_together and holder.hand[card] >= kind.keep_together:
            cites = f" [{', '.join(kind.cites)}]" if kind.cites else ""
            held = cards.display[card] * holder.hand[card]
            never = "which is never split: none of it is discarded"
            return f"{held} is held as a {kind.name}, {never}{cites}"
    return None
