"""Immediate wins where play goes on (起手胡-like): checked, shown on the deal once for every
time a hand holds them, paid at once by their own `pays:` lines, and the hand played on."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.dsl.loading.loader import load
from tablerules.interpreter import load_game
from tablerules.interpreter.bots.players import GreedyBot, RandomBot, play_hand
from tablerules.interpreter.engine import Table

RULES = Path(__file__).resolve().parents[1] / "rules"

SHOWN = """extends "hongkong.rules"

group 四 "four alike in hand" [HK-1] {
  pattern same 4
  in hand
  concealed
}

immediate win 四喜 "four alike in hand" [HK-1] {
  when 1 of 四
  play goes on
  pays: each other pays 2 × unit "四喜"
}

immediate win 板板 "no 2, 5 or 8" [HK-1] {
  when cards (rank 2 5 8) = 0
  play goes on
  pays: each other pays 3 "板板"
}
"""


def _game(tmp_path: Path, text: str = SHOWN):
    (tmp_path / "hongkong.rules").write_text(
        (RULES / "hongkong.rules").read_text(encoding="utf-8"), encoding="utf-8"
    )
    path = tmp_path / "shown.rules"
    path.write_text(text, encoding="utf-8")
    return load_game(path)


def _table(game, hands: list[str], wall: str = "9m 9p 9s 1m 1p 1s 2m 2p 2s 3m") -> Table:
    return Table(game, dealer=0, hands=[game.parse(h) for h in hands], wall=game.parse(wall))


HANDS = [
    "1111m 3333p 9s 6p 4s 4s 7m 7m 1s",  # two four alike (no 2, 5 or 8): 四喜 twice, 板板 once
    "123m 456m 789m 11p 23p",
    "123p 456p 789p 99s 12m",
    "555m 666m 777p 888p 9s",
]


def test_each_time_held_is_shown_and_paid_and_play_goes_on(tmp_path: Path) -> None:
    table = _table(_game(tmp_path), HANDS)
    shown = [e for e in table.events if e["type"] == "shown win"]
    assert [(e["seat"], e["win"], e["nth"], e["times"]) for e in shown] == [
        (0, "四喜", 1, 2),
        (0, "四喜", 2, 2),
        (0, "板板", 1, 1),
    ]
    pays = [
        (e["payer"], e["payee"], e["amount"], e["label"])
        for e in table.events
        if e["type"] == "pay"
    ]
    assert pays == [(p, 0, 2, "四喜") for p in (1, 2, 3)] * 2 + [
        (p, 0, 3, "板板") for p in (1, 2, 3)
    ]
    assert table.totals() == [2 * 6 + 9, -7, -7, -7]
    assert not table.finished  # the hand goes on: the dealer draws
    assert table.waiting_for() == [0]
    assert not any(e["type"] in ("win", "immediate win") for e in table.events)


def test_shown_wins_come_after_the_phases_before_the_first_turn(tmp_path: Path) -> None:
    game = _game(tmp_path)
    table = _table(game, HANDS)
    types = [e["type"] for e in table.events]
    assert types.index("shown win") > types.index("deal")
    assert "draw" not in types[: types.index("shown win")]


def test_no_showing_without_such_a_hand(tmp_path: Path) -> None:
    table = _table(_game(tmp_path), ["123m 456m 789m 11p 23p", *HANDS[1:]])
    assert not any(e["type"] == "shown win" for e in table.events)
    assert table.totals() == [0, 0, 0, 0]


def test_bots_play_on_after_a_showing(tmp_path: Path) -> None:
    game = _game(tmp_path)
    shown = 0
    for seed in range(60):
        for bot in (RandomBot, GreedyBot) if seed < 8 else (RandomBot,):
            table = play_hand(game, [bot(seed + s) for s in range(4)], seed)
            assert table.finished
            assert sum(table.totals()) == 0
            shown += sum(e["type"] == "shown win" for e in table.events)
    assert shown  # some deal held one


def _errors(tmp_path: Path, text: str) -> list[str]:
    (tmp_path / "hongkong.rules").write_text(
        (RULES / "hongkong.rules").read_text(encoding="utf-8"), encoding="utf-8"
    )
    path = tmp_path / "bad.rules"
    path.write_text(text, encoding="utf-8")
    return [
        f"{d.line}:{d.code} {d.message}" for d in load(path).diagnostics if d.severity == "error"
    ]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            '  when 1 of 刻\n  pays: each other pays 2 "x"\n',
            "5:E110 an immediate win that ends the hand is paid by the settlement",
        ),
        ("  when 1 of 刻\n  play goes on\n", "5:E109 immediate win 'x' goes on but says nothing"),
        (
            "  when groups of 刻 = 1\n  play goes on\n  pays: each other pays 2\n",
            "4:E110 'groups' reads a winning split; a hand on the deal has none",
        ),
        (
            "  when 1 of 刻\n  play goes on\n  pays: discarder pays 2\n",
            "6:E110 a win shown on the deal has no discarder",
        ),
        (
            "  when 1 of 刻\n  valued by its groups\n  play goes on\n  pays: each other pays 2\n",
            "5:E110 a win where play goes on is paid by its 'pays:' lines",
        ),
        (
            "  when cards (rank 2 5 8) = value\n  play goes on\n  pays: each other pays 2\n",
            "4:E110 'value' (value) is not known here",
        ),
    ],
)
def test_the_checker_refuses_what_cannot_be_shown(tmp_path: Path, body: str, expected: str) -> None:
    text = 'extends "hongkong.rules"\n\nimmediate win x [HK-1] {\n' + body + "}\n"
    found = _errors(tmp_path, text)
    assert any(line.startswith(expected) for line in found), found
