"""Property: the signatures a block's split may have in an accepted hand
(`WildBudget._below`) leave out none that an accepted split of the hand uses. Left out
are those whose rest the other blocks cannot make (more pairs, or more triggers, than
groups) and those under an accepted signature whose groups hold more cards than the
budget's hands (with fourteen cards, seven groups are seven pairs: a part's split in them
is pairs alone).

Checked against every block's table unmasked: on random hands with 1–4 wilds of each
file's own groups, some cards changed (most of those do not win), the accepted signatures
(`accepted`) and the win test (`accepts`) of the groups' and the winning forms' signatures
are those of every split of every reading, over 紅中癩子 (seven pairs a winning form),
廣東推倒胡 and a wild 白 over Hong Kong 番.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.interpreter.api import Game, load_game
from tablerules.interpreter.hand.wild_readings import WildEvaluator
from wild_readings_judged import planned_hands

ROOT = Path(__file__).resolve().parents[1]
HONG_KONG_WILD = """extends "hongkong"

wild 白 "the white dragon stands for any tile" [HK-1] {
  cards P
}
"""


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Game]:
    folder = tmp_path_factory.mktemp("wild-below")
    variant = folder / "hongkong-wild.rules"
    variant.write_text(HONG_KONG_WILD, encoding="utf-8")
    return {
        "hongzhong": load_game(ROOT / "rules" / "hongzhong.rules"),
        "guangdong": load_game(ROOT / "rules" / "guangdong.rules"),
        "hongkong-wild": load_game(variant),
    }


@pytest.mark.parametrize("name", ["hongzhong", "guangdong", "hongkong-wild"])
def test_the_signatures_left_out_are_in_no_accepted_split(
    games: dict[str, Game], name: str
) -> None:
    game = games[name]
    evaluator = game.evaluator
    assert isinstance(evaluator, WildEvaluator)
    found = set()
    for hand, held, plan in planned_hands(game, 31, lambda rng: rng.randint(0, 2)):
        plain, room, groups_accept, forms_accept = plan
        count = len(held)
        for budget in (evaluator._budget(len(hand)), evaluator.budget):
            every = budget.signatures(plain, room, count)  # no block's split left out
            for accept in (groups_accept, forms_accept):
                if not accept:
                    continue
                assert budget.accepted(plain, room, count, accept) == every & accept, hand
                assert budget.accepts(plain, room, count, accept) == bool(every & accept)
                found.add((accept == forms_accept, bool(every & accept)))
    # both answers met, and where the file has winning forms, hands that make one
    assert {(False, True), (False, False)} <= found, found
