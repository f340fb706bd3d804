"""An independent checker of play logs.

It reads the JSON Lines logs `tablerules play --log` writes and checks, hand by hand,
invariants the rule documents state (RULES.md ids), from the events alone: it keeps its own
account of the cards (`tracker`), knows each game from the documents (`games`: the cards,
which hands win, what a card forces, how groups lie) and never asks the engine. Invariants
are pluggable (`invariants`: a class with hooks per event type, registered with
`@invariant`), and the checker runs as a library (`check_log`), under pytest
(`tests/test_logcheck.py`) or from the command line (`python -m logcheck`).
"""

from logcheck.check import Report, check_hands, check_log
from logcheck.invariants import INVARIANTS, Invariant, Violation, invariant

__all__ = [
    "INVARIANTS",
    "Invariant",
    "Report",
    "Violation",
    "check_hands",
    "check_log",
    "invariant",
]
