"""Setting aside each card (`Distance.without_each`) works out what the rest of the hand
needs only for the signatures the card's block reaches: on a large hand of many
signatures a small part of them, with the same distances as measured card by card."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.bots.measure.distance import Distance

MINIMAL = Path(__file__).resolve().parents[1] / "docs" / "examples" / "minimal.rules"


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    text = MINIMAL.read_text(encoding="utf-8")
    text = text.replace("  copies 3", "  copies 9").replace("  4 to each hand", "  35 to each hand")
    text = text.replace("  groups 2\n  pairs of pair: 1", "  groups 18\n  pairs of pair: 18")
    path = tmp_path_factory.mktemp("rules") / "many-pairs.rules"
    path.write_text(text, encoding="utf-8")
    return load_game(path)


def test_the_needs_worked_out_are_those_read(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    distance = Distance(game.compiled)
    worked_out: list[int] = []
    needs = distance.needs

    def counted(rest: dict[int, int], completion: list[int], wanted: set[int]) -> dict[int, int]:
        found = needs(rest, completion, wanted)
        worked_out.append(len(found))
        return found

    monkeypatch.setattr(distance, "needs", counted)
    rng = random.Random(7)
    deck = [card for card in range(len(game.cards)) for _ in range(9)]
    for _ in range(5):
        counts = [0] * len(game.cards)
        for card in rng.sample(deck, 36):
            counts[card] += 1
        found = distance.without_each(counts)
        for card, value in found.items():
            counts[card] -= 1
            assert value == distance.distance(counts)
            counts[card] += 1
    assert worked_out
    assert max(worked_out) * 4 < distance.size  # before: every signature, each time
