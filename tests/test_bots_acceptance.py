"""Among discards that leave a hand equally far from complete, the value bot keeps the hand
open to the most cards still to come (`bots/estimate/acceptance.py`).

The position (跑馬仔, PMZ-4: four groups and a pair, pongs and runs): seat 0, the dealer,
holds 1m2m3m 4p5p6p 7s8s9s, a pair of 東 and three loose cards, 北 西 5m, and must
discard. Each loose card given away leaves the hand two cards from complete: a fourth group
lacks two cards, or the 東 pair a third card and a loose card its pair. Worked by hand,
the cards that bring it to one card from complete:

* keeping 西 and 5m (北 given away): 西 (3 unseen copies) and 5m (3) make a second pair
  beside the 東 pair; 東 (2) makes a pong; 3m (3: one is held), 4m, 6m, 7m (4 each) make a
  run with 5m missing one card: 3 + 3 + 2 + 3 + 4 + 4 + 4 = 23;
* keeping 北 and 5m (西 given away): the same with 北 for 西: 23;
* keeping 北 and 西 (5m given away): 北 (3), 西 (3) and 東 (2): 8.

With one 4m in another seat's discards, 4m has 3 unseen copies, and both 23s become 22.
"""

from __future__ import annotations

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.bots.estimate.acceptance import acceptance, most_accepting
from tablerules.interpreter.bots.measure.distance import distance_for
from tablerules.interpreter.bots.players import GreedyBot, rank_choices
from tablerules.interpreter.bots.value import ValueBot
from tablerules.interpreter.engine import Table

from tests.set_positions import cards, to_discard

OWN = "1m 2m 3m 4p 5p 6p 7s 8s 9s E E N W 5m"  # 14: the dealer's hand, its draw last


@pytest.fixture(scope="module")
def pmz() -> Game:
    return load_game("paomazai")


def position(game: Game, shown: str = "", seed: int = 0) -> Table:
    """Seat 0 to discard from OWN; the cards of `shown` in seat 1's discards."""
    return to_discard(game, OWN, {1: shown} if shown else {}, seed)


def test_the_greedy_bot_rates_the_three_loose_cards_alike(pmz: Game) -> None:
    table = position(pmz)
    alike = {c.card for c in GreedyBot(0).alike(table, 0)}
    assert alike == set(cards(pmz, "N W 5m"))


def test_the_cards_that_improve_each_discard_are_counted_by_their_unseen_copies(
    pmz: Game,
) -> None:
    north, west, five = cards(pmz, "N W 5m")
    assert acceptance(position(pmz), 0, [north, west, five]) == {north: 23, west: 23, five: 8}
    shown = acceptance(position(pmz, shown="4m"), 0, [north, west, five])
    assert shown == {north: 22, west: 22, five: 8}


def test_the_most_accepting_discards_are_kept_among_the_alike(pmz: Game) -> None:
    table = position(pmz)
    alike = GreedyBot(0).alike(table, 0)
    kept = {c.card for c in most_accepting(table, 0, alike)}
    assert kept == set(cards(pmz, "N W"))


def test_far_from_complete_the_value_bot_discards_among_the_most_accepting(pmz: Game) -> None:
    """At every position of greedy hands where a seat discards three cards or more from
    complete (the value bot plays no roll-out there, and 跑馬仔's settlement reads no score
    to estimate), its discard is one of those the most unseen cards improve on, among the
    discards the greedy bot rates alike; the test needs positions where that excludes some."""
    narrowed = 0
    for seed in range(6):
        table = Table(pmz, seed=seed, dealer=0)
        bots = [GreedyBot(seed * 4 + s) for s in range(4)]
        while not table.finished and narrowed < 25:
            seat = table.waiting_for()[0]
            choices = table.legal_actions(seat)
            if all(c.action == "discard" for c in choices) and len(choices) > 1:
                ranked = rank_choices(table, seat, choices)
                alike = GreedyBot(0).alike(table, seat)
                kept = most_accepting(table, seat, alike)
                if ranked[0][1] > 2 and len(kept) < len(alike):
                    narrowed += 1
                    picked = ValueBot(seed).choose(table, seat)
                    assert picked in kept, (seed, len(table.state.events))
            table.apply(bots[seat].choose(table, seat))
    assert narrowed >= 10


@pytest.mark.parametrize("name", ["paomazai", "paohuzi", "hongzhong", "changsha"])
def test_the_distance_of_some_cards_set_aside_is_that_of_every_card(name: str) -> None:
    """`without_each` asked of some held cards alone (as the acceptance asks it) answers
    for them what it answers asked of every held card: on the hands greedy bots hold, wild
    cards (紅中) and winning forms (長沙) included."""
    game = load_game(name)
    distance = distance_for(game.compiled)
    asked = 0
    for seed in range(3):
        table = Table(game, seed=seed, dealer=0)
        bots = [GreedyBot(seed * 4 + s) for s in range(table.play.seats)]
        while not table.finished and asked < 60:
            seat = table.waiting_for()[0]
            holder = table.state.seats[seat]
            held = [card for card, count in enumerate(holder.hand) if count]
            kinds = [group.kind for group in holder.table]
            laid = list(holder.table)
            some = frozenset(held[::2])
            whole = distance.without_each(list(holder.hand), kinds, laid)
            part = distance.without_each(list(holder.hand), kinds, laid, some)
            assert part == {card: whole[card] for card in some}, (seed, seat)
            asked += 1
            table.apply(bots[seat].choose(table, seat))
    assert asked >= 60
