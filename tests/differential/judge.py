"""What `Game.evaluate` says of a seat's hand at a recorded moment, and where the engine's
offer disagrees with it.

The situation is rebuilt from the moment alone: the concealed cards (without the offered
card, when it was already in its owner's hand), the table groups read back through the
evaluator's own check of a table group, the offered card as the winning card, and the
conditions of the win: how the card came, the seat's relation to its owner, the seat
counted from the dealer, the first draw, the first discard, the last card, the round, the
dealer's streak and, with wild cards, the copies in sight elsewhere (no wild is read as a
copy more than the deck has: RULES.md P2-1). A win the rules count with the groups a
forced action would make with the card is judged on each such outcome as well.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablerules.interpreter.api import Game
from tablerules.interpreter.compiling.compiled import FIELD_BITS
from tablerules.interpreter.compiling.conditions import RELATIONS, WIN_FROM, WinConditions
from tablerules.interpreter.hand.evaluate import HandError, TableGroup

from differential.watch import Moment

# how a card offered in a context reaches a seat, as `tablerules evaluate --from` says it
HOW = {
    ("draw", True): "self",
    ("replacement", True): "replacement",
    ("deal card", True): "shown",
    ("draw", False): "draw",
    ("deal card", False): "shown",
    ("discard", False): "discard",
    ("added card", False): "robbed",
}


@dataclass(frozen=True)
class Mismatch:
    """A seat whose win the engine and `evaluate` judge differently at one moment."""

    seat: int
    offered: bool  # what the engine did
    wins: bool  # what evaluate says
    why: str


def judge_moment(game: Game, moment: Moment) -> list[Mismatch]:
    """Every seat of the moment where the engine's offer and `evaluate` disagree (judged
    with the card turned up at the deal, where one chose the wild)."""
    if moment.turned is not None:
        game = game.with_turned(moment.turned)
    found = []
    for seat in sorted(moment.open_to | moment.offered):
        offered = seat in moment.offered
        if seat not in moment.open_to:
            found.append(Mismatch(seat, offered, False, "a win offered that no way opens"))
            continue
        try:
            wins = seat_wins(game, moment, seat)
        except HandError as error:
            found.append(Mismatch(seat, offered, False, f"evaluate refuses the hand: {error}"))
            continue
        if wins != offered:
            found.append(Mismatch(seat, offered, wins, "the engine and evaluate disagree"))
    return found


def seat_wins(game: Game, moment: Moment, seat: int) -> bool:
    """Whether `evaluate` says the seat wins on the offered card."""
    offer = moment.offer
    card = offer.card
    assert card is not None
    own = seat == offer.owner
    how = HOW[(offer.context, own)]
    context, relation, source = WIN_FROM[how]
    seats = len(moment.seats)
    from_dealer = (seat - moment.dealer) % seats
    if how == "shown" and from_dealer == 0:
        relation, source = "self", "self"
    if not own:
        relation = "next" if seat == (offer.owner + 1) % seats else "other"
    conditions = WinConditions(
        context=context,
        relation=RELATIONS[relation],
        last_card=moment.last_card,
        after_replacement=moment.after_replacement,
        after_last_card=moment.after_last_card,
        first_discard=moment.first_discard,
        first_draw=moment.first_draw and own,
        seat=from_dealer,
        round=moment.round,
        streak=moment.streak,
        declared=moment.seats[seat].declared,
        elsewhere=_elsewhere(game, moment, seat) if game.compiled.wilds else 0,
    )
    cards = moment.seats[seat]
    counts = list(cards.hand)
    if own and moment.held:
        counts[card] -= 1
    hand = [c for c, n in enumerate(counts) for _ in range(n)]
    table = [_table_group(game, kind, group, claimed) for kind, group, claimed in cards.table]
    judged = game.evaluate(hand, table, card, source, conditions=conditions)
    if judged.wins and judged.immediate is None:  # a win at once is taken, never offered
        return True
    for forced_seat, outcomes in moment.forced:
        if forced_seat != seat:
            continue
        for left, groups in outcomes:
            if game.evaluate(left, groups, conditions=conditions).wins:
                return True
    return False


def _elsewhere(game: Game, moment: Moment, seat: int) -> int:
    """The copies of each card kind in sight outside the seat's own cards, packed one field
    per kind: the other seats' table groups and every discard, a discard on offer not
    counted among its owner's discards (it is the winning card)."""
    counts = [0] * len(game.compiled.cards)
    for index, cards in enumerate(moment.seats):
        if index != seat:
            for _, group, _ in cards.table:
                for card in group:
                    counts[card] += 1
        for card in cards.discards:
            counts[card] += 1
    offer = moment.offer
    if offer.context == "discard" and offer.card in moment.seats[offer.owner].discards:
        counts[offer.card] -= 1
    return sum(count << (card * FIELD_BITS) for card, count in enumerate(counts))


def _table_group(game: Game, kind: int, cards: tuple[int, ...], claimed: bool) -> TableGroup:
    """A table group as `evaluate` reads one: checked against its kind (raises HandError)."""
    checked = game.evaluator.table_group(game.compiled.kinds[kind].name, cards)
    return TableGroup(checked.kind, checked.cards, claimed)
