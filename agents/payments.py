"""Rewards as the money moves: each payment of the hand's ledger credited the moment it is
made, so a seat's rewards over a hand add up to its `Table.totals()`."""

from __future__ import annotations

from tablerules.interpreter.engine import Table


class PaymentReader:
    """Reads the ledger lines written since the last read."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.read = 0  # ledger lines already credited

    def new_money(self) -> list[int]:
        """Each seat's net money from the lines written since the last call."""
        seats = self.table.play.seats
        money = [0] * seats
        ledger = self.table.state.ledger
        for line in ledger[self.read :]:
            if line.payer is not None:
                money[line.payer] -= line.amount
            if line.payee is not None:
                money[line.payee] += line.amount
        self.read = len(ledger)
        return money
