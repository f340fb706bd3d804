"""How the money of a hand was reckoned, in words and numbers.

Each payment is matched back to the clause that made it (a settle line, an action's or a
bonus's `pays:`, the fee) and its amount expression is written out as written and with the
numbers of this hand (`expressions.trace`): `2 × unit = 2 × 10 = 20`. A working is shown
only when it gives the amount actually paid; otherwise the amount stands alone. The
engine's events are not changed for this: everything is read from them and the rules.
The sentences are those of the message catalogue of the language asked for (`messages`),
the file's names spelled as its `names` block for that language gives them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tablerules.dsl.model import ir
from tablerules.dsl.numbers import is_digits
from tablerules.interpreter.compiling.expressions import (
    ExprError,
    Scope,
    Tables,
    payer_names,
    saturated,
)
from tablerules.interpreter.compiling.working import Worked, work
from tablerules.interpreter.engine.state import Offer
from tablerules.interpreter.engine.win_facts import win_conditions
from tablerules.interpreter.hand.evaluate import GroupResult
from tablerules.interpreter.messages import DEFAULT
from tablerules.interpreter.messages.judgement_text import (
    absence_text,
    judgement_text,
    pattern_text,
)
from tablerules.interpreter.messages.speaker import speaker
from tablerules.interpreter.narration.logged_groups import logged_group_counts

if TYPE_CHECKING:
    from tablerules.interpreter.api import Game
    from tablerules.interpreter.engine.game import Table

Record = dict[str, Any]
# what an expression may raise when it reads something the events cannot tell (a quantity
# of the winning hand, say): its working is then left out
TROUBLE = (ExprError, ValueError, KeyError, ZeroDivisionError, TypeError, AttributeError)


def cites_text(cites: list[str] | tuple[str, ...]) -> str:
    return f" [{', '.join(cites)}]" if cites else ""


@dataclass
class WinStory:
    """A win explained: the groups with their values, their sum, the floor it passed and
    the `let` names the settlement worked out from it."""

    seat: int
    context: str
    owner: int | None
    card: str | None
    value: int
    value_name: str | None
    groups: list[GroupResult] = field(default_factory=list)
    floor: str = ""
    lets: list[str] = field(default_factory=list)
    patterns: str = ""  # what the win's hand patterns make, with the arithmetic
    named: list[str] = field(default_factory=list)  # each hand pattern that held, in words
    absent: list[str] = field(default_factory=list)  # each that did not: what it needed

    @property
    def sum(self) -> str:
        """`3 + 6 + 3 + 3 + 1 = 16 points` (empty where the game has no values)."""
        if not self.value_name or not self.groups:
            return ""
        terms = " + ".join(str(g.value) for g in self.groups)
        return f"{terms} = {self.value} {self.value_name}"


class Reckoner:
    """Payment sentences and win stories for one hand's events, by a game's rules.

    `seat_name` names seats (None: the house); `counts(seat)` gives the number of each
    kind of group the seat holds on the table (for amounts that count groups), when the
    caller has the table at hand; otherwise they are told from the logged actions.
    """

    def __init__(
        self,
        game: Game,
        events: list[Record],
        seat_name: Callable[[int | None], str],
        counts: Callable[[int], dict[str, int]] | None = None,
        lang: str = DEFAULT,
    ) -> None:
        compiled = game.compiled
        self.speaker = speaker(game, lang)
        self.say, self.words = self.speaker.say, self.speaker.words
        self.wording = self.speaker.wording  # how its workings are written
        self.rules = compiled.rules
        self.tables = Tables(compiled.rules.tables)
        self.events = events
        self.seat_name = seat_name
        self.counts = counts or (lambda seat: logged_group_counts(self.events, seat))
        self.value_name = compiled.value_name
        self.shown = {"value": self.words.name(self.value_name)} if self.value_name else {}
        self.options: dict[str, int] = {}
        for key, option in compiled.options.items():
            if isinstance(option, bool):
                self.options[key] = int(option)
            elif isinstance(option, int):
                self.options[key] = option

    # ── payments ───────────────────────────────────────────────
    def payment(self, event: Record, cites: bool = True) -> str:
        """`Bea pays Al 2 × unit = 2 × 10 = 20 · a won discard [R-16]` (ids if `cites`)."""
        payer, payee = self.seat_name(event["payer"]), self.seat_name(event["payee"])
        ids = cites_text(event.get("cites", [])) if cites else ""
        said = self.say(
            "narrate.pays",
            payer=payer,
            payee=payee,
            amount=self.worked_amount(event),
            label=self.speaker.label(event),
        )
        return said + ids

    def worked_amount(self, event: Record) -> str:
        """A payment's amount with its working before it, `2 × unit = 2 × 10 = 20`, when
        it can be told; else the amount alone."""
        amount = event["amount"]
        working = self.working(event)
        shown = str(amount)
        if working and working != shown:  # `prize = 16` is whole; `2 × prize = 2 × 8` needs `= 16`
            shown = working if working.endswith(f" = {amount}") else f"{working} = {amount}"
        return shown

    def working(self, event: Record) -> str:
        """How the amount of a `pay` event was worked out ('' when it cannot be told)."""
        clause = str(event.get("clause", ""))
        kind, _, name = clause.partition(" ")
        try:
            if kind == "settle":
                found = self._settle_working(event, name)
            elif kind == "action":
                found = self._action_working(event, name)
            elif kind == "bonus":
                found = self._bonus_working(event, name)
            elif clause == "fee":
                found = self._fee_working(event)
            elif clause.startswith("immediate win "):
                found = self._shown_win_working(event, clause.removeprefix("immediate win "))
            else:
                found = None
        except TROUBLE:
            found = None
        if found is None or found.value != event["amount"]:
            return ""
        return found.text + (self.say("reckon.rounded") if found.rounded else "")

    def _scope(self, seat: int | None = None, **names: int) -> Scope:
        counts = self.counts(seat) if seat is not None else {}
        deal = next((e for e in self.events if e["type"] == "deal"), {})
        known = {
            "value": 0,
            "hits": 0,
            "settled": 0,
            "streak": deal.get("streak", 0),
            **deal.get("carried", {}),
        }
        return Scope({**self.options, **known, **names}, self.tables, counts)

    def _let(self, lets: dict[str, ir.Expr], scope: Scope) -> list[str]:
        """Work the `let` names out into `scope`; each as a line `name = … = n`."""
        lines = []
        for name, expression in lets.items():
            worked = work(expression, scope, self.shown, wording=self.wording)
            scope.names[name] = worked.value
            rounded = self.say("reckon.rounded") if worked.rounded else ""
            lines.append(
                self.say(
                    "reckon.let",
                    name=self.words.name(name),
                    working=worked.text,
                    value=worked.value,
                    rounded=rounded,
                )
            )
        return lines

    def _win_of(self, seat: int) -> Record | None:
        return next((e for e in self.events if e["type"] == "win" and e["seat"] == seat), None)

    def _judged(self, win: Record) -> dict[str, int]:
        """The names a win's hand patterns give a settlement: each score's value, each
        pattern's count (0 when it does not count)."""
        names = {name: 0 for name in self.rules.patterns}
        for pattern in win.get("patterns", []):
            names[pattern["name"]] = pattern["count"] if pattern["excluded_by"] is None else 0
        for name, score in win.get("scores", {}).items():
            names[name] = score["value"]
        return names

    def _settled(self, winner: int) -> int:
        """What the winner's settle clauses came to (each clause's amount once)."""
        amounts: dict[str, int] = {}
        for event in self.events:
            clause = str(event.get("clause", ""))
            if event["type"] == "pay" and event["payee"] == winner and clause.startswith("settle "):
                # an amount that reads who pays: the largest, as the engine reckons it
                amounts[clause] = max(amounts.get(clause, 0), event["amount"])
        return sum(amounts.values())

    def _paid_for_win(self, winner: int, payer: int) -> int:
        """What `payer` paid the winner by its settle clauses (`settled` of `each payer`)."""
        return sum(
            event["amount"]
            for event in self.events
            if event["type"] == "pay"
            and event["payee"] == winner
            and event["payer"] == payer
            and str(event.get("clause", "")).startswith("settle ")
        )

    def _settle_working(self, event: Record, name: str) -> Worked | None:
        settle = self.rules.settles.get(name)
        if settle is not None and settle.drawn:
            return self._drawn_working(event, settle)
        win = self._win_of(event["payee"])
        if settle is None or win is None:
            return None
        scope = self._scope(win["seat"], value=win.get("value", 0), **self._judged(win))
        deal = next((e for e in self.events if e["type"] == "deal"), {})
        seats = len(deal.get("hands", [])) or 1
        dealer = deal.get("dealer", 0)
        scope.names.update(payer_names(event["payer"], event["payee"], dealer, seats))
        self._let(settle.lets, scope)
        for line in settle.lines:
            payment = line.payment
            if (payment.label or f"settle {name}") != event["label"]:
                continue
            worked = work(payment.amount, scope, self.shown, wording=self.wording)
            if worked.value == event["amount"]:
                return worked
        return None

    def _drawn_working(self, event: Record, settle: ir.Settle) -> Worked | None:
        """A payment at a drawn hand, worked out from what the `drawn settle` event before
        it found of the seats' hands."""
        position = self.events.index(event) if event in self.events else len(self.events)
        found = next(
            (
                e
                for e in reversed(self.events[:position])
                if e["type"] == "drawn settle" and e.get("clause") == event["clause"]
            ),
            None,
        )
        if found is None:
            return None
        scope = self._scope()
        self._let(settle.lets, scope)
        scope.hand = LoggedSeats(found["seats"], event["payer"], event["payee"])
        for line in settle.drawn:
            if (line.label or event["clause"]) != event["label"]:
                continue
            worked = work(line.amount, scope, self.shown, wording=self.wording)
            if worked.value == event["amount"]:
                return worked
        return None

    def _action_working(self, event: Record, name: str) -> Worked | None:
        action = self.rules.actions.get(name)
        for payment in action.pays if action else []:
            if (payment.label or f"action {name}") == event["label"]:
                worked = work(payment.amount, self._scope(), self.shown, wording=self.wording)
                if worked.value == event["amount"]:
                    return worked
        return None

    def _shown_win_working(self, event: Record, name: str) -> Worked | None:
        """A win shown on the deal, paid by its own `pays:` lines (play goes on)."""
        win = self.rules.immediate_wins.get(name)
        for payment in win.pays if win else []:
            if (payment.label or f"immediate win {name}") == event["label"]:
                worked = work(payment.amount, self._scope(), self.shown, wording=self.wording)
                if worked.value == event["amount"]:
                    return worked
        return None

    def _bonus_working(self, event: Record, name: str) -> Worked | None:
        bonus = self.rules.bonuses.get(name)
        winner = event["payee"]
        drawn = next(
            (
                e
                for e in self.events
                if e["type"] == "bonus" and e["seat"] == winner and e["clause"] == f"bonus {name}"
            ),
            None,
        )
        win = self._win_of(winner)
        if bonus is None or bonus.pays is None or drawn is None or win is None:
            return None
        settled = self._settled(winner)
        if bonus.pays.payer == "each payer":  # what this payer paid for the win
            settled = self._paid_for_win(winner, event["payer"])
        scope = self._scope(winner, value=win.get("value", 0), settled=settled, **self._judged(win))
        self._let(bonus.lets, scope)
        hits = drawn["hits"]
        scope.names["hits"] = hits
        seat_hits = drawn.get("seat_hits")
        scope.names[ir.PAYER_HIT] = seat_hits[event["payer"]] if seat_hits else 0
        deal = next((e for e in self.events if e["type"] == "deal"), {})
        seats = len(deal.get("hands", [])) or 1
        scope.names.update(payer_names(event["payer"], winner, deal.get("dealer", 0), seats))
        worked = work(bonus.pays.amount, scope, self.shown, wording=self.wording)
        if not bonus.pays.per_hit:
            return worked
        counted = self.say.count("reckon.hits", hits)
        key = "reckon.worked_hits" if " = " in worked.text else "reckon.plain_hits"
        text = self.say(key, worked=worked.text, hits=counted)
        return Worked(text, saturated(worked.value * hits), worked.rounded)

    def _fee_working(self, event: Record) -> Worked | None:
        fee = self.rules.fee
        if fee is None:
            return None
        winner = event["payer"]
        position = self.events.index(event) if event in self.events else len(self.events)
        takings = sum(
            e["amount"]
            for e in self.events[:position]
            if e["type"] == "pay" and e["payee"] == winner
        )
        if is_digits(fee.percent):
            percent, said = int(fee.percent), f"{fee.percent}%"
        else:
            percent = self.options.get(fee.percent, 0)
            said = self.say(
                "reckon.fee_option", option=self.words.name(fee.percent), percent=percent
            )
        value = takings * percent // 100
        text = self.say("reckon.fee", percent=said, takings=takings)
        return Worked(text, value, takings * percent % 100 != 0)

    # ── wins ───────────────────────────────────────────────────
    def floor(self, win: Record) -> str:
        """The value floor a win passed: `points 16 ≥ min_points 6` ('' without one)."""
        rule = self.rules.win.value if self.rules.win else None
        if rule is None:
            return ""
        if isinstance(rule.at_least, int):
            least = str(rule.at_least)
        else:
            name = self.words.name(rule.at_least)
            least = f"{name} {self.options.get(rule.at_least, rule.at_least)}"
        table = self.words.name(rule.table)
        return self.say("reckon.floor", table=table, value=win.get("value", 0), least=least)

    def lets(self, win: Record) -> list[str]:
        """The `let` names of the settlement worked out for this win."""
        lines: list[str] = []
        for settle in self.rules.settles.values():
            try:
                scope = self._scope(win["seat"], value=win.get("value", 0), **self._judged(win))
                lines += self._let(settle.lets, scope)
            except TROUBLE:
                continue
        return lines


class LoggedSeats:
    """The seats' hands at a drawn hand as its `drawn settle` event logged them, read by an
    amount as the engine's seat facts are (`best win of payee`)."""

    def __init__(self, seats: list[Record], payer: int, payee: int) -> None:
        self.seats = {int(s["seat"]): s for s in seats}
        self.payer = payer
        self.payee = payee

    def seat_fact(self, op: str, word: str) -> int:
        if op != "best win":
            raise ExprError(f"{op!r} is not logged for an amount")
        seat = self.payee if word == "payee" else self.payer
        best = self.seats[seat].get("best") or []
        return int(best[self.payer] or 0) if self.payer < len(best) else 0


def win_stories(
    table: Table, seat_name: Callable[[int | None], str], lang: str = DEFAULT
) -> list[WinStory]:
    """Each win of a finished hand explained from its final state, in language `lang`:
    its groups, the hand patterns that held and those that did not (with what each
    needed and what the hand had)."""
    reckoner = Reckoner(
        table.game, table.events, seat_name, lambda s: group_counts(table, s), lang=lang
    )
    spoken = reckoner.speaker
    stories = []
    index = table.game.compiled.cards.index
    scoring = table.game.compiled.scoring
    for event in table.events:
        if event["type"] != "win":
            continue
        seat = event["seat"]
        card = event.get("card")
        offer = Offer(event["context"], event["owner"], index[card] if card else None)
        immediate = str(event.get("clause", "")).startswith("immediate win")
        conditions = win_conditions(table.state, table.play, seat, offer)
        best = table.settlement.best_split(table.state, offer, seat, immediate, conditions)
        judgement = best.judgement if best is not None else None
        absent = scoring.absent(judgement, spoken.told) if judgement is not None else []
        patterns = event.get("patterns", [])
        explained = event.get("explanation", "")
        if explained and lang != DEFAULT:
            explained = judgement_text(patterns, event.get("scores", {}), spoken)
        stories.append(
            WinStory(
                seat=seat,
                context=event["context"],
                owner=event.get("owner"),
                card=card,
                value=event.get("value", 0),
                value_name=spoken.word(table.game.compiled.value_name)
                if table.game.compiled.value_name
                else None,
                groups=list(best.groups) if best else [],
                floor=reckoner.floor(event),
                lets=reckoner.lets(event),
                patterns=explained,
                named=[pattern_text(p, spoken) for p in patterns],
                absent=[absence_text(a, spoken) for a in absent],
            )
        )
    return stories


def group_counts(table: Table, seat: int) -> dict[str, int]:
    """How many groups of each kind `seat` holds on the table now."""
    counts: dict[str, int] = {}
    kinds = table.game.compiled.kinds
    for group in table.state.seats[seat].table:
        name = kinds[group.kind].name
        counts[name] = counts.get(name, 0) + 1
    return counts
