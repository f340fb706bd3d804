"""Property: the answers the first reading keeps by their arguments
(`FirstReading.residual`, `WildBudget.joined`) are the ones worked out afresh, whichever
pairs were asked before: each argument is met again with another beside it, so an answer
kept under too little of its arguments is read back for the wrong pair.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tablerules.interpreter.api import Game, load_game
from tablerules.interpreter.search.wild_bits import _joined
from tablerules.interpreter.search.wild_first import FirstReading

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(ROOT / "rules" / "hongzhong.rules")


def _bit_sets(stride: int, rng: random.Random, count: int) -> list[int]:
    """`count` random bit sets of (cards added, signature) bits, as a block's table sets
    them: 1–5 levels of cards added, 1–40 bits."""
    sets = []
    for _ in range(count):
        levels = rng.randint(1, 5)
        bits = {
            rng.randrange(levels) * stride + rng.randrange(stride)
            for _ in range(rng.randint(1, 40))
        }
        sets.append(sum(1 << bit for bit in bits))
    return sets


def test_a_kept_residual_is_the_one_worked_out(game: Game) -> None:
    reader = FirstReading(game.evaluator.budget)  # type: ignore[attr-defined]
    rng = random.Random(11)
    sets = _bit_sets(reader.stride, rng, 12)  # few sets: every one met with many others
    for _ in range(600):
        target, other = rng.choice(sets), rng.choice(sets)
        assert reader.residual(target, other) == reader._residual(target, other)
    assert len(reader._residuals) > len(sets)  # pairs were kept, and read back


def test_a_kept_join_is_the_one_worked_out(game: Game) -> None:
    budget = game.evaluator.budget  # type: ignore[attr-defined]
    rng = random.Random(12)
    sets = _bit_sets(budget.stride, rng, 12)
    for _ in range(600):
        one, other = rng.choice(sets), rng.choice(sets)
        assert budget.joined(one, other) == _joined(one, other)
    assert len(budget._joined_memo) > len(sets)
