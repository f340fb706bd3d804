"""What the wild budget tests compare with: the same rules judged by reading the wilds every
way they may be read (the budget search off), an evaluation's answer in a form to compare,
and the in-hand groups their random hands are made of."""

from __future__ import annotations

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
