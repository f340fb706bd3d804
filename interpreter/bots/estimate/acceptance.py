"""How many cards still to come would bring a hand nearer complete after each discard.

Discards that leave a hand equally near complete are not equally good: one keeps cards
that many of the unseen cards would join, another keeps cards few would. A card counts for
a discard where, drawn in its place, it lowers the hand's distance
(`bots/measure/distance.py`); each such card counts as many times as it has copies not in
the seat's sight. This is what players call a hand's acceptance: the number of cards that
improve it.

It reads only the compiled rules and what the seat can see. The cards that lower the
distance of the groups are those some nearest completion lacks
(`bots/measure/lacking.py`): one pass over the hand left by each discard tells them all.
The winning forms (`bots/measure/form_distance.py`) are measured per card, as they cost a
few sums, and wild cards count as jokers as `bots/measure/jokers.py` counts them. Where no
completion is reachable, or where the bots measure a hand against plans
(`bots/measure/plans.py`: the least of several distances), the distance is solved anew for
each card kind that may come (`per_card`), as it is asked only among discards already
rated alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablerules.interpreter.bots.estimate.in_sight import unseen
from tablerules.interpreter.bots.measure.distance import UNREACHABLE, Distance, distance_for
from tablerules.interpreter.bots.measure.lacking import Lacking
from tablerules.interpreter.compiling.compiled import CompiledRules
from tablerules.interpreter.compiling.forms import LaidGroup
from tablerules.interpreter.engine import Choice, Table

DISCARD = "discard"


def acceptance(table: Table, seat: int, cards: Sequence[int]) -> dict[int, int]:
    """For each card of `cards` (held cards the seat may discard, each leaving the hand
    equally far from complete), the unseen copies of the cards that, drawn after that
    discard, would bring the hand nearer complete."""
    rules = table.game.compiled
    holder = table.state.seats[seat]
    counts = list(holder.hand)
    kinds = [group.kind for group in holder.table]
    laid = list(holder.table)
    copies = unseen(table, seat)
    found: dict[int, int] = {}
    for discard in cards:
        counts[discard] -= 1
        improving = _improving(rules, counts, kinds, laid, copies)
        counts[discard] += 1
        if improving is None:
            return per_card(table, seat, cards)
        found[discard] = improving
    return found


def _improving(
    rules: CompiledRules,
    counts: list[int],
    kinds: list[int],
    laid: list[LaidGroup],
    copies: list[int],
) -> int | None:
    """The unseen copies of the cards that lower the distance of `counts` drawn; None
    where no completion of its groups is reachable (the distance then is no count of
    cards, and `bots/measure/lacking.py` tells nothing)."""
    measures = _lacking_for(rules)
    if measures is None:
        return None
    plain, lacking = measures
    wilds = rules.wilds.kinds if rules.wilds else frozenset()
    rest = list(counts)
    jokers = 0
    for card in wilds:
        jokers += rest[card]
        rest[card] = 0
    groups, lacks = lacking.lacking(rest, kinds)
    if groups >= UNREACHABLE:
        return None
    forms = plain.forms
    form = forms.distance(rest, laid) if forms is not None else None
    base = groups if form is None else min(groups, form)
    if base - jokers <= 0:
        return 0  # complete already: no card brings it nearer
    total = 0
    for card, unseen_copies in enumerate(copies):
        if not unseen_copies:
            continue
        if card in wilds:
            total += unseen_copies  # one joker more fills one card lacking
            continue
        after = groups - (lacks >> card & 1)
        if forms is not None and form is not None and form <= groups:
            rest[card] += 1  # a form nearer by this card may beat the groups
            nearer = forms.distance(rest, laid)
            rest[card] -= 1
            if nearer is not None and nearer < after:
                after = nearer
        if after < base:
            total += unseen_copies
    return total


def _lacking_for(rules: CompiledRules) -> tuple[Distance, Lacking] | None:
    """The plain distance measure of a compiled rule set and its ways of least cost; None
    where the bots measure against plans (`bots/measure/plans.py`): the least of several distances,
    whose ways one pass does not read."""
    plain = distance_for(rules)
    while not isinstance(plain, Distance):  # the memory and the jokers around it
        plain = getattr(plain, "plain", None)  # type: ignore[assignment]
        if plain is None:
            return None
    return plain, plain.ways


def per_card(table: Table, seat: int, cards: Sequence[int]) -> dict[int, int]:
    """`acceptance` worked out by solving the distance anew for each card that may come,
    asked of those discards alone (`Distance.without_each`)."""
    distance = distance_for(table.game.compiled)
    holder = table.state.seats[seat]
    counts = list(holder.hand)
    kinds = [group.kind for group in holder.table]
    laid = list(holder.table)
    wanted = frozenset(cards)
    base = distance.without_each(counts, kinds, laid, wanted)
    found = dict.fromkeys(wanted, 0)
    for card, copies in enumerate(unseen(table, seat)):
        if not copies:
            continue
        counts[card] += 1
        after = distance.without_each(counts, kinds, laid, wanted)
        counts[card] -= 1
        for discard in wanted:
            if after[discard] < base[discard]:
                found[discard] += copies
    return found


def most_accepting(table: Table, seat: int, choices: Sequence[Choice]) -> list[Choice]:
    """Of the discards among `choices`, those whose hands the most unseen cards improve;
    `choices` as they are where fewer than two discards of different cards are among them."""
    cards = {c.card for c in choices if c.action == DISCARD and c.card is not None}
    if len(cards) < 2 or any(c.action != DISCARD for c in choices):
        return list(choices)
    counted = acceptance(table, seat, sorted(cards))
    most = max(counted.values())
    return [c for c in choices if counted[c.card] == most]  # type: ignore[index]
