"""Simulation: many hands of a rule file (or of two, on the same deals), summed into
statistics with confidence intervals, on one core, every core or a Ray cluster.

from tablerules.interpreter import load_game
from tablerules.interpreter.simulate import Plan, Simulation, Where, rows, side_for

game = load_game("rules/mygame.rules")
plan = Plan((side_for("mygame", game, "greedy"),), seed=1, hands=2000)
tally = Simulation(plan).run(Where(jobs=0))      # 0: every core
for row in rows(plan, tally):
    print(row.name, row.values[0].mean)
"""

from tablerules.interpreter.simulate.checkpoint import CheckpointError
from tablerules.interpreter.simulate.driver import Simulation, Where
from tablerules.interpreter.simulate.estimate import Estimate
from tablerules.interpreter.simulate.executors import ExecutorError, available_cores
from tablerules.interpreter.simulate.plan import (
    Plan,
    Shard,
    Side,
    hand_dealer,
    hand_position,
    hand_seed,
    side_for,
)
from tablerules.interpreter.simulate.report import Row, histogram, rows
from tablerules.interpreter.simulate.runner import remember
from tablerules.interpreter.simulate.tally import Tally

__all__ = [
    "CheckpointError",
    "Estimate",
    "ExecutorError",
    "Plan",
    "Row",
    "Shard",
    "Side",
    "Simulation",
    "Tally",
    "Where",
    "available_cores",
    "hand_dealer",
    "hand_position",
    "hand_seed",
    "histogram",
    "remember",
    "rows",
    "side_for",
]
