"""Sides of the whole-game benchmark (`benchmarks/bench_play.py`).

Every side is a callable `(games, seed) -> PlayFigures` that plays `games` full games with
random bots, from `seed`, and times them. The same dict shape on every side lets the
benchmark print one table and divide any side's games per second by RLCard's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NotRequired, TypedDict


class PlayFigures(TypedDict):
    """What one side reports for one timed batch of full games.

    `seconds` covers the games alone (no imports, no set-up). A step is one decision asked
    of a bot (a discard, a claim, or a pass on a claim). `won_share` and `drawn_share` add
    up to 1: a game is won when a player goes out, drawn when the wall runs out first.
    """

    side: str
    games: int
    seed: int
    seconds: float
    games_per_s: float
    steps_per_game: float
    won_share: float
    drawn_share: float
    details: NotRequired[dict[str, object]]  # side-specific extras, shown only in --json


PlayRunner = Callable[[int, int], PlayFigures]
"""A side: `(games, seed) -> PlayFigures`."""

# Spelled out: with postponed annotations, Python 3.11 counts NotRequired keys as required.
REQUIRED_KEYS = frozenset(
    {
        "side",
        "games",
        "seed",
        "seconds",
        "games_per_s",
        "steps_per_game",
        "won_share",
        "drawn_share",
    }
)


def play_figures(
    side: str, games: int, seed: int, seconds: float, steps: int, won: int
) -> PlayFigures:
    """Build a side's figures from raw totals, so every side divides alike."""
    return {
        "side": side,
        "games": games,
        "seed": seed,
        "seconds": seconds,
        "games_per_s": games / seconds if seconds > 0 else float("inf"),
        "steps_per_game": steps / games if games else 0.0,
        "won_share": won / games if games else 0.0,
        "drawn_share": (games - won) / games if games else 0.0,
    }
