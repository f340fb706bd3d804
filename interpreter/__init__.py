"""The generic interpreter: compiled rules, hand evaluation.

from tablerules.interpreter import load_game
game = load_game("rules/mygame.rules")
result = game.evaluate_text("a1 a2 a3 b1 b1")
"""

from tablerules.interpreter.api import Game, load_game
from tablerules.interpreter.compiling.compiled import CompiledRules, compile_rules
from tablerules.interpreter.hand.evaluate import Evaluation, Evaluator, HandError

__all__ = [
    "CompiledRules",
    "Evaluation",
    "Evaluator",
    "Game",
    "HandError",
    "compile_rules",
    "load_game",
]
