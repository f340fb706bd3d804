"""A table group given to evaluate must be one some action of the file can lay: a pong or
kong of wild cards where every action that makes it is `never of wild` (HZ-2, GD-5) never
happens in play, and pricing it (a 無紅中 or 無鬼 counted with the wilds on the table) would
answer for a hand no table sees. Such a group is refused where it is written."""

from __future__ import annotations

import pytest
from tablerules.cli.main import main
from tablerules.interpreter import load_game
from tablerules.interpreter.compiling.cards import NotationError

HAND = "111m234m567m99s"


@pytest.mark.parametrize(
    ("rules", "group", "extra"),
    [
        ("hongzhong", "刻:CCC", ()),  # 碰 is never of wild
        ("hongzhong", "槓:CCCC", ()),  # 明槓, 暗槓 never of wild; 補槓 adds onto a 刻 of it
        ("guangdong", "槓:PPPP", ()),
        ("guangdong", "刻:5p5p5p", ("--option", "翻鬼=true", "--turned", "4p")),
    ],
)
def test_a_group_no_action_lays_is_refused(capsys, rules: str, group: str, extra) -> None:
    status = main(["evaluate", rules, "--hand", HAND, "--table", group, *extra])
    captured = capsys.readouterr()
    assert status != 0
    assert "no action of the rules lays a" in captured.err + captured.out
    assert "WINS" not in captured.out


@pytest.mark.parametrize(
    ("rules", "group", "extra"),
    [
        ("hongzhong", "刻:111p", ()),
        ("hongzhong", "槓:1111p", ()),
        ("guangdong", "槓:PPPP", ("--option", "翻鬼=true", "--turned", "4p")),  # 白 is plain
        ("paomazai", "pong:111p", ()),
    ],
)
def test_a_group_some_action_lays_is_priced(capsys, rules: str, group: str, extra) -> None:
    status = main(["evaluate", rules, "--hand", HAND, "--table", group, *extra])
    assert status == 0
    assert "WINS" in capsys.readouterr().out


def test_the_library_refuses_it_too() -> None:
    game = load_game("hongzhong")
    with pytest.raises(NotationError, match="no action of the rules lays a 刻"):
        game.evaluate_text(HAND, table="刻:CCC")
