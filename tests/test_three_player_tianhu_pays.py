"""跑胡子 for three players: a 天胡 on the deal (PHZ-15) wins with the 胡息 of its 提 and 坎
alone, which may be under the 15 that 囤 are counted from (four small 坎: 12). Its 囤
worked out to 0, so the win was paid nothing; it is paid at least 1 囤, as the 名堂 preset
pays it (PHZ-M6)."""

from __future__ import annotations

import json

from tablerules.cli.main import main
from tablerules.interpreter import load_game
from tablerules.interpreter.engine import Table

DEALT = "一一一 三三三 四四四 五五五 六八九 陸捌玖 肆伍叁"  # four small 坎: 12 胡息, no red


def test_evaluate_pays_a_tianhu_under_15_huxi_one_tun(capsys) -> None:
    argv = ["evaluate", "paohuzi-3p", "--hand", DEALT, "--on-deal", "--json"]
    assert main(argv) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["wins"] and record["best_total"] == 12
    assert [p["amount"] for p in record["settlement"]["payments"]] == [1]


def test_play_pays_it_from_each_of_the_two_others() -> None:
    game = load_game("paohuzi-3p")
    hands = [game.parse(DEALT), game.parse("二 七"), game.parse("十 貳")]
    table = Table(game, dealer=0, hands=hands, wall=game.parse("柒 拾 捌"), shown=hands[0][-1])
    assert table.finished
    assert [e["amount"] for e in table.events if e["type"] == "pay"] == [1, 1]
    assert table.totals() == [2, -1, -1]


def test_a_tianhu_of_15_huxi_or_more_is_paid_as_before(capsys) -> None:
    argv = ["evaluate", "paohuzi-3p", "--hand", "壹壹壹 貳貳貳 叁叁叁 肆肆肆 六八九 陸捌玖 三四五"]
    assert main([*argv, "--on-deal", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["best_total"] == 24  # ⌊(24 − 15) / 3⌋ + 1 = 4 囤
    assert [p["amount"] for p in record["settlement"]["payments"]] == [4]
