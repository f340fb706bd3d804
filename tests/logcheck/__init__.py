"""An independent checker of play logs.

It reads the JSON Lines logs `tablerules play --log` writes and checks, hand by hand,
invariants the rule documents state (RULES.md ids), from the events alone: it keeps its own
account of the cards (`tracker`), knows each game from the documents (`games`: the cards,
which hands win, what a card forces, how groups lie) and never asks the engine. Invariants
are pluggable (`invariants`: a class with hooks per event type, registered with
`@invariant`; the modules below hold them). The checker runs as a library (`check_log`,
`check_hands`, `check_plan` for hands played on the spot, on every core), under pytest
(`tests/test_logcheck.py`) or from the command line (`python -m logcheck`); README.md in
this folder tells how to run it over a million hands and how to add invariants.
"""

from logcheck.check import Report, check_hands, check_log
from logcheck.checks import (  # noqa: F401 - their invariants register
    added_kongs,
    bonus,
    changde,
    changsha,
    drawn,
    every_game,
    flow,
    paohuzi,
    paomazai,
    reproduce,
    shown,
    sichuan,
    taiwan,
    turned,
    wilds,
)
from logcheck.invariants import INVARIANTS, Invariant, Violation, invariant
from logcheck.play import Plan, play_hands, play_log
from logcheck.run import check_plan

__all__ = [
    "INVARIANTS",
    "Invariant",
    "Plan",
    "Report",
    "Violation",
    "check_hands",
    "check_log",
    "check_plan",
    "invariant",
    "play_hands",
    "play_log",
]
