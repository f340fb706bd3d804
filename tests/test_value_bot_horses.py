"""The value bot weighs a discard win against waiting for its own draw by the money the
file pays: on one constructed last-card position, one horse against two decides it.

The position (跑馬仔, the last card of the wall still to come, the last discard not to be
won on): seat 0 may win on seat 3's discard, paid 2 units (20), or pass and draw the last
card itself. Five of the 37 cards it cannot see complete its hand; nobody else can take
the discard (every other copy of it is in sight). A self-draw on the last card is paid
2 units by each other seat and its horses come from an empty wall, so every horse hits
(PMZ-15: missing counts as hit), each paid 2 units by each other seat:

    one horse:  5/37 × (60 + 60)  ≈ 16.2  <  20   take the win
    two horses: 5/37 × (60 + 120) ≈ 24.3  >  20   pass and draw

A bot that reads the payoffs must choose differently under the two files. A slow test
asks it the same at every declinable win of many hands greedy bots play, under both files.
"""

from __future__ import annotations

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.bots.players import GreedyBot
from tablerules.interpreter.bots.value import ValueBot, mean_and_error
from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.determinise import clone
from tablerules.interpreter.engine.state import TableGroupState

UNIT = 10
OPTIONS = {"win_on_last_discard": "false", "unit": str(UNIT)}
OWN = "2m 3m 4m 6m 7m 8m 9p 9p 3s 4s 5s 6s 7s"  # waits on 2s, 5s and 8s
DISCARD = "2s"  # seat 3's discard: seat 0 may win on it
# in sight: the other 2s (nobody else may take the discard), two of the 8s
SHOWN_PONG = "9m 9m 9m"  # seat 3's pong on the table
HIDDEN = {  # the cards seat 0 cannot see: three hands and the wall's last card
    1: "1m 1m 1m 1m 5m 5m 5m 5m 1p 1p 1p 8s 8s",
    2: "2p 2p 2p 3p 3p 3p 3p 4p 4p 4p 4p 5p 5s",
    3: "5p 5p 5p 6p 6p 6p 6p 7p 5s 5s",
}
WALL = "7p"  # the last card of the wall
OUTS = 5  # 5s ×3 and 8s ×2 among the hidden cards
POSITION_HANDS = 500  # greedy hands whose declinable wins are compared under both files


def cards(game: Game, text: str) -> list[int]:
    index = {card_id: number for number, card_id in enumerate(game.compiled.cards.ids)}
    return [index[word] for word in text.split()]


def last_card_window(game: Game) -> Table:
    """The position of the module, seat 3's discard on offer to seat 0."""
    table = Table(game, seed=0, dealer=0)
    state = table.state
    kinds = len(state.seats[0].hand)
    everything = [
        card for card, count in enumerate(game.compiled.cards.copies_of) for _ in range(count)
    ]
    placed: list[int] = []

    def hand_of(text: str) -> list[int]:
        counts = [0] * kinds
        for card in cards(game, text):
            counts[card] += 1
            placed.append(card)
        return counts

    state.seats[0].set_hand(hand_of(OWN))
    state.seats[1].set_hand(hand_of(HIDDEN[1]))
    state.seats[2].set_hand(hand_of(HIDDEN[2]))
    state.seats[3].set_hand(hand_of(HIDDEN[3] + " " + DISCARD))
    pong = next(i for i, kind in enumerate(game.compiled.kinds) if kind.name == "刻")
    state.seats[3].table = [
        TableGroupState(pong, cards(game, SHOWN_PONG), False, "碰", claimed=True)
    ]
    placed += cards(game, SHOWN_PONG)
    wall = cards(game, WALL)
    placed += wall
    rest = list(everything)
    for card in placed:
        rest.remove(card)
    for seat in state.seats:
        seat.discards = []
    for number, card in enumerate(rest):  # every other card discarded, in sight
        state.seats[number % 3].discards.append(card)
    state.wall = wall
    state.head, state.tail = 0, len(wall)
    state.decision = None
    state.turn = 3
    table._discard(3, cards(game, DISCARD)[0])
    return table


def test_the_position_is_what_the_arithmetic_says() -> None:
    game = load_game("paomazai", OPTIONS)
    table = last_card_window(game)
    assert [c.action for c in table.legal_actions(0)] == ["胡", "pass"]
    assert table.waiting_for() == [0]
    assert sum(sum(table.state.seats[s].hand) for s in (1, 2, 3)) + 1 == 37
    self_draw = 2 * UNIT * 3
    horse = 2 * UNIT * 3
    assert OUTS / 37 * (self_draw + horse) < 2 * UNIT < OUTS / 37 * (self_draw + 2 * horse)


def test_one_horse_takes_the_win_two_horses_wait_for_the_draw() -> None:
    one = last_card_window(load_game("paomazai", OPTIONS))
    two = last_card_window(load_game("paomazai-two-horses", OPTIONS))
    assert ValueBot(1, win_samples=200, win_limit=2000).choose(one, 0).action == "胡"
    assert ValueBot(1, win_samples=200, win_limit=2000).choose(two, 0).action == "pass"


def declinable_wins(game: Game, seed: int) -> list[Table]:
    """Copies of the positions, in one hand greedy bots play from `seed`, where seat 0 may
    win on another seat's card or decline it. The greedy play reads no money, so two files
    that differ only in what they pay give the same positions."""
    table = Table(game, seed=seed, dealer=seed % 4)
    bots = [GreedyBot(seed * 4 + s) for s in range(4)]
    actions = table.play.actions
    found: list[Table] = []
    while not table.finished:
        seat = table.waiting_for()[0]
        choices = table.legal_actions(seat)
        wins = [c for c in choices if c.action in actions and actions[c.action].win]
        decision = table.state.decision
        if seat == 0 and wins and len(wins) < len(choices) and decision.kind != "turn":
            found.append(clone(table))
        table.apply(bots[seat].choose(table, seat))
    return found


def waiting_gains(game: Game, seed: int) -> list[tuple[bool, list[int]]]:
    """At each such position: whether the value bot declines, and the differences its
    imagined deals found (money after declining less money after winning)."""
    found = []
    for number, table in enumerate(declinable_wins(game, seed)):
        bot = ValueBot(seed * 1000 + number)
        gains: list[int] = []
        play_outs = bot._play_outs

        def recording(*args: object, play_outs=play_outs, gains=gains) -> list[list[int]]:
            money = play_outs(*args)  # type: ignore[arg-type]
            gains.extend(b - a for a, b in zip(money[0], money[1], strict=True))
            return money

        bot._play_outs = recording  # type: ignore[method-assign]
        choice = bot.choose(table, 0)
        rule = table.play.actions.get(choice.action)
        found.append((rule is None or not rule.win, gains))
    return found


@pytest.mark.slow
def test_a_second_horse_makes_waiting_worth_more_on_the_same_positions() -> None:
    """On the positions of `POSITION_HANDS` greedy hands, the value bot's imagined deals
    (the same deals under both files) value declining a discard win more under two horses,
    by a margin clear of noise, and where its choice differs it declines more often under two
    horses. docs/simulate.md ("One horse or two") gives the figures of 2,000 hands."""
    one, two = load_game("paomazai"), load_game("paomazai-two-horses")
    shifts: list[float] = []
    declined = [0, 0]
    only = [0, 0]
    for seed in range(POSITION_HANDS):
        pairs = zip(waiting_gains(one, seed), waiting_gains(two, seed), strict=True)
        for (pass_one, gains_one), (pass_two, gains_two) in pairs:
            common = min(len(gains_one), len(gains_two))
            shift = sum(b - a for a, b in zip(gains_one[:common], gains_two[:common], strict=True))
            shifts.append(shift / common)
            declined[0] += pass_one
            declined[1] += pass_two
            only[0] += pass_one and not pass_two
            only[1] += pass_two and not pass_one
    mean, error = mean_and_error(shifts)
    print(f"positions {len(shifts)}, declined {declined}, only one side {only}")
    print(f"shift of waiting's worth {mean:.2f} ± {1.96 * error:.2f}")
    assert mean > 3 * error > 0
    assert only[1] > only[0]
