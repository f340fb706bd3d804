"""A group of one card laid and replaced (a flower) under a win clause that counts every
group (`groups 5`): the seat keeps as many cards as before and has one group more on the
table, so a hand that lays one never splits into the groups asked, and never wins. `check`
warns (W007) at the `groups` line; a file that counts its melds alone, or lays a group that
stands for a meld (a kong: four cards, one replaced), is not warned."""

from __future__ import annotations

from pathlib import Path

from tablerules.interpreter.api import check, load_game
from tablerules.interpreter.messages.diagnostic_text import told

FLOWERS = """extends "guangdong"

override attribute suit: m | p | s | wind | dragon | flower     [GD-1]
override attribute kind: number | honor | flower                [GD-1]

override deck [GD-1] {
  copies 4
  compact suffix m p s
  1m suit=m rank=1 kind=number
  2m suit=m rank=2 kind=number
  3m suit=m rank=3 kind=number
  4m suit=m rank=4 kind=number
  5m suit=m rank=5 kind=number
  6m suit=m rank=6 kind=number
  7m suit=m rank=7 kind=number
  8m suit=m rank=8 kind=number
  9m suit=m rank=9 kind=number
  1p suit=p rank=1 kind=number
  2p suit=p rank=2 kind=number
  3p suit=p rank=3 kind=number
  4p suit=p rank=4 kind=number
  5p suit=p rank=5 kind=number
  6p suit=p rank=6 kind=number
  7p suit=p rank=7 kind=number
  8p suit=p rank=8 kind=number
  9p suit=p rank=9 kind=number
  1s suit=s rank=1 kind=number
  2s suit=s rank=2 kind=number
  3s suit=s rank=3 kind=number
  4s suit=s rank=4 kind=number
  5s suit=s rank=5 kind=number
  6s suit=s rank=6 kind=number
  7s suit=s rank=7 kind=number
  8s suit=s rank=8 kind=number
  9s suit=s rank=9 kind=number
  E suit=wind rank=1 kind=honor
  S suit=wind rank=2 kind=honor
  W suit=wind rank=3 kind=honor
  N suit=wind rank=4 kind=honor
  C suit=dragon rank=1 kind=honor
  F suit=dragon rank=2 kind=honor
  P suit=dragon rank=3 kind=honor
  f1 suit=flower rank=1 kind=flower copies 1
  f2 suit=flower rank=2 kind=flower copies 1
  f3 suit=flower rank=3 kind=flower copies 1
  f4 suit=flower rank=4 kind=flower copies 1
}

group 花 "a flower laid" [GD-1] {
  pattern same 1, where kind flower
  on table
  shown
}

action 補花 "lay a flower, draw its replacement" [GD-1] {
  on deal by self: 1 alike from hand
  on turn by self: 1 alike from hand
  makes 花
  forced
  priority 4
  then replacement
}
"""

MELDS_ONLY = """
override win [GD-3] {
  pairs of 對: 1
  when groups of 順 刻 槓 = 4
}
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "flowers.rules"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_laid_flower_counted_by_groups_is_warned(tmp_path: Path) -> None:
    checked = check(write(tmp_path, FLOWERS))
    (warning,) = [d for d in checked.diagnostics if d.code == "W007"]
    assert warning.severity == "warning"
    assert warning.source_line.strip() == "groups 5"
    assert "補花" in warning.message and "花" in warning.message
    assert "when groups of 順 刻 槓 = 4" in warning.hint


def test_the_warning_is_true_a_hand_with_a_flower_laid_never_wins(tmp_path: Path) -> None:
    game = load_game(write(tmp_path, FLOWERS))
    table = "花:f1"
    assert not game.evaluate_text("123m 456m 789m 11p 23p", table=table, win_card="4p").wins
    fixed = load_game(write(tmp_path, FLOWERS + MELDS_ONLY))
    assert fixed.evaluate_text("123m 456m 789m 11p 23p", table=table, win_card="4p").wins


def test_melds_counted_alone_and_kongs_are_not_warned(tmp_path: Path) -> None:
    assert [d.code for d in check(write(tmp_path, FLOWERS + MELDS_ONLY)).diagnostics] == []
    assert [d.code for d in check(Path("rules/guangdong.rules")).diagnostics] == []


def test_the_warning_is_told_in_chinese(tmp_path: Path) -> None:
    (warning,) = [d for d in check(write(tmp_path, FLOWERS)).diagnostics if d.code == "W007"]
    hant = told(warning, "zh-Hant")
    assert hant.message != warning.message and "補花" in hant.message
    assert hant.hint != warning.hint
