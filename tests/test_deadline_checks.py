"""The engine's long loops check the thread's deadline (`interpreter.deadline`): listing and
counting a hand's splits, and the bots' distances to a complete hand. A caller that bounds
the work of rules it does not trust (the playground) gets it back wherever the work is."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.bots.measure.distance import Distance
from tablerules.interpreter.bots.players import GreedyBot
from tablerules.interpreter.deadline import Deadline, OutOfTime, within
from tablerules.interpreter.engine import Table
from tablerules.interpreter.search.split_count import LISTED_SPLITS

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"

# any two or three pebbles of one colour make a group: a hand of forty splits in some 10^12
# ways, more than are listed, and ten cards dealt to each seat
MANY_SPLITS = """extends "minimal.rules"

group duo "two of one colour" [PEB-3] {
  pattern 2 alike in colour
  in hand
  concealed
}

group trio "three of one colour" [PEB-3] {
  pattern 3 alike in colour
  in hand
  concealed
}

override win [PEB-3] {
  groups 16
}

override deal [PEB-2] {
  10 to each hand
  rest to pile
}
"""
FORTY = "111222333444555r 111222333444555g 1112223334b"


@pytest.fixture
def rules_path(tmp_path: Path) -> Path:
    (tmp_path / "minimal.rules").write_text(
        (EXAMPLES / "minimal.rules").read_text(encoding="utf-8"), encoding="utf-8"
    )
    path = tmp_path / "many.rules"
    path.write_text(MANY_SPLITS, encoding="utf-8")
    return path


@pytest.fixture
def game(rules_path: Path) -> Game:
    return load_game(rules_path)


def reading_clock() -> tuple[Callable[[], float], list[int]]:
    """A clock one second later at every reading, and the count of its readings."""
    readings = [0]

    def clock() -> float:
        readings[0] += 1
        return float(readings[0])

    return clock, readings


def counts_of(game: Game, text: str) -> list[int]:
    counts = [0] * len(game.compiled.cards)
    for card in game.parse(text):
        counts[card] += 1
    return counts


def test_listing_a_hands_splits_checks_the_deadline_at_every_split(
    game: Game, rules_path: Path
) -> None:
    """A hand with more splits than are listed: the listing reads the deadline once per
    split it lists, so a deadline passing part way stops it there (and what was stopped
    leaves nothing half made behind)."""
    with (
        within(Deadline(LISTED_SPLITS / 2, reading_clock()[0])),
        pytest.raises(OutOfTime),
    ):
        game.evaluate_text(FORTY)
    clock, readings = reading_clock()
    with within(Deadline(float("inf"), clock)):
        evaluation = game.evaluate_text(FORTY)
    assert readings[0] > LISTED_SPLITS
    assert evaluation.wins and evaluation.left_out > 10**9
    assert evaluation.to_json() == load_game(rules_path).evaluate_text(FORTY).to_json()


def test_counting_a_hands_splits_checks_the_deadline(game: Game) -> None:
    """Counting the splits (what tells how many are left out) reads the deadline for every
    count it has not made yet: a clock already past the deadline stops it."""
    packed = game.compiled.pack_counts(counts_of(game, FORTY))
    search = game.evaluator.search
    with within(Deadline(0.5, reading_clock()[0])), pytest.raises(OutOfTime):
        search.count(packed)
    assert search.count(packed) > 10**9


def test_a_distance_to_a_complete_hand_checks_the_deadline(game: Game) -> None:
    """The bots' measure of a hand (memoised per sub-hand) reads the deadline as it solves
    sub-hands it has not seen: a clock already past the deadline stops it."""
    counts = counts_of(game, FORTY)
    with (
        within(Deadline(0.5, reading_clock()[0])),
        pytest.raises(OutOfTime, match=r"past the deadline of 0\.5 s"),
    ):
        Distance(game.compiled).without_each(counts)
    assert Distance(game.compiled).distance(counts) == 0  # whole without a deadline


def test_a_greedy_bots_choice_checks_the_deadline(game: Game) -> None:
    """A bot weighing its choices reads the deadline as it goes, even when every distance
    it needs is known already."""
    table = Table(game, seed=1)
    seat = table.waiting_for()[0]
    assert len(table.legal_actions(seat)) > 1
    chosen = GreedyBot(seed=1).choose(table, seat)  # every distance it needs, memoised
    with within(Deadline(0.5, reading_clock()[0])), pytest.raises(OutOfTime):
        GreedyBot(seed=1).choose(table, seat)
    assert GreedyBot(seed=1).choose(table, seat) == chosen
