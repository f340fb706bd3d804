"""Immediate wins read on the dealt hand: whether, and how many times, a hand holds one.

A `when N of GROUP ...` line counts the cards held at least n times (n the smallest group
size listed): the hand holds the win once for every N such cards (two sets of four alike
are two 四喜). A `when CONDITION` line reads the hand's cards and holds it once, and so do
`when all of CARDS` (every copy held) and `when holding N of CARDS` (N of them held).
"""

from __future__ import annotations

from collections.abc import Sequence

from tablerules.interpreter.compiling.compiled import CompiledRules, ImmediateInfo
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.compiling.expressions import Scope, compile_expr
from tablerules.interpreter.compiling.hand_quantities import HandView

ON_DEAL = WinConditions(context="deal")


def times_held(compiled: CompiledRules, win: ImmediateInfo, counts: Sequence[int]) -> int:
    """How many times the hand (its counts per card kind, table groups included) holds the
    immediate win: the most that any of its lines gives, 0 when none holds."""
    times = 0
    for needed, sizes in win.conditions:
        smallest = min(sizes) if sizes else 0
        have = sum(1 for count in counts if smallest and count >= smallest)
        if have >= needed:
            times = max(times, have // needed if needed else 1)
    copies = compiled.cards.copies_of
    for cards in win.every:  # `when all of CARDS`: every copy held, once
        if cards and all(counts[card] >= copies[card] for card in cards):
            times = max(times, 1)
    for needed, kinds in win.holding:  # `when holding N of CARDS`: N of them held, once
        if sum(counts[kind] for kind in kinds) >= needed:
            times = max(times, 1)
    if win.tests and not times:
        view = HandView(counts=list(counts), groups=[], conditions=ON_DEAL)
        scope = Scope(dict(compiled.numbers), compiled.tables, {}, view)
        if any(test(scope) for test in win.tests):
            times = 1
    return times


def shown_report(
    compiled: CompiledRules, shown: Sequence[tuple[ImmediateInfo, int]]
) -> list[dict[str, object]]:
    """The wins a dealt hand shows while play goes on, as a report says them: each win,
    the times it is held, and what each showing is paid (before the dealer's streak and
    the carried numbers of a game, which start at 0 here)."""
    report: list[dict[str, object]] = []
    scope = Scope({**compiled.numbers, "streak": 0}, compiled.tables)
    for win, times in shown:
        pays = [
            {
                "payer": payment.payer,
                "amount": compile_expr(payment.amount, compiled.quantities.compile)(scope),
                "label": payment.label or f"immediate win {win.name}",
            }
            for payment in win.pays
        ]
        report.append(
            {
                "win": win.name,
                "title": win.title,
                "times": times,
                "pays": pays,
                "cites": list(win.cites),
            }
        )
    return report
