"""RLCard's mahjong with 4 random agents: the peer that the whole-game benchmark divides by.

One RLCard mahjong "game" (`env.run`) is one hand, from deal to first win or empty wall:

* 136 tiles (4 × 34: three suits, three dragons, four winds; no flowers), shuffled by the
  env's seeded RandomState. 13 to each player, seat 0 draws the 14th; no dead wall.
* Each step is one decision of the player to act: a discard, or `pong`/`gong`/`chow`
  or `stand` (pass) when offered a claim on the last discard.
* After every step each player's hand is tested with a greedy 4-sets-and-a-pair check
  (4 exposed melds alone also count). A game ends at the first such hand, or when the
  wall is empty. There is no call to win on a discard (only pong/gong/chow), though a
  claim can complete a hand.
* Payoffs: winner +1 and the three others -1 each; a drawn game 0 for all. No scores.

The random agents draw from NumPy's global RNG, so that is seeded too (and put back after).
RLCard prints a debug block to stdout when a finished game leaves a player with no legal
action (a win on 4 exposed melds with an empty hand, since a kong draws no replacement);
that output is kept out of the report and only counted.
"""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from importlib.metadata import PackageNotFoundError, version
from time import process_time
from typing import Any

from . import PlayFigures, play_figures

SIDE = "RLCard mahjong"
MELDS_TO_WIN = 4  # RLCard's judge: this many exposed melds win with any hand
INSTALL_HINT = (
    "RLCard is not installed; the whole-game benchmark measures against it. Install it with "
    "`.venv/bin/pip install rlcard`, or the project's dev extra: `.venv/bin/pip install -e "
    "'.[dev]'`."
)


class RLCardMissingError(ImportError):
    """RLCard (or NumPy, which it needs) cannot be imported."""


def _load() -> tuple[Any, Any, Any]:
    """Import rlcard, its RandomAgent and numpy only when a benchmark asks for them."""
    try:
        import numpy
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError as error:
        raise RLCardMissingError(INSTALL_HINT) from error
    return rlcard, RandomAgent, numpy


def _version(package: str) -> str:
    try:
        return version(package)
    except PackageNotFoundError:
        return "?"


def rlcard_games_per_second(games: int, seed: int) -> PlayFigures:
    """Play `games` full RLCard mahjong games with 4 random agents from `seed`, timed.

    Only the `env.run` loop is timed (CPU time of the process); making the env and the
    agents is not. A step is one `env.step` call. Raises RLCardMissingError, with the install
    command, without RLCard.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    rlcard, random_agent, numpy = _load()
    env = rlcard.make("mahjong", config={"seed": seed})
    env.set_agents([random_agent(num_actions=env.num_actions) for _ in range(env.num_players)])
    winners: list[int] = []  # seat of the winner, or -1 for a drawn game
    steps: list[int] = []
    on_melds = printed = 0  # wins on 4 exposed melds; games that printed debug output
    sink = io.StringIO()
    saved = numpy.random.get_state()
    numpy.random.seed(seed)
    try:
        run = env.run
        with redirect_stdout(sink):
            start = process_time()
            for _ in range(games):
                step, mark = env.timestep, sink.tell()
                _, payoffs = run(is_training=False)
                steps.append(env.timestep - step)
                printed += sink.tell() != mark
                winner = int(payoffs.argmax()) if payoffs.max() > 0 else -1
                winners.append(winner)
                if winner >= 0:
                    on_melds += len(env.game.players[winner].pile) >= MELDS_TO_WIN
            seconds = process_time() - start
    finally:
        numpy.random.set_state(saved)

    won = len(winners) - winners.count(-1)
    result = play_figures(SIDE, games, seed, seconds, sum(steps), won)
    result["details"] = {
        "rlcard": _version("rlcard"),
        "numpy": _version("numpy"),
        "players": env.num_players,
        "wins_by_seat": [winners.count(seat) for seat in range(env.num_players)],
        "steps_min": min(steps),
        "steps_max": max(steps),
        "won_on_four_exposed_melds": on_melds,
        "games_printing_debug_output": printed,
        "payoff_won": "winner +1, each other player -1",
        "payoff_drawn": "0 for every player",
    }
    return result
