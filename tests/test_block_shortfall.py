"""The quick refusal of hands holding wilds (`BlockShortfall`, `WildWinTest._beyond_reach`):
it never refuses a hand that some reading wins, and it refuses most hands far from a win,
which are most hands in play.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tablerules.interpreter.api import Game, load_game

ROOT = Path(__file__).resolve().parents[1]
# each file with the least share of its random hands refused: a deck of many blocks (the
# suits and honours of mahjong) refuses most; 跑胡子's twenty cards lie in one block cut in
# two, whose parts split far more often
FILES = [
    (ROOT / "rules" / "guangdong.rules", 1 / 3),
    (ROOT / "rules" / "hongzhong.rules", 1 / 3),
    (ROOT / "tests" / "fixtures" / "authored" / "paohuzi-wang.rules", 1 / 20),
]


def _hands(game: Game, rng: random.Random, count: int) -> list[tuple[list[int], int]]:
    """Random hands of a dealt seat's size and one card more, holding 1–4 wilds, half of
    them drawn from a few card kinds so that many are near a win; each with its wild kind."""
    compiled = game.compiled
    wilds = sorted(compiled.wilds.kinds)
    copies = compiled.cards.copies_of
    plain = [card for card in range(len(copies)) if card not in wilds]
    size = max(compiled.dealt_per_seat()) + 1
    hands = []
    for index in range(count):
        wild = rng.choice(wilds)
        hand = [wild] * rng.randint(1, min(4, copies[wild]))
        kinds = rng.sample(plain, 5) if index % 2 else plain
        while len(hand) < size:
            card = rng.choice(kinds)
            if hand.count(card) < copies[card]:
                hand.append(card)
        hands.append((sorted(hand), wild))
    return hands


@pytest.mark.parametrize(("path", "share"), FILES, ids=[path.stem for path, _ in FILES])
def test_no_hand_a_reading_wins_is_refused(
    path: Path, share: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = load_game(path)
    hands = _hands(game, random.Random(23), 400)
    refused = [
        game.evaluator._beyond_reach(_plain(game, hand), _wild_count(game, hand), [])
        for hand, _ in hands
    ]
    # the same hands judged with the refusal switched off, by a fresh evaluator
    fresh = load_game(path).evaluator
    monkeypatch.setattr(type(fresh), "_beyond_reach", lambda *args: False)
    wins = [fresh.wins(hand) for hand, _ in hands]
    assert not any(win and gone for win, gone in zip(wins, refused, strict=True))
    assert sum(refused) > len(hands) * share  # it does its work: many hands are far
    assert sum(wins) > 10  # and the hands near a win reach the win test


def _plain(game: Game, hand: list[int]) -> list[int]:
    counts = [0] * len(game.compiled.cards)
    for card in hand:
        if card not in game.compiled.wilds.kinds:
            counts[card] += 1
    return counts


def _wild_count(game: Game, hand: list[int]) -> int:
    return sum(1 for card in hand if card in game.compiled.wilds.kinds)


def test_a_hand_whose_suits_need_four_cards_is_refused_with_one_wild() -> None:
    """紅中: 1p 7p and 5s 9s each need two cards more before their suit splits (no one card
    makes a group or pairs of both): four cards, and one 紅中 to spend."""
    game = load_game(ROOT / "rules" / "hongzhong.rules")
    hand = game.parse("123m 456m 789m 1p 7p 5s 9s C")
    evaluator = game.evaluator
    assert evaluator._beyond_reach(_plain(game, hand), 1, [])
    assert not game.evaluate(hand).wins


def test_a_hand_whose_suits_need_two_cards_is_not_refused_with_three_wilds() -> None:
    """紅中: 1p and 5s each need one card more (a pair): two cards, and three 紅中 — the
    hand wins, 1p with a 紅中 the pair and 5s with two a pong."""
    game = load_game(ROOT / "rules" / "hongzhong.rules")
    hand = game.parse("123m 456m 789m 1p 5s C C C")
    assert not game.evaluator._beyond_reach(_plain(game, hand), 3, [])
    assert game.evaluate(hand).wins
