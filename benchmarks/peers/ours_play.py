"""Our sides of the whole-game benchmark: the engine playing whole hands with random bots.

`benchmarks/bench_play.py` calls `our_sides()` once and times each side it returns against
RLCard's mahjong with 4 random agents (`rlcard_mahjong.py`), in the same process and run.
The target is at least 20× RLCard's games per second.

One side per game, each playing full hands (`interpreter.engine.Table`) with an
`interpreter.bots.RandomBot` at every seat:

* 跑馬仔 (`rules/paomazai.rules`), 4 players;
* 跑胡子 (`rules/paohuzi.rules`), 4 players.

A game is one hand, from the deal to a win or the empty wall. The rule file is compiled
once, on a side's first call, and kept (as a long-running engine would); the bots are built
before the clock starts; the clock (CPU time of the process) covers every hand whole: building
its table (shuffle and deal), every bot decision and every engine step. A step is one
bot decision; choices the engine takes by itself (a seat's only, forced, choice) are not
steps. Hand `i` is dealt from the `i`-th seed of `random.Random(seed)`, so a seed
repeats the same hands.
"""

from __future__ import annotations

import random
from pathlib import Path
from time import process_time

from tablerules.interpreter import Game, load_game
from tablerules.interpreter.bots import RandomBot
from tablerules.interpreter.engine import Table

from . import PlayFigures, PlayRunner, play_figures

RULES = Path(__file__).resolve().parents[2] / "rules"
GAMES = (("跑馬仔", "paomazai.rules"), ("跑胡子", "paohuzi.rules"))


def _runner(side: str, path: Path) -> PlayRunner:
    loaded: list[Game] = []  # compiled on the first call, then kept: a long-running engine

    def run(games: int, seed: int) -> PlayFigures:
        if games < 1:
            raise ValueError(f"games must be at least 1, not {games}")
        if not loaded:
            loaded.append(load_game(path))
        game = loaded[0]
        seats = game.compiled.rules.seats.count if game.compiled.rules.seats else 1
        seeds = random.Random(seed)
        hand_seeds = [seeds.getrandbits(32) for _ in range(games)]
        bots = [RandomBot(seeds.getrandbits(32)) for _ in range(seats)]
        chosen = [bot.choose for bot in bots]
        steps: list[int] = []
        wins_by_seat = [0] * seats
        won = shared = 0  # hands won; hands won by more than one seat at once
        start = process_time()
        for hand_seed in hand_seeds:
            table = Table(game, seed=hand_seed)
            count = 0
            while not table.finished:
                seat = table.waiting_for()[0]
                table.apply(chosen[seat](table, seat))
                count += 1
            steps.append(count)
            winners = table.state.winners
            for winner in winners:
                wins_by_seat[winner] += 1
            won += bool(winners)
            shared += len(winners) > 1
        seconds = process_time() - start
        result = play_figures(side, games, seed, seconds, sum(steps), won)
        result["details"] = {
            "rules": f"rules/{path.name}",
            "players": seats,
            "wins_by_seat": wins_by_seat,
            "hands_with_several_winners": shared,
            "steps_min": min(steps),
            "steps_max": max(steps),
            "payoff": "the rule file's settlement (money per seat), not ±1",
        }
        return result

    return run


def our_sides() -> list[tuple[str, PlayRunner]]:
    """The engine's whole-game runners, one per bundled game, as (name, runner) pairs."""
    return [(side, _runner(side, RULES / name)) for side, name in GAMES]
