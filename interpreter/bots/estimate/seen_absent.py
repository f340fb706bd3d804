"""Cards another seat's hidden hand cannot hold, as every seat at the table can tell.

A discard clause's `first` cards (the cards of a value a seat declared, shown) must be
discarded while they are held: so a seat whose latest move was the discard of some other
card holds none of them now. Imagined deals for roll-outs (`determinise`) that ignore this
hand the other seats cards they would long have thrown away; those seats then look far
from a win (a hand holding them may not win, say), and declining a win, or playing on,
looks cheaper to the searching bot than it is.

Only what the seat saw is read: the declarations (when they are shown), the other seats'
discards and whether they have moved since. Where a declaration is hidden, or 'never
split' groups may keep `first` cards in a hand (they are not discarded while locked),
nothing is inferred.
"""

from __future__ import annotations

from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.phases.flow import game_phases
from tablerules.interpreter.search.never_split import kept_sizes

# a seat's events that move no card into its hand (its latest move stays its discard)
QUIET = frozenset({"restricted", "outranked", "turn passes", "locked"})


def cards_not_held(table: Table, seat: int) -> dict[int, frozenset[int]]:
    """For each other seat still playing whose latest move was the discard of a card
    outside its `first` cards, those cards (it holds none of them); {} where the file
    has no such cards or they cannot be told."""
    first = table.maker.first_cards
    if not first.active or _hidden_or_locked(table):
        return {}
    state = table.state
    index = {code: card for card, code in enumerate(table.game.compiled.cards.ids)}
    pending = {s for s in range(len(state.seats)) if s != seat and state.playing(s)}
    found: dict[int, frozenset[int]] = {}
    for event in reversed(state.events):
        other = event.get("seat")
        if other not in pending or event.get("type") in QUIET:
            continue
        pending.discard(other)
        if event.get("type") == "discard":
            cards = first.cards(state.seats[other])
            card = index.get(event.get("card", ""))
            if cards and card is not None and card not in cards:
                found[other] = cards
        if not pending:
            break
    return found


def _hidden_or_locked(table: Table) -> bool:
    """Whether a declaration is hidden from the other seats, or locked groups may hold
    `first` cards back: then a discard tells nothing of them."""
    shared = table.game.shared
    known = shared.get("seen absent")
    if known is None:
        phases = game_phases(table)
        hidden = any(p.kind == "declaration" and not p.shown for p in phases)
        known = shared["seen absent"] = hidden or any(kept_sizes(table.game.compiled))
    return bool(known)
