"""`won on discard after replacement` (槓上炮, SC-9, CS-4) and `won on discard after last
card` (海底炮, SC-9, CS-8): the engine marks the discard a seat makes right after its own
replacement draw, or right after drawing the wall's last card; patterns read it; evaluate
takes it as flags."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.cli.main import main
from tablerules.dsl.loading.loader import load
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.win_facts import win_conditions

RULES = Path(__file__).resolve().parents[1] / "rules"
DEALER = "123m 456p 789s 22p 35s 9m"
KONG = "555p 123m 456m 88s 67s"
WINNER = "234m 678p 678s 99m 78p"  # wins on 9p: no 2-5-8 pair, so only with a 大胡
OTHER = "345m 234s 11s 567s 2p 9p"


@pytest.fixture(scope="module")
def changsha() -> Game:
    return load_game(RULES / "changsha.rules")


def _table(game: Game, wall: str) -> Table:
    hands = [game.parse(h) for h in (DEALER, KONG, WINNER, OTHER)]
    return Table(game, dealer=0, hands=hands, wall=game.parse(wall))


def _wins(table: Table, seat: int) -> bool:
    return any(c.action == "胡" for c in table.legal_actions(seat))


def test_the_discard_right_after_a_kongs_replacement_is_marked(changsha: Game) -> None:
    table = _table(changsha, "2m 9p")
    table.apply("discard 五筒", seat=0)
    table.apply("明槓 五筒五筒五筒五筒", seat=1)
    table.apply("discard 九筒", seat=1)
    state = table.state
    assert state.discard_after_replacement and not state.discard_after_last_card
    offer = state.decision.offer  # type: ignore[union-attr]
    assert win_conditions(state, table.play, 2, offer).after_replacement
    assert _wins(table, 2)  # 槓上炮 is a 大胡: no 2-5-8 pair needed


def test_a_discard_after_an_ordinary_draw_is_not(changsha: Game) -> None:
    table = _table(changsha, "9p 1s 1s 1s 2m")  # 南 draws 9p at its turn, no kong
    table.apply("discard 三索", seat=0)
    assert not table.state.discard_after_replacement
    for seat in range(1, 4):
        if table.waiting_for() == [seat] and seat != 1:
            table.apply("pass", seat=seat)
    assert table.waiting_for() == [1]
    table.apply("discard 九筒", seat=1)
    assert not table.state.discard_after_replacement
    assert not _wins(table, 2)  # a 小胡 needs its 2-5-8 pair


def test_the_flags_of_evaluate(capsys) -> None:
    hand = ["evaluate", "sichuan", "--hand", "234m 567m 234s 678s 9s", "--win-card", "9s"]
    hand += ["--declared", "suit=p"]
    assert main([*hand, "--from", "discard", "--after-replacement"]) == 0
    assert "槓上炮 1 = 1 番" in capsys.readouterr().out
    assert main([*hand, "--from", "discard", "--after-last-card", "--lang", "zh-Hans"]) == 0
    assert "海底炮 1 = 1 番" in capsys.readouterr().out
    assert main([*hand, "--from", "discard"]) == 0
    out = capsys.readouterr().out
    assert "槓上炮: a win on a discard made right after a replacement draw needed" in out
    assert main([*hand, "--after-replacement"]) == 2  # a self-draw: no discard to say it of
    assert "--from discard" in capsys.readouterr().err


def test_not_in_an_actions_payment(tmp_path: Path) -> None:
    path = tmp_path / "pays.rules"
    path.write_text(
        'extends "changsha"\n\noverride action 暗槓 "concealed kong" [CS-7] {\n'
        "  on turn by self: 4 alike from hand\n  makes 槓 concealed\n  then replacement\n"
        "  pays: each other pays won on discard after last card\n}\n",
        encoding="utf-8",
    )
    errors = [d for d in load(path).diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E110"]
    assert "discard after last card" in errors[0].message
