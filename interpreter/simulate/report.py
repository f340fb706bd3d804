"""A simulation's sums turned into rows: what is measured, its rule ids, the estimate of
each side with its 95% interval, and, for two sides, the difference and whether it is
significant. The CLI prints these rows as text, JSON or CSV; the playground draws them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tablerules.dsl.numbers import is_digits
from tablerules.interpreter.simulate.estimate import (
    Estimate,
    difference_of_means,
    mean_estimate,
    rate_estimate,
)
from tablerules.interpreter.simulate.observe import (
    ALL_PAYMENTS,
    ALL_WINS,
    LEAVING,
    WIN_VALUE,
    Key,
)
from tablerules.interpreter.simulate.plan import Plan, position_name
from tablerules.interpreter.simulate.tally import SideTally, Tally

MAX_BINS = 12  # a value distribution shows at most this many ranges

SEAT_ROWS = (
    ("win", "win rate", "rate"),
    ("self-draw", "self-draw rate (wins on its own card)", "rate"),
    ("deal-in", "deal-in rate (another wins on its card)", "rate"),
    ("money", "money per hand", "mean"),
)
HAND_ROWS = (
    (("hand", "drawn"), "drawn-hand rate", "rate"),
    (("hand", "winners"), "winners per hand", "mean"),
    (("hand", "moves"), "hand length in moves", "mean"),
    (("hand", "draws"), "cards drawn per hand", "mean"),
)


@dataclass(frozen=True)
class Row:
    section: str
    name: str
    measure: str  # "rate" (a share), "mean" (per hand) or "per win"/"share of wins"
    cites: tuple[str, ...]
    values: tuple[Estimate | None, ...]  # one per side (None: the side has no such thing)
    difference: Estimate | None = None  # first side minus second, when there are two

    @property
    def significant(self) -> bool:
        return self.difference is not None and self.difference.excludes_zero()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "section": self.section,
            "name": self.name,
            "measure": self.measure,
            "cites": list(self.cites),
            "values": [v.to_json() if v is not None else None for v in self.values],
        }
        if self.difference is not None:
            data["difference"] = self.difference.to_json()
            data["significant"] = self.significant
        return data


class Rows:
    """Builds the rows of one tally, in a fixed order."""

    def __init__(self, plan: Plan, tally: Tally) -> None:
        self.plan = plan
        self.tally = tally
        self.paired = len(tally.sides) == 2

    def all(self) -> list[Row]:
        return [
            *self.seats("seat"),
            *self.seats("position"),
            *self.hand(),
            *self.after_wins(),
            *self.win_values(),
            *self.events(),
            *self.phases(),
            *self.money(),
            *self.payers(),
        ]

    # ── building blocks ─────────────────────────────────────────
    def _estimate(self, side: SideTally, key: Key, measure: str) -> Estimate:
        total, squares = side.sums.get(key, (0, 0))
        if measure == "rate":
            return rate_estimate(side.hands, total)
        return mean_estimate(side.hands, total, squares)

    def _difference(self, key: Key) -> Estimate | None:
        if not self.paired:
            return None
        total, squares = self.tally.differences.get(key, (0, 0))
        return mean_estimate(self.tally.hands, total, squares)

    def _cites(self, *keys: Key) -> tuple[str, ...]:
        found: set[str] = set()
        for side in self.tally.sides:
            for key in keys:
                found.update(side.cites.get(key, ()))
        return tuple(sorted(found, key=_rule_order))

    def _row(self, section: str, name: str, key: Key, measure: str, cites: tuple[str, ...]) -> Row:
        values = tuple(self._estimate(side, key, measure) for side in self.tally.sides)
        return Row(section, name, measure, cites, values, self._difference(key))

    def _keys(self, first: str) -> list[Key]:
        keys: set[Key] = set()
        for side in self.tally.sides:
            keys.update(k for k in side.sums if k[0] == first)
        return sorted(keys, key=lambda k: tuple(str(p) for p in k))

    # ── sections ────────────────────────────────────────────────
    def seats(self, kind: str) -> list[Row]:
        rows = []
        seats = max(side.seats for side in self.plan.sides)
        section = "per seat" if kind == "seat" else "per position from the dealer"
        for place in range(seats):
            label = f"seat {place}" if kind == "seat" else position_name(self.plan.sides[0], place)
            for metric, title, measure in SEAT_ROWS:
                key: Key = (kind, metric, place)
                cites = self._cites(ALL_PAYMENTS if metric == "money" else ALL_WINS)
                row = self._row(section, f"{label}: {title}", key, measure, cites)
                present = tuple(
                    value if place < side.seats else None
                    for value, side in zip(row.values, self.plan.sides, strict=True)
                )
                everywhere = all(place < side.seats for side in self.plan.sides)
                difference = row.difference if everywhere else None
                rows.append(Row(row.section, row.name, measure, cites, present, difference))
        return rows

    def hand(self) -> list[Row]:
        rows = []
        for key, title, measure in HAND_ROWS:
            cites = self._cites(key) if key == ("hand", "drawn") else ()
            rows.append(self._row("per hand", title, key, measure, cites))
        return rows

    def after_wins(self) -> list[Row]:
        """Play after a win (rows only where a winner left a hand): the share of hands won
        by each number of seats, then how often each position won first, second…"""
        keys = self._keys("leaving")
        if not keys:
            return []
        cites = self._cites(LEAVING)
        section = "play after a win"
        rows = []
        counts = sorted({int(k[2]) for k in keys if k[1] == "winners"})
        for count in counts:
            name = f"hands won by {count} seat{'s' if count != 1 else ''}"
            rows.append(self._row(section, name, ("leaving", "winners", count), "rate", cites))
        orders = sorted({int(k[2]) for k in keys if k[1] == "order"})
        seats = max(side.seats for side in self.plan.sides)
        for position in range(seats):
            label = position_name(self.plan.sides[0], position)
            for order in orders:
                key: Key = ("leaving", "order", order, position)
                name = f"{label}: wins {_ordinal(order)}"
                rows.append(self._row(section, name, key, "rate", cites))
        return rows

    def win_values(self) -> list[Row]:
        unit = self.plan.sides[0].value_name
        rows = []
        if self._values_wins(WIN_VALUE):
            rows = self.distribution(WIN_VALUE, "value of a win", unit, self._cites(ALL_WINS))
        scores: set[Key] = set()
        for side in self.tally.sides:
            scores.update(k for k in side.samples if k[0] == "score")
        for key in sorted(scores, key=str):
            name = str(key[1])
            rows += self.distribution(key, f"{name} of a win", "", self._cites(key))
        return rows

    def _values_wins(self, key: Key) -> bool:
        """Whether wins have a value to show: a side's rule file names one, or a win was
        worth something (a game without values gives every win 0, and 'value 0: 100%'
        says nothing)."""
        if any(side.value_name for side in self.plan.sides):
            return True
        return any(v != 0 for side in self.tally.sides for v in side.histograms.get(key, {}))

    def distribution(self, key: Key, section: str, unit: str, cites: tuple[str, ...]) -> list[Row]:
        """The mean of a per-win value, then the share of wins at each value (or range)."""
        sides = self.tally.sides
        means = []
        for side in sides:
            n, total, squares = side.samples.get(key, (0, 0, 0))
            means.append(mean_estimate(n, total, squares))
        difference = difference_of_means(means[0], means[1]) if self.paired else None
        title = f"mean {section} ({unit})" if unit else f"mean {section}"
        rows = [Row(section, title, "per win", cites, tuple(means), difference)]
        histograms = [side.histograms.get(key, {}) for side in sides]
        counts = [sum(h.values()) for h in histograms]
        values = sorted({v for h in histograms for v in h})
        for low, high in value_bins(values):
            shares = []
            for histogram, n in zip(histograms, counts, strict=True):
                hits = sum(c for v, c in histogram.items() if low <= v <= high)
                shares.append(rate_estimate(n, hits))
            name = f"value {low}" if low == high else f"value {low}–{high}"
            diff = difference_of_means(shares[0], shares[1]) if self.paired else None
            rows.append(Row(section, name, "share of wins", cites, tuple(shares), diff))
        return rows

    def events(self) -> list[Row]:
        rows = []
        for key in self._keys("event"):
            _, kind, clause = key
            name = f"{kind} · {clause}" if clause else str(kind)
            rows.append(self._row("what fires, per hand", name, key, "mean", self._cites(key)))
        for key in self._keys("forced"):
            name = f"forced {key[1]}"
            rows.append(self._row("what fires, per hand", name, key, "mean", self._cites(key)))
        for key in self._keys("bonus hits"):
            name = f"hits of {key[1]}"
            rows.append(self._row("what fires, per hand", name, key, "mean", self._cites(key)))
        for key in self._keys("pattern"):
            name = f"pattern {key[1]}"
            rows.append(self._row("what fires, per hand", name, key, "mean", self._cites(key)))
        return rows

    def money(self) -> list[Row]:
        rows = []
        for key in self._keys("money"):
            label = str(key[1])
            cites = self._cites(key)
            rows.append(
                self._row("money by ledger label", f"{label}: money per hand", key, "mean", cites)
            )
            rows.append(
                self._row(
                    "money by ledger label",
                    f"{label}: payments per hand",
                    ("payments", label),
                    "mean",
                    cites,
                )
            )
        return rows

    def phases(self) -> list[Row]:
        """The phases before play: each direction an exchange took (a share of hands), and
        per value declared, the seats declaring it and the wins of those seats, per hand."""
        rows = []
        for key in self._keys("phase"):
            clause, what, value = str(key[1]), str(key[2]), str(key[3])
            if what == "direction":
                name, measure = f"{clause}: passed to {value}", "rate"
            elif what == "declared":
                name, measure = f"{clause}: seats declaring {value}", "mean"
            else:
                name, measure = f"{clause}: wins of seats that declared {value}", "mean"
            rows.append(self._row("per phase", name, key, measure, self._cites(key)))
        return rows

    def payers(self) -> list[Row]:
        """Who pays how much under each ledger label, by position from the dealer."""
        rows = []
        for key in self._keys("paid by"):
            place, label = int(key[1]), str(key[2])
            name = f"{position_name(self.plan.sides[0], place)} pays {label}: money per hand"
            rows.append(self._row("money by payer", name, key, "mean", self._cites(key)))
        return rows


def _ordinal(order: int) -> str:
    """`first`, `second`, `third`, then `4th`…: a winner's place in the order of winning."""
    words = {1: "first", 2: "second", 3: "third"}
    return words.get(order, f"{order}th")


def rows(plan: Plan, tally: Tally) -> list[Row]:
    """Every row of a simulation's report."""
    return Rows(plan, tally).all()


def value_bins(values: Sequence[int]) -> list[tuple[int, int]]:
    """Each value on its own, or at most MAX_BINS equal ranges when there are more."""
    if len(values) <= MAX_BINS:
        return [(v, v) for v in values]
    low, high = values[0], values[-1]
    width = -(-(high - low + 1) // MAX_BINS)
    bins = []
    for start in range(low, high + 1, width):
        end = min(start + width - 1, high)
        if any(start <= v <= end for v in values):
            bins.append((start, end))
    return bins


def histogram(tally: Tally, side: int, key: Key = WIN_VALUE) -> dict[int, int]:
    return dict(sorted(tally.sides[side].histograms.get(key, {}).items()))


def _rule_order(rule: str) -> tuple[str, int, str]:
    """R-2 before R-10: the prefix, then the number."""
    prefix, _, number = rule.rpartition("-")
    return (prefix, int(number), "") if is_digits(number) and len(number) < 10 else (rule, 0, rule)
