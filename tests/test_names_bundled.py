"""The bundled files' `names` blocks: a reader of simplified characters sees 简体 cards,
seats and patterns in 四川麻將, 紅中麻將 and 常德跑胡子 too, and `evaluate --json` lists the
hand patterns a win does not hold."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tablerules.cli.main import main
from tablerules.interpreter import load_game
from tablerules.interpreter.messages.speaker import speaker

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"
CHANGDE = RULES / "variants" / "paohuzi-changde.rules"
MINGTANG = RULES / "variants" / "paohuzi-mingtang.rules"


@pytest.mark.parametrize("name", ["sichuan.rules", "hongzhong.rules"])
def test_a_mahjong_files_tiles_and_seats_read_simplified(name: str) -> None:
    spoken = speaker(load_game(RULES / name), "zh-Hans")
    assert spoken.card("1m") == "一万" and spoken.card("9m") == "九万"
    assert spoken.word("東") == "东" and spoken.word("槓") == "杠"
    assert spoken.word("wall") == "牌墙"
    traditional = speaker(load_game(RULES / name), "zh-Hant")
    assert traditional.card("1m") == "一萬" and traditional.word("wall") == "牌牆"


def test_changdes_own_patterns_read_in_both_scripts() -> None:
    game = load_game(CHANGDE)
    simplified = speaker(game, "zh-Hans")
    assert simplified.word("大字胡") == "大字胡" and simplified.word("紅胡") == "红胡"
    assert simplified.words.title("紅胡", "") == "10 张或以上红牌：× (红牌数 − 8)"
    assert speaker(game, "zh-Hant").words.title("小字胡", "") == "16 張或以上小字"
    assert simplified.word("莊") == "庄"  # the base file's names still hold


def evaluated(capsys: pytest.CaptureFixture[str], *extra: str) -> dict:
    hand = "一二三 四五六 七八九 壹貳叁 拾拾"
    args = ["evaluate", str(MINGTANG), "--hand", hand, "--win-card", "十", "--from", "discard"]
    assert main([*args, "--json", *extra]) == 0
    return json.loads(capsys.readouterr().out)


def test_evaluate_json_lists_the_patterns_not_held(capsys: pytest.CaptureFixture[str]) -> None:
    """PHZ-M1: 紅胡 needs 10 red cards and the hand has 6, as the text report says."""
    record = evaluated(capsys)
    best = record["decompositions"][record["best"]]
    absent = {entry["pattern"]: entry for entry in best["not_held"]}
    assert set(absent) == {"紅胡", "點胡", "烏胡", "對對胡", "海底胡", "天胡", "地胡"}
    red = absent["紅胡"]
    assert red["text"] == "紅胡: at least 10 red cards needed, 6 held [PHZ-M1]"
    assert red["cites"] == ["PHZ-M1"]
    assert red["needs"] == [
        {
            "kind": "compare",
            "text": "at least 10 red cards needed, 6 held",
            "op": "ge",
            "needed": 10,
            "held": 6,
        }
    ]
    assert absent["海底胡"]["needs"][0]["kind"] == "condition"
    chinese = evaluated(capsys, "--lang", "zh-Hant", "--detail", "best")
    said = {entry["pattern"]: entry["text"] for entry in chinese["best"]["not_held"]}
    assert said["紅胡"] == "紅胡：要至少 10 張紅牌，這手有 6 張 [PHZ-M1]"


def test_a_file_without_hand_patterns_has_no_not_held(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["evaluate", str(ROOT / "docs" / "examples" / "minimal.rules"), "--hand", "123r 5b"]
    assert main([*args, "--win-card", "5b", "--from", "discard", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert "not_held" not in record["decompositions"][0]
