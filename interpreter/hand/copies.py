"""The copies of each card a hand given to the evaluator may hold: the deck's, one fewer
of the card turned up at the deal (out of play, `wild ... turned from`)."""

from __future__ import annotations

from collections.abc import Sequence

from tablerules.interpreter.compiling.compiled import CompiledRules


def excess(rules: CompiledRules, counts: Sequence[int]) -> str:
    """What the hand (counts per card kind) holds more copies of than are in play, said
    in words; '' when nothing."""
    copies = rules.cards.copies_of
    for card, count in enumerate(counts):
        name = rules.cards.display[card]
        if count > copies[card]:
            return f"{count} copies of {name}; the deck has {copies[card]}"
        if card == rules.turned and count >= copies[card]:
            return f"{count} copies of {name}; {copies[card] - 1} are in play (one turned up)"
    return ""


def in_play(rules: CompiledRules) -> list[int]:
    """The copies of each card kind in play: the deck's, one fewer of the card turned up
    at the deal. A hand holding them all waits on no further copy."""
    copies = list(rules.cards.copies_of)
    if rules.turned is not None:
        copies[rules.turned] -= 1
    return copies
