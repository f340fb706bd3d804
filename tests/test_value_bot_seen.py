"""The value bot's imagined deals keep what the table has shown of the other hands: a seat
that must discard its declared suit first (四川's 定缺, SC-3), and whose latest discard was
of another suit, holds none of that suit, and no imagined deal gives it one. (They once
did: four or so a seat in mid-hand, so in the roll-outs the other seats could seldom win
and 查花豬 paid the bot at every drawn end, and declining a win looked cheap.)"""

from __future__ import annotations

import random

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.bots import value
from tablerules.interpreter.bots.estimate.seen_absent import cards_not_held
from tablerules.interpreter.bots.players import GreedyBot
from tablerules.interpreter.bots.value import ValueBot
from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.determinise import determinise


@pytest.fixture(scope="module")
def sc() -> Game:
    return load_game("sichuan")


def suit_of(game: Game, card: int) -> str:
    return str(game.compiled.cards.attributes[card]["suit"])


def void_holders(table: Table, seat: int) -> dict[int, str]:
    """Read from the log as a player would: the other seats whose latest move was the
    discard of a tile outside their declared suit, with that suit."""
    found: dict[int, str] = {}
    seen: set[int] = set()
    ids = list(table.game.compiled.cards.ids)
    for event in reversed(table.state.events):
        other = event.get("seat")
        if other is None or other == seat or other in seen:
            continue
        if event["type"] in ("restricted", "outranked", "turn passes"):
            continue
        seen.add(other)
        declared = table.state.seats[other].declared["suit"]
        card = ids.index(event["card"]) if event["type"] == "discard" else None
        if card is not None and suit_of(table.game, card) != declared:
            found[other] = declared
    return found


def mid_hand(game: Game, seed: int, discards: int = 16) -> tuple[Table, int]:
    table = Table(game, seed=seed, dealer=0)
    bots = [GreedyBot(seed * 4 + s) for s in range(4)]
    while not table.finished and table.state.discards_made < discards:
        seat = table.waiting_for()[0]
        table.apply(bots[seat].choose(table, seat))
    assert not table.finished
    return table, table.waiting_for()[0]


def held_of_suit(game: Game, table: Table, seat: int, suit: str) -> int:
    hand = table.state.seats[seat].hand
    return sum(count for card, count in enumerate(hand) if suit_of(game, card) == suit)


def test_the_seats_that_showed_they_hold_no_declared_suit_are_named(sc: Game) -> None:
    told = 0
    for seed in range(5):
        table, seat = mid_hand(sc, seed)
        expected = void_holders(table, seat)
        told += len(expected)
        named = cards_not_held(table, seat)
        assert set(named) == set(expected)
        for other, suit in expected.items():
            assert {suit_of(sc, card) for card in named[other]} == {suit}
            assert held_of_suit(sc, table, other, suit) == 0  # true of the real hand
    assert told >= 5  # by 16 discards most seats have thrown their declared suit away


def test_an_imagined_deal_gives_them_none_and_keeps_every_count(sc: Game) -> None:
    table, seat = mid_hand(sc, 3)
    named = cards_not_held(table, seat)
    hidden = sorted(
        [
            c
            for o in range(4)
            if o != seat
            for c, n in enumerate(table.state.seats[o].hand)
            for _ in range(n)
        ]
        + table.state.wall[table.state.head : table.state.tail]
    )
    for world_seed in range(30):
        world = determinise(table, seat, random.Random(world_seed), named)
        state = world.state
        for other, cards in named.items():
            assert sum(state.seats[other].hand[c] for c in cards) == 0
        for other in range(4):
            assert sum(state.seats[other].hand) == sum(table.state.seats[other].hand)
        again = sorted(
            [
                c
                for o in range(4)
                if o != seat
                for c, n in enumerate(state.seats[o].hand)
                for _ in range(n)
            ]
            + state.wall[state.head : state.tail]
        )
        assert again == hidden
        assert state.seats[seat].hand == table.state.seats[seat].hand


def test_without_anything_named_the_deal_is_the_plain_one(sc: Game) -> None:
    table, seat = mid_hand(sc, 3)
    for world_seed in range(5):
        plain = determinise(table, seat, random.Random(world_seed))
        empty = determinise(table, seat, random.Random(world_seed), {})
        assert [s.hand for s in plain.state.seats] == [s.hand for s in empty.state.seats]
        assert plain.state.wall == empty.state.wall


def test_the_value_bots_roll_outs_give_no_seat_a_suit_it_showed_it_lacks(
    sc: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the bot itself: every imagined table it plays a choice out on."""
    played: list[tuple[Table, dict[int, str]]] = []

    def recorder(world: Table, choice: object, seat: int, seed: int) -> int:
        played.append((world, expected))
        return 0

    monkeypatch.setattr(value, "play_out", recorder)
    for seed in range(40):
        table = Table(sc, seed=seed, dealer=0)
        bots = [GreedyBot(seed * 4 + s) for s in range(4)]
        while not table.finished and not played:
            seat = table.waiting_for()[0]
            if seat == 0 and table.state.discards_made >= 12:
                expected = void_holders(table, seat)
                if expected:
                    ValueBot(1, samples=3, win_samples=3).choose(table, seat)
            table.apply(bots[seat].choose(table, seat))
        if played:
            break
    assert played, "the bot never searched"
    for world, lacking in played:
        for other, suit in lacking.items():
            assert held_of_suit(sc, world, other, suit) == 0
