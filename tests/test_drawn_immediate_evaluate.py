"""A card the seat draws that completes an immediate win play looks for after a draw: play
wins at once on it (`_held_immediate_win`, `_won_on_own_turn`), and `evaluate` now says the
same of the hand and that card, where it said "does not win" unless told `--on-deal`."""

from __future__ import annotations

import pytest
from tablerules.cli.main import main
from tablerules.interpreter import load_game

FOUR_GHOSTS = "1m 4m 7m 2p 5p 8p 3s 6s 9s E P P P"  # and the fourth 白 drawn: no split wins
SEVEN_FLOWERS = "春 夏 秋 冬 梅 蘭 竹 123m 456m 789m"  # and 菊 drawn: all eight flowers


@pytest.mark.parametrize(
    ("rules", "hand", "card", "name", "paid"),
    [
        # GD-6, P2-2: worth a plain self-draw, each other pays 2 × 底, as play settles it
        ("guangdong", FOUR_GHOSTS, "P", "四鬼胡", "each other pays 2 × 底 = 2 × 1 = 2 · 四鬼胡"),
        # TW-6, P2-8: 八仙過海 8 台 alone (and 莊家 between the dealer and the winner)
        ("taiwan", SEVEN_FLOWERS, "菊", "八仙過海", "錢 = 底 + (台 + 莊) × 台錢 = 30 + (8 + 1)"),
    ],
)
def test_a_drawn_card_that_makes_an_immediate_win_wins(
    capsys: pytest.CaptureFixture[str], rules: str, hand: str, card: str, name: str, paid: str
) -> None:
    assert main(["evaluate", rules, "--hand", hand, "--win-card", card, "--from", "self"]) == 0
    out = capsys.readouterr().out
    assert f"WINS at once: {name}" in out, out
    assert "wins at once on the card drawn" in out
    assert paid in out
    assert load_game(rules).evaluate_text(hand, win_card=card, source="self").immediate == name


def test_the_same_card_from_another_seat_wins_nothing_at_once() -> None:
    """Play looks for these wins on the seat's own draws only: a card another seat
    discarded makes none (and no split of these cards wins on it)."""
    game = load_game("taiwan")
    result = game.evaluate_text(SEVEN_FLOWERS, win_card="菊", source="discard")
    assert not result.wins and result.immediate is None


def test_the_win_test_leaves_the_immediate_win_aside() -> None:
    """`Evaluator.wins` is the test of a winning split, as play offers a win action; play
    takes the immediate win before any action is offered."""
    game = load_game("guangdong")
    cards, card = game.parse(FOUR_GHOSTS), game.parse("P")[0]
    assert not game.evaluator.wins(cards, (), card, "self")
    assert game.evaluate(cards, win_card=card, source="self").wins


@pytest.mark.parametrize("detail", ["wins", "best"])
def test_a_hands_file_judges_it_alike(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, detail: str
) -> None:
    import io
    import json
    import sys

    lines = f"{FOUR_GHOSTS} | win: P\n{FOUR_GHOSTS}\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    assert main(["evaluate", "guangdong", "--hands-file", "-", "--detail", detail]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [record["wins"] for record in records] == [True, False]
