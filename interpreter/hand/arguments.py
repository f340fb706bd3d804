"""What an embedder hands `Game.evaluate` and `Game.evaluate_text`, checked at the door.

Card indices index lists inside the evaluator, where Python reads a negative index from
the end: an index out of range, or a value that is not an index, would be another card (a
wrong answer) or a failure deep inside. Each is refused here with a `HandError` saying
what was given and what is expected; the cheap test (a set lookup per card) comes first,
and the reasons are worked out only when it fails.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from dataclasses import fields

from tablerules.interpreter.compiling.compiled import CompiledRules
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.hand.evaluate import SOURCES, HandError, TableGroup

# the facts `evaluate_text` passes on to `WinConditions` (the others it works out itself)
FACTS = frozenset(f.name for f in fields(WinConditions)) - {"context", "relation", "seat"}


def _is_index(value: object) -> bool:
    """An int, or what Python takes as one for an index (a NumPy integer)."""
    try:
        operator.index(value)  # type: ignore[call-overload]
    except TypeError:
        return False
    return True


def _card_problem(value: object, valid: frozenset[int], where: str) -> str | None:
    """Why `value` is not a card index, or None when it is one."""
    if not _is_index(value):
        return f"{where} is {value!r:.40}, not a card index (an int from 0 to {len(valid) - 1})"
    if value not in valid:
        return f"{where} is {value}, not a card of this deck (0 to {len(valid) - 1})"
    return None


def listed(values: object, what: str, items: str = "card indices") -> list[object]:
    """`values` as a list (a generator read once), refused where it is no collection."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        hint = "`Game.table` reads text" if what == "table" else "`Game.parse` reads text"
        raise HandError(
            f"{what} is {type(values).__name__} {values!r:.40}, not a list of {items} ({hint})"
        )
    return list(values)


def check_cards(values: object, valid: frozenset[int], what: str) -> None:
    """Refuse `values` unless each is the index of a card kind (`valid`: all of them)."""
    for index, value in enumerate(listed(values, what)):
        problem = _card_problem(value, valid, f"{what}[{index}]")
        if problem:
            raise HandError(problem)


def check_arguments(
    rules: CompiledRules,
    valid: frozenset[int],
    hand: object,
    table: object = None,
    win_card: object = None,
    source: object = None,
    conditions: object = None,
) -> None:
    """Refuse arguments of `Evaluator.evaluate` that are not what it takes."""
    check_cards(hand, valid, "hand")
    if table:
        for index, group in enumerate(listed(table, "table", "TableGroup")):
            if not isinstance(group, TableGroup):
                raise HandError(
                    f"table[{index}] is {group!r:.40}, not a TableGroup (`Game.table` makes "
                    "them from text, `Evaluator.table_group` from a kind and cards)"
                )
            check_cards(group.cards, valid, f"table[{index}].cards")
            kinds = rules.kinds
            if _card_problem(group.kind, frozenset(range(len(kinds))), "") is not None:
                raise HandError(f"table[{index}].kind is {group.kind!r}, not a group kind's index")
            if not kinds[group.kind].on_table or not rules.admits(group.kind, group.cards):
                shown = "".join(rules.cards.names(sorted(group.cards)))
                raise HandError(f"table[{index}]: {shown} is not a {kinds[group.kind].name}")
    problem = None if win_card is None else _card_problem(win_card, valid, "win_card")
    if problem:
        raise HandError(problem)
    if source is not None and source not in SOURCES:
        raise HandError(f"source is {source!r}, not one of {', '.join(SOURCES)} (or None)")
    if conditions is not None and not isinstance(conditions, WinConditions):
        raise HandError(f"conditions is {conditions!r:.40}, not WinConditions (or None)")
    if conditions is not None:
        check_seat(conditions.seat, len(rules.dealt_per_seat()), "conditions.seat")
        check_round(conditions.round, rules.rounds, "conditions.round")


def check_seat(seat: object, seats: int, what: str = "seat") -> None:
    """Refuse a seat that is not one of the game's (0 to `seats` - 1)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        raise HandError(f"{what} is {seat!r}, not a seat of the game (0 to {seats - 1})")


def check_round(round: object, rounds: int | None, what: str = "round") -> None:
    """Refuse a round past the file's rounds clause: the round's cards would be none, and a
    pattern reading them would never score."""
    if rounds is not None and _is_index(round) and round >= rounds:  # type: ignore[operator]
        raise HandError(f"{what} is {round!r:.40}, but the game has rounds 0 to {rounds - 1}")


def check_facts(facts: dict[str, object], rounds: int | None) -> None:
    """Refuse a fact `evaluate_text` does not know, naming those it does, and a round or a
    streak that is no count (or a round the game does not have)."""
    unknown = sorted(set(facts) - FACTS)
    if unknown:
        known = ", ".join(sorted(FACTS))
        raise HandError(f"no fact named {', '.join(unknown)} (facts: {known})")
    for name in ("round", "streak"):  # a negative streak would take money from the winner
        value = facts.get(name, 0)
        if not _is_index(value) or value < 0:  # type: ignore[operator]
            raise HandError(f"{name} is {value!r:.40}, not a count from 0")
    check_round(facts.get("round", 0), rounds)


def as_text(value: object, what: str) -> str:
    """`value`, refused unless it is text."""
    if not isinstance(value, str):
        raise HandError(f"{what} is {type(value).__name__} {value!r:.40}, not text")
    return value
