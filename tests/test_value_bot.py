"""The value bot: it plays for the money the rule file pays — it declines a win on another
seat's card when its own draw pays far more, takes it when it does not — sees only what its
seat sees, and plays whole hands of every bundled file reproducibly. (How its play changes
under two horses or 名堂, and its money against greedy bots, are measured with `simulate`
in docs/simulate.md: runs too long for the suite.)"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tablerules.dsl.loading.bundled import bundled_files
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.bots.estimate.hand_value import hand_value_for
from tablerules.interpreter.bots.players import GreedyBot, make_bot, play_hand
from tablerules.interpreter.bots.sampling import SamplingBot
from tablerules.interpreter.bots.value import ValueBot
from tablerules.interpreter.engine import Choice, Table
from tablerules.interpreter.engine.determinise import ask_again, determinise
from tablerules.interpreter.engine.state import Offer

BASE_FILES = [path for path in bundled_files() if path.parent.name != "variants"]
# 跑馬仔 with a win on a discard paid `discard` units and a self-draw `own` from each other.
PAYING = """extends "paomazai"
override settle win [PMZ-16] {{
  on discard: discarder pays {discard} × unit "食糊"
  on draw: each other pays {own} × unit "自摸"
  on replacement: each other pays {own} × unit "槓上自摸"
  on added card: robbed pays {discard} × unit "搶槓"
}}
"""


def paying(tmp_path: Path, name: str, discard: int, own: int) -> Game:
    path = tmp_path / f"{name}.rules"
    path.write_text(PAYING.format(discard=discard, own=own), encoding="utf-8")
    return load_game(path)


def a_discard_win(game: Game) -> tuple[Table, int]:
    """The first window, in hands greedy bots play, where one seat alone may win on another
    seat's discard (early enough in the hand for its own draw to come)."""
    for seed in range(200):
        table = Table(game, seed=seed, dealer=0)
        bots = [GreedyBot(seed * 4 + s) for s in range(4)]
        while not table.finished:
            seat = table.waiting_for()[0]
            decision = table.state.decision
            if (
                decision is not None
                and decision.kind == "window"
                and len(decision.options) == 1
                and table.state.tail - table.state.head > 40
                and any(c.action == "胡" for c in table.legal_actions(seat))
            ):
                return table, seat
            table.apply(bots[seat].choose(table, seat))
    raise AssertionError("no lone discard win in 200 hands")


def test_it_waits_for_its_own_draw_when_that_pays_far_more(tmp_path: Path) -> None:
    cheap = paying(tmp_path, "cheap", discard=1, own=40)
    dear = paying(tmp_path, "dear", discard=40, own=1)
    # greedy bots never read the payments: both files reach the same window
    table, seat = a_discard_win(cheap)
    again, same = a_discard_win(dear)
    assert same == seat and again.state.seats[seat].hand == table.state.seats[seat].hand
    assert ValueBot(1).choose(table, seat).action == "pass"
    assert ValueBot(1).choose(again, seat).action == "胡"


def test_it_does_not_peek(pmz: Game) -> None:
    """Its choice is the same on any table that differs only in the cards it cannot see."""
    table, seat = a_discard_win(pmz)
    on_real = ValueBot(5, win_samples=4).choose(table, seat)
    for world_seed in (1, 2):
        world = determinise(table, seat, random.Random(world_seed))
        assert ValueBot(5, win_samples=4).choose(world, seat) == on_real


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(path, marks=pytest.mark.slow) if path.stem == "hongkong" else path
        for path in BASE_FILES
    ],
    ids=lambda p: p.stem,
)
def test_it_plays_whole_hands_reproducibly(path: Path) -> None:
    """On every bundled base file (phases before play, 番 and jokers included), with a
    small budget: the search is the default's, fewer deals."""
    game = load_game(path)

    def hand() -> list[dict]:
        seats = Table(game, seed=3).play.seats
        bots = [
            ValueBot(3 * seats, samples=2, win_samples=2),
            *(GreedyBot(3 * seats + s) for s in range(1, seats)),
        ]
        return play_hand(game, bots, 3, dealer=0).events

    first = hand()
    assert first[-1]["type"] == "end"
    assert hand() == first


def test_it_is_made_by_name_with_its_budget() -> None:
    bot = make_bot("value", 1, {"samples": 3})
    assert isinstance(bot, ValueBot) and bot.samples == 3


def test_a_copy_keeps_what_the_seats_declared_before_play() -> None:
    """四川's void suits, declared in a phase, steer what a seat may discard: a copy for
    roll-outs keeps them (it once dropped them, and played another game)."""
    game = load_game("sichuan")
    table = Table(game, seed=4)
    while table.state.decision is not None and table.state.decision.kind == "phase":
        for seat in list(table.waiting_for()):
            table.apply(table.legal_actions(seat)[0])
    declared = [dict(seat.declared) for seat in table.state.seats]
    assert all(declared)
    world = determinise(table, 0, random.Random(1))
    assert [seat.declared for seat in world.state.seats] == declared


def test_a_copy_leaves_the_dealers_shown_card_in_the_dealers_hand(phz: Game) -> None:
    """跑胡子's dealer shows its last card, which stays in its hand while the others may
    claim it: a copy for roll-outs deals the dealer's other cards again, never that one
    (taking it from a hand that no longer held it broke the roll-out)."""
    for seed in range(100, 600):
        table = Table(phz, seed=seed, dealer=0)
        while table.state.decision is not None and table.state.decision.kind == "turn":
            only = table.legal_actions(table.waiting_for()[0])
            if len(only) != 1:
                break
            table.apply(only[0])  # the dealer's moves that leave it no choice
        decision = table.state.decision
        if decision is None or decision.offer.context != "deal card":
            continue
        asked = [s for s in decision.options if s != decision.offer.owner]
        if not asked:
            continue
        owner, card = decision.offer.owner, decision.offer.card
        for world_seed in range(20):
            world = determinise(table, asked[0], random.Random(world_seed))
            assert world.state.seats[owner].hand[card] >= 1
            assert sum(world.state.seats[owner].hand) == sum(table.state.seats[owner].hand)
        return
    raise AssertionError("no window on the dealer's shown card in 500 hands")


def test_the_estimate_reads_only_scores_the_settlement_pays_by() -> None:
    """名堂 multiply the money in the preset, so the bot weighs them far from complete; the
    same patterns counted under the base payoffs pay nothing, and it does not."""
    examples = Path(__file__).resolve().parents[1] / "docs" / "examples"
    paid = hand_value_for(load_game("paohuzi-mingtang"))
    assert paid.active and paid.scores == ["名堂"]
    assert not hand_value_for(load_game(examples / "paohuzi-mingtang-counted.rules")).active
    assert not hand_value_for(load_game("paomazai")).active


def test_a_copy_leaves_a_card_being_added_in_its_owners_hand(pmz: Game) -> None:
    """A card added onto a table group stays in its owner's hand while the others may win
    on it (robbing the kong); passing then completes the group from that hand. A copy
    for roll-outs keeps it there (dealing it away broke the roll-out's hand counts)."""
    table = Table(pmz, seed=1, dealer=0)
    owner = 1
    card = next(c for c, n in enumerate(table.state.seats[owner].hand) if n)
    decision = table.state.decision
    assert decision is not None
    upgrade = Choice(seat=owner, action="明槓", label="明槓", card=card, table_index=0)
    decision.offer = Offer("added card", owner, card, pending=upgrade, pending_context="draw")
    for world_seed in range(20):
        world = determinise(table, 0, random.Random(world_seed))
        assert world.state.seats[owner].hand[card] >= 1
        assert sum(world.state.seats[owner].hand) == sum(table.state.seats[owner].hand)


def a_shared_discard_win(game: Game) -> tuple[Table, int]:
    """As `a_discard_win`, in a window another seat is asked in too."""
    for seed in range(400):
        table = Table(game, seed=seed, dealer=0)
        bots = [GreedyBot(seed * 4 + s) for s in range(4)]
        while not table.finished:
            seat = table.waiting_for()[0]
            decision = table.state.decision
            if (
                decision is not None
                and decision.kind == "window"
                and len(decision.options) > 1
                and decision.offer.owner not in decision.options
                and table.state.tail - table.state.head > 40
                and [c.action for c in table.legal_actions(seat)] == ["胡", "pass"]
            ):
                return table, seat
            table.apply(bots[seat].choose(table, seat))
    raise AssertionError("no shared discard win in 400 hands")


def test_it_weighs_a_win_in_a_window_other_seats_are_asked_in(tmp_path: Path) -> None:
    """Its answer is its own even where another seat may claim the same card: the roll-outs
    ask the other seats again as each imagined deal holds them. (It once took every such
    win, whatever its own draw paid.)"""
    cheap = paying(tmp_path, "cheap", discard=1, own=40)
    dear = paying(tmp_path, "dear", discard=40, own=1)
    table, seat = a_shared_discard_win(cheap)
    again, same = a_shared_discard_win(dear)
    assert same == seat and again.state.seats[seat].hand == table.state.seats[seat].hand
    assert ValueBot(1).choose(table, seat).action == "pass"
    assert ValueBot(1).choose(again, seat).action == "胡"


def test_it_does_not_peek_where_other_seats_are_asked(pmz: Game) -> None:
    """What the other seats of a window were offered comes from their real cards: the
    choice is the same on copies that deal those cards (and so those offers) otherwise."""
    table, seat = a_shared_discard_win(pmz)
    on_real = ValueBot(5, win_samples=4).choose(table, seat)
    for world_seed in (1, 2, 3):
        world = determinise(table, seat, random.Random(world_seed))
        ask_again(world, seat)
        assert ValueBot(5, win_samples=4).choose(world, seat) == on_real


def test_asking_again_offers_the_imagined_hands_and_keeps_the_seats_own(pmz: Game) -> None:
    table, seat = a_shared_discard_win(pmz)
    own = table.legal_actions(seat)
    for world_seed in range(10):
        world = determinise(table, seat, random.Random(world_seed))
        assert ask_again(world, seat)
        decision = world.state.decision
        assert decision is not None and decision.kind == "window"
        assert world.legal_actions(seat) == own and not decision.chosen
        for other, choices in decision.options.items():
            if other != seat:  # what its imagined hand can do, and pass
                assert choices[-1].action == "pass"
                for choice in choices[:-1]:
                    assert all(world.state.seats[other].hand[c] >= 1 for c in choice.from_hand)


@pytest.mark.parametrize("bot", [ValueBot, SamplingBot])
def test_the_last_card_offered_in_turn_is_answered_as_the_greedy_bot_does(bot: type) -> None:
    """長沙 offers the wall's last card in turn ("take the last card", no action of the
    file's): the value and sampling bots once ranked it as an action and stopped with a
    KeyError. Greedy bots win most hands of 長沙 (a hand of pairs is no longer read as
    complete), so the first hand that reaches the last card is seed 103."""
    game = load_game("changsha")
    for seed in range(300):
        table = Table(game, seed=seed, dealer=0)
        bots = [GreedyBot(seed * 4 + s) for s in range(4)]
        while not table.finished:
            seat = table.waiting_for()[0]
            decision = table.state.decision
            if decision is not None and decision.offer.context == "last card":
                expected = GreedyBot(1).choose(table, seat)
                assert bot(1).choose(table, seat) == expected
                return
            table.apply(bots[seat].choose(table, seat))
    raise AssertionError("no last card offered in 300 hands")
