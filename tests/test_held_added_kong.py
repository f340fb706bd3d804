"""An added kong of a card held earlier (`any card in hand onto table KIND`, SC-5, TW-3,
HK-2): offered on one's own turn for a card kept since the pong, robbable, refused by the
checker anywhere but one's own turn; 跑馬仔 still adds only the tile just drawn (PMZ-8)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.dsl.diagnostics import RuleError
from tablerules.interpreter.api import load_game
from tablerules.interpreter.engine.game import Table

ROOT = Path(__file__).resolve().parents[1]


def _after_pong(name: str) -> Table:
    """南 pongs 東's 五筒 with two of its three, keeps the fourth, and draws 九筒 a round later."""
    game = load_game(ROOT / "rules" / f"{name}.rules")
    hands = [game.parse(text) for text in ("5p", "5p5p5pE", "N", "C")]
    table = Table(game, dealer=0, hands=hands, wall=game.parse("SFWP9p2s3s"))
    script = [
        (0, "discard 五筒"),
        (1, "碰 五筒五筒五筒"),
        (1, "discard 東"),
        (2, "discard 發"),
        (3, "discard 西"),
        (0, "discard 白"),
    ]
    for seat, label in script:
        table.apply(label, seat)
    return table


def test_a_tile_held_since_the_pong_is_offered_on_a_later_turn() -> None:
    table = _after_pong("hongkong")
    labels = [choice.label for choice in table.legal_actions(1)]
    assert "加槓 五筒五筒五筒五筒" in labels
    table.apply("加槓 五筒五筒五筒五筒", 1)
    action = next(e for e in reversed(table.events) if e["type"] == "action")
    assert (action["card"], action["taken"], action["onto"]) == ("5p", ["5p"], 0)
    seat = table.state.seats[1]
    assert sum(seat.hand) == 2 and len(seat.table[0].cards) == 4  # 九筒 and the replacement


def test_paomazai_never_adds_a_tile_held_earlier() -> None:
    game = load_game(ROOT / "rules" / "paomazai.rules")
    hands = [game.parse(text) for text in ("5p", "5p5p5pE", "N", "C")]
    table = Table(game, dealer=0, hands=hands, wall=game.parse("SFWP9p2s3s"))
    for seat, label in [(0, "discard 五筒"), (1, "碰 五筒五筒五筒"), (1, "discard 東")]:
        table.apply(label, seat)
    for seat, label in [(2, "discard 發"), (3, "discard 西"), (0, "discard 白")]:
        table.apply(label, seat)
    assert not [c for c in table.legal_actions(1) if c.action == "明槓"]


def _check(tmp_path: Path, way: str) -> list[str]:
    path = tmp_path / "x.rules"
    path.write_text(
        'extends "sichuan"\noverride action 補槓 [SC-5] {\n'
        f"  {way}\n  makes 槓\n  robbable\n  then replacement\n"
        '  pays: each other pays 1 × 底 "補槓"\n}\n',
        encoding="utf-8",
    )
    try:
        load_game(path)
    except RuleError as error:
        return [f"{d.code}@{d.line}" for d in error.diagnostics if d.severity == "error"]
    return []


@pytest.mark.parametrize(
    "way",
    [
        "on discard by others: any card in hand onto table 刻",
        "on draw by self: any card in hand onto table 刻",
        "on turn by others: any card in hand onto table 刻",
    ],
)
def test_a_held_card_is_added_only_on_ones_own_turn(tmp_path: Path, way: str) -> None:
    assert "E110@3" in _check(tmp_path, way)


def test_the_held_way_checks_and_is_robbable(tmp_path: Path) -> None:
    assert _check(tmp_path, "on turn by self: any card in hand onto table 刻") == []


@pytest.mark.parametrize("name", ["sichuan", "taiwan", "hongkong"])
def test_bots_play_files_with_the_held_way(name: str) -> None:
    from tablerules.interpreter.bots.players import make_bot, play_hand

    game = load_game(ROOT / "rules" / f"{name}.rules")
    for seed in range(3):
        bots = [make_bot(bot, seed) for bot in ("greedy", "random", "greedy", "random")]
        assert play_hand(game, bots, seed=seed).finished
