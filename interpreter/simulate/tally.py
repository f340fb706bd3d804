"""Streaming, mergeable sums of hand observations: memory grows with the rule file's rows,
never with the number of hands.

A `Tally` holds, for each side of a simulation, the count of hands and for every row the
sum and the sum of squares of its per-hand values; with two sides (the same hands played
under both), it also sums the per-hand differences, which is what makes the intervals of
the differences narrow (common random numbers). All sums are integers, so shards merge
exactly in any order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tablerules.dsl.diagnostics import visible
from tablerules.interpreter.simulate.observe import Key, Observation

Sums = dict[Key, list[int]]  # row -> [sum, sum of squares]


@dataclass
class SideTally:
    hands: int = 0
    sums: Sums = field(default_factory=dict)
    samples: dict[Key, list[int]] = field(default_factory=dict)  # row -> [n, sum, squares]
    histograms: dict[Key, dict[int, int]] = field(default_factory=dict)
    cites: dict[Key, set[str]] = field(default_factory=dict)

    def add(self, seen: Observation) -> None:
        self.hands += 1
        _add_values(self.sums, seen.values)
        for key, values in seen.samples.items():
            entry = self.samples.setdefault(key, [0, 0, 0])
            for value in values:
                entry[0] += 1
                entry[1] += value
                entry[2] += value * value
        for key, values in seen.histograms.items():
            histogram = self.histograms.setdefault(key, {})
            for value in values:
                histogram[value] = histogram.get(value, 0) + 1
        for key, cites in seen.cites.items():
            self.cites.setdefault(key, set()).update(cites)

    def merge(self, other: SideTally) -> None:
        self.hands += other.hands
        _merge_sums(self.sums, other.sums)
        for key, (n, total, squares) in other.samples.items():
            entry = self.samples.setdefault(key, [0, 0, 0])
            entry[0] += n
            entry[1] += total
            entry[2] += squares
        for key, histogram in other.histograms.items():
            mine = self.histograms.setdefault(key, {})
            for value, count in histogram.items():
                mine[value] = mine.get(value, 0) + count
        for key, cites in other.cites.items():
            self.cites.setdefault(key, set()).update(cites)

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "sums": [[list(k), *v] for k, v in sorted(self.sums.items(), key=_order)],
            "samples": [[list(k), *v] for k, v in sorted(self.samples.items(), key=_order)],
            "histograms": [
                [list(k), sorted([value, count] for value, count in h.items())]
                for k, h in sorted(self.histograms.items(), key=_order)
            ],
            "cites": [[list(k), sorted(c)] for k, c in sorted(self.cites.items(), key=_order)],
        }

    @classmethod
    def from_json(cls, data: Any) -> SideTally:
        """The sums `to_json` wrote; ValueError if `data` is not such sums (a key that is
        not a list of words and numbers, a count that is not a whole number ≥ 0)."""
        entries = _fields(data, ("hands", "sums", "samples", "histograms", "cites"))
        hands, sums, samples, histograms, cites = entries
        side = cls(hands=_count(hands))
        for key, total, squares in _rows(sums, 3):
            side.sums[_key(key)] = [_integer(total), _count(squares)]
        for key, n, total, squares in _rows(samples, 4):
            side.samples[_key(key)] = [_count(n), _integer(total), _count(squares)]
        for key, pairs in _rows(histograms, 2):
            side.histograms[_key(key)] = {
                _integer(value): _count(count) for value, count in _rows(pairs, 2)
            }
        for key, texts in _rows(cites, 2):
            if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
                raise ValueError("rule ids that are not texts")
            if any(visible(text) != text for text in texts):
                raise ValueError("rule ids holding control characters")
            side.cites[_key(key)] = set(texts)
        return side


@dataclass
class Tally:
    """The sums of a whole simulation (or of one shard of it)."""

    sides: list[SideTally]
    differences: Sums = field(default_factory=dict)  # per-hand A − B, when two sides

    @classmethod
    def empty(cls, sides: int) -> Tally:
        return cls([SideTally() for _ in range(sides)])

    @property
    def hands(self) -> int:
        return self.sides[0].hands if self.sides else 0

    def add(self, seen: list[Observation]) -> None:
        """One hand, as seen by each side (the same deal under each side's rules)."""
        for side, observation in zip(self.sides, seen, strict=True):
            side.add(observation)
        if len(seen) == 2:
            first, second = seen[0].values, seen[1].values
            difference = dict(first)
            for key, value in second.items():
                difference[key] = difference.get(key, 0) - value
            _add_values(self.differences, difference)

    def merge(self, other: Tally) -> None:
        for side, theirs in zip(self.sides, other.sides, strict=True):
            side.merge(theirs)
        _merge_sums(self.differences, other.differences)

    def to_json(self) -> dict[str, Any]:
        return {
            "sides": [side.to_json() for side in self.sides],
            "differences": [[list(k), *v] for k, v in sorted(self.differences.items(), key=_order)],
        }

    @classmethod
    def from_json(cls, data: Any) -> Tally:
        """The sums `to_json` wrote; ValueError if `data` is not such sums."""
        sides, differences = _fields(data, ("sides", "differences"))
        if not isinstance(sides, list):
            raise ValueError("sides that are not a list")
        tally = cls([SideTally.from_json(side) for side in sides])
        for key, total, squares in _rows(differences, 3):
            tally.differences[_key(key)] = [_integer(total), _count(squares)]
        return tally


def _fields(data: Any, names: tuple[str, ...]) -> list[Any]:
    if not isinstance(data, dict) or data.keys() != set(names):
        raise ValueError(f"sums without exactly the fields {', '.join(names)}")
    return [data[name] for name in names]


def _rows(data: Any, width: int) -> list[list[Any]]:
    if not isinstance(data, list) or not all(
        isinstance(row, list) and len(row) == width for row in data
    ):
        raise ValueError(f"a table of sums whose rows are not {width} values")
    return data


def _integer(value: Any) -> int:
    if type(value) is not int:  # a bool is not a count, nor is 2.5 or "2"
        raise ValueError("a sum that is not a whole number")
    return value


def _count(value: Any) -> int:
    if _integer(value) < 0:
        raise ValueError("a count below zero")
    return value


def _key(parts: Any) -> Key:
    if (
        not isinstance(parts, list)
        or not parts
        or not all(isinstance(p, str) or type(p) is int for p in parts)
    ):
        raise ValueError("a row's name that is not a list of words and numbers")
    if any(isinstance(p, str) and visible(p) != p for p in parts):
        # no rule file names anything so (E007): it could only drive the terminal it is
        # printed on, in the report of a resumed run
        raise ValueError("a row's name holding control characters")
    return tuple(parts)


def _add_values(sums: Sums, values: dict[Key, int]) -> None:
    for key, value in values.items():
        entry = sums.get(key)
        if entry is None:
            sums[key] = [value, value * value]
        else:
            entry[0] += value
            entry[1] += value * value


def _merge_sums(sums: Sums, other: Sums) -> None:
    for key, (total, squares) in other.items():
        entry = sums.setdefault(key, [0, 0])
        entry[0] += total
        entry[1] += squares


def _order(item: tuple[Key, Any]) -> tuple[str, ...]:
    return tuple(str(part) for part in item[0])
