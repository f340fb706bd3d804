"""Wild cards judged through the wild budget search (`interpreter/search/wild_budget.py`):
the same verdicts, best splits and readings as judging every reading of the wilds, for a
small part of the work."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tablerules.interpreter.api import load_game
from tablerules.interpreter.bots.players import make_bot
from tablerules.interpreter.engine import Table
from tablerules.interpreter.hand.evaluate import TableGroup
from tablerules.interpreter.hand.wild_readings import WildEvaluator
from wild_readings_judged import every_reading, in_hand_groups, summary

ROOT = Path(__file__).resolve().parents[1]
HONGZHONG = ROOT / "rules" / "hongzhong.rules"
# a fuzzed file over a bundled file with winning forms of cards and a minimum value: a
# wild card that stands for nearly any card, and greedy bots testing every wait
FUZZED = ROOT / "tests" / "fuzzed" / "wild_waits.rules"
TWO_WILDS = ROOT / "tests" / "fuzzed" / "two_wilds.rules"


def _hands(game, count: int, size: int, seed: int) -> list[tuple[list[int], int | None]]:
    """Hands of a few card kinds with some wild cards: many near a win, some winning."""
    rng = random.Random(seed)
    rules = game.compiled
    copies = rules.cards.copies
    wilds = sorted(rules.wilds.kinds)
    found = []
    for _ in range(count):
        kinds = rng.sample(range(len(rules.cards)), rng.randint(3, 7))
        pool = [card for card in kinds if card not in wilds for _ in range(copies)]
        pool += [wild for wild in wilds for _ in range(copies)]
        hand = rng.sample(pool, min(size, len(pool)))
        win = hand.pop() if rng.random() < 0.5 else None
        found.append((hand, win))
    return found


@pytest.mark.parametrize(("path", "size", "count"), [(HONGZHONG, 14, 200), (FUZZED, 14, 40)])
def test_the_budget_search_judges_as_every_reading_does(path: Path, size: int, count: int) -> None:
    game = load_game(path)
    budget, listing = game.evaluator, every_reading(game)
    for index, (hand, win) in enumerate(_hands(game, count, size, seed=5)):
        source = "discard" if win is not None and index % 2 else None
        assert budget.wins(hand, (), win, source) == listing.wins(hand, (), win, source), hand
        if index % 4 == 0:
            assert summary(budget.evaluate(hand, None, win, source)) == summary(
                listing.evaluate(hand, None, win, source)
            ), hand


def test_table_groups_with_wilds_judge_as_every_reading_does() -> None:
    game = load_game(HONGZHONG)
    budget, listing = game.evaluator, every_reading(game)
    ids = game.cards.ids
    wild = ids.index("C")
    three = (ids.index("5p"),) * 3
    rules = game.compiled
    kind = next(
        k.name for index, k in enumerate(rules.kinds) if k.on_table and rules.admits(index, three)
    )
    pong = budget.table_group(kind, three)
    rng = random.Random(3)
    numbers = list(range(9))  # one suit, without the cards on the table
    for _ in range(80):
        hand = rng.sample([c for c in numbers for _ in range(3)], 8) + [wild] * rng.randint(1, 3)
        table: list[TableGroup] = [pong]
        win = rng.choice(numbers)
        assert budget.wins(hand, table, win, "self") == listing.wins(hand, table, win, "self")
        assert summary(budget.evaluate(hand, table, win, "self")) == summary(
            listing.evaluate(hand, table, win, "self")
        )


def test_a_reading_is_judged_only_where_a_split_may_win() -> None:
    game = load_game(HONGZHONG)
    evaluator = game.evaluator
    before = evaluator.judged
    # four wilds: a win found by the groups alone, no reading judged
    assert evaluator.wins(game.parse("123m456m789m5pCCCC"))
    assert evaluator.judged == before
    # seven pairs, a winning form: the one reading that makes it is judged
    assert evaluator.wins(game.parse("1m1m3m3m5p5p7p7p9s9s2s2s4s"), (), game.parse("C")[0])
    assert evaluator.judged - before == 1
    # no reading wins: none judged
    assert not evaluator.wins(game.parse("1m4m7m2p5p8p3s6s9s1s4sCC"))
    assert evaluator.judged - before == 1


def test_greedy_waits_on_a_wild_that_stands_for_nearly_anything() -> None:
    """A fuzzed file made four greedy hands cost 14 s of CPU: each win test of the greedy
    bot's waits judged every reading of the wild (716,000 plain judgements). The readings
    judged now are the few whose plain hand has a split that may win."""
    game = load_game(FUZZED)
    evaluator = game.evaluator
    assert isinstance(evaluator, WildEvaluator)
    before = evaluator.judged
    seats = game.compiled.rules.seats.count  # type: ignore[union-attr]
    tests = 0
    for hand in range(4):
        seeds = random.Random(hand)
        bots = [make_bot("greedy", seeds.getrandbits(32)) for _ in range(seats)]
        table = Table(game, seed=hand)
        while not table.state.finished:
            seat = table.waiting_for()[0]
            table.apply(bots[seat].choose(table, seat))
        tests += len(evaluator._win_memo)
    judged = evaluator.judged - before
    assert tests > 1000  # the bots did test their waits
    assert judged < 5000  # judging every reading took over 100,000


def _complete(game, count: int, seed: int) -> list[list[int]]:
    """Complete hands made of the rules' own in-hand groups (one pair, the rest groups of
    three), with one copy of each wild kind put in place of a card, at random."""
    rules = game.compiled
    pairs, threes = in_hand_groups(game)
    wilds = sorted(rules.wilds.kinds)
    rng = random.Random(seed)
    hands = []
    while len(hands) < count:
        hand = list(rng.choice(pairs))
        for _ in range(4):
            hand += rng.choice(threes)
        if any(hand.count(card) > rules.cards.copies for card in hand) or set(hand) & set(wilds):
            continue
        for wild in wilds:
            if rng.random() < 0.7:
                hand[rng.randrange(len(hand))] = wild
        hands.append(hand)
    return hands


def test_two_kinds_of_wild_judge_as_every_reading_does() -> None:
    game = load_game(TWO_WILDS)
    budget, listing = game.evaluator, every_reading(game)
    wins = 0
    for index, hand in enumerate(_complete(game, 80, seed=8)):
        win = hand.pop()
        assert budget.wins(hand, (), win, "self") == listing.wins(hand, (), win, "self"), hand
        wins += budget.wins(hand, (), win, "self")
        if index % 3 == 0:
            assert summary(budget.evaluate(hand, None, win, "self")) == summary(
                listing.evaluate(hand, None, win, "self")
            ), hand
    assert wins > 5  # the file asks a minimum score: most complete hands do not win
