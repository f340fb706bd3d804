"""A pattern not held whose test compares a sum (`count 刻 + count 槓 = 0`) says what the
sum comes to, not the test with its numbers put in: "here 1 + 0 = 1", never "here
1 + 0 = 0", which reads as though it held."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.cli.main import main

CLOSED = """extends "guangdong"

pattern 門清 "no pong and no kong on the table" [GD-7] {
  when count 刻 + count 槓 = 0
  worth 1
}

pattern 兩碰 "two pongs or kongs on the table" [GD-7] {
  when count 刻 + count 槓 >= 2 × count 刻
  worth 1
}
"""


def evaluate(tmp_path: Path, capsys: pytest.CaptureFixture[str], *table: str) -> str:
    """A self-draw of 五筒 to a pair, the melds the table does not hold in hand."""
    rules = tmp_path / "closed.rules"
    rules.write_text(CLOSED, encoding="utf-8")
    hand = [*["123m", "456m", "789m"][: 4 - len(table)], "5p"]
    argv = ["evaluate", str(rules), "--hand", " ".join(hand), "--win-card", "5p"]
    for group in table:
        argv += ["--table", group]
    assert main(argv) == 0
    return capsys.readouterr().out


def test_a_sum_compared_with_a_number_says_what_it_comes_to(tmp_path, capsys) -> None:
    out = evaluate(tmp_path, capsys, "刻:EEE")
    assert "門清: needs count 刻 + count 槓 = 0, here 1 + 0 = 1 [GD-7]" in out


def test_two_sums_compared_say_what_each_comes_to(tmp_path, capsys) -> None:
    out = evaluate(tmp_path, capsys, "刻:EEE", "槓:SSSS")
    assert "門清: needs count 刻 + count 槓 = 0, here 1 + 1 = 2 [GD-7]" in out
    out = evaluate(tmp_path, capsys, "刻:EEE")
    assert "兩碰: needs count 刻 + count 槓 ≥ 2 × count 刻, here 1 + 0 = 1, 2 × 1 = 2" in out
