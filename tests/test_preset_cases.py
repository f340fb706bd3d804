"""Hand-worked cases of RULES.md's presets (PHZ-M, PMZ-F, HK, CD), each figured out from
RULES.md alone and compared with what the evaluator finds; the same cases are played at the
table as golden scenarios under `tests/golden/scenarios/presets/` and `.../changde/`."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from tablerules.interpreter.api import Game, load_game

VARIANTS = Path(__file__).resolve().parent.parent / "rules" / "variants"


@cache
def _game(name: str) -> Game:
    return load_game(VARIANTS / f"{name}.rules")


def _best(game: Game, hand: str, **how: object) -> dict:
    evaluation = game.evaluate_text(hand, **how).to_json()
    assert evaluation["wins"], evaluation
    return evaluation["decompositions"][evaluation["best"]]


def _multipliers(best: dict, score: str) -> dict[str, int]:
    return dict(best["scores"][score]["multiplied"])


@pytest.mark.parametrize("name", ["paohuzi-mingtang", "paohuzi-changde"])
@pytest.mark.parametrize(
    ("hand", "alike"),
    [
        ("五五五 六六六 七七七 八八八 九九九", True),  # five 坎: every group alike
        ("五五五五 六六六 七七七 八八八 九九", True),  # a 提, three 坎 and the pair
        ("五五五 六六六 七七七 八八八 九十壹", False),  # three loose cards lie in no group
        ("五五五五 六六六 七七七 八八八 九十", False),  # two loose cards, not a pair
    ],
)
def test_heavenly_win_of_alike_groups_on_the_deal_is_duiduihu(
    name: str, hand: str, alike: bool
) -> None:
    """PHZ-M4, PHZ-M6: a 天胡 on the deal counts its 提 and 坎; when every card dealt lies in
    one of them (a pair aside) every group is alike, so 對對胡 ×2 multiplies with 天胡."""
    game = _game(name)
    cards = hand if name == "paohuzi-mingtang" else hand + " 壹壹壹 叁叁叁"  # 21 for three
    best = _best(game, cards, on_deal=True)
    assert "天胡" in _multipliers(best, "名堂")
    assert ("對對胡" in _multipliers(best, "名堂")) is alike
