"""The value bot, choosing among discards that leave its hand equally far from complete,
gives away the one least likely to be won on (`bots/estimate/danger.py`).

The position (跑馬仔, PMZ-3: a win on another seat's discard; PMZ-4: four groups and a
pair): seat 0, the dealer, holds three runs and five loose cards, 2m 5m 東 北 西, and must
discard. The greedy bot rates several of them alike (each leaves the hand as far from
complete). The three other 北 lie in the other seats' discards, so no seat can hold a pair
of 北 or two of them: 北 completes no group for anyone, and nobody can be waiting on it.
Every other loose card can still finish a pair, a pong or a run for another seat.
"""

from __future__ import annotations

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.bots.estimate.danger import Danger
from tablerules.interpreter.bots.estimate.seen_absent import cards_not_held
from tablerules.interpreter.bots.players import GreedyBot
from tablerules.interpreter.bots.value import ValueBot
from tablerules.interpreter.engine import Table

from tests.set_positions import cards, to_discard

OWN = "1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 5m E N W"  # 14: the dealer's hand, its draw included
IN_SIGHT = "N N N"  # one in each other seat's discards
SAFE = "N"


@pytest.fixture(scope="module")
def pmz() -> Game:
    return load_game("paomazai")


def position(game: Game, seed: int = 0) -> Table:
    """Seat 0 to discard from OWN, one copy of IN_SIGHT in each other seat's discards."""
    shown = IN_SIGHT.split()
    return to_discard(game, OWN, {1: shown[0], 2: shown[1], 3: shown[2]}, seed)


def test_the_greedy_bot_rates_the_safe_card_alike_with_others(pmz: Game) -> None:
    table = position(pmz)
    alike = {c.card for c in GreedyBot(0).alike(table, 0) if c.action == "discard"}
    safe = cards(pmz, SAFE)[0]
    assert safe in alike and len(alike) >= 2
    picks = {GreedyBot(seed).choose(table, 0).card for seed in range(12)}
    assert picks - {safe}, "the greedy bot gives away other cards too"


def test_no_seat_can_wait_on_a_card_whose_copies_are_all_in_sight(pmz: Game) -> None:
    table = position(pmz)
    danger = Danger(table, 0)
    assert danger.active
    safe = cards(pmz, SAFE)[0]
    assert danger.of(safe) == 0
    for loose in cards(pmz, "2m 5m E W"):
        assert danger.of(loose) > 0


def test_the_value_bot_gives_away_the_card_nobody_can_win_on(pmz: Game) -> None:
    safe = cards(pmz, SAFE)[0]
    for seed in range(12):
        table = position(pmz, seed % 3)
        choice = ValueBot(seed).choose(table, 0)
        assert choice.action == "discard" and choice.card == safe, seed


def test_a_card_the_others_let_pass_is_safe_against_them(pmz: Game) -> None:
    """Seat 0 discards 西 and nobody wins on it; seat 1 draws. In seat 1's view, seats 2
    and 3 let that 西 pass and have not moved since, so they cannot win on a 西 now (a seat
    that wins whenever it can would have won on the first; PMZ-23 forbids it a passed win
    until it draws). A card that did not pass them stays a danger."""
    table = position(pmz)
    west, east = cards(pmz, "W E")
    table.apply(next(c for c in table.legal_actions(0) if c.card == west))
    while table.waiting_for() != [1] or table.state.decision.kind != "turn":
        seat = table.waiting_for()[0]
        table.apply(next(c for c in table.legal_actions(seat) if c.action == "pass"))
    danger = Danger(table, 1)
    assert danger.against(2, west) == 0 and danger.against(3, west) == 0
    assert table.state.seats[1].hand[east] < 4
    assert danger.against(2, east) > 0 and danger.against(3, east) > 0
    assert danger.against(0, west) > 0  # seat 0 did not let its own discard pass


def test_no_danger_where_no_seat_may_win_on_a_discard() -> None:
    game = load_game("paomazai", {"self_draw_only": "true"})  # 自摸桌, PMZ-20
    table = position(game)
    danger = Danger(table, 0)
    assert not danger.active
    greedy = GreedyBot(0).choose(table, 0)
    assert danger.safest(table.legal_actions(0), greedy) == greedy


def test_no_danger_from_a_seat_in_a_suit_it_showed_it_holds_none_of() -> None:
    """四川 (SC-3): a seat that declared a suit void and whose latest discard was of
    another suit holds none of it; it cannot be waiting on a card of it, nor on a group
    that needs one. Before, those cards counted as dangerous as any other."""
    game = load_game("sichuan")
    checked = 0
    for seed in range(6):
        table = Table(game, seed=seed, dealer=0)
        bots = [GreedyBot(seed * 4 + s) for s in range(4)]
        while not table.finished and table.state.discards_made < 16:
            seat = table.waiting_for()[0]
            table.apply(bots[seat].choose(table, seat))
        if table.finished:
            continue
        seat = table.waiting_for()[0]
        danger = Danger(table, seat)
        for other, absent in cards_not_held(table, seat).items():
            if other not in danger.passed:
                continue
            for card in absent:
                if card not in danger.passed[other]:
                    assert danger.against(other, card) == 0
                    checked += 1
            held = [c for c in range(len(table.state.seats[other].hand)) if c not in absent]
            assert any(danger.against(other, card) > 0 for card in held)
    assert checked >= 5
