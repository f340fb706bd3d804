"""`tablerules evaluate` answers "does this hand win?" as play would: the cards must split
as the win clause asks, and some action of the file must win on the card where it came
from. A discard in a file that wins only on one's own draw, or a ghost its file never lets
be won on (`never of wild`), wins nothing however well the cards split."""

from __future__ import annotations

import io
import json
import sys

import pytest
from tablerules.cli.main import main

HAND = "111222333m4445p"  # four groups and a 五筒 waiting for its pair


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    return status, capsys.readouterr().out


def test_a_discard_wins_nothing_where_only_ones_own_draw_wins(capsys) -> None:
    status, out = run(
        capsys, "evaluate", "paomazai-zimo-only", "--hand", HAND, "--win-card", "5p",
        "--from", "discard",
    )  # fmt: skip
    assert status == 0
    assert "does not win" in out and "WINS" not in out
    assert "no action of the rules wins on discard by others" in out
    assert "pays" not in out  # no settlement of a win that cannot happen
    _, out = run(capsys, "evaluate", "paomazai-zimo-only", "--hand", HAND, "--win-card", "5p")
    assert "WINS" in out  # its own draw still wins
    _, out = run(
        capsys, "evaluate", "paomazai", "--hand", HAND, "--win-card", "5p", "--from", "discard"
    )
    assert "WINS" in out  # and the plain file wins on the discard


def test_a_card_an_action_is_never_taken_with_wins_nothing(capsys) -> None:
    argv = ["evaluate", "guangdong", "--hand", HAND, "--win-card", "白"]
    _, out = run(capsys, *argv, "--from", "discard", "--json")
    record = json.loads(out)
    assert record["wins"] is False and record["decompositions"] == []
    assert record["reasons"][0]["code"] == "never-won-on"
    assert record["reasons"][0]["message"] == "食胡 is never taken with 白"
    _, out = run(capsys, *argv)  # the ghost drawn by oneself stands for the pair
    assert "WINS" in out and "白→五筒" in out


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("zh-Hant", "規則裡沒有讓別家在別家打牌時贏的動作"),
        ("zh-Hans", "规则里没有让别家在别家打牌时赢的动作"),
    ],
)
def test_the_reason_is_said_in_the_readers_language(capsys, lang: str, said: str) -> None:
    _, out = run(
        capsys, "evaluate", "hongzhong", "--hand", HAND, "--win-card", "5p", "--from",
        "discard", "--lang", lang,
    )  # fmt: skip
    assert said in out


@pytest.mark.parametrize("detail", ["wins", "best"])
def test_a_hands_file_asks_the_same(capsys, monkeypatch, detail: str) -> None:
    lines = f"{HAND} | win: 5p discard\n{HAND} | win: 5p self\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    status, out = run(
        capsys, "evaluate", "paomazai-zimo-only", "--hands-file", "-", "--detail", detail
    )
    assert status == 0
    assert [json.loads(line)["wins"] for line in out.splitlines()] == [False, True]


def test_the_library_answers_the_same() -> None:
    from tablerules.interpreter import load_game

    game = load_game("paomazai-zimo-only")
    assert not game.evaluate_text(HAND, win_card="5p", source="discard").wins
    assert game.evaluate_text(HAND, win_card="5p", source="self").wins
