"""The win test of rules exact but for 'never split' groups: the signature tables of the
hand with those groups taken out (`WinClause.kept_wins`), never a listing of every split,
and the same answer as judging every split (`evaluate`)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tablerules.interpreter import Game, load_game

MINIMAL = Path(__file__).resolve().parents[1] / "docs" / "examples" / "minimal.rules"
SEED = 4_127
HANDS = 600

# three alike never split; and a pair of fours never split besides the pair kind
KEPT_GROUPS = """
group fours "two fours kept" [PEB-3] {
  pattern same 2, where number 4
  in hand
  never split
}
"""


def variant(tmp_path: Path, name: str, extra: str) -> Game:
    text = MINIMAL.read_text(encoding="utf-8")
    text = text.replace("  4 to each hand", "  7 to each hand")
    text = text.replace("  groups 2\n  pairs of pair: 1", "  groups 3\n  pairs of pair: 1")
    three = "  pattern same 3\n  in hand\n  concealed\n"
    text = text.replace(three, three + "  never split\n")
    path = tmp_path / f"{name}.rules"
    path.write_text(text + extra, encoding="utf-8")
    return load_game(path)


@pytest.fixture(scope="module", params=["three", "three-and-fours"])
def game(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Game:
    extra = KEPT_GROUPS if request.param == "three-and-fours" else ""
    return variant(tmp_path_factory.mktemp("rules"), request.param, extra)


def hands(game: Game, seed: int) -> list[list[int]]:
    """Eight-card hands: random in-hand groups (many complete) and random cards."""
    rng = random.Random(seed)
    instances = [i.cards for i in game.compiled.instances]
    copies = game.compiled.cards.copies_of
    deck = [card for card in range(len(game.cards)) for _ in range(copies[card])]
    found: list[list[int]] = []
    while len(found) < HANDS:
        if len(found) % 3:
            cards: list[int] = []
            while len(cards) < 8:
                cards += rng.choice(instances)
            cards = cards[:8]
            if any(cards.count(c) > copies[c] for c in cards):
                continue
        else:
            cards = rng.sample(deck, 8)
        found.append(cards)
    return found


def test_the_rules_are_exact_but_for_never_split(game: Game) -> None:
    assert game.compiled.kept_exact
    assert not game.compiled.structural_exact


def test_the_win_test_agrees_with_every_split_judged(game: Game) -> None:
    rng = random.Random(SEED)
    wins = 0
    for cards in hands(game, SEED):
        assert game.evaluator.wins(cards) == game.evaluate(cards).wins
        win_card = cards[rng.randrange(len(cards))]
        hand = list(cards)
        hand.remove(win_card)
        expected = game.evaluate(hand, win_card=win_card).wins
        assert game.evaluator.wins(hand, win_card=win_card) == expected, (hand, win_card)
        wins += expected
    assert wins > HANDS // 10  # enough winning hands to test the takings


def test_the_win_test_lists_no_split(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    search = game.evaluator.search
    listed = []
    every_split = search.fragments

    def counted(packed: int) -> object:
        listed.append(packed)
        return every_split(packed)

    monkeypatch.setattr(search, "fragments", counted)
    rng = random.Random(SEED + 1)
    wins = 0
    for cards in hands(game, SEED + 1):
        win_card = cards.pop(rng.randrange(len(cards)))
        wins += game.evaluator.wins(cards, win_card=win_card)
    assert wins > HANDS // 10
    assert listed == []
