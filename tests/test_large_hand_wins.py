"""The win test of a hand too large for the signature tables (more concealed cards than
`SIGNED_CARDS`, as where draws are kept without a discard): first measured by its cards
alone (`WinClause.sizes_allow`), every split listed only where the groups the win clause
asks could hold that many cards; the same answer as judging every split."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.compiling.signature_layout import SIGNED_CARDS

MINIMAL = Path(__file__).resolve().parents[1] / "docs" / "examples" / "minimal.rules"
SEED = 9_151
HANDS = 60
FOUR = """
group four "four alike" [PEB-3] {
  pattern same 4
  in hand
}
"""
CLAUSES = {
    "all-pairs": ("  groups 18\n  pairs of pair: 18", ""),  # 36 cards, never more
    "fours": ("  groups 12\n  pairs of pair: 1", FOUR),  # 35 to 46 cards
}


@pytest.fixture(scope="module", params=sorted(CLAUSES))
def game(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Game:
    clause, extra = CLAUSES[request.param]
    text = MINIMAL.read_text(encoding="utf-8")
    text = text.replace("  copies 3", "  copies 9")
    text = text.replace("  groups 2\n  pairs of pair: 1", clause)
    path = tmp_path_factory.mktemp("rules") / f"{request.param}.rules"
    path.write_text(text + extra, encoding="utf-8")
    return load_game(path)


def large_hands(game: Game) -> list[list[int]]:
    rng = random.Random(SEED)
    instances = [i.cards for i in game.compiled.instances]
    copies = game.compiled.cards.copies_of
    found: list[list[int]] = []
    while len(found) < HANDS:
        size = rng.randrange(SIGNED_CARDS + 1, SIGNED_CARDS + 8)
        cards: list[int] = []
        while len(cards) < size:
            cards += rng.choice(instances)
        cards = cards[:size]
        if all(cards.count(c) <= copies[c] for c in cards):
            found.append(cards)
    return found


def counting(game: Game, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    search = game.evaluator.search
    listed: list[int] = []
    every_split = search.fragments

    def counted(packed: int) -> object:
        listed.append(packed)
        return every_split(packed)

    monkeypatch.setattr(search, "fragments", counted)
    return listed


def test_a_hand_too_large_for_the_clause_lists_no_split(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    hands = large_hands(game)
    expected = [game.evaluate(cards).wins for cards in hands]
    listed = counting(game, monkeypatch)
    assert [game.evaluator.wins(cards) for cards in hands] == expected
    # all-pairs: 36 cards at most, by the cards alone; fours: up to 46 cards fit, and the
    # signature tables count such hands exactly (`test_large_hand_signatures.py`)
    assert listed == []


def test_with_a_winning_card_the_answer_is_every_split_judged(game: Game) -> None:
    rng = random.Random(SEED + 1)
    for cards in large_hands(game):
        win_card = cards.pop(rng.randrange(len(cards)))
        expected = game.evaluate(cards, win_card=win_card).wins
        assert game.evaluator.wins(cards, win_card=win_card) == expected
