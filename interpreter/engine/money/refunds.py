"""Payments of named actions handed back or passed on, found in the hand's own events.

`at drawn hand: payments of A B go back`: every payment an action of those names made in
the hand goes back to the seat that paid it. `each seat paying at S T hands back payments
of A B`: a seat that paid at settle block S or T hands back those it received. `on win on
discard after replacement: payments of A B go to winner`: when a win is made on a discard
its discarder made right after the replacement draw of such an action of its own, what it
received for that action goes to the winner (the first winner in turn order from it).
Each payment is handed on once; the new ledger line names the one it hands on (`of`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tablerules.dsl.model import ir
from tablerules.interpreter.engine.state import HandState, Logger, Payment

Record = dict[str, Any]
DRAWS = ("draw", "replacement")


def _action_payments(events: list[Record], actions: list[str]) -> Iterator[Record]:
    clauses = {f"action {name}" for name in actions}
    for event in events:
        if event["type"] == "pay" and event.get("clause") in clauses:
            yield event


def _handed_on(events: list[Record]) -> set[int]:
    """The payments already handed back or passed on (by their event's number)."""
    return {int(e["of"]) for e in events if e["type"] == "pay" and e.get("of") is not None}


def _hand_on(
    state: HandState,
    log: Logger,
    paid: Record,
    payer: int,
    payee: int,
    label: str,
    clause: str,
    cites: tuple[str, ...],
) -> None:
    payment = Payment(payer, payee, int(paid["amount"]), label, clause, cites)
    state.ledger.append(payment)
    log("pay", **payment.to_json(), of=paid["seq"])


def refund(state: HandState, log: Logger, settle: ir.Settle, line: ir.RefundLine) -> None:
    """One refund line of a drawn hand, after the block's own payments."""
    events = state.events
    done = _handed_on(events)
    clause = f"settle {settle.name}"
    cites = tuple(line.cites) or tuple(settle.cites)
    label = line.label or clause
    paying: set[int] | None = None
    if line.paying_at:
        at = {f"settle {name}" for name in line.paying_at}
        paying = {
            int(e["payer"])
            for e in events
            if e["type"] == "pay" and e.get("clause") in at and e.get("of") is None
        }
    for paid in list(_action_payments(events, line.actions)):
        if paid["seq"] in done or paid["payer"] is None or paid["payee"] is None:
            continue
        if paying is not None and paid["payee"] not in paying:
            continue
        _hand_on(state, log, paid, paid["payee"], paid["payer"], label, clause, cites)


def kong_before(events: list[Record], seat: int, actions: list[str]) -> Record | None:
    """The action of `seat` whose replacement the seat drew right before its last discard:
    its `action` event, or None when that discard followed an ordinary draw (or a claim)."""
    seen_discard = False
    replaced = False
    for event in reversed(events):
        if event.get("seat") != seat:
            continue
        kind = event["type"]
        if kind == "discard" and not seen_discard:
            seen_discard = True
        elif not seen_discard:
            continue
        elif kind in DRAWS and not replaced:
            if kind != "replacement":
                return None
            replaced = True
        elif kind == "action" and replaced:
            return event if event.get("action") in actions else None
        elif kind == "action" and not replaced:
            return None  # a claim before the discard: no replacement came between
    return None


def transfer(
    state: HandState,
    log: Logger,
    settle: ir.Settle,
    line: ir.TransferLine,
    winners: list[int],
    owner: int,
    seats: int,
) -> None:
    """One transfer line at a win on `owner`'s discard."""
    events = state.events
    action = kong_before(events, owner, line.actions)
    if action is None or not winners:
        return
    winner = min(winners, key=lambda seat: (seat - owner) % seats)
    done = _handed_on(events)
    clause = f"settle {settle.name}"
    cites = tuple(line.cites) or tuple(settle.cites)
    start = events.index(action)
    for paid in events[start:]:
        if paid["type"] != "pay" or paid.get("clause") != action.get("clause"):
            continue
        if paid["payee"] != owner or paid["seq"] in done:
            continue
        _hand_on(state, log, paid, owner, winner, line.label or clause, clause, cites)
