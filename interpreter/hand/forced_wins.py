"""A win on a card that a forced action of the winner would lay down into a group.

In play, a winning action written `win with forced groups` is also judged as the hand
would be once a forced action lays the card down: grown onto one of the seat's table groups
(`the card onto table KIND`) or joined with alike cards of the hand (`the card and N alike
from hand`), the group's value and the pair rule it triggers counted; the settlement takes
the best of those and of the card placed in the concealed split. A question about one hand
(`tablerules evaluate`, `Game.evaluate_text`) judges it the same way, or it would say "does
not win" (or price a lesser split) where play wins.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.compiled import CompiledRules
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.compiling.wilds import never_cards
from tablerules.interpreter.hand.evaluate import Evaluator, TableGroup
from tablerules.interpreter.hand.evaluation import Evaluation
from tablerules.interpreter.hand.judging import best_split
from tablerules.interpreter.hand.win_ways import by_words, takes


def forced_outcomes(
    compiled: CompiledRules,
    hand: Sequence[int],
    table: Sequence[TableGroup],
    win_card: int,
    conditions: WinConditions,
) -> list[tuple[list[int], list[TableGroup]]]:
    """Each way a forced action of the winner would lay `win_card` down, as (concealed
    cards, table groups); none unless a winning action taking the card so counts them."""
    actions = compiled.rules.actions.values()
    context, by = conditions.context, by_words(conditions)
    if not any(
        action.win
        and action.win_with_forced
        and any(takes(way, context, by, compiled) for way in action.ways)
        for action in actions
    ):
        return []
    from_other = "self" not in conditions.relation
    outcomes: list[tuple[list[int], list[TableGroup]]] = []
    for action in actions:
        if not action.forced or action.win or action.makes is None:
            continue
        if win_card in never_cards(action, compiled.wilds, compiled.card_set):
            continue
        makes = compiled.kind_index[action.makes]
        for way in action.ways:
            if takes(way, context, by, compiled):
                outcomes += _laid(compiled, way, makes, hand, table, win_card, from_other)
    return outcomes


def _laid(
    compiled: CompiledRules,
    way: ir.Way,
    makes: int,
    hand: Sequence[int],
    table: Sequence[TableGroup],
    card: int,
    from_other: bool,
) -> list[tuple[list[int], list[TableGroup]]]:
    """The outcomes of one way of a forced action with the card."""
    found: list[tuple[list[int], list[TableGroup]]] = []
    if way.effect == "onto_table":
        for index, group in enumerate(table):
            if compiled.kinds[group.kind].name not in way.kinds:
                continue
            grown = tuple(sorted([*group.cards, card]))
            if compiled.admits(makes, grown):
                after = list(table)
                after[index] = TableGroup(makes, grown, group.claimed or from_other)
                found.append((list(hand), after))
    elif way.effect == "with_alike" and list(hand).count(card) >= way.count:
        cards = (card,) * (way.count + 1)
        if compiled.admits(makes, cards):
            left = list(hand)
            for _ in range(way.count):
                left.remove(card)
            found.append((left, [*table, TableGroup(makes, cards, from_other)]))
    return found


def with_forced_groups(
    evaluator: Evaluator,
    result: Evaluation,
    hand: Sequence[int],
    table: Sequence[TableGroup],
    win_card: int | None,
    conditions: WinConditions | None,
) -> Evaluation:
    """The evaluation play would settle on: `result` (the card placed in the concealed
    split), or the evaluation with a group a forced action makes with the card, where that
    wins and its best split is better."""
    if win_card is None or conditions is None or result.immediate is not None:
        return result
    best = result
    for cards, grown in forced_outcomes(evaluator.rules, hand, table, win_card, conditions):
        counted = evaluator.evaluate(cards, grown, conditions=conditions)
        if not counted.wins or counted.best is None:
            continue
        beaten = best.best is None or not best.wins
        if beaten or best_split(evaluator.rules, [best.best, counted.best]) is counted.best:
            best = counted
    return best
