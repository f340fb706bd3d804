"""The best split found alone is the one judging every split finds.

跑胡子's deck is one block cut in two (its groups join a rank's small and big cards), so the
evaluator names the best split of concealed cards from the best split per signature and
lists every split only when it is read (`interpreter/hand/evaluation.py`). Whatever is read
first, the evaluation must read the same: the best split is the winning split with the
highest total, the first such in the listed order (PHZ-4, PHZ-20: a 坎 or four alike held
stay whole), and it is the very object listed among the decompositions.
"""

from __future__ import annotations

import random

import pytest
from tablerules.interpreter import Game, load_game

SEED = 2_611
HANDS = 400


def hands(game: Game, seed: int) -> list[list[int]]:
    """Complete-looking hands (as many random in-hand groups of 3 as a win needs) and
    random hands of every size a seat may hold, some with three or four alike."""
    rng = random.Random(seed)
    groups = [i.cards for i in game.compiled.instances if len(i.cards) == 3]
    needed = game.compiled.groups_needed or 5
    copies = game.compiled.cards.copies
    deck = [card for card in range(len(game.cards)) for _ in range(copies)]
    found: list[list[int]] = []
    while len(found) < HANDS:
        if len(found) % 2:
            cards = [c for g in rng.sample(groups, needed) for c in g]
            if max(cards.count(c) for c in cards) > copies:
                continue
        else:
            cards = rng.sample(deck, rng.choice([0, 2, 3, 6, 9, 12, 14, 15, 18, 21]))
        found.append(sorted(cards))
    return found


def expected_best(evaluation: object) -> object:
    winners = [d for d in evaluation.decompositions if d.wins]  # type: ignore[attr-defined]
    best = None
    for split in winners:
        if best is None or split.total > best.total:
            best = split
    return best


@pytest.mark.parametrize("path", ["rules/paohuzi.rules", "rules/variants/paohuzi-3p.rules"])
def test_best_alone_reads_as_every_split_judged(path: str) -> None:
    game = load_game(path)
    listed_first = load_game(path)
    wins = 0
    for cards in hands(game, SEED):
        evaluation = game.evaluate(cards)
        best = evaluation.best  # found alone
        again = listed_first.evaluate(cards)
        assert again.decompositions is not None  # every split listed before the best is read
        assert evaluation.wins == again.wins == (best is not None)
        assert best is expected_best(evaluation)  # the same object as the one listed
        assert evaluation.to_json() == again.to_json()
        assert [r.to_json() for r in evaluation.reasons] == [r.to_json() for r in again.reasons]
        wins += evaluation.wins
    assert wins > HANDS // 20  # the complete-looking hands win often enough to test the choice
