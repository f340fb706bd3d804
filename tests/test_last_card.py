"""The wall's last card offered in turn (`end { last card offered in turn }`): asked seat by
seat from the seat due to draw, taken and won on or shown, or passed by every seat; the
next dealer `taker of last card`; the checker's refusals; the bots' choice."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.dsl.loading.loader import load
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.bots.players import GreedyBot, RandomBot, play_hand
from tablerules.interpreter.engine import IllegalAction, Table

RULES = Path(__file__).resolve().parents[1] / "rules"
TAKE = "take the last card"

DEALER = "123m 456p 789s 22p 35s 9s"  # 14, no 起手胡
HANDS = [DEALER, "123m 456m 789p 55s 67p", "234m 567p 678s 99m 13p", "345m 234s 11s 567s 2p 9p"]


@pytest.fixture(scope="module")
def changsha() -> Game:
    return load_game(RULES / "changsha.rules")


def _table(game: Game, wall: str, hands: list[str] = HANDS) -> Table:
    table = Table(game, dealer=0, hands=[game.parse(h) for h in hands], wall=game.parse(wall))
    table.apply("discard 九索", seat=0)
    return table


def test_the_seat_due_to_draw_is_asked_first_and_the_others_in_turn(changsha: Game) -> None:
    table = _table(changsha, "9m")
    for seat in (1, 2, 3, 0):
        assert table.waiting_for() == [seat]
        assert [c.label for c in table.legal_actions(seat)] == [TAKE, "pass"]
        table.apply("pass", seat=seat)
    assert table.finished and table.state.winners == []
    assert table.state.next_dealer == 0  # nobody took it: the dealer deals again
    assert not any(e["type"] == "draw" for e in table.events)


def test_a_taker_wins_on_it_as_on_the_last_card_drawn(changsha: Game) -> None:
    table = _table(changsha, "5p")
    table.apply(TAKE, seat=1)
    draw = [e for e in table.events if e["type"] == "draw"][-1]
    assert (draw["seat"], draw["card"], draw["left"]) == (1, "5p", 0)
    table.apply("胡", seat=1)
    win = next(e for e in table.events if e["type"] == "win")
    assert any(p["name"] == "海底撈月" for p in win["patterns"])


def test_a_taker_that_does_not_win_shows_that_card_and_deals_next(changsha: Game) -> None:
    table = _table(changsha, "9m")
    table.apply(TAKE, seat=1)
    assert [c.label for c in table.legal_actions(1)] == ["discard 九萬"]
    with pytest.raises(IllegalAction):
        table.apply("discard 一萬", seat=1)
    table.apply("discard 九萬", seat=1)  # seat 2 holds 99m, but the last discard allows 胡 only
    assert table.finished and table.state.winners == []
    assert table.state.next_dealer == 1  # the seat that took it


def test_bots_take_and_pass_and_finish(changsha: Game) -> None:
    asked = 0
    for seed in range(12):
        for bot in (RandomBot, GreedyBot):
            table = play_hand(changsha, [bot(seed + s) for s in range(4)], seed)
            assert table.finished and sum(table.totals()) == 0
            asked += sum(
                e["type"] == "window" and e["context"] == "last card" for e in table.events
            )
    assert asked


def _errors(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "bad.rules"
    path.write_text(text, encoding="utf-8")
    return [
        f"{d.line}:{d.code} {d.message}" for d in load(path).diagnostics if d.severity == "error"
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            'extends "changsha"\n\noverride end [CS-8] {\n  last card offered in turn\n}\n',
            "4:E110 the last card is offered where the hand is drawn when the wall is empty",
        ),
        (
            'extends "paohuzi"\n\noverride end [PHZ-2] {\n  drawn hand when stock is empty\n'
            "  last card offered in turn\n}\n",
            "5:E110 draws are shown and offered to every seat already",
        ),
        (
            'extends "sichuan"\n\noverride next dealer [SC-15] {\n'
            "  after drawn hand: taker of last card\n}\n",
            "4:E110 nobody takes the last card",
        ),
    ],
)
def test_the_checker_refuses_an_offer_that_cannot_be_made(
    tmp_path: Path, text: str, expected: str
) -> None:
    found = _errors(tmp_path, text)
    assert any(line.startswith(expected) for line in found), found
