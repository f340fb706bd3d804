"""The bit sets of the wild budget search (`wild_budget.py`): bit `added * stride +
signature` for the splits with `added` cards added. The stride is past every signature a
hand of the rules (or of at most so many cards) can reach, so two such sets combine
(`combine`) into the sums of their cards added and of their signatures; `_joined`
combines them looping over the smaller, `_meets` only asks whether they reach a target.
"""

from __future__ import annotations

from tablerules.interpreter.search.searcher import Searcher
from tablerules.interpreter.search.splits import combine


def _joined(one: int, other: int) -> int:
    """`combine` of two bit sets, looping over the one with fewer bits."""
    if one.bit_count() < other.bit_count():
        return combine(other, one)
    return combine(one, other)


def _meets(one: int, other: int, target: int) -> bool:
    """Whether some bit of `one` and some bit of `other` add up to a bit of `target` (as
    `combine(one, other) & target`), trying the bits of the one with fewer, one by one,
    and stopping at the first that does."""
    if one.bit_count() > other.bit_count():
        one, other = other, one
    while one:
        low = one & -one
        one ^= low
        if (target >> (low.bit_length() - 1)) & other:
            return True
    return False


def _stride(searcher: Searcher, cards: int | None) -> int:
    """Past every signature of a hand that fits the signature tables, or of a hand of at
    most `cards` concealed cards: its groups, pairs and trigger groups are no more than so
    many cards make (`SignatureLayout.of_groups` counts them as for the largest hand)."""
    layout = searcher.rules.signature
    groups, pairs, triggers = layout.max_groups, layout.max_pairs, layout.max_triggers
    if cards is not None:
        smallest = min((len(instance.cards) for instance in searcher.rules.instances), default=1)
        groups = min(groups, cards // max(smallest, 1))
        if layout.pair_cards:
            pairs = min(pairs, cards // layout.pair_cards)
        if layout.trigger_cards:
            triggers = min(triggers, cards // layout.trigger_cards)
    return layout.index(groups, min(pairs, groups), min(triggers, groups)) + 1
