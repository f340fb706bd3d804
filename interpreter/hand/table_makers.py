"""Whether some action of the rules can lay a table group of these cards.

A table group given to evaluate (`--table`) stands for one that play made. Where every
action that makes its kind is `never of` one of its cards (a wild card never ponged), play
cannot lay it, and pricing it would answer for a hand that never happens (a pattern that
counts the wilds held, say, would not see the wilds on the table). Such a group is refused.
Kinds made by no action (dealt or laid by a phase) are not judged here.
"""

from __future__ import annotations

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.compiled import CompiledRules
from tablerules.interpreter.compiling.wilds import never_cards

_ONTO = ("onto_table", "held_onto_table")  # ways that add a card to a table group


def unlaid_reason(compiled: CompiledRules, kind: str, cards: tuple[int, ...]) -> str | None:
    """Why no action can lay a `kind` group of `cards` (None: some action can, or no action
    makes the kind at all)."""
    makers = _makers(compiled.rules, kind)
    if not makers or _some_lays(compiled, kind, frozenset(cards), frozenset()):
        return None
    names = ", ".join(action.name for action in makers)
    shown = " ".join(compiled.cards.names(cards))
    return (
        f"no action of the rules lays a {kind} of {shown}: {names} "
        "are never taken with these cards (`never of`), or add onto a group that is"
    )


def _makers(rules: ir.RuleSet, kind: str) -> list[ir.Action]:
    """The actions whose group is of `kind`."""
    return [
        action
        for action in rules.actions.values()
        if kind in (action.makes, action.makes_alternative) or kind in action.also_kinds
    ]


def _some_lays(
    compiled: CompiledRules, kind: str, cards: frozenset[int], within: frozenset[str]
) -> bool:
    """Whether some action makes `kind` with none of `cards` barred; an action that adds a
    card onto a table group needs that group laid with the same cards first (`within`: the
    kinds asked on the way here, so that a circle of kinds ends)."""
    within = within | {kind}
    for action in _makers(compiled.rules, kind):
        if never_cards(action, compiled.wilds, compiled.card_set) & cards:
            continue
        onto = [way for way in action.ways if way.effect in _ONTO]
        if not onto or len(onto) < len(action.ways):
            return True  # a way that builds the group from the hand or a claimed card
        for way in onto:
            for below in way.kinds:
                if below in within or not _makers(compiled.rules, below):
                    return True  # a group laid otherwise: not judged here
                if _some_lays(compiled, below, cards, within):
                    return True
    return False
