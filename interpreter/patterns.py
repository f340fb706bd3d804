"""Group patterns to concrete card multisets.

A pattern from a rule file (`same 3`, `run 3 of rank, same suit`, `set rank 2 7 10`,
`same rank, split size 2 + 1`) is expanded once, at compile time, into every multiset of
card kinds it allows. The search then only ever subtracts precomputed multisets.
"""

from __future__ import annotations

from itertools import product

from tablerules.dsl import ir
from tablerules.interpreter.cards import CardTable

Multiset = tuple[int, ...]  # sorted card indices, repeats allowed


def _same_on(table: CardTable, cards: tuple[int, ...], attributes: list[str]) -> bool:
    for name in attributes:
        values = {table.attributes[c].get(name) for c in cards}
        if len(values) != 1:
            return False
    return True


def _eligible(table: CardTable, pattern: ir.Pattern) -> list[int]:
    return [c for c in range(len(table)) if table.matches(c, pattern.where)]


def _run(table: CardTable, pattern: ir.Pattern, eligible: list[int]) -> set[Multiset]:
    attribute = pattern.attribute or ""
    by_value: dict[int, list[int]] = {}
    for card in eligible:
        value = table.attributes[card].get(attribute)
        if isinstance(value, int):
            by_value.setdefault(value, []).append(card)
    found: set[Multiset] = set()
    for start in sorted(by_value):
        steps = [by_value.get(start + offset, []) for offset in range(pattern.size)]
        for combo in product(*steps):
            if _same_on(table, combo, pattern.same):
                found.add(tuple(sorted(combo)))
    return found


def _set(table: CardTable, pattern: ir.Pattern, eligible: list[int]) -> set[Multiset]:
    attribute = pattern.attribute or ""
    choices = []
    for wanted in pattern.values:
        choices.append(
            [c for c in eligible if str(table.attributes[c].get(attribute)) == str(wanted)]
        )
    found: set[Multiset] = set()
    for combo in product(*choices):
        if _same_on(table, combo, pattern.same):
            found.add(tuple(sorted(combo)))
    return found


def _mixed(table: CardTable, pattern: ir.Pattern, eligible: list[int]) -> set[Multiset]:
    shared = pattern.attribute or ""
    split_on = str(pattern.values[0]) if pattern.values else ""
    first, second = pattern.split
    found: set[Multiset] = set()
    for a in eligible:
        for b in eligible:
            attrs_a, attrs_b = table.attributes[a], table.attributes[b]
            if a == b or attrs_a.get(shared) != attrs_b.get(shared):
                continue
            if attrs_a.get(split_on) == attrs_b.get(split_on):
                continue
            combo = (a,) * first + (b,) * second
            if _same_on(table, combo, pattern.same):
                found.add(tuple(sorted(combo)))
    return found


def _run_steps(table: CardTable, pattern: ir.Pattern, eligible: list[int]) -> int:
    attribute = pattern.attribute or ""
    by_value: dict[int, int] = {}
    for card in eligible:
        value = table.attributes[card].get(attribute)
        if isinstance(value, int):
            by_value[value] = by_value.get(value, 0) + 1
    total = 0
    for start in by_value:
        combos = 1
        for offset in range(pattern.size):
            combos *= by_value.get(start + offset, 0)
        total += combos
    return total


def combinations_to_try(table: CardTable, pattern: ir.Pattern) -> int:
    """How many card combinations expanding the pattern would try (counted, not built)."""
    eligible = _eligible(table, pattern)
    if pattern.head == "same":
        return len(eligible)
    if pattern.head == "run":
        return _run_steps(table, pattern, eligible)
    if pattern.head == "set":
        attribute = pattern.attribute or ""
        total = 1
        for wanted in pattern.values:
            total *= sum(
                1 for c in eligible if str(table.attributes[c].get(attribute)) == str(wanted)
            )
        return total
    return len(eligible) ** 2


def expand(table: CardTable, pattern: ir.Pattern) -> list[Multiset]:
    """Every card multiset the pattern allows that the deck can supply, in a stable order.

    The caller checks `combinations_to_try` against the limit first."""
    eligible = _eligible(table, pattern)
    if pattern.head == "same":
        found = {(card,) * pattern.size for card in eligible}
    elif pattern.head == "run":
        found = _run(table, pattern, eligible)
    elif pattern.head == "set":
        found = _set(table, pattern, eligible)
    else:
        found = _mixed(table, pattern, eligible)
    usable = [m for m in found if max(m.count(c) for c in set(m)) <= table.copies]
    return sorted(usable)
