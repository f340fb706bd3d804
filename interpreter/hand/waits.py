"""The waits of a winning hand: how many different cards the hand before the winning card
would have won on (the `waits` a hand pattern reads: "not won on a single wait").

Each card kind is tried with the win test play uses (the signature tables first), as the
seat's own draw and as another seat's discard. A wait is by the shape: copies seen on the
table or in the discards do not take a card out of the waits; only a card whose every copy
the hand itself holds (concealed or in its table groups) is not waited on, for no further
copy exists. A wild card is no wait of its own: it completes the hand only as a card it
stands for, so a hand waiting on one tile has one wait in a game with wild cards too (a
wild counts only where nothing else completes the hand). Counted only for a full
evaluation with a winning card, and only when some pattern reads `waits`: the checker
keeps `waits` out of anything that decides whether a hand wins, so the win tests here read
it as 0 without changing their answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from tablerules.interpreter.compiling.conditions import RELATIONS, WinConditions
from tablerules.interpreter.hand.copies import in_play

if TYPE_CHECKING:
    from tablerules.interpreter.hand.evaluate import Evaluator, TableGroup


def count_waits(
    evaluator: Evaluator,
    counts: Sequence[int],
    table: Sequence[TableGroup],
    conditions: WinConditions,
) -> int:
    """The different cards that complete `counts` (the concealed hand before the winning
    card, per card kind) with `table` into a winning hand, for the winner `conditions`
    describe."""
    copies = in_play(evaluator.rules)
    held = list(counts)
    for group in table:
        for card in group.cards:
            held[card] += 1
    own = replace(conditions, context="draw", relation=RELATIONS["self"], waits=0)
    other = replace(conditions, context="discard", relation=RELATIONS["other"], waits=0)
    quick = evaluator.quick_wins
    wild = evaluator.rules.wilds.kinds
    found = 0
    by_wild = False
    for card, count in enumerate(held):
        if count >= copies[card] or (card in wild and (found or by_wild)):
            continue  # every copy is in this hand already: no card left to wait on
        if quick(counts, table, card, "self", own) or quick(counts, table, card, "discard", other):
            if card in wild:
                by_wild = True
            else:
                found += 1
    return found or int(by_wild)
