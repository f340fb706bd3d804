"""A deck whose rows say their own copies (`copies N` on a card row, TW-1's single
flowers): the deck's size, the checker's bounds, and every count that used to assume one
number of copies — the deal, the evaluator's "never one copy more", wild readings,
scenarios and the agents' deck."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.dsl.loading.loader import load
from tablerules.interpreter import load_game
from tablerules.interpreter.engine import Table
from tablerules.interpreter.hand.evaluate import HandError

# Pebbles with one copy of the red 5 and five of the blue 1: 13 × 3 + 1 + 5 = 45 pebbles.
UNEVEN = """extends "minimal.rules"
override deck [PEB-1] {
  copies 3
  compact suffix r g b
  1r  colour=red number=1
  2r  colour=red number=2
  3r  colour=red number=3
  4r  colour=red number=4
  5r  colour=red number=5  copies 1
  1g  colour=green number=1
  2g  colour=green number=2
  3g  colour=green number=3
  4g  colour=green number=4
  5g  colour=green number=5
  1b  colour=blue number=1 "blue one" copies 5
  2b  colour=blue number=2
  3b  colour=blue number=3
  4b  colour=blue number=4
  5b  colour=blue number=5
}
"""


def write(tmp_path: Path, text: str) -> Path:
    (tmp_path / "minimal.rules").write_text(
        (Path(__file__).parent.parent / "docs/examples/minimal.rules").read_text("utf-8"),
        encoding="utf-8",
    )
    path = tmp_path / "uneven.rules"
    path.write_text(text, encoding="utf-8")
    return path


def test_rows_with_their_own_copies_make_the_deck(tmp_path: Path) -> None:
    loaded = load(write(tmp_path, UNEVEN))
    assert not [d for d in loaded.diagnostics if d.severity == "error"]
    assert loaded.rules is not None and loaded.rules.deck is not None
    assert loaded.rules.deck.size == 45
    game = load_game(write(tmp_path, UNEVEN))
    cards = game.compiled.cards
    assert cards.copies_of[cards.lookup("5r")] == 1
    assert cards.copies_of[cards.lookup("1b")] == 5
    assert cards.copies == 5 and not cards.uniform


def test_a_seeded_deal_holds_each_card_as_often_as_its_row_says(tmp_path: Path) -> None:
    game = load_game(write(tmp_path, UNEVEN))
    table = Table(game, seed=3)
    state = table.state
    counts = [0] * len(game.compiled.cards)
    for seat in state.seats:
        for card, n in enumerate(seat.hand):
            counts[card] += n
    for card in state.wall[state.head : state.tail]:
        counts[card] += 1
    for seat in state.seats:
        for group in seat.table:
            for card in group.cards:
                counts[card] += 1
    assert counts == list(game.compiled.cards.copies_of)


def test_the_evaluator_refuses_a_copy_more_than_the_row_gives(tmp_path: Path) -> None:
    game = load_game(write(tmp_path, UNEVEN))
    # five blue ones exist: five of them win as three and a pair; two red fives do not
    assert game.evaluate_text("1b1b1b1b", win_card="1b").wins
    with pytest.raises(HandError, match="the deck has 1"):
        game.evaluate_text("1b1b1b 5r", win_card="5r")


def test_copies_below_one_are_refused_at_the_row(tmp_path: Path) -> None:
    text = UNEVEN.replace("5r  colour=red number=5  copies 1", "5r  colour=red number=5  copies 0")
    loaded = load(write(tmp_path, text))
    errors = [(d.code, d.line) for d in loaded.diagnostics if d.severity == "error"]
    assert errors == [("E104", 9)]


def test_the_taiwanese_deck_is_144_tiles_with_single_flowers() -> None:
    game = load_game("taiwan")
    cards = game.compiled.cards
    assert sum(cards.copies_of) == 144
    assert [cards.copies_of[cards.lookup(f)] for f in "春夏秋冬梅蘭竹菊"] == [1] * 8
    assert cards.copies_of[cards.lookup("東")] == 4
