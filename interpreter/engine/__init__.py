"""The game engine: whole hands played from a rule file's play clauses.

from tablerules.interpreter.engine import Table
table = Table.from_file("rules/mygame.rules", seed=7)
while not table.finished:
    seat = table.waiting_for()[0]
    table.apply(table.legal_actions(seat)[0])
"""

from tablerules.interpreter.engine.game import IllegalAction, Table
from tablerules.interpreter.engine.state import Choice

__all__ = ["Choice", "IllegalAction", "Table"]
