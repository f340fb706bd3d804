"""Whether a rule file lets any hand be won on a card where a question places it.

A hand's evaluation judges its cards: whether they split as the win clause asks. In play a
win is also an action, offered only where one of the file's winning actions is taken on
that kind of card (`on discard by others`, `on draw by self`, …) and not refused by the
card (`never of`). A tool that answers "does this hand win?" must ask both: a discard in a
file that wins only on one's own draw, or a ghost its file never lets be won on, wins
nothing, however well the cards split.
"""

from __future__ import annotations

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.compiled import CompiledRules
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.compiling.wilds import never_cards
from tablerules.interpreter.hand.evaluation import Evaluation, Reason

# the `by` words that accept a win by the card's owner, or by another seat (a discard's
# winner may sit next to the discarder or not: a question does not say)
_BY_SELF = ("self", "anyone")
_BY_OTHER = ("next", "others", "anyone")


def win_refusal(
    compiled: CompiledRules, conditions: WinConditions, win_card: int | None
) -> Reason | None:
    """Why no action of the file may win on `win_card` as `conditions` say it came (None:
    some action may). A hand without a winning card is asked only when judged as dealt
    (`on deal`): an immediate win is no action, so a caller asks only where none held;
    any other hand without one is judged as the seat's own draw would complete it."""
    winning = [action for action in compiled.rules.actions.values() if action.win]
    if not winning or (win_card is None and conditions.context != "deal"):
        return None  # a file with no winning action (a game of hands only) says no way
    by = by_words(conditions)
    taking = [
        action
        for action in winning
        if any(takes(way, conditions.context, by, compiled) for way in action.ways)
    ]
    who = "self" if by is _BY_SELF else "others"
    if not taking:
        return Reason(
            "no-winning-action",
            f"no action of the rules wins on {conditions.context} by {who}",
            tuple(cite for action in winning for cite in action.cites),
        )
    # `never of` read for no seat: filters of a seat's declaration are the engine's own
    open_to_card = [
        a for a in taking if win_card not in never_cards(a, compiled.wilds, compiled.card_set)
    ]
    if open_to_card:
        return None
    names = ", ".join(action.name for action in taking)
    card = compiled.cards.names([win_card])[0]
    cites = tuple(cite for action in taking for cite in action.cites)
    return Reason("never-won-on", f"{names} is never taken with {card}", cites)


def refused(evaluation: Evaluation, reason: Reason) -> Evaluation:
    """The evaluation of a hand no action may win: no winning split, and the reason."""
    answer = Evaluation(False, evaluation.value_name)
    answer.decompositions = []
    answer.best = None
    answer.reasons = [reason]
    answer.wild_readings = ()
    answer.shown = evaluation.shown  # wins shown on the deal are paid while play goes on
    return answer


def by_words(conditions: WinConditions) -> tuple[str, ...]:
    """The `by` words of the ways that take a card come as `conditions` say."""
    return _BY_SELF if "self" in conditions.relation else _BY_OTHER


def takes(way: ir.Way, context: str, by: tuple[str, ...], compiled: CompiledRules) -> bool:
    """Whether the way is taken on a card of that context by a seat one of `by` names (its
    table option allowing)."""
    if way.context != context or way.who not in by:
        return False
    options = compiled.options
    if way.if_option and not options.get(way.if_option):
        return False
    return not (way.unless_option and options.get(way.unless_option))
