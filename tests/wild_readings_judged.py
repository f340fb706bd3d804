"""What the wild budget tests compare with: the same rules judged by reading the wilds every
way they may be read (the budget search off), an evaluation's answer in a form to compare,
the in-hand groups their random hands are made of, and those hands with their plans."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from tablerules.interpreter.api import Game
from tablerules.interpreter.hand.evaluate import Evaluation
from tablerules.interpreter.hand.wild_readings import WildEvaluator


def every_reading(game: Game) -> WildEvaluator:
    """An evaluator of the game's rules that judges every reading (the budget search off)."""
    evaluator = WildEvaluator(game.compiled)
    evaluator._plan = lambda *args, **kwargs: None  # type: ignore[method-assign]
    evaluator._read_first = False  # nor the first reading read from the budget tables
    return evaluator


def summary(result: Evaluation) -> tuple[object, ...]:
    """The verdict, the readings, the best split and its reading, each split's verdict and
    the reasons: all both searches must agree on."""
    best = result.best
    return (
        result.wins,
        result.wild_readings,
        None if best is None else (best.total, [g.cards for g in best.groups], best.wilds),
        [split.wins for split in result.decompositions],
        [reason.to_json() for reason in result.reasons],
    )


def in_hand_groups(game: Game) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """The cards of the rules' in-hand pairs, and of their other groups of three."""
    rules = game.compiled
    pairs = [i.cards for i in rules.instances if rules.kinds[i.kind].is_pair]
    threes = [
        i.cards for i in rules.instances if not rules.kinds[i.kind].is_pair and len(i.cards) == 3
    ]
    return pairs, threes


def planned_hands(
    game: Game, seed: int, changes: Callable[[random.Random], int], count: int = 150
) -> Iterator[tuple[list[int], list[int], tuple[Any, ...]]]:
    """`count` hands of fourteen cards from the file's own groups of two and three, 1–4 of
    their cards made wild and `changes(rng)` cards changed at random (most of those do not
    win), each with its wilds held and the budget's plan (`WildEvaluator._plan`); hands
    that hold more copies than the deck, no wild, or that the evaluator plans nothing for
    are passed over."""
    evaluator = game.evaluator
    assert isinstance(evaluator, WildEvaluator)
    rules = game.compiled
    wild = min(rules.wilds.kinds)
    groups = [i.cards for i in rules.instances if len(i.cards) in (2, 3)]
    rng = random.Random(seed)
    made = 0
    while made < count:
        hand = [card for group in rng.sample(groups, 5) for card in group][:14]
        for index in rng.sample(range(len(hand)), rng.randint(1, 4)):
            hand[index] = wild
        for _ in range(changes(rng)):
            hand[rng.randrange(len(hand))] = rng.randrange(len(rules.cards))
        counts, held, _ = evaluator._parted(hand, None)
        if not held or any(n > c for n, c in zip(counts, rules.cards.copies_of, strict=True)):
            continue
        plan = evaluator._plan(counts, counts, held, (), len(hand))
        if plan is None:
            continue
        made += 1
        yield hand, held, plan
