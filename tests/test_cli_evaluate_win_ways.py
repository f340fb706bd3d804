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


# A complete hand judged as dealt (`--on-deal`, no winning card) with no immediate win:
# nothing is won on the deal itself; the dealer's 天胡 is won on a card (長沙's dealt
# fourteenth, CS-4; 台灣's first draw, TW-6 and P2-8), named with --win-card and --from.
DEALT_COMPLETE = "123m456m789m234s55s"


@pytest.mark.parametrize("rules", ["changsha", "taiwan", "paomazai"])
def test_a_dealt_hand_without_an_immediate_win_wins_nothing_on_the_deal(
    capsys, rules: str
) -> None:
    hand = DEALT_COMPLETE + (" 789p" if rules == "taiwan" else "")
    _, out = run(capsys, "evaluate", rules, "--hand", hand, "--on-deal")
    assert "does not win" in out and "WINS" not in out
    assert "no action of the rules wins on deal by self" in out
    settled = [line for line in out.splitlines() if "pays" in line and "shown on" not in line]
    assert settled == []  # no 點炮 or 八仙過海 priced for a win that cannot happen


def test_the_dealers_heavenly_win_is_judged_on_its_card(capsys) -> None:
    # 長沙 天胡 (CS-4, CS-6): one 大胡 as a self-draw, 6 底 from each other seat
    _, out = run(
        capsys, "evaluate", "changsha", "--hand", "123m456m789m234s5s", "--win-card", "5s",
        "--from", "dealt",
    )  # fmt: skip
    assert "天胡 1 = 1 大胡" in out and "each other pays 6 × 大胡 × 底 = 6 × 1 × 1 = 6" in out
    # 台灣 天胡 (TW-6, P2-8): the dealer's first draw, 天胡 16 + 不求人 3 + 平胡 2 = 21 台,
    # each other pays 30 + (21 + 莊家 1) × 10 = 250
    _, out = run(
        capsys, "evaluate", "taiwan", "--hand", "123m456m789p234s99m56s", "--win-card", "7s",
        "--first-draw", "--no-claim-yet",
    )  # fmt: skip
    assert "天胡 16" in out and out.count("pays 錢 = 250") == 3


def test_a_dealt_hand_keeps_the_wins_it_shows_and_its_immediate_wins(capsys) -> None:
    # 長沙 起手胡 (CS-5) are shown on the deal however the hand is judged
    _, out = run(capsys, "evaluate", "changsha", "--hand", DEALT_COMPLETE, "--on-deal")
    assert "shown on the deal, play goes on: 缺一色 ×1" in out
    # 跑胡子 天胡 (PHZ-15) is an immediate win: still won on the deal
    _, out = run(
        capsys, "evaluate", "paohuzi", "--hand", "一一一一 二二二二 三四五 六七八 九九", "--on-deal"
    )
    assert "WINS at once: 天胡" in out


def test_the_library_and_a_hands_file_judge_a_dealt_hand_alike(capsys, monkeypatch) -> None:
    from tablerules.interpreter import load_game

    assert not load_game("changsha").evaluate_text(DEALT_COMPLETE, on_deal=True).wins
    monkeypatch.setattr(sys, "stdin", io.StringIO(DEALT_COMPLETE + "\n"))
    _, out = run(capsys, "evaluate", "changsha", "--hands-file", "-", "--on-deal")
    assert json.loads(out)["wins"] is False
