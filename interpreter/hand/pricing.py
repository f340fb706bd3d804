"""What a winning split would be paid, worked out from the split alone: the settlement's
`let` names and each settle line that applies to the win, with their arithmetic.

The engine pays from the table (`engine.settle`); this reads the same clauses for a hand
judged off the table — `tablerules evaluate`, the playground's hand check — so a report can
go on from the patterns to the money: `one_colour 3 + own_draw 1 = 4 points`, then
`each other pays 2 × points × stake = 2 × 4 × 1 = 8 · own draw`. Bonus draws and the fee
depend on cards not yet drawn and on takings, so they are not priced.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.compiling.expressions import (
    ExprError,
    Scope,
    Wording,
    payer_names,
    reads_payer,
)
from tablerules.interpreter.compiling.hand_quantities import HandView
from tablerules.interpreter.compiling.working import work, worked_text
from tablerules.interpreter.hand.evaluation import Decomposition

if TYPE_CHECKING:
    from tablerules.interpreter.compiling.compiled import CompiledRules


@dataclass(frozen=True)
class PricedPayment:
    """One settle line as it applies to this win."""

    settle: str
    label: str
    payer: str  # as the rule file says it: each other, discarder, robbed
    working: str  # `2 × points × stake = 2 × 4 × 1 = 8`
    amount: int
    cites: tuple[str, ...]
    seat: str = ""  # the payer's seat, where the amount reads who pays

    def sentence(self) -> str:
        """`each other pays 2 × points × stake = 2 × 4 × 1 = 8 · own draw`; where the amount
        reads who pays, one line per payer: `each other SEAT pays …`."""
        payer = f"{self.payer} {self.seat}" if self.seat else self.payer
        return f"{payer} pays {self.working} · {self.label}"

    def to_json(self) -> dict[str, Any]:
        return {
            "settle": self.settle,
            "label": self.label,
            "payer": self.payer,
            "amount": self.amount,
            "working": self.working,
            "cites": list(self.cites),
            **({"seat": self.seat} if self.seat else {}),
        }


@dataclass(frozen=True)
class Pricing:
    """The settlement of one winning split: its `let` lines and its payments."""

    lets: list[str] = field(default_factory=list)  # `bonus = points - 1 = 4 - 1 = 3`
    payments: list[PricedPayment] = field(default_factory=list)

    def lines(self) -> list[str]:
        return [*self.lets, *(p.sentence() for p in self.payments)]

    def to_json(self) -> dict[str, Any]:
        return {"lets": list(self.lets), "payments": [p.to_json() for p in self.payments]}


def settle_line(settle: ir.Settle, context: str, relation: tuple[str, ...]) -> ir.SettleLine | None:
    """The line of a settle block that pays a win in `context`, the winner being
    `relation` to the card's owner: the first that names both, else the `otherwise` line."""
    fallback = None
    for line in settle.lines:
        if line.context is None:
            fallback = line
            continue
        if line.context == context and (line.who is None or line.who in relation):
            return line
    return fallback


def view_of(split: Decomposition, conditions: WinConditions, kinds: int) -> HandView:
    """A winning split as hand quantities read it: every card is in one of its groups, but
    for a win on the deal held by groups, whose cards are the whole dealt hand."""
    if split.whole is not None:
        counts = list(split.whole)
    else:
        counts = [0] * kinds
        for group in split.groups:
            for card in group.indices:
                counts[card] += 1
    if split.wilds != conditions.wilds:  # the wild cards the split's reading read
        conditions = replace(conditions, wilds=split.wilds)
    return HandView(
        counts=counts,
        groups=[(g.kind, g.indices, g.on_table, g.claimed) for g in split.groups],
        conditions=conditions,
        form=split.form,
        value=split.total,
    )


def price(
    rules: CompiledRules,
    split: Decomposition,
    conditions: WinConditions,
    wording: Wording | None = None,
) -> Pricing:
    """The settlement of a winning split won under `conditions` (see the module text);
    `wording` writes its workings and their names (in a reader's language)."""
    if not rules.rules.settles or not split.wins:
        return Pricing()
    names: dict[str, int] = {
        **rules.numbers,
        "value": split.total,
        "hits": 0,
        "settled": 0,
        **conditions.placed,
    }
    for pattern in rules.rules.patterns:
        names[pattern] = 0
    judgement = split.judgement
    if judgement is not None:
        for result in judgement.patterns:
            names[result.name] = result.count if result.counts else 0
        for score in judgement.scores.values():
            names[score.name] = score.value
    on_table: dict[str, int] = {}
    for group in split.groups:
        if group.on_table:
            on_table[group.kind] = on_table.get(group.kind, 0) + 1
    view = view_of(split, conditions, len(rules.cards))
    spell = wording.name if wording is not None else None
    value_name = spell(rules.value_name) if spell and rules.value_name else rules.value_name
    shown = {"value": value_name} if value_name else {}
    quantities = rules.quantities.compile
    lets: list[str] = []
    payments: list[PricedPayment] = []
    seats = rules.rules.seats.count if rules.rules.seats else 1
    # where a winner leaves the hand, `each other` is every other seat still playing
    end = rules.rules.end
    leaving = end is not None and end.leave_until is not None
    for settle in rules.rules.settles.values():
        line = settle_line(settle, conditions.context, conditions.relation)
        by_payer = _reads_payer(settle)
        # a settlement reading who pays is worked out for each seat that may pay, in turn
        # order from the winner; another is worked out once
        payers = range(1, seats) if by_payer else [None]
        for payer in payers:
            scope = Scope(dict(names), rules.tables, on_table, view)
            seat = ""
            if payer is not None:
                paying = (conditions.seat + payer) % seats
                scope.names.update(payer_names(paying, conditions.seat, 0, seats))
                seat = rules.seat_names[paying] if paying < len(rules.seat_names) else str(paying)
            try:
                for name, expression in settle.lets.items():
                    worked = work(expression, scope, shown, quantities, wording)
                    scope.names[name] = worked.value
                    said = spell(name) if spell else name
                    lets.append(f"{said} = {worked_text(worked)}" + (f" ({seat})" if seat else ""))
                if line is None:
                    continue
                worked = work(line.payment.amount, scope, shown, quantities, wording)
            except (ExprError, ZeroDivisionError) as error:  # a table without the key, say
                lets.append(f"settle {settle.name}: {error}")
                break
            if worked.value <= 0:
                continue  # a line that works out to nothing pays nothing
            payments.append(
                PricedPayment(
                    settle=settle.name,
                    label=line.payment.label or f"settle {settle.name}",
                    payer=_payer(line.payment.payer, leaving),
                    working=worked_text(worked),
                    amount=worked.value,
                    cites=tuple(line.cites) or tuple(settle.cites),
                    seat=seat,
                )
            )
    return Pricing(lets, payments)


def _payer(payer: str, leaving: bool) -> str:
    """Who pays, as the report says it: `each other` in a hand that goes on after a win is
    `each other still playing` (those that have won and left pay nothing)."""
    if leaving and payer == "each other":
        return "each other still playing"
    return payer


def _reads_payer(settle: ir.Settle) -> bool:
    """Whether the block's amounts depend on who pays."""
    expressions = [*settle.lets.values(), *(line.payment.amount for line in settle.lines)]
    return any(reads_payer(expression) for expression in expressions)
