"""Counts an observation reads again and again, kept between calls instead of recounted.

Within a hand a seat's discards grow a card at a time and the ledger grows a line at a time,
while every call of the encoder used to count them from the start. These keep what was
counted with what it was counted from, check that cheaply on the next call, add only what
was added since, and count afresh on any other change (a claim taking the last discard, a
restored snapshot, a state changed by hand): a stale count is never handed out.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablerules.interpreter.engine.state import Payment


class PileCounts:
    """A count per card kind of one list of cards (a seat's discards).

    What was counted is kept as a copy and compared by value on each call, so the count
    follows the list's contents whatever changed them, not the list object."""

    __slots__ = ("_kinds", "counts", "seen")

    def __init__(self, kinds: int) -> None:
        self._kinds = kinds
        self.seen: list[int] = []  # a copy of the list `counts` counts
        self.counts = bytearray(kinds)

    def of(self, pile: list[int]) -> bytearray:
        """The count of each card kind in `pile` (the caller reads it, never changes it)."""
        if pile != self.seen:
            self.update(pile)
        return self.counts

    def update(self, pile: list[int]) -> None:
        """Count `pile`: only its new cards when it grew from the list counted last."""
        seen = self.seen
        read = len(seen)
        if len(pile) == read + 1:  # a card more, the common case: compared without a slice
            card = pile[read]
            seen.append(card)
            if seen == pile:
                self.counts[card] += 1
                return
            del seen[read:]  # not grown from what was counted: counted afresh below
        if len(pile) > read and pile[:read] == seen:  # grown: count the cards added
            counts = self.counts
            for card in pile[read:]:
                counts[card] += 1
        else:
            counts = self.counts = bytearray(self._kinds)
            for card in pile:
                counts[card] += 1
        self.seen = pile[:]


class LedgerTotals:
    """Each seat's net money over a ledger, carried from the lines already read.

    The engine only appends to a hand's ledger, so the lines read stay as they were while
    the list is the same object (held here, so it cannot be another list reusing its
    place), no shorter, and still holds the very line read last; otherwise it is read
    again from the start."""

    __slots__ = ("_last", "_ledger", "_read", "_seats", "totals")

    def __init__(self, seats: int) -> None:
        self._seats = seats
        self._ledger: Sequence[Payment] | None = None
        self._read = 0
        self._last: Payment | None = None
        self.totals = [0] * seats

    def of(self, ledger: list[Payment]) -> list[int]:
        """Each seat's net money over `ledger` (the caller reads it, never changes it)."""
        read = self._read
        if (
            len(ledger) == read
            and ledger is self._ledger
            and (not read or ledger[-1] is self._last)
        ):
            return self.totals
        if (
            ledger is not self._ledger
            or len(ledger) < read
            or (read and ledger[read - 1] is not self._last)
        ):
            self._ledger = ledger
            self.totals = [0] * self._seats
            read = 0
        totals = self.totals
        for line in ledger[read:]:
            if line.payer is not None:
                totals[line.payer] -= line.amount
            if line.payee is not None:
                totals[line.payee] += line.amount
        self._read = len(ledger)
        self._last = ledger[-1] if ledger else None
        return totals
