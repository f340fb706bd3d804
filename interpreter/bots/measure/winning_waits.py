"""Which cards would complete a hand into a *winning* one, under the whole win clause.

The distance (`distance.py`) counts the cards a hand lacks for a complete shape: the
groups and pairs the win clause asks. Where a complete shape may still not win — a `when`
line of the win clause, a minimum score (`score X at least N`) — a hand one card from
complete may wait only on cards that make a shape that does not win. Here each card that
could still come is tried with the evaluator's win test (the signature tables first, so
most cards cost a lookup), as a card of the seat's own draw and, failing that, as another
seat's discard; the copies of those cards not in sight are the hand's live waits.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablerules.interpreter import deadline
from tablerules.interpreter.api import Game
from tablerules.interpreter.compiling.conditions import RELATIONS, WinConditions
from tablerules.interpreter.hand.evaluate import TableGroup

LIMIT = 1 << 13  # answers kept before the memory is emptied (roll-outs ask again and again)


class WinningWaits:
    """Live winning cards of a hand one card from complete, under one game's win clause."""

    def __init__(self, game: Game) -> None:
        self.evaluator = game.evaluator
        self.copies = game.compiled.cards.copies_of
        self.kinds = len(game.compiled.cards)
        self._known: dict[tuple[object, ...], int] = {}  # answers given, by the question

    def live(
        self,
        counts: Sequence[int],
        table: Sequence[TableGroup],
        seen: Sequence[int],
        seat: int,
        streak: int = 0,
        round: int = 0,
    ) -> int:
        """Copies not in sight of the cards that make `counts` (with `table`) a winning hand;
        `seen` counts the copies of each card the seat can see outside its hand, `seat` is
        counted from the dealer."""
        key = (bytes(counts), tuple(table), bytes(seen), seat, streak, round)
        found = self._known.get(key)
        if found is None:
            found = self._live(counts, table, seen, seat, streak, round)
            if len(self._known) >= LIMIT:
                self._known.clear()
            self._known[key] = found
        return found

    def _live(
        self,
        counts: Sequence[int],
        table: Sequence[TableGroup],
        seen: Sequence[int],
        seat: int,
        streak: int,
        round: int,
    ) -> int:
        facts = {"seat": seat, "round": round, "streak": streak}
        own = WinConditions(context="draw", relation=RELATIONS["self"], **facts)  # type: ignore[arg-type]
        other = WinConditions(context="discard", relation=RELATIONS["other"], **facts)  # type: ignore[arg-type]
        quick = self.evaluator.quick_wins
        total = 0
        for card in range(self.kinds):
            left = self.copies[card] - counts[card] - seen[card]
            if left <= 0:
                continue
            deadline.check()  # a full evaluation per card may run where the tables pass it
            if quick(counts, table, card, "self", own) or quick(
                counts, table, card, "discard", other
            ):
                total += left
        return total


def waits_for(game: Game) -> WinningWaits:
    """The live-wait test of a game, created once and shared by every bot."""
    existing = getattr(game, "_winning_waits", None)
    if existing is None:
        existing = WinningWaits(game)
        game._winning_waits = existing  # type: ignore[attr-defined]
    return existing
