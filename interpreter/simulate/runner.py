"""Playing one shard: every hand of it under each side, observed and summed.

This is what a worker runs, in this process, a pool process or a Ray task. A side's
compiled game is built from its rule IR once per process and kept (the last few: a
long-lived process, such as the playground's server, simulates many edited texts).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

from tablerules.dsl.model import ir
from tablerules.interpreter.api import Game
from tablerules.interpreter.bots.players import make_bot
from tablerules.interpreter.compiling.expressions import reads_payer
from tablerules.interpreter.engine import Table
from tablerules.interpreter.simulate.observe import Observation, observe
from tablerules.interpreter.simulate.plan import Plan, Shard, Side, hand_position, hand_seed
from tablerules.interpreter.simulate.tally import Tally

KEPT_GAMES = 8  # compiled games kept per process, the most recently used
_GAMES: OrderedDict[str, Game] = OrderedDict()  # side fingerprint -> compiled game


class Stopped(Exception):
    """The shard was abandoned part way (its hands are not counted)."""


def game_of(side: Side) -> Game:
    game = _GAMES.get(side.key)
    if game is None:
        rules = ir.RuleSet.model_validate_json(side.rules_json)
        game = Game(rules, side.options)
    remember(side, game)
    return game


def remember(side: Side, game: Game) -> None:
    """Share an already compiled game with this process's shards (and forked workers)."""
    _GAMES[side.key] = game
    _GAMES.move_to_end(side.key)
    while len(_GAMES) > KEPT_GAMES:
        _GAMES.popitem(last=False)


def play_one(
    plan: Plan,
    side: Side,
    game: Game,
    index: int,
    should_stop: Callable[[], bool] | None = None,
) -> Observation:
    """Hand `index` of the simulation under one side, observed. `should_stop` is asked
    before every move (raising `Stopped`), so one slow hand cannot outlast a budget."""
    seed = hand_seed(plan.seed, index)
    seats = side.seats
    bots = [
        make_bot(side.bots[seat], seed * seats + seat, plan.bot_budget) for seat in range(seats)
    ]
    position = hand_position(index, seats, game.compiled.rounds)
    table = Table(
        game, seed=seed, dealer=position.dealer, round=position.round, streak=position.streak
    )
    while not table.finished:
        if should_stop is not None and should_stop():
            raise Stopped
        seat = table.waiting_for()[0]
        table.apply(bots[seat].choose(table, seat))
    return observe(table.events, seats, per_payer(game))


def per_payer(game: Game) -> bool:
    """Whether the statistics count the money per payer: the file's amounts read who pays,
    or it pays at a drawn hand (each seat's part is then the point)."""
    settles = game.compiled.rules.settles.values()
    if any(settle.drawn or settle.refunds for settle in settles):
        return True
    return any(
        reads_payer(e)
        for settle in settles
        for e in (*settle.lets.values(), *(line.payment.amount for line in settle.lines))
    )


def run_shard(plan: Plan, shard: Shard, should_stop: Callable[[], bool] | None = None) -> Tally:
    """The sums of one shard's hands; raises `Stopped` if asked to stop part way."""
    games = [game_of(side) for side in plan.sides]
    tally = Tally.empty(len(plan.sides))
    for index in range(shard.start, shard.stop):
        tally.add(
            [
                play_one(plan, side, game, index, should_stop)
                for side, game in zip(plan.sides, games, strict=True)
            ]
        )
    return tally
