"""Hand-worked cases of RULES.md's presets (PHZ-M, PMZ-F, HK, CD), each figured out from
RULES.md alone and compared with what the evaluator finds; the same cases are played at the
table as golden scenarios under `tests/golden/scenarios/presets/` and `.../changde/`."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from tablerules.cli.main import main
from tablerules.interpreter.api import Game, load_game

VARIANTS = Path(__file__).resolve().parent.parent / "rules" / "variants"


@cache
def _game(name: str) -> Game:
    return load_game(VARIANTS / f"{name}.rules")


def _best(game: Game, hand: str, **how: object) -> dict:
    evaluation = game.evaluate_text(hand, **how).to_json()
    assert evaluation["wins"], evaluation
    return evaluation["decompositions"][evaluation["best"]]


def _multipliers(best: dict, score: str) -> dict[str, int]:
    return dict(best["scores"][score]["multiplied"])


@pytest.mark.parametrize("name", ["paohuzi-mingtang", "paohuzi-changde"])
@pytest.mark.parametrize(
    ("hand", "alike"),
    [
        ("五五五 六六六 七七七 八八八 九九九", True),  # five 坎: every group alike
        ("五五五五 六六六 七七七 八八八 九九", True),  # a 提, three 坎 and the pair
        ("五五五 六六六 七七七 八八八 九十壹", False),  # three loose cards lie in no group
        ("五五五五 六六六 七七七 八八八 九十", False),  # two loose cards, not a pair
    ],
)
def test_heavenly_win_of_alike_groups_on_the_deal_is_duiduihu(
    name: str, hand: str, alike: bool
) -> None:
    """PHZ-M4, PHZ-M6: a 天胡 on the deal counts its 提 and 坎; when every card dealt lies in
    one of them (a pair aside) every group is alike, so 對對胡 ×2 multiplies with 天胡."""
    game = _game(name)
    cards = hand if name == "paohuzi-mingtang" else hand + " 壹壹壹 叁叁叁"  # 21 for three
    best = _best(game, cards, on_deal=True)
    assert "天胡" in _multipliers(best, "名堂")
    assert ("對對胡" in _multipliers(best, "名堂")) is alike


# The dealer's own shown card (亮張) is a card of its deal: a pair it completes is the
# dealer's own three, worth a 偎's 胡息 (PHZ-20), as the table counts it
# (`presets/mingtang_red_cards_and_the_dealer_s_shown_card.json`: 21 胡息, 24 from each).
DEALER_SHOWN = "二二 七七七 十十十 貳柒拾 貳柒拾"


def test_dealers_own_shown_card_completes_its_own_three() -> None:
    """PHZ-16, PHZ-20, PHZ-M6: `evaluate --from shown` for the dealer reads the card as its
    own (偎 二, 3 胡息), not as another's (碰, 1), and pays what the table pays."""
    best = _best(_game("paohuzi-mingtang"), DEALER_SHOWN, win_card="二", source="shown")
    kinds = [group["kind"] for group in best["groups"] if group["winning_card"]]
    assert kinds == ["偎"] and best["total"] == 21
    assert _multipliers(best, "名堂") == {"紅胡": 2, "天胡": 2}


def test_another_seats_win_on_the_shown_card_is_a_pong() -> None:
    """PHZ-16, PHZ-20, PHZ-M6: for any other seat the shown card is another's: 碰, 地胡."""
    best = _best(_game("paohuzi-mingtang"), DEALER_SHOWN, win_card="二", source="shown", seat=1)
    kinds = [group["kind"] for group in best["groups"] if group["winning_card"]]
    assert kinds == ["碰"] and best["total"] == 19
    assert _multipliers(best, "名堂") == {"紅胡": 2, "地胡": 2}


def test_cli_reads_the_dealers_shown_card_as_its_own(tmp_path: Path, capsys) -> None:
    """The command line and a hands file agree with the table on the dealer's shown card."""
    rules = str(VARIANTS / "paohuzi-mingtang.rules")
    how = ["--win-card", "二", "--from", "shown"]
    assert main(["evaluate", rules, "--json", "--hand", DEALER_SHOWN, *how]) == 0
    single = json.loads(capsys.readouterr().out)
    assert single["best_total"] == 21 and single["source"] == "self"
    hands = tmp_path / "hands.txt"
    hands.write_text(f"{DEALER_SHOWN} | win: 二 shown\n", encoding="utf-8")
    assert main(["evaluate", rules, "--hands-file", str(hands)]) == 0
    line = json.loads(capsys.readouterr().out.splitlines()[0])
    assert line["best_total"] == 21 and line["source"] == "self"


@pytest.mark.parametrize(
    ("name", "hand", "source", "wins", "total"),
    [
        # four players: 一二三 3 + 碰 八 1 + the 五 pair completed: 碰 1 (another's) or 偎 3
        ("paohuzi-mingtang", "一二三 肆伍陸 伍陸柒 五五", "discard", False, 5),
        ("paohuzi-mingtang", "一二三 肆伍陸 伍陸柒 五五", "self", True, 7),
        # three players: 坎 一 3, 坎 三 3, 壹貳叁 6, 碰 八 1, and 五 as 碰 1 or 偎 3
        ("paohuzi-3p-mingtang", "一一一 三三三 壹貳叁 肆伍陸 六七八 五五", "discard", False, 14),
        ("paohuzi-3p-mingtang", "一一一 三三三 壹貳叁 肆伍陸 六七八 五五", "self", True, 16),
        ("paohuzi-changde", "一一一 三三三 壹貳叁 肆伍陸 六七八 五五", "discard", False, 14),
        ("paohuzi-changde", "一一一 三三三 壹貳叁 肆伍陸 六七八 五五", "self", True, 16),
    ],
)
def test_huxi_just_under_and_over_the_minimum(
    name: str, hand: str, source: str, wins: bool, total: int
) -> None:
    """PHZ-12, PHZ-M8, CD-2: 5 胡息 does not win under the minimum of 6, 7 does; 14 does not
    win with three players (at least 15), 16 does; the 胡息 are worked out by hand."""
    evaluation = (
        _game(name)
        .evaluate_text(hand, table="碰:八八八", win_card="五", source=source, seat=1)
        .to_json()
    )
    assert evaluation["wins"] is wins
    assert max(d["total"] for d in evaluation["decompositions"]) == total


@pytest.mark.parametrize(
    ("rules", "flags", "payments"),
    [
        # PMZ-F5: 十三么 is a limit: its self-draw of the last tile is ×10 alone, 2 × 10 × 10
        (
            "paomazai-faan",
            "--hand 19m19p19sESWNCFP --win-card 1m --from self --last-card",
            [("each other", 200)],
        ),
        # PMZ-F1, F3, F6, F9: 對對糊 ×2 · 清一色 ×4 · 槓上開花 ×2 = 16, the cap: 2 × 10 × 16
        (
            "paomazai-faan",
            "--hand 222p333p444p5p --concealed-table kong:1111p --win-card 5p --from replacement",
            [("each other", 320)],
        ),
        # HK-5, HK-6: 門前清 1 + 平糊 1 + 搶槓 1 = 3 番 → 8, the robbed seat pays twice
        (
            "hongkong",
            "--hand 123m456m789p234s5s --win-card 5s --from robbed --seat 2",
            [("robbed", 16)],
        ),
        # HK-5: 自摸 1 + 槓上開花 1 + 海底撈月 1 = 3 番 (a concealed kong is not claimed, but
        # 門前清 needs a discard) → 8 from each
        (
            "hongkong",
            "--hand 123m456m789m5p --concealed-table kong:1111p --win-card 5p"
            " --from replacement --last-card --seat 2",
            [("each other", 8)],
        ),
        # HK-5: 自摸 1 + 對對糊 3 + 清一色 7 = 11, at most 10 番 → 128 from each
        ("hongkong", "--hand 222333444555m6m --win-card 6m --from self", [("each other", 128)]),
        # CD-2, CD-3, CD-6: 27 胡息 = 5 囤 + 1 self-draw; 12 red: 紅胡 ×4; one drawn hand
        # before: × 2 → (5 + 1) × 4 × 2 = 48 from each of the two others
        (
            "paohuzi-changde",
            "--hand 二七十二七十貳柒拾貳柒拾一一一肆肆肆四五 --win-card 六 --from self --seat 1"
            " --carried 荒=1",
            [("each other", 48)],
        ),
    ],
)
def test_money_of_hand_worked_wins(rules: str, flags: str, payments: list, capsys) -> None:
    """The payments `evaluate` works out agree with the hand figures in the comments."""
    assert main(["evaluate", rules, "--json", *flags.split()]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["wins"]
    paid = [(p["payer"], p["amount"]) for p in record["settlement"]["payments"]]
    assert paid == payments
