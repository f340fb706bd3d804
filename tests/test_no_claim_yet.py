"""`no claim yet` (P2-8's 地胡: a first draw with no claim made before it): true until some
seat takes another seat's card, read by hand patterns and given to evaluate by a flag."""

from __future__ import annotations

from tablerules.cli.main import main
from tablerules.interpreter import load_game

HAND = "EEE 123m 456m 789m 11p 23p"


def test_the_pattern_holds_only_before_any_claim() -> None:
    game = load_game("taiwan")
    before = game.evaluate_text(
        HAND, win_card="4p", source="self", seat=1, first_draw=True, no_claim=True
    )
    after = game.evaluate_text(HAND, win_card="4p", source="self", seat=1, first_draw=True)
    assert before.best is not None and after.best is not None
    assert before.best.to_json()["scores"]["台"]["value"] == 20  # 不求人 3 + 圈風 1 + 地胡 16
    assert after.best.to_json()["scores"]["台"]["value"] == 4


def test_evaluate_takes_the_flag(capsys) -> None:
    args = ["evaluate", "taiwan", "--hand", HAND, "--win-card", "4p", "--seat", "南"]
    assert main([*args, "--first-draw", "--no-claim-yet"]) == 0
    assert "地胡 16 = 20 台" in capsys.readouterr().out
    assert main([*args, "--first-draw"]) == 0
    assert "地胡: a win before any claim needed, not so here" in capsys.readouterr().out
