"""What a second round of rule files written by players of the regional games brought out:
潮汕推倒胡 with the dealer doubled and horses bought for the winner's seat, a three-seat
潮汕, and a 長沙 with a wild it never discards. Each test failed before its fix."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.cli.main import main
from tablerules.interpreter.api import check

AUTHORED = Path(__file__).parent / "fixtures" / "authored"

LOCKED_WILD = """extends "changsha"
wild 癩子 "一筒 stands for any tile" [CS-1] {
  cards 1p
}
discard [CS-1] {
  never wild
}
"""


def _errors(tmp_path: Path, text: str) -> list[tuple[str, int | None, str]]:
    path = tmp_path / "authored.rules"
    path.write_text(text, encoding="utf-8")
    return [(d.code, d.line, d.message) for d in check(path).errors]


def test_a_locked_hand_and_a_card_never_discarded_are_refused(tmp_path: Path) -> None:
    # a locked hand discards the card it draws: a drawn 一筒 it may never let go and cannot
    # win with would stay, and the hand would grow past its size
    errors = _errors(tmp_path, LOCKED_WILD)
    assert [code for code, _, _ in errors] == ["E110", "E110"], errors
    changsha = Path(__file__).parents[1] / "rules" / "changsha.rules"
    lines = changsha.read_text(encoding="utf-8").splitlines()
    for (_, line, message), action in zip(errors, ["開槓", "暗開槓"], strict=True):
        assert line is not None and lines[line - 1].strip().startswith("locks the hand")
        assert f"after action '{action}' a hand discards only the card it draws" in message


def test_the_lock_message_is_told_in_every_language() -> None:
    from tablerules.interpreter.messages.diagnostic_text import HINT, identify

    message = (
        "after action '開槓' a hand discards only the card it draws, and the discard rule "
        "never lets some cards go: a drawn one it cannot win with would stay"
    )
    assert identify(message) is not None
    assert identify("drop 'locks the hand', or the discard rule's 'never' line", HINT)
    removed = "every wild is removed here, but `wild` is still named at rules/x.rules:3"
    assert identify(removed) is not None
    assert identify("override the clauses that name it too, without it", HINT)


def test_a_locked_hand_without_a_card_never_discarded_checks(tmp_path: Path) -> None:
    assert _errors(tmp_path, LOCKED_WILD.split("discard [")[0]) == []


def test_a_wild_still_named_after_every_wild_is_removed_says_where_it_went(
    tmp_path: Path,
) -> None:
    # 潮汕 has no ghosts: removing both of 廣東's wilds leaves the base's `never of wild`
    # lines; the error is at the author's own `remove` line, naming where wild is still used
    text = 'extends "guangdong"\nremove wild 鬼\nremove wild 翻鬼\nremove immediate win 四鬼胡\n'
    errors = _errors(tmp_path, text)
    assert errors and {code for code, _, _ in errors} == {"E110"}, errors
    assert {line for _, line, _ in errors} == {3}  # the last wild removed
    assert all("guangdong.rules:" in message for _, _, message in errors), errors
    assert all("every wild is removed" in message for _, _, message in errors), errors


def test_replay_says_what_it_reproduced_in_the_transcripts_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "hands.jsonl"
    rules = str(AUTHORED / "chaoshan.rules")
    assert main(["play", rules, "--seed", "5", "--hands", "2", "--quiet", "--log", str(log)]) == 0
    capsys.readouterr()
    for lang, said in [
        ("zh-Hans", "已重现：2 局，"),
        ("zh-Hant", "已重現：2 局，"),
        ("en", "reproduced: 2 hands, "),
    ]:
        assert main(["replay", str(log), "--quiet", "--lang", lang]) == 0
        last = capsys.readouterr().out.splitlines()[-1]
        assert last.startswith(said), last


def test_an_option_removed_but_read_in_an_amount_says_where_it_went(tmp_path: Path) -> None:
    # an author removing 買馬 (its horses are fixed) still has 廣東's `count 買馬`: the error
    # is at the author's `remove` line, as for an option read by a clause's condition
    errors = _errors(tmp_path, 'extends "guangdong"\nremove option 買馬\n')
    assert [(code, line) for code, line, _ in errors] == [("E101", 2)], errors
    assert "option '買馬' is removed here but is still used (used at " in errors[0][2]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "ok (34 card kinds × 4, 4 group kinds, 2 options)"),
        ("zh-Hant", "沒有問題（34 種牌 × 4，4 種牌組，2 個選項）"),
        ("zh-Hans", "没有问题（34 种牌 × 4，4 种牌组，2 个选项）"),
    ],
)
def test_check_says_a_file_is_ok_in_the_readers_language(
    lang: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", "--lang", lang, str(AUTHORED / "chaoshan.rules")]) == 0
    assert capsys.readouterr().out.strip().endswith(said)


def test_check_counts_the_errors_in_the_readers_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "authored.rules"
    path.write_text(LOCKED_WILD, encoding="utf-8")
    assert main(["check", "--lang", "zh-Hans", str(path)]) == 1
    assert capsys.readouterr().out.strip().endswith("：2 个错误")
