"""Why an action is, or is not, legal for a seat right now: the answer users ask for most.

Told in the language asked for (`messages`), the rule file's names as its `names` block
for that language spells them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tablerules.dsl.model import ir
from tablerules.interpreter.messages import DEFAULT
from tablerules.interpreter.messages.speaker import Speaker, speaker

if TYPE_CHECKING:
    from tablerules.interpreter.engine.game import Table
    from tablerules.interpreter.engine.play_rules import ActionRule
    from tablerules.interpreter.engine.state import Seat


def _cites(cites: list[str] | tuple[str, ...]) -> str:
    return f" [{', '.join(cites)}]" if cites else ""


def explain(
    table: Table,
    seat: int,
    action: str,
    lang: str = DEFAULT,
    seat_name: Callable[[int], str] | None = None,
) -> str:
    """Why `action` is or is not legal for `seat`; `seat_name` names a seat (by default
    `seat N (NAME)`)."""
    spoken = speaker(table.game, lang)
    say = spoken.say
    state = table.state
    if state.finished:
        return say("explain.over")
    decision = state.decision
    if decision is None or seat not in decision.waiting:
        never = _never_offered(table, seat, action, spoken)  # a claim its `never of` forbids
        if never is not None:
            return never
        name = seat_name(seat) if seat_name is not None else table.seat_name(seat)
        return say("explain.not_asked", seat=name)
    legal = [c for c in decision.options[seat] if c.action == action]
    if legal:
        return say("explain.legal", choices=say.join(spoken.choice(c.label) for c in legal))
    if action in ("discard", "pass"):
        if decision.kind == "window":
            forced = [spoken.choice(c.label) for c in decision.options[seat] if c.forced]
            if action == "pass" and forced:
                return say("explain.forced", choices=say.join(forced))
            return say("explain.no_discard")
        return say("explain.own_turn")
    rule = table.play.actions.get(action)
    if rule is None:
        known = say.join(spoken.word(name) for name in table.play.actions)
        return say("explain.no_action", action=spoken.word(action), actions=known)
    said, cites = _why_not(table, seat, action, spoken)
    return said + _cites(cites)


def _why_not(
    table: Table, seat: int, action: str, spoken: Speaker
) -> tuple[str, list[str] | tuple[str, ...]]:
    """Why an action of the rules is not offered to `seat` now, and the rule ids of the
    clause that says so."""
    say = spoken.say
    state = table.state
    decision = state.decision
    assert decision is not None
    rule = table.play.actions[action]
    offer = decision.offer
    named = spoken.word(action)
    relation = table.play.relation(seat, offer.owner)
    ways = [w for w in rule.ways if w.context == offer.context]
    card = offer.card
    if not ways and decision.kind == "turn" and seat == offer.owner:
        ways = [w for w in rule.ways if w.context == "turn"]  # a draw asks the turn's ways too
        card = None
    if not ways:
        contexts = say.join(spoken.occasion(c) for c in sorted({w.context for w in rule.ways}))
        said = say(
            "explain.other_occasion",
            action=named,
            occasions=contexts,
            occasion=spoken.occasion(offer.context),
        )
        return said, rule.cites
    ways_by_seat = [w for w in ways if w.who in relation]
    if not ways_by_seat:
        who = say.join(spoken.who(w) for w in sorted({w.who for w in ways}))
        occasion = spoken.occasion(offer.context)
        return say("explain.only_who", occasion=occasion, who=who, action=named), rule.cites
    enabled = [w for w in ways_by_seat if table.play._enabled(w)]
    if not enabled:
        options = {w.if_option or w.unless_option for w in ways_by_seat}
        names = say.join(spoken.word(o) for o in sorted(o for o in options if o))
        return say("explain.option", options=names), rule.cites
    holder = state.seats[seat]
    restricted = table.maker._restricted(state, holder, action, offer)
    if restricted is not None:
        said = say("explain.restricted", restriction=spoken.word(restricted))
        return said, table.play.restrictions[restricted].cites
    if not table.maker._allowed_now(state, rule, offer):
        if rule.needs_replacement:
            return say("explain.no_replacement", action=named), rule.cites
        end = table.play.end
        listed = end.last_discard_allows if offer.context == "discard" else end.last_card_allows
        if not listed:
            return say("explain.last_card_none"), tuple(end.cites)
        allowed = say.join(spoken.word(a) for a in listed)
        return say("explain.last_card", actions=allowed), tuple(end.cites)
    never = _never_of(table, holder, rule, card, spoken)
    if never is not None:
        return never, rule.cites
    if rule.win:
        card = spoken.card(table.card_id(offer.card) or "")
        return say("explain.no_win", card=card), rule.cites
    return say("explain.no_cards", action=named), rule.cites


def _never_offered(table: Table, seat: int, action: str, spoken: Speaker) -> str | None:
    """Why a seat is not asked about the card now offered, when its only way to answer is
    an action whose `never of` rules the card out for it (a claim of a card of the value it
    declared, say)."""
    decision = table.state.decision
    rule = table.play.actions.get(action)
    if decision is None or rule is None or decision.kind != "window":
        return None
    offer = decision.offer
    if offer.card is None or not table.state.playing(seat):
        return None
    if not any(
        way.action == action for way, _ in table.play.ways_for(offer.context, seat, offer.owner)
    ):
        return None
    said = _never_of(table, table.state.seats[seat], rule, offer.card, spoken)
    return None if said is None else said + _cites(rule.cites)


def _never_of(
    table: Table, holder: Seat, rule: ActionRule, card: int | None, spoken: Speaker
) -> str | None:
    """`never of`: the action is never taken with the offered card, or with any of the
    cards held that it would take; None when the filter rules out none of them."""
    never = table.maker.never_cards.of(rule, holder)
    if not never:
        return None
    if card is not None and card in never:
        barred = [card]
    else:
        barred = [held for held in sorted(never) if holder.hand[held]]
    if not barred:
        return None
    cards = " ".join(spoken.card(table.card_id(c) or "") for c in barred)
    action = table.game.compiled.rules.actions[rule.name]
    written = [_filter_text(card_set, holder, spoken) for card_set in action.never_of]
    return spoken.say(
        "explain.never_of", action=spoken.word(rule.name), cards=cards, filter=", ".join(written)
    )


def _filter_text(card_set: ir.CardSet, holder: Seat, spoken: Speaker) -> str:
    """A `never of` filter as the rule file writes it, a declared value read for the seat."""
    words = ["wild"] if card_set.wild else []
    for item in card_set.items:
        if item.card is not None:
            words.append(spoken.card(item.card))
        elif item.declared is not None:
            value = holder.declared.get(item.declared)
            shown = f" ({spoken.word(str(value))})" if value is not None else ""
            words.append(f"declared {spoken.word(item.declared)}{shown}")
        elif item.filters:
            inner = ", ".join(
                f"{spoken.word(f.attribute)} {' '.join(spoken.word(str(v)) for v in f.values)}"
                for f in item.filters
            )
            words.append(f"({inner})")
    return " ".join(words)


def locked_discard(table: Table, seat: int, label: str, lang: str = DEFAULT) -> str | None:
    """Why `discard CARD` is refused when the card belongs to a group that is never split,
    or others go first (the discard clause's `first` cards)."""
    cards = table.game.compiled.cards
    name = label.split(" ", 1)[1] if " " in label else ""
    card = cards.lookup(name) if name else None
    holder = table.state.seats[seat]
    if card is not None and holder.hand[card]:
        first = table.maker.first_cards.held(holder)
        if first and card not in first:
            names = " ".join(cards.display[c] for c in first)
            cites = table.maker.first_cards.cites
            cited = f" [{', '.join(cites)}]" if cites else ""
            return f"while holding {names}, only those may be discarded (discard: first){cited}"
    if card is None or not table.maker.locked(holder.hand, card):
        return None
    spoken = speaker(table.game, lang)
    for kind in table.game.compiled.keep_together:
        admitted = any(card in cards for cards in kind.instances)
        if admitted and kind.keep_together and holder.hand[card] >= kind.keep_together:
            held = spoken.card(cards.ids[card]) * holder.hand[card]
            said = spoken.say("explain.locked", cards=held, group=spoken.word(kind.name))
            return said + _cites(kind.cites)
    return None
