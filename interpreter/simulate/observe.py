"""What one finished hand contributes to the statistics, read from its events alone.

Nothing here knows a game: rows are named after the engine's event types and the clauses
of the rule file that produced them, money after the ledger's labels, and every row keeps
the rule ids its events cite.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

Key = tuple[str | int, ...]

# per-move events: counted as moves and draws, not as rows of their own
QUIET = frozenset({"deal", "draw", "replacement", "discard", "pay", "end", "window"})
MOVES = frozenset({"discard", "action", "win", "immediate win"})
DRAWS = frozenset({"draw", "replacement"})
WINS = frozenset({"win", "immediate win"})

# the per-seat indicators and amounts, each also kept per position relative to the dealer
SEAT_METRICS = ("win", "self-draw", "deal-in", "money")
WIN_VALUE: Key = ("win value",)
ALL_WINS: Key = ("wins",)  # where the cites of the win rows gather
ALL_PAYMENTS: Key = ("payments",)  # where the cites of the money rows gather
LEAVING: Key = ("leaving",)  # where the cites of play after a win gather


@dataclass
class Observation:
    """One hand: values per row (absent = 0), values of each win, histograms, cites."""

    values: dict[Key, int] = field(default_factory=dict)
    samples: dict[Key, list[int]] = field(default_factory=dict)
    histograms: dict[Key, list[int]] = field(default_factory=dict)
    cites: dict[Key, set[str]] = field(default_factory=dict)

    def add(self, key: Key, amount: int = 1) -> None:
        self.values[key] = self.values.get(key, 0) + amount

    def cite(self, key: Key, cites: Sequence[str] | None) -> None:
        if cites:
            known = self.cites.get(key)
            if known is None:
                self.cites[key] = set(cites)
            else:
                known.update(cites)


def observe(events: Sequence[dict[str, Any]], seats: int, per_payer: bool = False) -> Observation:
    """The statistics' view of one finished hand; with `per_payer`, the money each seat
    pays by ledger label, the seat counted from the dealer (`paid by` rows: a file whose
    amounts differ by payer, or that pays at a drawn hand)."""
    seen = Observation()
    dealer = int(events[0].get("dealer", 0)) if events else 0
    moves = draws = 0
    winners: list[int] = []
    totals: list[int] = [0] * seats
    self_draws: set[int] = set()
    dealt_in: set[int] = set()
    left = False  # some winner left the hand and the others played on (or could)
    declared: list[tuple[str, list[Any], Sequence[str] | None]] = []  # each declaration phase
    for event in events:
        kind = event["type"]
        cites = event.get("cites")
        if kind in MOVES:
            moves += 1
        if kind in DRAWS:
            draws += 1
        if kind == "pay":
            label = ("money", str(event["label"]))
            seen.add(label, int(event["amount"]))
            seen.add(("payments", str(event["label"])))
            seen.cite(label, cites)
            seen.cite(ALL_PAYMENTS, cites)
            if per_payer and event.get("payer") is not None:
                paid = ("paid by", (int(event["payer"]) - dealer) % seats, str(event["label"]))
                seen.add(paid, int(event["amount"]))
                seen.cite(paid, cites)
            continue
        if kind == "end":
            winners = list(event.get("winners", []))
            totals = list(event.get("totals", totals))
            continue
        if kind in QUIET:
            continue
        clause = str(event.get("clause", ""))
        row = ("event", kind, clause)
        seen.add(row)
        seen.cite(row, cites)
        if kind in WINS:
            seat = int(event["seat"])
            owner = event.get("owner")
            if kind == "immediate win" or owner == seat:
                self_draws.add(seat)
            elif owner is not None:
                dealt_in.add(int(owner))
            seen.cite(ALL_WINS, cites)
            if kind == "win":
                value = int(event.get("value", 0))
                seen.samples.setdefault(WIN_VALUE, []).append(value)
                seen.histograms.setdefault(WIN_VALUE, []).append(value)
                _patterns_and_scores(seen, event)
        elif kind == "action" and event.get("forced"):
            forced = ("forced", str(event.get("action", "")))
            seen.add(forced)
            seen.cite(forced, cites)
        elif kind == "bonus":
            hits = int(event.get("hits", 0))
            bonus = ("bonus hits", clause)
            seen.add(bonus, hits)
            seen.cite(bonus, cites)
            seen.histograms.setdefault(bonus, []).append(hits)
        elif kind == "exchange":
            direction = ("phase", clause, "direction", str(event.get("direction", "")))
            seen.add(direction)
            seen.cite(direction, cites)
        elif kind == "declaration":
            declared.append((clause, list(event.get("values", [])), cites))
        elif kind == "drawn hand":
            seen.cite(("hand", "drawn"), cites)
        elif kind == "leaves":
            left = True
            seen.cite(LEAVING, cites)
    per_seat = {
        "win": set(winners),
        "self-draw": self_draws,
        "deal-in": dealt_in,
    }
    for seat in range(seats):
        position = (seat - dealer) % seats
        for metric, holders in per_seat.items():
            if seat in holders:
                seen.add(("seat", metric, seat))
                seen.add(("position", metric, position))
        if totals[seat]:
            seen.add(("seat", "money", seat), totals[seat])
            seen.add(("position", "money", position), totals[seat])
    if left:
        _order_of_winners(seen, winners, dealer, seats)
    for clause, values, cites in declared:
        _declarations(seen, clause, values, set(winners), cites)
    if not winners:
        seen.add(("hand", "drawn"))
    seen.add(("hand", "moves"), moves)
    seen.add(("hand", "draws"), draws)
    seen.add(("hand", "winners"), len(winners))
    return seen


def _order_of_winners(seen: Observation, winners: list[int], dealer: int, seats: int) -> None:
    """A hand that went on after a win: how many won, and each winner's place in the order
    of winning, by position from the dealer (several on one card in turn order from it)."""
    seen.add(("leaving", "winners", len(winners)))
    for order, seat in enumerate(winners, start=1):
        seen.add(("leaving", "order", order, (seat - dealer) % seats))


def _declarations(
    seen: Observation,
    clause: str,
    values: list[Any],
    winners: set[int],
    cites: Sequence[str] | None,
) -> None:
    """A declaration phase: how many seats declared each value, and how many of those won
    the hand — what a declaration does to a seat's chances, value by value."""
    for seat, value in enumerate(values):
        if value is None:
            continue
        row = ("phase", clause, "declared", str(value))
        seen.add(row)
        seen.cite(row, cites)
        if seat in winners:
            won = ("phase", clause, "won after declaring", str(value))
            seen.add(won)
            seen.cite(won, cites)


def _patterns_and_scores(seen: Observation, win: dict[str, Any]) -> None:
    """The named hand patterns a win counts (not those another excluded), and the value
    of each of its scores, as the win event carries them."""
    for pattern in win.get("patterns") or ():
        if pattern.get("excluded_by") is None:
            row = ("pattern", str(pattern.get("name", "")))
            seen.add(row)
            seen.cite(row, pattern.get("cites"))
    for name, score in (win.get("scores") or {}).items():
        key = ("score", str(name))
        value = int(score.get("value", 0)) if isinstance(score, dict) else int(score)
        seen.samples.setdefault(key, []).append(value)
        seen.histograms.setdefault(key, []).append(value)
        seen.cite(key, win.get("cites"))
