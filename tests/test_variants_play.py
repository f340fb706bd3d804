"""Every bundled rule file and variant plays whole seeded hands with both bots, without an
error: each hand ends, its money sums to zero, every win names its split, and a game that
has rounds is placed in them. A few hands each here; `make test-variants` plays 1,000 hands
of every file with each bot (`-m slow`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.bots import make_bot, play_hand
from tablerules.interpreter.match import position_for_index

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted([*ROOT.glob("rules/*.rules"), *ROOT.glob("rules/variants/*.rules")])
BOTS = ("random", "greedy")
QUICK_HANDS = 6
FULL_HANDS = 1_000

_GAMES: dict[Path, Game] = {}


def game_of(path: Path) -> Game:
    if path not in _GAMES:
        _GAMES[path] = load_game(path)
    return _GAMES[path]


def play(path: Path, bot: str, hands: int) -> dict[str, int]:
    """Play `hands` independent hands (dealers and rounds by their index); counts by end."""
    game = game_of(path)
    seats = game.compiled.rules.seats.count if game.compiled.rules.seats else 1
    ended = {"won": 0, "drawn": 0}
    for index in range(hands):
        seed = 9_000 + index
        position = position_for_index(index, seats, game.compiled.rounds)
        bots = [make_bot(bot, seed * seats + seat) for seat in range(seats)]
        table = play_hand(game, bots, seed, position.dealer, position.round, position.streak)
        assert table.finished, f"{path.name} hand {index}: not over"
        assert sum(table.totals()) + sum(
            p.amount for p in table.state.ledger if p.payee is None
        ) == 0, f"{path.name} hand {index}: the money does not add up"
        wins = [e for e in table.events if e["type"] == "win"]
        assert len(wins) == len(table.state.winners)
        assert all(e["split"] for e in wins), f"{path.name} hand {index}: a win without a split"
        ended["won" if table.state.winners else "drawn"] += 1
    return ended


@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_few_hands_of_every_file(path: Path, bot: str) -> None:
    ended = play(path, bot, QUICK_HANDS)
    assert sum(ended.values()) == QUICK_HANDS


@pytest.mark.slow
@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_thousand_hands_of_every_file(path: Path, bot: str) -> None:
    ended = play(path, bot, FULL_HANDS)
    assert sum(ended.values()) == FULL_HANDS
