"""Money: payments of actions, the win's settlement lines, bonus draws and the table fee.

Every payment is a ledger line from one seat to another (or to the house, for a fee)
naming the clause and rule ids that produced it, so the ledger always sums to zero.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.dsl.model import ir
from tablerules.dsl.numbers import is_digits
from tablerules.interpreter.compiling.compiled import ImmediateInfo
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.compiling.expressions import (
    Compiled,
    Scope,
    compile_expr,
    payer_names,
    reads_payer,
    saturated,
)
from tablerules.interpreter.compiling.hand_quantities import HandView
from tablerules.interpreter.engine.play_rules import WIN_SOURCE, ActionRule, PlayRules
from tablerules.interpreter.engine.state import HandState, Logger, Offer, Payment, Seat
from tablerules.interpreter.engine.win_facts import win_conditions
from tablerules.interpreter.hand.evaluate import Decomposition, Evaluator
from tablerules.interpreter.hand.judging import best_split
from tablerules.interpreter.hand.pricing import settle_line, view_of

if TYPE_CHECKING:
    from tablerules.interpreter.engine.choices import ChoiceMaker


class Settlement:
    def __init__(self, play: PlayRules, evaluator: Evaluator, maker: ChoiceMaker) -> None:
        self.play = play
        self.evaluator = evaluator
        self.maker = maker
        self.compiled = play.compiled
        self.tables = play.compiled.tables
        self._options = play.compiled.numbers
        self._quantities = play.compiled.quantities.compile
        self._expressions: dict[int, Compiled] = {}
        self._payer_blocks: dict[str, bool] = {}

    def _id(self, card: int | None) -> str | None:
        return None if card is None else self.compiled.cards.ids[card]

    # ── names an expression may use ────────────────────────────
    def _names(self, value: int = 0, hits: int = 0, settled: int = 0) -> dict[str, int]:
        return {**self._options, "value": value, "hits": hits, "settled": settled}

    def _value(self, expression: ir.Expr, scope: Scope) -> int:
        """An expression's value, compiled the first time it is met."""
        compiled = self._expressions.get(id(expression))
        if compiled is None:
            compiled = self._expressions[id(expression)] = compile_expr(
                expression, self._quantities
            )
        return compiled(scope)

    def _scope(self, names: dict[str, int], seat: Seat | None = None) -> Scope:
        return Scope(names, self.tables, self._counts(seat) if seat is not None else {})

    def _let(self, lets: dict[str, ir.Expr], scope: Scope) -> None:
        for name, expression in lets.items():
            scope.names[name] = self._value(expression, scope)

    def _counts(self, seat: Seat) -> dict[str, int]:
        counts: dict[str, int] = {}
        for group in seat.table:
            name = self.compiled.kinds[group.kind].name
            counts[name] = counts.get(name, 0) + 1
        return counts

    def _payers(self, payer: str, payee: int, owner: int, state: HandState) -> list[int]:
        """The seats that pay: `each other` is every other seat still playing (not those
        that have won and left the hand)."""
        if payer == "each other":
            return [s for s in range(self.play.seats) if s != payee and state.playing(s)]
        return [owner] if owner != payee else []

    def _pay(
        self,
        state: HandState,
        log: Logger,
        payment: ir.Payment,
        payee: int,
        owner: int,
        amount: int,
        clause: str,
        cites: tuple[str, ...],
        only: int | None = None,
    ) -> int:
        """Pay `amount` from each payer of `payment` (only seat `only`, when given)."""
        received = 0
        amount = saturated(amount)  # every amount paid is held within the documented cap
        if amount <= 0:
            return 0  # a rule that works out to nothing (or less) pays nothing
        payers = self._payers(payment.payer, payee, owner, state) if only is None else [only]
        for payer in payers:
            line = Payment(payer, payee, amount, payment.label or clause, clause, cites)
            state.ledger.append(line)
            received += amount
            log("pay", **line.to_json())
        return received

    # ── at once: an action's own payments ──────────────────────
    def action_payments(
        self, state: HandState, log: Logger, rule: ActionRule, seat: int, offer: Offer
    ) -> None:
        for payment in rule.pays:
            amount = self._value(payment.amount, self._scope({**self._names(), **state.placed}))
            cites = tuple(payment.cites) or rule.cites
            self._pay(state, log, payment, seat, offer.owner, amount, f"action {rule.name}", cites)

    # ── the deal ───────────────────────────────────────────────
    def immediate_win(
        self, seat: Seat, held_only: bool = False, own_turn: bool = False
    ) -> ImmediateInfo | None:
        """The immediate win the seat's cards meet: on the deal, after a draw (`held_only`:
        the `when all of` lines), or (`own_turn`) one looked for on each of its turns."""
        if not self.compiled.immediate:
            return None
        # the counts decide: the hand is evaluated only once it wins (`_finish_win`)
        table = self.maker.table_groups(seat) if seat.table else ()
        return self.evaluator.immediate(seat.hand, table, held_only, own_turn)

    def shown_win_payments(
        self, state: HandState, log: Logger, win: ImmediateInfo, seat: int
    ) -> None:
        """One showing of a win where play goes on, paid at once by its `pays:` lines."""
        scope = self._scope({**self._names(), **state.placed})
        for payment in win.pays:
            amount = self._value(payment.amount, scope)
            cites = tuple(payment.cites) or win.cites
            self._pay(state, log, payment, seat, seat, amount, f"immediate win {win.name}", cites)

    # ── a win ──────────────────────────────────────────────────
    def best_split(
        self,
        state: HandState,
        offer: Offer,
        winner: int,
        immediate: bool,
        conditions: WinConditions | None = None,
    ) -> Decomposition | None:
        """The winner's best winning split, as the win's value is reckoned on it: the best
        over the card placed in the concealed split and, for a win that counts forced
        groups, over each group a forced action would make with the card (each judged under
        `conditions` when the rules have hand patterns)."""
        seat = state.seats[winner]
        hand = list(seat.hand)
        card = offer.card
        is_owner = winner == offer.owner
        source = WIN_SOURCE.get((offer.context, is_owner))
        if card is not None and is_owner and self.play.in_owner_hand(offer.context):
            hand[card] -= 1
        cards = [c for c, n in enumerate(hand) for _ in range(n)]
        result = self.evaluator.evaluate(
            cards,
            self.maker.table_groups(seat),
            card,
            source,
            on_deal=immediate,
            conditions=conditions,
        )
        candidates = [result.best] if result.best is not None else []
        if not immediate:
            for cards, table in self.maker.forced_group_outcomes(state, winner, offer):
                counted = self.evaluator.evaluate(cards, table, conditions=conditions).best
                if counted is not None:
                    candidates.append(counted)
        return best_split(self.compiled, candidates) if candidates else None

    def _wilds_read(self, best: Decomposition | None) -> dict[str, object]:
        """What each wild of the winning split stood for, as the win event says it:
        `wilds: [[wild, card], ...]` by card id (nothing when it read no wild)."""
        if best is None or not best.wild_readings:
            return {}
        ids = self.compiled.cards.ids
        return {"wilds": [[ids[wild], ids[card]] for wild, card in best.wild_readings]}

    def _view(
        self, seat: Seat, offer: Offer, best: Decomposition | None, conditions: WinConditions
    ) -> HandView:
        """The winning hand as hand quantities read it: every card it holds, its split (no
        groups for a win on the deal whose groups are not complete)."""
        whole = list(seat.hand)
        for group in seat.table:
            for card in group.cards:
                whole[card] += 1
        held = conditions.relation[0] == "self" and self.play.in_owner_hand(offer.context)
        if offer.card is not None and not held:
            whole[offer.card] += 1
        if best is None:
            return HandView(counts=whole, groups=[], conditions=conditions)
        if best.wilds:  # a reading of wild cards: the cards they stood for, and their count
            return view_of(best, conditions, len(whole))
        return HandView(
            counts=whole,
            groups=[(g.kind, g.indices, g.on_table, g.claimed) for g in best.groups],
            conditions=conditions,
            form=best.form,
            value=best.total,
        )

    def settle_win(
        self,
        state: HandState,
        log: Logger,
        winner: int,
        offer: Offer,
        clause: str,
        cites: tuple[str, ...],
        several: bool,
        immediate: bool,
    ) -> None:
        seat = state.seats[winner]
        conditions = win_conditions(state, self.play, winner, offer)
        best = self.best_split(state, offer, winner, immediate, conditions)
        value = best.total if best is not None else 0
        split = (
            "  ".join(f"{g.kind}[{''.join(g.names)}]({g.value})" for g in best.groups)
            if best is not None
            else ""
        )
        judgement = best.judgement if best is not None else None
        log(
            "win",
            clause=clause,
            cites=cites,
            seat=winner,
            context=offer.context,
            owner=offer.owner,
            card=self._id(offer.card),
            value=value,
            split=split,
            **(judgement.to_json() if judgement is not None else {}),
            **self._wilds_read(best),
            **({"waits": best.waits} if best is not None and best.waits is not None else {}),
        )
        names = self._win_names(best, conditions)
        view = self._view(seat, offer, best, conditions)  # scored or not, as evaluate reads it
        received = settled = 0
        first_line = len(state.ledger)
        for settle in self.play.settles:
            line = settle_line(settle, offer.context, conditions.relation)
            if line is None:
                continue
            scope = Scope(dict(names), self.tables, self._counts(seat), view)
            cites = tuple(line.cites) or tuple(settle.cites)
            clause = f"settle {settle.name}"
            if self._reads_payer(settle):
                paid, amount = self._pay_each(
                    state, log, settle, line, scope, winner, offer.owner, clause, cites
                )
            else:
                self._let(settle.lets, scope)
                amount = self._value(line.payment.amount, scope)
                paid = self._pay(
                    state, log, line.payment, winner, offer.owner, amount, clause, cites
                )
            received += paid
            settled += amount if paid else 0
        paid_by: dict[int, int] = {}  # what each seat paid for this win (`each payer`)
        for line in state.ledger[first_line:]:
            if line.payee == winner and line.payer is not None:
                paid_by[line.payer] = paid_by.get(line.payer, 0) + line.amount
        received += self._bonuses(state, log, winner, offer, names, view, settled, paid_by)
        self._fee(state, log, winner, received)

    def _win_names(self, best: Decomposition | None, conditions: WinConditions) -> dict[str, int]:
        """The names a win's settlement reads: options, the value, the hand's place in its
        game, each hand pattern's count and each score."""
        value = best.total if best is not None else 0
        names = {**self._names(value=value), **conditions.placed}
        for pattern in self.compiled.rules.patterns:
            names[pattern] = 0
        judgement = best.judgement if best is not None else None
        if judgement is not None:
            for result in judgement.patterns:
                names[result.name] = result.count if result.counts else 0
            for score in judgement.scores.values():
                names[score.name] = score.value
        return names

    def value(self, expression: ir.Expr, scope: Scope) -> int:
        """An expression's value in `scope` (compiled once, kept)."""
        return self._value(expression, scope)

    def win_worth(
        self,
        state: HandState,
        winner: int,
        offer: Offer,
        best: Decomposition,
        conditions: WinConditions,
        payer: int | None = None,
    ) -> int:
        """What the win settlement would make `payer` (by default the card's owner) pay for
        this win (a win that is not made: the worth of a possible win, at a drawn hand):
        each settle block's line for it, added up."""
        names = self._win_names(best, conditions)
        seat = state.seats[winner]
        view = self._view(seat, offer, best, conditions)
        total = 0
        for settle in self.play.settles:
            line = settle_line(settle, offer.context, conditions.relation)
            if line is None:
                continue
            scope = Scope(dict(names), self.tables, self._counts(seat), view)
            if self._reads_payer(settle):
                paying = offer.owner if payer is None else payer
                who = payer_names(paying, winner, state.dealer, self.play.seats)
                scope.names.update(who)
            self._let(settle.lets, scope)
            total += max(saturated(self._value(line.payment.amount, scope)), 0)
        return saturated(total)

    def _reads_payer(self, settle: ir.Settle) -> bool:
        """Whether a settle block's amounts depend on who pays (worked out once per block)."""
        found = self._payer_blocks.get(settle.name)
        if found is None:
            expressions = [*settle.lets.values(), *(line.payment.amount for line in settle.lines)]
            found = self._payer_blocks[settle.name] = any(reads_payer(e) for e in expressions)
        return found

    def _pay_each(
        self,
        state: HandState,
        log: Logger,
        settle: ir.Settle,
        line: ir.SettleLine,
        scope: Scope,
        winner: int,
        owner: int,
        clause: str,
        cites: tuple[str, ...],
    ) -> tuple[int, int]:
        """A settle line whose amount reads who pays: its `let` lines and amount worked out
        for each payer on its own. What the winner received, and the largest amount."""
        received = largest = 0
        for payer in self._payers(line.payment.payer, winner, owner, state):
            own = Scope(dict(scope.names), scope.tables, scope.counts, scope.hand)
            own.names.update(payer_names(payer, winner, state.dealer, self.play.seats))
            self._let(settle.lets, own)
            amount = self._value(line.payment.amount, own)
            paid = self._pay(state, log, line.payment, winner, owner, amount, clause, cites, payer)
            received += paid
            largest = max(largest, amount if paid else 0)
        return received, largest

    def _bonuses(
        self,
        state: HandState,
        log: Logger,
        winner: int,
        offer: Offer,
        names: dict[str, int],
        view: HandView | None,
        settled: int,
        paid_by: dict[int, int],
    ) -> int:
        """Each bonus whose context fits: its cards turned (after those another winner of
        the same discard turned), its hits read, and its payment made by each payer."""
        received = 0
        seats = self.play.seats
        for bonus in self.play.bonuses:
            reading = self.compiled.bonus_readings.get(bonus.name)
            if offer.context not in bonus.after or bonus.count is None or reading is None:
                continue
            counts = self._counts(state.seats[winner])
            scope = Scope({**names, "settled": settled}, self.tables, counts, view)
            self._let(bonus.lets, scope)
            count = self._value(bonus.count, scope)
            available = max(0, min(count, state.wall_left - state.bonus_turned))
            if bonus.end == "head":
                start = state.head + state.bonus_turned
            else:
                start = state.tail - state.bonus_turned - available
            drawn = state.wall[start : start + available]
            state.bonus_turned += available
            missing = count - available
            read = list(drawn)
            if reading.missing_reads_win and missing and offer.card is not None:
                read += [offer.card] * missing  # the winning card stands for the missing ones
            whole = view.counts if view is not None else [0] * len(self.compiled.cards.ids)
            per_card = reading.hits(read, winner, state.dealer, seats, whole)
            hits = sum(per_card) + (missing if bonus.missing_hits else 0)
            at_seat = reading.seat_hits(read, winner, state.dealer, seats)
            ids = self.compiled.cards.ids
            log(
                "bonus",
                clause=f"bonus {bonus.name}",
                cites=bonus.cites,
                seat=winner,
                count=count,
                cards=[ids[c] for c in drawn],
                names=[self.compiled.cards.display[c] for c in drawn],
                hit=[bool(n) for n in per_card[: len(drawn)]],
                missing=missing,
                hits=hits,
                **({"copies": per_card} if reading.copies else {}),
                **({"read": ids[read[-1]]} if len(read) > len(drawn) else {}),
                **(
                    {
                        "seat_hits": at_seat,
                        "at": reading.points_at(drawn, winner, state.dealer, seats),
                    }
                    if reading.tells_seats
                    else {}
                ),
            )
            if bonus.pays is not None:
                scope.names["hits"] = hits
                received += self._bonus_payments(
                    state, log, bonus, scope, winner, offer, paid_by, at_seat
                )
        return received

    def _bonus_payments(
        self,
        state: HandState,
        log: Logger,
        bonus: ir.Bonus,
        scope: Scope,
        winner: int,
        offer: Offer,
        paid_by: dict[int, int],
        at_seat: list[int],
    ) -> int:
        """A bonus's payment, worked out for each payer: `payer hit` is the cards pointing at
        it and, for `each payer` (the seats that paid the win), `settled` what it paid."""
        pays = bonus.pays
        assert pays is not None
        hits = scope.names["hits"]
        if pays.payer == "each payer":
            payers = [p for p in range(self.play.seats) if paid_by.get(p, 0) > 0]
        else:
            payers = self._payers(pays.payer, winner, offer.owner, state)
        cites = tuple(pays.cites) or tuple(bonus.cites)
        clause = f"bonus {bonus.name}"
        received = 0
        for payer in payers:
            scope.names[ir.PAYER_HIT] = at_seat[payer] if at_seat else 0
            if not hits and not scope.names[ir.PAYER_HIT]:
                continue  # no card hit this payer or the winner: nothing to pay
            scope.names.update(payer_names(payer, winner, state.dealer, self.play.seats))
            if pays.payer == "each payer":
                scope.names["settled"] = paid_by[payer]
            amount = self._value(pays.amount, scope)
            if pays.per_hit:
                amount = saturated(amount * hits)
            amount = saturated(amount)
            if amount <= 0:
                continue
            line = Payment(payer, winner, amount, pays.label or clause, clause, cites)
            state.ledger.append(line)
            received += amount
            log("pay", **line.to_json())
        return received

    def _fee(self, state: HandState, log: Logger, winner: int, received: int) -> None:
        fee = self.play.fee
        if fee is None or received <= 0:
            return
        percent = (
            self._names().get(fee.percent, 0) if not is_digits(fee.percent) else int(fee.percent)
        )
        amount = saturated(received * percent // 100)
        if amount <= 0:
            return
        line = Payment(winner, None, amount, "fee", "fee", tuple(fee.cites))
        state.ledger.append(line)
        log("pay", **line.to_json())
