"""What an embedder hands `Table`, checked before anything is dealt.

A seat, a card index or a count out of range would otherwise be read by Python from the
end of a list (a dealer of -1 is the last seat, a card of -1 the last card kind), or deal
hands from a deck that is not the game's: a hand played from a deal that cannot happen.
Each problem is said in one sentence naming the argument.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping

from tablerules.interpreter.compiling.compiled import CompiledRules


def _index(value: object) -> int | None:
    """`value` as an int (a NumPy integer too), or None where it is none."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[call-overload]
    except TypeError:
        return None


def seat_problem(seat: object, seats: int, what: str = "seat") -> str | None:
    """Why `seat` is not one of the game's seats, or None."""
    if type(seat) is int and 0 <= seat < seats:  # the usual answer, asked on every move
        return None
    index = _index(seat)
    if index is None or not 0 <= index < seats:
        return f"{what} is {seat!r:.40}, not a seat of the game (0 to {seats - 1})"
    return None


def carried_problem(carried: object, names: Iterable[str]) -> str | None:
    """Why `carried` is not the numbers a game of this file carries into a hand, by name,
    or None. A number read by a settlement must be a whole number: text failed deep inside
    the hand's first payment, and a fraction or NaN was paid as money."""
    if carried is None:
        return None
    if not isinstance(carried, Mapping):
        return f"carried is {type(carried).__name__}, not a mapping of names to whole numbers"
    known = list(names)
    for name, value in carried.items():
        if name not in known:
            return f"the rule file carries no number named {name!r:.40}"
        if _index(value) is None:
            return f"carried {name} is {value!r:.40}, not a whole number"
    return None


def _cards_problem(cards: object, counts: list[int], what: str) -> str | None:
    """Why `cards` are not card indices; counts them into `counts` when they are."""
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        return f"{what} is {type(cards).__name__}, not a list of card indices"
    for position, card in enumerate(cards):
        index = _index(card)
        if index is None or not 0 <= index < len(counts):
            return f"{what}[{position}] is {card!r:.40}, not a card index (0 to {len(counts) - 1})"
        counts[index] += 1
    return None


def _round_problem(rounds: int | None, round: object) -> str | None:
    """A round past the file's rounds clause: its round cards would be none, and a pattern
    reading them would never score. (Without the clause a match counts the table's turns
    as rounds, which no rule reads.)"""
    index = _index(round)
    if rounds is not None and index is not None and index >= rounds:
        return f"round is {round!r:.40}, but the game has rounds 0 to {rounds - 1}"
    return None


def deal_problem(
    compiled: CompiledRules,
    seats: int,
    dealer: object,
    wall: object,
    hands: object,
    shown: object,
    placed: Mapping[str, object],
) -> str | None:
    """Why `Table`'s arguments make no deal of this game, or None: a wall given without
    hands is the whole deck, shuffled. `placed`: the round and the streak, each a count
    from 0."""
    problem = seat_problem(dealer, seats, "dealer")
    for name, value in placed.items():
        index = _index(value)
        if problem is None and (index is None or index < 0):
            problem = f"{name} is {value!r:.40}, not a count from 0"
    problem = problem or _round_problem(compiled.rounds, placed.get("round", 0))
    if problem:
        return problem
    counts = [0] * len(compiled.cards)
    if wall is not None:
        problem = _cards_problem(wall, counts, "wall")
    if hands is not None and problem is None:
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Iterable):
            return f"hands is {type(hands).__name__}, not a list of hands, one a seat"
        hands = list(hands)
        if len(hands) != seats:
            return f"hands: {len(hands)} given for {seats} seats"
        for seat, held in enumerate(hands):
            problem = problem or _cards_problem(held, counts, f"hands[{seat}]")
    if problem is None and shown is not None:
        problem = _cards_problem([shown], [0] * len(counts), "shown")
    if problem:
        return problem
    if hands is not None or wall is None:
        # a rigged deal may hold more copies than the deck (tests rig such deals on
        # purpose); the scenario runner refuses them in scenario files
        return None
    copies = compiled.cards.copies_of
    for card, count in enumerate(counts):
        if count != copies[card]:
            name = compiled.cards.display[card]
            return (
                f"{count} copies of {name} in a wall dealt without hands: it is the whole "
                f"deck, shuffled ({copies[card]} copies)"
            )
    return None
