"""The number of groups a complete hand holds where the win clause names none."""

from __future__ import annotations

from tablerules.interpreter.compiling.compiled import CompiledRules


def hand_shape(rules: CompiledRules) -> tuple[int, int, int, int] | None:
    """(pairs, a pair's size, other groups, their size) of a complete hand: a winning hand
    holds one card more than a seat is dealt (the fewest any seat gets) and splits whole
    into the win clause's fixed number of pairs and groups of one size (the smallest: a
    larger group, four alike, is laid down and replaced). None where the hand does not
    split so (no fixed number of pairs, pairs or groups of several sizes, a size that
    does not divide the rest)."""
    rule = rules.pair_rule
    dealt = rules.dealt_per_seat()
    if rule is None or rule.if_any or not dealt:
        return None
    pair_sizes = set()
    other_sizes = set()
    for instance in rules.instances:
        info = rules.kinds[instance.kind]
        if not info.in_hand:
            continue
        (pair_sizes if info.is_pair else other_sizes).add(len(instance.cards))
    if len(pair_sizes) > 1 or not other_sizes:
        return None
    pair_size = min(pair_sizes) if pair_sizes else 0
    size = min(other_sizes)
    rest = min(dealt) + 1 - rule.count * pair_size
    if rest < 0 or rest % size:
        return None
    return rule.count, pair_size, rest // size, size


def implied_groups(rules: CompiledRules) -> int | None:
    """The groups of a complete hand where the win clause names no number (`hand_shape`):
    its pairs and its other groups. None where the hand does not split so (the distance
    then sets surplus cards aside).

    This guides bots only: a `when groups = N` line, say, is judged by the win test."""
    shape = hand_shape(rules)
    if shape is None:
        return None
    pairs, _, groups, _ = shape
    return pairs + groups
