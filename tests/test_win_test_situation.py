"""A win clause's `when` line that reads only the situation — the dealer's streak, how and
when the hand is won — is asked before any split of the hand is listed: where it fails, no
hand wins, whatever its cards (`Scoring.refuses_situation`). The shape of the fuzz
campaign's input outputs-823 (issue 22): one-card groups that never split make every hand
split in very many ways, and a win clause that holds only on a 16-hand streak listed them
all at every draw (0.4 s CPU each)."""

from __future__ import annotations

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.search.searcher import Searcher
from test_win_test_judging import built_hands

RULES = """extends "hongkong"

group single "one card, never split" [HK-1] {
  pattern same 1
  in hand
  never split
}

override win [HK-4] {
  groups 5
  pairs of 對: 1
  score 番 at least 3
  when streak = 2 or (dealer wins and first draw)
}
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    path = tmp_path_factory.mktemp("rules") / "streak.rules"
    path.write_text(RULES, encoding="utf-8")
    return load_game(path)


@pytest.mark.parametrize("streak", [0, 2])
def test_a_failing_situation_lists_no_split(
    game: Game, streak: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    hands = built_hands(game)[:40]
    conditions = WinConditions(context="discard", streak=streak, seat=1)
    expected = [
        game.evaluator.evaluate(cards, win_card=card, conditions=conditions).wins
        for cards, card in hands
    ]
    listed: list[int] = []
    fragments = Searcher.fragments

    def counted(self: Searcher, packed: int) -> object:
        listed.append(packed)
        return fragments(self, packed)

    monkeypatch.setattr(Searcher, "fragments", counted)
    found = [
        game.evaluator.wins(cards, win_card=card, conditions=conditions) for cards, card in hands
    ]
    assert found == expected
    if streak == 0:  # the line fails whatever the cards: nothing is listed
        assert not any(expected) and listed == []
    else:  # the line holds: the hands are judged as before, some win
        assert any(expected) and listed
