"""Property: the answers the wild budget search keeps by their arguments
(`FirstReading.residual`, `WildBudget.joined`, the joins of `BlockBudget._reach_halves`)
are the ones worked out afresh, whichever pairs were asked before: each argument is met
again with another beside it, so an answer kept under too little of its arguments is read
back for the wrong pair.
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


def test_a_part_read_from_its_halves_is_read_as_the_sweep_reads_it(game: Game) -> None:
    """`BlockBudget._reach_halves` keeps the joins of its halves' tables: parts drawn
    from a few held cards meet the same halves again, and every answer is still the
    position-by-position sweep's."""
    budget = game.evaluator.budget  # type: ignore[attr-defined]
    block = max(budget.blocks, key=lambda block: block.size)
    rng = random.Random(13)
    for _ in range(300):
        counts = [0] * block.size
        for _ in range(rng.randint(1, 8)):
            counts[rng.randrange(block.size)] += 1
        if max(counts) > 4:
            continue
        wilds = rng.randint(1, 4)
        part = int.from_bytes(bytes(counts), "little")
        room = block._clamped(int.from_bytes(bytes(4 - c for c in counts), "little"), wilds)
        if not block._halves.spans(part, room):
            continue
        assert block._reach_halves(part, room, wilds) == block._sweep.reach(part, room, wilds)
    assert block._joins
