"""Determinised copies of a hand in play, and the sampling bot that plays them out: it
sees only what its seat sees, leaves the real table alone, plays legal choices, and is
reproducible from its seed."""

from __future__ import annotations

import random

from tablerules.interpreter import Game
from tablerules.interpreter.bots.players import GreedyBot, RandomBot, play_hand
from tablerules.interpreter.bots.sampling import SamplingBot
from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.determinise import clone, determinise


def at_a_close_turn(game: Game, seed: int) -> tuple[Table, int]:
    """A table where a seat a card from complete has several choices on its turn (in the
    first hand from `seed` on that has one)."""
    for attempt in range(seed, seed + 20):
        found = _close_turn(game, attempt)
        if found is not None:
            return found
    raise AssertionError("no close turn with a choice in 20 hands")


def _close_turn(game: Game, seed: int) -> tuple[Table, int] | None:
    table = Table(game, seed=seed, dealer=0)
    bots = [GreedyBot(seed * 4 + s) for s in range(4)]
    probe = SamplingBot(0, samples=1)
    while not table.finished:
        seat = table.waiting_for()[0]
        decision = table.state.decision
        choices = table.legal_actions(seat)
        if decision is not None and decision.kind == "turn" and len(choices) > 2:
            found = probe.candidates(table, seat, choices)
            if found is not None and len(found) > 1:
                return table, seat
        table.apply(bots[seat].choose(table, seat))
    return None


def hidden_cards(table: Table, seat: int) -> list[int]:
    state = table.state
    cards = [
        c
        for s, held in enumerate(state.seats)
        if s != seat
        for c, n in enumerate(held.hand)
        for _ in range(n)
    ]
    return sorted(cards + state.wall[state.head : state.tail])


def test_a_determinised_copy_keeps_what_the_seat_sees(pmz: Game) -> None:
    table, seat = at_a_close_turn(pmz, 3)
    before = table.snapshot()
    world = determinise(table, seat, random.Random(1))
    real, imagined = table.state, world.state
    assert imagined.seats[seat].hand == real.seats[seat].hand
    for mine, theirs in zip(imagined.seats, real.seats, strict=True):
        assert sum(mine.hand) == sum(theirs.hand)
        assert mine.discards == theirs.discards
        assert [g.cards for g in mine.table] == [g.cards for g in theirs.table]
    assert hidden_cards(world, seat) == hidden_cards(table, seat)
    others = [s for s in range(4) if s != seat]
    assert any(imagined.seats[s].hand != real.seats[s].hand for s in others)
    assert table.state == before  # the real table is untouched


def test_a_clone_plays_on_without_touching_the_original(pmz: Game) -> None:
    table, _ = at_a_close_turn(pmz, 3)
    before = table.snapshot()
    twin = clone(table)
    while not twin.finished:
        waiting = twin.waiting_for()[0]
        twin.apply(twin.legal_actions(waiting)[0])
    assert table.state == before and not table.finished


def test_a_clone_keeps_every_part_of_the_decision_waiting(phz: Game) -> None:
    """A draw its drawer takes unseen waits as a hidden decision; the clone's decision is
    the same (hidden included), with lists of its own."""
    for seed in range(200):
        table = Table(phz, seed=seed)
        bots = [RandomBot(seed * 4 + s) for s in range(table.play.seats)]
        while not table.finished:
            decision = table.state.decision
            if decision is not None and decision.hidden:
                twin = clone(table).state.decision
                assert twin == decision
                assert all(twin.options[s] is not decision.options[s] for s in twin.options)
                return
            seat = table.waiting_for()[0]
            table.apply(bots[seat].choose(table, seat))
    raise AssertionError("no hidden decision in 200 hands")


def test_the_sampling_bot_does_not_peek(pmz: Game) -> None:
    """Its choice is the same on the real table and on any table that differs only in the
    cards its seat cannot see."""
    table, seat = at_a_close_turn(pmz, 3)
    on_real = SamplingBot(9, samples=2).choose(table, seat)
    for world_seed in (1, 2):
        world = determinise(table, seat, random.Random(world_seed))
        assert SamplingBot(9, samples=2).choose(world, seat) == on_real


def test_the_sampling_bot_plays_whole_hands_reproducibly(pmz: Game) -> None:
    def hand() -> list[dict]:
        bots = [SamplingBot(11, samples=2), *(GreedyBot(11 * 4 + s) for s in range(1, 4))]
        return play_hand(pmz, bots, 11, dealer=1).events

    first = hand()
    assert first[-1]["type"] == "end"
    assert hand() == first
