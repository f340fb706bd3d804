"""`never of declared ATTR`: an action never taken with a card of the value the seat taking
it declared in a phase (四川's 定缺, SC-3: no 碰 or 槓 of the declared suit). Read per seat
by the engine's choices, the action mask, the bots and `explain`; refused by `check` where
no seat is acting."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.agents.actions import ActionTable
from tablerules.interpreter.api import check, load_game
from tablerules.interpreter.bots.players import GreedyBot, RandomBot, play_hand
from tablerules.interpreter.engine.game import Table

ROOT = Path(__file__).resolve().parent.parent
SICHUAN = ROOT / "rules" / "sichuan.rules"

# after the exchange seat 1 holds 九筒九筒 and seat 2 waits on 九筒; the dealer discards it
HANDS = [
    "111m 234m 567m 9p 1s2s3s",
    "9p9p5p 4s5s6s 7s8s 2s2s 7m8m9m",
    "123m 456m 111p 9p 1s4s7s",
    "3p6p8p 2p4p5p7p 3s5s6s8s9s9s",
]
EXCHANGE = ["0: 換三張 1s 2s 3s", "1: 換三張 7m 8m 9m", "2: 換三張 1s 4s 7s", "3: 換三張 3p 6p 8p"]


def _play(table: Table, lines: list[str]) -> Table:
    for line in lines:
        seat, _, label = line.partition(":")
        table.apply(label.strip(), seat=int(seat))
    return table


def _at_the_discard(seat_one_declares: str) -> Table:
    game = load_game(SICHUAN)
    table = Table(game, dealer=0, hands=[game.parse(h) for h in HANDS], wall=game.parse("9m 1m"))
    declared = ["0: 定缺 s", f"1: 定缺 {seat_one_declares}", "2: 定缺 s", "3: 定缺 m"]
    return _play(table, [*EXCHANGE, *declared, "0: discard 九筒"])


def test_a_pong_of_the_declared_suit_is_not_offered() -> None:
    table = _at_the_discard("p")
    decision = table.state.decision
    assert decision is not None and decision.waiting == [2]  # only the win on it
    table = _at_the_discard("m")  # the same tiles, another suit declared: the 碰 is offered
    decision = table.state.decision
    assert decision is not None
    assert [c.label for c in decision.options[1]] == ["碰 九筒九筒九筒", "pass"]


def test_the_action_mask_leaves_out_the_refused_claim() -> None:
    for declares, offered in (("p", False), ("m", True)):
        table = _at_the_discard(declares)
        legal = ActionTable(table.game).legal(table, 1)
        assert any(choice.action == "碰" for choice in legal.values()) is offered


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "碰 is never taken with 九筒: never of declared suit (dots) [SC-5, SC-3]"),
        ("zh-Hant", "碰永遠不能用九筒：never of declared 花色 (筒) [SC-5, SC-3]"),
        ("zh-Hans", "碰永远不能用九筒：never of declared 花色 (筒) [SC-5, SC-3]"),
    ],
)
def test_explain_says_why_the_pong_is_not_offered(lang: str, said: str) -> None:
    assert _at_the_discard("p").explain(1, "碰", lang) == said


def test_a_concealed_kong_of_the_declared_suit_is_not_offered() -> None:
    game = load_game(SICHUAN)
    hands = ["1111p 234m 567m 1s2s3s", *HANDS[1:]]
    for declares, offered in (("p", False), ("m", True)):
        table = Table(game, dealer=0, hands=[game.parse(h) for h in hands], wall=game.parse("9m"))
        declared = ["0: 定缺 " + declares, "1: 定缺 p", "2: 定缺 s", "3: 定缺 m"]
        _play(table, [*EXCHANGE, *declared])
        decision = table.state.decision
        assert decision is not None and decision.waiting == [0]
        kongs = [c.label for c in decision.options[0] if c.action == "暗槓"]
        assert bool(kongs) is offered, kongs
        if not offered:
            assert "暗槓 is never taken with 一筒" in table.explain(0, "暗槓")


@pytest.mark.parametrize("bots", [RandomBot, GreedyBot])
def test_bots_never_pong_or_kong_their_declared_suit(bots: type) -> None:
    game = load_game(SICHUAN)
    claims = 0
    for seed in range(12):
        table = play_hand(game, [bots(seat) for seat in range(4)], seed)
        declared: list[str] = []
        for event in table.events:
            if event["type"] == "declaration":
                declared = list(event["values"])
            if event["type"] == "action" and event["action"] in ("碰", "直槓", "補槓", "暗槓"):
                claims += 1
                cards = [event.get("card"), *(event.get("cards") or ())]
                suits = {str(card)[-1] for card in cards if card is not None}
                assert declared[event["seat"]] not in suits, event
    assert claims > 0


def _diagnostics(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "v.rules"
    path.write_text(f'extends "sichuan.rules"\n{text}', encoding="utf-8")
    found = check(path)
    return [d.render() for d in found.diagnostics]


def test_a_discard_never_of_a_declared_value_is_refused_where_written(tmp_path: Path) -> None:
    found = _diagnostics(tmp_path, "override discard [SC-3] {\n  never declared suit\n}\n")
    assert any("E110" in line and "v.rules:3:" in line for line in found), found


def test_never_of_a_value_no_phase_declares_is_refused(tmp_path: Path) -> None:
    text = (
        'override action 碰 "pong" [SC-5] {\n'
        "  on discard by others: the card and 2 alike from hand\n"
        "  never of declared rank\n"
        "  makes 刻\n}\n"
    )
    found = _diagnostics(tmp_path, text)
    assert any("E110" in line and "no phase declares a rank" in line for line in found), found
