"""The transcript of `tablerules play` works a settlement's `let` names out with the
winner's table groups counted (`count KIND`), as the engine paid them: a `let` read as 0
where the seat held a group on the table wrote a false working beside the true payment."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.cli.main import main

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"
COUNTED = """extends "pebbles-play.rules"

override settle win [PEB-6] {
  let taken = count three
  on draw: each other pays 2 × stake + taken "own draw"
  otherwise: discarder pays stake + taken "discard"
}
"""


def test_a_let_counting_table_groups_is_worked_out_with_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("minimal.rules", "pebbles-play.rules"):
        (tmp_path / name).write_text((EXAMPLES / name).read_text(encoding="utf-8"), "utf-8")
    rules = tmp_path / "counted.rules"
    rules.write_text(COUNTED, encoding="utf-8")
    # seed 14: seat 1 takes 5r into a three on its table, then wins on its own draw
    assert main(["play", str(rules), "--seed", "14", "--hands", "1", "--bots", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "seat 1 take 5r5r5r from seat 0" in out
    assert "seat 1 wins on own draw" in out
    assert "taken = count three = 1" in out
    assert "seat 0 pays seat 1 2 × stake + taken = 2 × 1 + 1 = 3 · own draw" in out
