"""Group patterns to concrete card multisets.

A pattern from a rule file (`same 3`, `run 3 of rank, same suit`, `run 3..5 of rank`,
`set rank 2 7 10`, `same rank, split size 2 + 1`, `3 alike in rank`) is expanded once, at
compile time, into every multiset of card kinds it allows. The search then only ever
subtracts precomputed multisets.
"""

from __future__ import annotations

from itertools import combinations_with_replacement, product
from math import comb

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.cards import CardTable

Multiset = tuple[int, ...]  # sorted card indices, repeats allowed


def _eligible(table: CardTable, pattern: ir.Pattern) -> list[int]:
    return [c for c in range(len(table)) if table.matches(c, pattern.where)]


def _partitions(table: CardTable, pattern: ir.Pattern, eligible: list[int]) -> list[list[int]]:
    """The eligible cards grouped by the attributes the pattern's `same` names: a group's
    cards all come from one part, so each part is expanded on its own."""
    parts: dict[tuple[object, ...], list[int]] = {}
    for card in eligible:
        key = tuple(table.attributes[card].get(name) for name in pattern.same)
        parts.setdefault(key, []).append(card)
    return list(parts.values())


def _run_steps(table: CardTable, pattern: ir.Pattern, cards: list[int]) -> list[list[list[int]]]:
    """For each possible length and start value: the cards at each of the run's positions."""
    attribute = pattern.attribute or ""
    by_value: dict[int, list[int]] = {}
    for card in cards:
        value = table.attributes[card].get(attribute)
        if isinstance(value, int) and not isinstance(value, bool):
            by_value.setdefault(value, []).append(card)
    runs = []
    for length in range(pattern.size, (pattern.longest or pattern.size) + 1):
        for start in sorted(by_value):
            steps = [by_value.get(start + offset, []) for offset in range(length)]
            if all(steps):
                runs.append(steps)
    return runs


def _set_steps(table: CardTable, pattern: ir.Pattern, cards: list[int]) -> list[list[int]]:
    attribute = pattern.attribute or ""
    return [
        [c for c in cards if str(table.attributes[c].get(attribute)) == str(wanted)]
        for wanted in pattern.values
    ]


def _choices(table: CardTable, pattern: ir.Pattern, eligible: list[int]) -> list[list[list[int]]]:
    """Every list of per-position card choices whose product the pattern allows."""
    found = []
    for part in _partitions(table, pattern, eligible):
        if pattern.head == "run":
            found.extend(_run_steps(table, pattern, part))
        else:
            found.append(_set_steps(table, pattern, part))
    return found


def _product_size(steps: list[list[int]]) -> int:
    size = 1
    for step in steps:
        size *= len(step)
    return size


def _expand_choices(table: CardTable, pattern: ir.Pattern, eligible: list[int]) -> set[Multiset]:
    found: set[Multiset] = set()
    for steps in _choices(table, pattern, eligible):
        for combo in product(*steps):
            found.add(tuple(sorted(combo)))
    return found


def _alike_parts(table: CardTable, pattern: ir.Pattern, eligible: list[int]) -> list[list[int]]:
    """The eligible cards grouped by the attribute they are alike in, and those `same` names."""
    alike = pattern.attribute or ""
    parts: dict[tuple[object, ...], list[int]] = {}
    for card in eligible:
        attributes = table.attributes[card]
        key = (attributes.get(alike), *(attributes.get(name) for name in pattern.same))
        parts.setdefault(key, []).append(card)
    return list(parts.values())


def _alike(table: CardTable, pattern: ir.Pattern, eligible: list[int]) -> set[Multiset]:
    """`size` cards alike in one attribute, whatever the others (repeats allowed)."""
    found: set[Multiset] = set()
    for part in _alike_parts(table, pattern, eligible):
        found.update(combinations_with_replacement(part, pattern.size))
    return found


def _mixed_parts(table: CardTable, pattern: ir.Pattern, eligible: list[int]) -> list[list[int]]:
    """The eligible cards grouped by the shared attribute and those `same` names."""
    shared = pattern.attribute or ""
    parts: dict[tuple[object, ...], list[int]] = {}
    for card in eligible:
        attributes = table.attributes[card]
        key = (attributes.get(shared), *(attributes.get(name) for name in pattern.same))
        parts.setdefault(key, []).append(card)
    return list(parts.values())


def _mixed(table: CardTable, pattern: ir.Pattern, eligible: list[int]) -> set[Multiset]:
    split_on = str(pattern.values[0]) if pattern.values else ""
    first, second = pattern.split
    found: set[Multiset] = set()
    for part in _mixed_parts(table, pattern, eligible):
        for a in part:
            for b in part:
                if a == b or table.attributes[a].get(split_on) == table.attributes[b].get(split_on):
                    continue
                found.add(tuple(sorted((a,) * first + (b,) * second)))
    return found


def combinations_to_try(table: CardTable, pattern: ir.Pattern) -> int:
    """How many card combinations expanding the pattern would try (counted, not built)."""
    eligible = _eligible(table, pattern)
    if pattern.head == "same":
        return len(eligible)
    if pattern.head in ("run", "set"):
        return sum(_product_size(steps) for steps in _choices(table, pattern, eligible))
    if pattern.head == "alike":
        parts = _alike_parts(table, pattern, eligible)
        return sum(comb(len(part) + pattern.size - 1, pattern.size) for part in parts)
    return sum(len(part) ** 2 for part in _mixed_parts(table, pattern, eligible))


def expand(table: CardTable, pattern: ir.Pattern) -> list[Multiset]:
    """Every card multiset the pattern allows that the deck can supply, in a stable order.

    The caller checks `combinations_to_try` against the limit first."""
    eligible = _eligible(table, pattern)
    if pattern.head == "same":
        found = {(card,) * pattern.size for card in eligible}
    elif pattern.head in ("run", "set"):
        found = _expand_choices(table, pattern, eligible)
    elif pattern.head == "alike":
        found = _alike(table, pattern, eligible)
    else:
        found = _mixed(table, pattern, eligible)
    copies = table.copies_of
    usable = [m for m in found if all(m.count(c) <= copies[c] for c in set(m))]
    return sorted(usable)
