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
