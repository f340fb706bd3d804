"""What a winning split would be paid, worked out off the table (`interpreter.hand.pricing`):
the settlement's `let` names and the lines that apply, with their arithmetic — and, hand
by hand, exactly what the engine pays at the table."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.bots.players import make_bot, play_hand
from tablerules.interpreter.compiling.conditions import win_from
from tablerules.interpreter.engine.state import Offer
from tablerules.interpreter.engine.win_facts import win_conditions
from tablerules.interpreter.hand.pricing import Pricing, price

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules"


def priced(game: Game, hand: str, card: str, how: str, seat: int = 0, **facts: object) -> Pricing:
    result = game.evaluate_text(hand, win_card=card, source=how, seat=seat, **facts)
    assert result.wins and result.best is not None
    return price(game.compiled, result.best, win_from(how, seat, **facts)[1])


def test_the_money_follows_the_patterns_through_the_settlement() -> None:
    hongkong = load_game(RULES / "hongkong.rules")
    # 南 in the 南 round: 自摸 1 + 門風 1 + 圈風 1 + 對對糊 3 + 混一色 3 = 9 番 → 96 units each
    pricing = priced(hongkong, "111m 222m 333m SSS 5m", "5m", "self", seat=1, round=1)
    assert pricing.lets == ["錢 = 番錢(番) × unit = 96 × 1 = 96"]
    (each,) = pricing.payments
    assert (each.payer, each.amount, each.label) == ("each other", 96, "自摸")
    assert each.sentence() == "each other pays 錢 = 96 · 自摸"
    # the same hand on a discard, seat 東 in the 東 round: 門風 and 圈風 are 東, 自摸 goes,
    # nothing is claimed: 門前清 1 + 對對糊 3 + 混一色 3 = 7 番 → 48, the discarder pays twice
    (discard,) = priced(hongkong, "111m 222m 333m SSS 5m", "5m", "discard").payments
    assert (discard.payer, discard.working, discard.amount) == (
        "discarder",
        "2 × 錢 = 2 × 48 = 96",
        96,
    )


def test_multipliers_read_by_name_and_the_value_by_its_table() -> None:
    mingtang = load_game(RULES / "variants" / "paohuzi-mingtang.rules")
    # 21 胡息 → 囤 6; 紅胡 ×2 · 海底胡 ×2 = 4 名堂; a self-draw: (6 + 1) × 4 × 1 = 28 each
    hand = "二七十 二七十 貳柒拾 貳柒拾 五五"
    pricing = priced(mingtang, hand, "五", "self", last_card=True)
    assert pricing.lines() == [
        "囤 = max((胡息 - 6) / 3 + 1, 1) = max((21 - 6) / 3 + 1, 1) = 6",
        "each other pays (囤 + 1) × 名堂 × base_stake = (6 + 1) × 4 × 1 = 28 · 自摸",
    ]
    faan = load_game(RULES / "variants" / "paomazai-faan.rules")
    # 字一色 ×8 · 搶槓 ×2 = 16 番; the robbed seat pays 6 × 10 × 16 = 960 (包自摸)
    (robbed,) = priced(faan, "EEE SSS CCC FFF P", "P", "robbed").payments
    assert (robbed.payer, robbed.amount, robbed.cites) == (
        "robbed",
        960,
        ("PMZ-F9", "PMZ-16", "PMZ-21"),
    )


def test_a_hand_that_does_not_win_has_no_settlement() -> None:
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "tablerules",
            "evaluate",
            str(RULES / "hongkong.rules"),
            "--hand",
            "123m 456p 789s EE 5s",
            "--win-card",
            "6s",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(completed.stdout)["settlement"] is None


@pytest.mark.parametrize(
    "name",
    [
        "hongkong.rules",
        "variants/paohuzi-mingtang.rules",
        "variants/paomazai-faan.rules",
        "paohuzi.rules",
        "paomazai.rules",
    ],
)
def test_pricing_pays_what_the_engine_pays(name: str) -> None:
    """Hand after hand, each settle payment of a win is the amount pricing works out for
    the winner's best split under the conditions of the win."""
    game = load_game(RULES / name)
    index = game.compiled.cards.index
    wins = 0
    for seed in range(200):
        bots = [
            make_bot("greedy", seed * 10 + s) for s in range(len(game.compiled.dealt_per_seat()))
        ]
        table = play_hand(game, bots, seed)
        for event in table.events:
            if event["type"] != "win":
                continue
            card = event.get("card")
            offer = Offer(event["context"], event["owner"], index[card] if card else None)
            immediate = str(event.get("clause", "")).startswith("immediate win")
            conditions = win_conditions(table.state, table.play, event["seat"], offer)
            best = table.settlement.best_split(
                table.state, offer, event["seat"], immediate, conditions
            )
            assert best is not None
            paid = {
                (e["label"], e["amount"])
                for e in table.events
                if e["type"] == "pay"
                and e["payee"] == event["seat"]
                and str(e.get("clause", "")).startswith("settle ")
            }
            expected = {
                (p.label, p.amount) for p in price(game.compiled, best, conditions).payments
            }
            assert paid == expected, (seed, event)
            wins += 1
        if wins >= 4:
            break
    assert wins >= 3
