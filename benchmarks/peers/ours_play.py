"""Our sides of the whole-game benchmark: the engine playing whole hands with random bots.

`benchmarks/bench_play.py` calls `our_sides()` once and times each side it returns against
RLCard's mahjong with 4 random agents (`rlcard_mahjong.py`), in the same process and run.
The target is at least 20× RLCard's games per second.

One side per game, each playing full hands (`interpreter.engine.Table`) with an
`interpreter.bots.players.RandomBot` at every seat:

* 跑馬仔 (`rules/paomazai.rules`), 4 players;
* 跑胡子 (`rules/paohuzi.rules`), 4 players;

or, with `our_sides(regional=True)`, the six regional files of rule language v3 (四川, 廣東,
紅中, 台灣, 長沙 and 常德跑胡子), whose target is at least 10× RLCard's games per second.

`preset_sides(bot)` gives the scoring presets beside their base files, for the part of the
benchmark that times a preset as a share of its base's speed: 跑馬仔番
(`rules/variants/paomazai-faan.rules`, 番 multipliers over 跑馬仔), 跑胡子名堂
(`rules/variants/paohuzi-mingtang.rules`, 名堂 over 跑胡子) and 跑胡子名堂3人
(`rules/variants/paohuzi-3p-mingtang.rules`, 名堂 over the three-player file), with random
or greedy bots
(greedy bots win most hands, so the hand patterns are judged far more often).

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
from tablerules.interpreter.bots.players import make_bot
from tablerules.interpreter.engine import Table

from . import PlayFigures, PlayRunner, play_figures

RULES = Path(__file__).resolve().parents[2] / "rules"
GAMES = (("跑馬仔", "paomazai.rules"), ("跑胡子", "paohuzi.rules"))
REGIONAL = (
    ("四川", "sichuan.rules"),
    ("廣東", "guangdong.rules"),
    ("紅中", "hongzhong.rules"),
    ("台灣", "taiwan.rules"),
    ("長沙", "changsha.rules"),
    ("常德", "variants/paohuzi-changde.rules"),
)
# a scoring preset's side, its rule file, and its base's side and rule file
PRESETS = (
    ("跑馬仔番", "variants/paomazai-faan.rules", "跑馬仔", "paomazai.rules"),
    ("跑胡子名堂", "variants/paohuzi-mingtang.rules", "跑胡子", "paohuzi.rules"),
    (
        "跑胡子名堂3人",
        "variants/paohuzi-3p-mingtang.rules",
        "跑胡子3人",
        "variants/paohuzi-3p.rules",
    ),
)


def _runner(side: str, path: Path, bot_kind: str = "random") -> PlayRunner:
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
        bots = [make_bot(bot_kind, seeds.getrandbits(32)) for _ in range(seats)]
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
            "rules": path.relative_to(RULES.parent).as_posix(),
            "bots": bot_kind,
            "players": seats,
            "wins_by_seat": wins_by_seat,
            "hands_with_several_winners": shared,
            "steps_min": min(steps),
            "steps_max": max(steps),
            "payoff": "the rule file's settlement (money per seat), not ±1",
        }
        return result

    return run


def our_sides(regional: bool = False) -> list[tuple[str, PlayRunner]]:
    """The engine's whole-game runners, one per game, as (name, runner) pairs: 跑馬仔 and
    跑胡子, or the six regional files."""
    return [(side, _runner(side, RULES / name)) for side, name in (REGIONAL if regional else GAMES)]


def preset_sides(bot: str) -> list[tuple[str, str, PlayRunner, PlayRunner]]:
    """Each scoring preset with its base: (preset side, base side, preset runner, base
    runner), every seat played by `bot` ("random" or "greedy")."""
    return [
        (side, base, _runner(side, RULES / path, bot), _runner(base, RULES / base_path, bot))
        for side, path, base, base_path in PRESETS
    ]
