"""Whether a comparison changes only what hands pay, played by bots that never read it.

Bots that choose without reading the money (`random`, `greedy`) play the same deals alike
under two rule files that differ only in their payoffs: the settlement, bonuses, fees,
what actions pay, the scores, hand patterns and value tables when those decide no win, and
the card sets of seats or rounds that only those read.
A comparison of such files then shows only the money changing, by construction: how
players would adapt to the rule is not measured. `compare_note` says so.

The test errs towards silence: anything it cannot place (a section that may steer play, an
option read outside the payoffs) counts as a change of play, and no note is given.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tablerules.dsl.model import ir
from tablerules.interpreter.api import Game

PAYOFF_BLIND = frozenset({"random", "greedy"})  # bots that never read what a choice pays
PAYOFF_READERS = ("value", "sampling")  # bots that choose by the money play-outs end with
DESCRIPTIVE = ("file", "extends", "game", "sources", "names", "options", "settings")
PAYMENTS = ("settles", "bonuses", "fee")  # what a hand pays, never what a seat may do
CARD_SETS = ("seat_cards", "round_cards")  # payoffs, unless the play names them
CLAUSE_NOTES = ("span", "cites", "title")  # where a clause is written and what it cites


def _without_notes(data: Any) -> Any:
    """The dumped rules without positions, rule ids and titles (a comment moved, a rule
    cited anew, plays no differently)."""
    if isinstance(data, dict):
        return {k: _without_notes(v) for k, v in data.items() if k not in CLAUSE_NOTES}
    if isinstance(data, list):
        return [_without_notes(v) for v in data]
    return data


def _value_lifetimes(rules: ir.RuleSet) -> bool:
    """Whether some restriction lasts until a table value changes (the values steer play)."""
    return any("value" in str(rule.lifetime) for rule in rules.restrictions.values())


def play_part(game: Game) -> dict[str, Any]:
    """What the bots' play can depend on: the rules without their payoffs (see the module)."""
    rules = game.compiled.rules
    data = rules.model_dump(mode="json")
    for name in (*DESCRIPTIVE, *PAYMENTS):
        data.pop(name, None)
    for action in data.get("actions", {}).values():
        action.pop("pays", None)
    for immediate in data.get("immediate_wins", {}).values():
        immediate.pop("held_value", None)  # how the win is valued, not whether it is one
    if not game.compiled.scoring.decides_wins:
        data.pop("scores", None)
        data.pop("patterns", None)
        if not _value_lifetimes(rules):
            data.pop("values", None)
            data.pop("tables", None)
    data = _without_notes(data)
    sets = {name: data.pop(name, {}) for name in CARD_SETS}
    named = _words(data, set())
    for section, entries in sets.items():
        data[section] = {name: cards for name, cards in entries.items() if name in named}
    return data


def _words(data: Any, found: set[str]) -> set[str]:
    """Every text the play part holds as a value, but the names it declares (a reference,
    `op: ref`, is a value): the words an option read would show among."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "name" and data.get("op") != "ref":
                continue
            _words(value, found)
    elif isinstance(data, list):
        for value in data:
            _words(value, found)
    elif isinstance(data, str):
        found.add(data)
    return found


def payoffs_only(first: Game, second: Game) -> bool:
    """Whether the two games differ, and only in what hands pay (see the module)."""
    play = play_part(first)
    if play != play_part(second):
        return False
    ours, theirs = first.compiled.options, second.compiled.options
    changed = {name for name in set(ours) | set(theirs) if ours.get(name) != theirs.get(name)}
    if changed & _words(play, set()):
        return False  # an option the play reads differs
    if changed:
        return True
    return _without_notes(first.compiled.rules.model_dump(mode="json")) != _without_notes(
        second.compiled.rules.model_dump(mode="json")
    )


def compare_note(
    names: Sequence[str], games: Sequence[Game], bots: Sequence[Sequence[str]]
) -> str | None:
    """One line for a comparison of two games that differ only in their payoffs, played by
    bots that never read them; None otherwise."""
    if len(games) != 2 or not all(set(lineup) <= PAYOFF_BLIND for lineup in bots):
        return None
    if not payoffs_only(games[0], games[1]):
        return None
    used = "/".join(sorted({bot for lineup in bots for bot in lineup}))
    readers = " or ".join(f"--bots {name}" for name in PAYOFF_READERS)
    return (
        f"warning: {names[0]} and {names[1]} differ only in what hands pay, and {used} bots "
        f"never read it: their play is held fixed, only the money moves; for players who "
        f"adapt, use bots that play for money ({readers})"
    )
