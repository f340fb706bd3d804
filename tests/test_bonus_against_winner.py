"""Bonus cards read against the winner (GD-10, CS-9, HZ-7, CD-4, P2-3): hits told by a card
filter, seats counted from the winner, `each payer` and `payer hit` in a bonus's payment,
copies in the winning hand, each winner of one discard turning its own cards; and the
immediate win by named cards (`when holding 4 of wild`, `on own turn`: GD-6, HZ-5)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from tablerules.dsl.diagnostics import RuleError
from tablerules.dsl.loading.loader import load_rules
from tablerules.interpreter.api import load_game
from tablerules.interpreter.scenarios.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]
GUANGDONG = ROOT / "rules" / "guangdong.rules"


def _codes(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "variant.rules"
    path.write_text(text, encoding="utf-8")
    try:
        load_rules(path)
    except RuleError as error:
        return sorted(d.code for d in error.diagnostics)
    return []


def _variant(tmp_path: Path, body: str) -> str:
    return f'extends "guangdong"\n{body}'


@pytest.mark.parametrize(
    ("body", "code"),
    [
        # `each payer` is known in a bonus only: a settlement's win has no payers yet
        (
            "override settle win [GD-8] {\n  on draw by self: each payer pays 1\n}\n",
            "E110",
        ),
        # `payer hit` reads the seats the cards point at: a card filter points at none
        (
            "override bonus 馬 [GD-10] {\n  after win on draw\n  count 1\n"
            "  drawn from wall head\n  hit when (rank 1 5 9)\n"
            "  pays: each payer pays payer hit\n}\n",
            "E110",
        ),
        # two ways of telling a hit
        (
            "override bonus 馬 [GD-10] {\n  after win on draw\n  count 1\n"
            "  drawn from wall head\n  hit when (rank 1 5 9)\n"
            "  hit per copy in winning hand\n  pays: each payer pays hits\n}\n",
            "E110",
        ),
        # the winning card read for a missing one needs copies counted
        (
            "override bonus 馬 [GD-10] {\n  after win on draw\n  count 1\n"
            "  drawn from wall head\n  hit when (rank 1 5 9)\n  missing reads winning card\n"
            "  pays: each payer pays hits\n}\n",
            "E110",
        ),
        # no way of telling a hit at all
        (
            "override bonus 馬 [GD-10] {\n  after win on draw\n  count 1\n"
            "  drawn from wall head\n  pays: each payer pays hits\n}\n",
            "E109",
        ),
        # `payer hit` outside a bonus's payment
        (
            "override settle win [GD-8] {\n  on draw by self: each other pays payer hit\n}\n",
            "E110",
        ),
        # an unknown card in the filter
        (
            "override bonus 馬 [GD-10] {\n  after win on draw\n  count 1\n"
            "  drawn from wall head\n  hit when 7z\n  pays: each payer pays hits\n}\n",
            "E101",
        ),
        # an instant win of named cards held needs at least one
        (
            'override immediate win 四鬼胡 "none" [GD-6] {\n  when holding 0 of wild\n}\n',
            "E110",
        ),
    ],
)
def test_the_checker_refuses_a_bonus_it_cannot_carry_out(
    tmp_path: Path, body: str, code: str
) -> None:
    assert code in _codes(tmp_path, _variant(tmp_path, body))


def test_wild_in_a_hit_filter_needs_wild_cards(tmp_path: Path) -> None:
    text = (ROOT / "docs" / "examples" / "minimal.rules").read_text(encoding="utf-8")
    assert "wild" not in text
    body = (
        'extends "minimal.rules"\nbonus b [PEB-1] {\n  after win on draw\n  count 1\n'
        "  drawn from pile head\n  hit when wild\n  pays: each payer pays hits\n}\n"
    )
    path = ROOT / "docs" / "examples"
    scratch = tmp_path / "examples"
    scratch.mkdir()
    (scratch / "minimal.rules").write_text(text, encoding="utf-8")
    (scratch / "v.rules").write_text(body, encoding="utf-8")
    with pytest.raises(RuleError) as error:
        load_rules(scratch / "v.rules")
    assert "E110" in {d.code for d in error.value.diagnostics}
    assert path.exists()


def _scenario(tmp_path: Path, rules: Path, **fields: object) -> Path:
    written = os.path.relpath(rules, tmp_path)
    scenario = {"name": "a test", "rules": written, "rule_ids": ["GD-10"], "expect": {}, **fields}
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario, ensure_ascii=False), encoding="utf-8")
    return path


SELF_DRAW = {
    "dealer": 0,
    "hands": [
        "1m2m3m 4p5p6p 7s8s9s 2p2p 5s6s",
        "E E S S W W N N C C F F 9m",
        "1m1m 2m2m 3m3m 4m4m 5m5m 6m6m 7m",
        "9p9p 8p8p 7p7p 6s6s 7s7s 8m8m 9m",
    ],
    "actions": ["0: 胡"],
}


def _play(tmp_path: Path, body: str, wall: str) -> list[int]:
    rules = tmp_path / "birds.rules"
    rules.write_text(_variant(tmp_path, body), encoding="utf-8")
    result = run_scenario(_scenario(tmp_path, rules, wall=wall, **SELF_DRAW))
    assert result.table is not None, result.failures
    return result.table.totals()


BIRD = (
    'override bonus 馬 "one bird: the seat hit pays double" [CS-9] {\n'
    "  after win on draw\n  count 1\n  drawn from wall head\n"
    "  hit when in seat cards 馬位 counted from winner\n"
    '  pays: each payer pays settled × (hits + payer hit) "中鳥"\n}\n'
)


def test_a_bird_at_the_winner_doubles_every_payer(tmp_path: Path) -> None:
    # a self-draw without a ghost: 4 from each; 一索 points at the winner
    assert _play(tmp_path, BIRD, "4s 1s") == [24, -8, -8, -8]


def test_a_bird_at_a_payer_doubles_that_payer_only(tmp_path: Path) -> None:
    # 二索 points at the next seat (1): it alone pays its 4 again
    assert _play(tmp_path, BIRD, "4s 2s") == [16, -8, -4, -4]


def test_a_card_filter_tells_hits_whoever_won(tmp_path: Path) -> None:
    birds = (
        'override bonus 馬 "birds" [HZ-7] {\n  after win on draw\n  count 2\n'
        "  drawn from wall head\n  hit when (kind number, rank 1 5 9), C\n"
        '  pays: each payer pays 2 × 底 per hit "中鳥"\n}\n'
    )
    # 九萬 and 中 hit, whoever won: each of the three pays 2 × 2 more
    assert _play(tmp_path, birds, "4s 9m C") == [12 + 12, -8, -8, -8]
    # 二萬 and 中: one hit
    assert _play(tmp_path, birds, "4s 2m C") == [12 + 6, -6, -6, -6]


def test_copies_in_the_winning_hand_count_the_winning_card(tmp_path: Path) -> None:
    copies = (
        'override bonus 馬 "copies" [CD-4] {\n  after win on draw\n  count 1\n'
        "  drawn from wall head\n  hit per copy in winning hand\n"
        "  missing reads winning card\n"
        '  pays: each payer pays hits "醒"\n}\n'
    )
    # 二筒 is held twice: two hits, each payer pays 2
    assert _play(tmp_path, copies, "4s 2p") == [12 + 6, -6, -6, -6]
    # no card left: the winning card (四索, once in the hand) is read in its place; the
    # win, on the wall's last tile, is a 海底撈月 (×2 more): 8 from each, and 1 per copy
    assert _play(tmp_path, copies, "4s") == [24 + 3, -9, -9, -9]


def test_the_log_says_where_each_horse_points() -> None:
    game = load_game(GUANGDONG)
    assert game.compiled.bonus_readings["馬"].tells_seats
    reading = game.compiled.bonus_readings["馬"]
    ids = game.cards.ids
    drawn = [ids.index(card) for card in ("1m", "2m", "3m", "4m", "P")]
    # counted from the winner (seat 2): itself, the next, across, the seat before, across
    assert reading.points_at(drawn, winner=2, dealer=0, seats=4) == [2, 3, 0, 1, 0]
    assert reading.seat_hits(drawn, winner=2, dealer=0, seats=4) == [2, 1, 1, 1]


def test_four_ghosts_win_at_once_on_the_draw_of_the_fourth(tmp_path: Path) -> None:
    scenario = _scenario(
        tmp_path,
        GUANGDONG,
        dealer=0,
        hands=[
            "P P P 1m 3m 5m 7m 9m 2p 4p 6p 8p",
            "1s 3s 5s 7s 9s E E S S W W N N",
            "2m 4m 6m 8m 1p 3p 5p 7p 9p 2s 4s 6s",
            "3m 5m 7m 9m 1p 3p 5p 7p 9p 2s 4s",
        ],
        wall="P 2m 4m",
        actions=[],
    )
    result = run_scenario(scenario)
    table = result.table
    assert table is not None, result.failures
    kinds = [event["type"] for event in table.state.events]
    assert "immediate win" in kinds
    win = next(e for e in table.state.events if e["type"] == "win")
    assert (win["seat"], win["context"]) == (0, "turn")
    # a plain self-draw: 2 from each (P2-2), and 二萬 points at the next seat: no horse hit
    assert table.totals() == [6, -2, -2, -2]
