"""Settlement at a drawn hand: `at drawn hand` lines choose seats by conditions on their
hands (`ready`, `playing`, `holds distinct ATTR`) and make each chosen payer pay each
chosen payee, the amount reading a seat's best possible win (`best win of payee`).

A seat's possible wins are found once per drawn hand: every card it does not hold every
copy of (table groups counted) is tried as a win on a discard, judged with the seat's own
win conditions (its declarations) but none of a replacement, the last card or a robbed
card; a card the win clause refuses on a discard (a hand with claimed groups that must
self-draw, say) is tried as the seat's own draw. A win's worth is what the file's win
settlement would make the payer pay: as the discarder, or for a win only a self-draw
makes, as one of the seats a self-draw pays.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.conditions import RELATIONS, WinConditions
from tablerules.interpreter.compiling.expressions import Scope, saturated
from tablerules.interpreter.engine.money.refunds import refund
from tablerules.interpreter.engine.state import HandState, Logger, Offer, Payment
from tablerules.interpreter.hand.copies import in_play
from tablerules.interpreter.hand.win_ways import win_refusal

if TYPE_CHECKING:
    from tablerules.interpreter.engine.settle import Settlement

DRAWN_SETTLE = "drawn settle"  # the event that says what each seat's hand was found to be


@dataclass(frozen=True)
class PossibleWin:
    """A card that would complete a seat's win, and what the win would be worth."""

    card: int
    worth: int
    context: str = "discard"  # "draw" where only the seat's own draw of it wins


class SeatFacts:
    """What a seat's hand says, as compiled conditions and amounts ask it (`scope.hand`):
    the seat a condition chooses, or the payer and payee of an amount."""

    def __init__(self, drawn: DrawnSettlement, seat: int, payer: int, payee: int) -> None:
        self.drawn = drawn
        self.seat = seat
        self.payer = payer
        self.payee = payee

    def seat_fact(self, op: str, word: str) -> int:
        if op == "ready":
            return 1 if self.drawn.wins(self.seat) else 0
        if op == "playing":
            return 1 if self.drawn.playing(self.seat) else 0
        if op == "holds distinct":
            return self.drawn.holds_distinct(self.seat, word)
        seat = self.payee if word == "payee" else self.payer
        return self.drawn.best_win(seat, self.payer)


class DrawnSettlement:
    """The `at drawn hand` lines of a file, paid once at the end of a drawn hand."""

    def __init__(self, settlement: Settlement, state: HandState, log: Logger) -> None:
        self.settlement = settlement
        self.state = state
        self.log = log
        self.compiled = settlement.compiled
        self._wins: dict[int, list[PossibleWin]] = {}
        self._worth: dict[tuple[int, int], int] = {}
        self.paid_by: set[int] = set()  # the seats that paid at a drawn-hand settlement

    # ── the seats' hands ───────────────────────────────────────
    def playing(self, seat: int) -> bool:
        """Still in the hand: not a winner who has left it."""
        return self.state.playing(seat)

    def _whole(self, seat: int) -> list[int]:
        whole = list(self.state.seats[seat].hand)
        for group in self.state.seats[seat].table:
            for card in group.cards:
                whole[card] += 1
        return whole

    def holds_distinct(self, seat: int, attribute: str) -> int:
        """How many values of `attribute` the seat's cards have, table groups counted."""
        values = self.compiled.cards.attributes
        whole = self._whole(seat)
        return len({values[c].get(attribute) for c, n in enumerate(whole) if n})

    def _conditions(self, seat: int, context: str = "discard") -> WinConditions:
        state = self.state
        return WinConditions(
            context=context,
            relation=RELATIONS["self" if context == "draw" else "other"],
            seat=(seat - state.dealer) % self.settlement.play.seats,
            round=state.round,
            streak=state.streak,
            carried=tuple(state.carried.items()),
            declared=tuple(state.seats[seat].declared.items()),
        )

    def wins(self, seat: int) -> list[PossibleWin]:
        """Every card that would complete a win for the seat, with its worth paid by the
        seat after it in turn order (payer expressions aside: see `best_win`)."""
        found = self._wins.get(seat)
        if found is not None:
            return found
        found = []
        settlement = self.settlement
        held = self.state.seats[seat]
        whole = self._whole(seat)
        table = settlement.maker.table_groups(held)
        conditions = self._conditions(seat)
        own_draw = self._conditions(seat, "draw")
        copies = in_play(settlement.evaluator.rules)  # the card turned up is out of play
        wins = settlement.evaluator.quick_wins  # the verdict alone: what play offers
        may_complete = settlement.maker.may_complete  # play's screens: no win test wasted
        for card in range(len(whole)):
            if whole[card] >= copies[card]:
                continue  # no copy of it is left to complete the hand
            if not may_complete(held, card, table):
                continue
            # a card no action lets be won on a discard (a file of self-draws only) is
            # tried as the seat's own draw, as one the win clause refuses there is
            if self._won_on(conditions, card) and wins(
                held.hand, table, card, "discard", conditions
            ):
                found.append(PossibleWin(card, 0))
            elif self._won_on(own_draw, card) and wins(held.hand, table, card, "self", own_draw):
                found.append(PossibleWin(card, 0, "draw"))
        self._wins[seat] = found
        return found

    def _won_on(self, conditions: WinConditions, card: int) -> bool:
        """Whether some winning action of the file may win on `card` so come."""
        return win_refusal(self.compiled, conditions, card) is None

    def best_win(self, seat: int, payer: int) -> int:
        """The worth of the seat's best possible win, as `payer` would pay it on a discard:
        the most over every card that completes it (0 when none does)."""
        key = (seat, payer)
        if key not in self._worth:
            worths = [self._win_worth(seat, payer, win) for win in self.wins(seat)]
            self._worth[key] = max(worths, default=0)
        return self._worth[key]

    def _win_worth(self, seat: int, payer: int, win: PossibleWin) -> int:
        if win.context == "discard":
            offer = Offer("discard", payer, win.card)
            conditions = self._conditions(seat)
            best = self.settlement.best_split(self.state, offer, seat, False, conditions)
            if best is None or not best.wins:
                return 0
            return self.settlement.win_worth(self.state, seat, offer, best, conditions)
        offer = Offer("draw", seat, win.card)
        conditions = self._conditions(seat, "draw")
        held = self.state.seats[seat]
        kept = self.settlement.play.in_owner_hand("draw")
        if kept:  # a kept draw is in its owner's hand when the win is judged
            held.gain(win.card)
        try:
            best = self.settlement.best_split(self.state, offer, seat, False, conditions)
            if best is None or not best.wins:
                return 0
            return self.settlement.win_worth(self.state, seat, offer, best, conditions, payer=payer)
        finally:
            if kept:
                held.lose(win.card)

    # ── paying ─────────────────────────────────────────────────
    def settle(self) -> None:
        """Pay every `at drawn hand` line, block by block in the file's order."""
        for settle in self.settlement.play.settles:
            if settle.drawn:
                self._block(settle)
            for line in settle.refunds:
                refund(self.state, self.log, settle, line)

    def _block(self, settle: ir.Settle) -> None:
        settlement = self.settlement
        seats = settlement.play.seats
        order = [(self.state.dealer + i) % seats for i in range(seats)]
        names = {**settlement.compiled.numbers, **self.state.placed}
        scope = Scope(names, settlement.tables)
        for name, expression in settle.lets.items():
            scope.names[name] = settlement.value(expression, scope)
        clause = f"settle {settle.name}"
        for line in settle.drawn:
            payers = [s for s in order if self._holds(line.payers, scope, s)]
            payees = [s for s in order if self._holds(line.payees, scope, s)]
            self.log(
                DRAWN_SETTLE,
                clause=clause,
                cites=tuple(line.cites) or tuple(settle.cites),
                payers=payers,
                payees=payees,
                seats=[self._facts(line, s) for s in range(seats)],
            )
            for payer in payers:
                for payee in payees:
                    if payer != payee:
                        self._pay(line, settle, scope, payer, payee, clause)

    def _facts(self, line: ir.DrawnLine, seat: int) -> dict[str, Any]:
        """What the line's conditions and amount read of a seat, for the log."""
        facts: dict[str, Any] = {"seat": seat, "playing": self.playing(seat)}
        reads = _reads(line)
        if "ready" in reads or "best win" in reads:
            ids = self.compiled.cards.ids
            facts["waits"] = [ids[w.card] for w in self.wins(seat)]
        if "best win" in reads and self.wins(seat):
            seats = self.settlement.play.seats
            facts["best"] = [None if p == seat else self.best_win(seat, p) for p in range(seats)]
        for attribute in sorted(reads.get("holds distinct", ())):
            facts.setdefault("holds", {})[attribute] = self.holds_distinct(seat, attribute)
        return facts

    def _holds(self, condition: ir.Expr, scope: Scope, seat: int) -> bool:
        own = Scope(scope.names, scope.tables, {}, SeatFacts(self, seat, seat, seat))
        return bool(self.settlement.value(condition, own))

    def _pay(
        self,
        line: ir.DrawnLine,
        settle: ir.Settle,
        scope: Scope,
        payer: int,
        payee: int,
        clause: str,
    ) -> None:
        own = Scope(scope.names, scope.tables, {}, SeatFacts(self, payee, payer, payee))
        amount = saturated(self.settlement.value(line.amount, own))
        if amount <= 0:
            return  # a line that works out to nothing pays nothing
        cites = tuple(line.cites) or tuple(settle.cites)
        payment = Payment(payer, payee, amount, line.label or clause, clause, cites)
        self.state.ledger.append(payment)
        self.paid_by.add(payer)
        self.log("pay", **payment.to_json())


def _reads(line: ir.DrawnLine) -> dict[str, set[str]]:
    """The seat facts a line reads, by op (with the attributes of `holds distinct`)."""
    found: dict[str, set[str]] = {}
    stack = [line.payers, line.amount, line.payees]
    while stack:
        expression = stack.pop()
        if expression.op in ir.SEAT_OPS:
            found.setdefault(expression.op, set()).add(expression.name or "")
        stack.extend(expression.args)
    return found
