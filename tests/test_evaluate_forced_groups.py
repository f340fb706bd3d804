"""`evaluate` judges a win on a card that a forced action would lay onto one of the winner's
table groups as play does (跑胡子's 破跑胡, PHZ-7, PHZ-17): a 偎 on the table and another's
discard make a 跑, one's own draw a 提; a 碰 and any drawn card make a 跑, a discard does
not. Before, evaluate placed the card in the concealed split only and said "does not win"
where play offers the win and pays it."""

from __future__ import annotations

import json

import pytest
from tablerules.cli.main import main
from tablerules.interpreter import load_game
from tablerules.interpreter.engine import Table

HAND = "一二三 壹貳叁 二七十 八八"  # three groups and a pair: the 5th group is on the table


def evaluated(capsys: pytest.CaptureFixture[str], table: str, source: str) -> dict:
    argv = ["evaluate", "paohuzi", "--hand", HAND, "--table", table, "--win-card", "五"]
    assert main([*argv, "--from", source, "--seat", "下家", "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def played(actions: list[str], hand: str, stock: str) -> Table:
    """下家 holds the hand below and plays the scripted choices; it is then asked."""
    game = load_game("paohuzi")
    hands = [game.parse(h) for h in ("五 九 九", hand, "陸", "肆")]
    table = Table(game, dealer=0, hands=hands, wall=game.parse(stock), shown=game.parse("九")[0])
    for line in actions:
        seat, _, label = line.partition(":")
        table.apply(label.strip(), seat=int(seat))
    return table


def test_a_discard_onto_ones_wei_makes_a_pao_that_wins(capsys) -> None:
    record = evaluated(capsys, "偎:五五五", "discard")
    assert record["wins"] and record["best_total"] == 18  # 跑 6 + 3 + 6 + 3, the pair 0
    assert [p["amount"] for p in record["settlement"]["payments"]] == [5]


def test_ones_own_draw_onto_ones_wei_makes_a_ti(capsys) -> None:
    record = evaluated(capsys, "偎:五五五", "self")
    assert record["wins"] and record["best_total"] == 21  # 提 9
    assert [p["amount"] for p in record["settlement"]["payments"]] == [7]  # 6 囤 + 1


def test_a_discard_never_grows_a_peng_but_a_draw_does(capsys) -> None:
    assert not evaluated(capsys, "碰:五五五", "discard")["wins"]
    assert evaluated(capsys, "碰:五五五", "draw")["best_total"] == 18


def test_evaluate_pays_what_play_pays_for_a_pao_onto_ones_own_peng(capsys) -> None:
    record = evaluated(capsys, "碰:五五五", "self")
    hand = "五 五 一 二 三 壹 貳 叁 二 七 十 八 八 四"
    table = played(["0: discard 五", "1: 碰 五五五", "1: discard 四"], hand, "柒 玖 陸 五 拾")
    assert "胡" in [c.label for c in table.legal_actions(1)]
    table.apply("胡", seat=1)
    win = next(e for e in table.events if e["type"] == "win")
    paid = {e["amount"] for e in table.events if e["type"] == "pay"}
    assert record["wins"] and record["best_total"] == win["value"] == 18
    assert {p["amount"] for p in record["settlement"]["payments"]} == paid == {6}


def test_the_api_and_a_hands_file_judge_it_the_same(capsys, tmp_path) -> None:
    game = load_game("paohuzi")
    result = game.evaluate_text(HAND, table="偎:五五五", win_card="五", source="discard", seat=1)
    assert result.wins and result.best is not None and result.best.total == 18
    hands = tmp_path / "hands.txt"
    hands.write_text(f"{HAND} | table: 偎:五五五 | win: 五 discard\n", encoding="utf-8")
    for detail in ("wins", "best"):
        assert main(["evaluate", "paohuzi", "--hands-file", str(hands), "--detail", detail]) == 0
        assert json.loads(capsys.readouterr().out)["wins"] is True


def test_the_list_api_judges_it_the_same() -> None:
    game = load_game("paohuzi")
    hand, card = game.parse(HAND), game.parse("五")[0]
    for table, source, total in (("偎:五五五", "discard", 18), ("碰:五五五", "draw", 18)):
        result = game.evaluate(hand, game.table(table), card, source)  # type: ignore[arg-type]
        assert result.wins and result.best is not None and result.best.total == total
    peng = game.evaluate(hand, game.table("碰:五五五"), card, "discard")
    assert not peng.wins  # a discard never grows a 碰 (PHZ-7)
