"""An evaluation as readable text: what `tablerules evaluate` prints without `--json`.

The hand as given, the verdict, each split with its groups and total, the hand patterns
under it, what the best winning split would be paid, and why a hand does not win; cards
are written with the display names the rule file gives them.
"""

from __future__ import annotations

from typing import Any

from tablerules.interpreter.api import Game
from tablerules.interpreter.conditions import WinConditions
from tablerules.interpreter.evaluate import Evaluation
from tablerules.interpreter.evaluation import Decomposition
from tablerules.interpreter.hands import HandSpec
from tablerules.interpreter.pricing import price


def render_text(
    game: Game,
    spec: HandSpec,
    result: Evaluation,
    conditions: WinConditions,
    detail: str = "full",
) -> str:
    """A readable report using the cards' own display names, and under the best winning
    split what its settlement would pay; `detail` (see `--detail`) leaves out the splits but
    the best (`best`), or everything but the verdict (`wins`)."""
    names = game.cards.display
    lines = [f"{game.compiled.name}: {' '.join(names[c] for c in spec.hand)}"]
    if spec.table:
        shown = "  ".join(
            f"{game.compiled.kinds[g.kind].name}[{''.join(names[c] for c in g.cards)}]"
            for g in spec.table
        )
        lines.append(f"  table: {shown}")
    if spec.win_card is not None:
        lines.append(f"  winning card: {names[spec.win_card]} (from {spec.how})")
    unit = f" {result.value_name}" if result.value_name else ""
    if result.wins and result.immediate:
        lines.append(f"WINS at once: {result.immediate}")
    elif result.wins and detail == "wins":
        lines.append("WINS")
    elif result.wins:
        count = len(result.winning)
        headline = f"WINS — {count} winning split" + ("" if count == 1 else "s")
        if result.left_out:
            headline += " listed"
        best = _best_text(result)
        if best:
            headline += f", best {best}"
        lines.append(headline)
    else:
        lines.append("does not win")
    if detail == "wins":
        return "\n".join(lines)
    for number, decomposition in enumerate(result.decompositions, start=1):
        if detail == "best" and decomposition is not result.best:
            continue
        marker = "*" if decomposition is result.best else " "
        groups = "  ".join(_group_text(g, bool(result.value_name)) for g in decomposition.groups)
        total = f"  = {decomposition.total}{unit}" if result.value_name else ""
        held = "   (the groups held on the deal)" if decomposition.held else ""
        status = "" if decomposition.wins else f"   ✗ {decomposition.problem}"
        lines.append(f" {marker}#{number} {groups}{total}{held}{status}")
        lines += _judgement_lines(decomposition)
        if decomposition is result.best and result.wins:
            pricing = price(game.compiled, decomposition, conditions)
            lines += [f"     {line}" for line in pricing.lines()]
    if result.left_out and detail == "full":
        more = "split" if result.left_out == 1 else "splits"
        lines.append(f"  … {result.left_out:,} more {more} not listed (counted only)")
    for reason in result.reasons if detail == "full" or not result.wins else ():
        cites = f" [{', '.join(reason.cites)}]" if reason.cites else ""
        lines.append(f"  because: {reason.message}{cites}")
    return "\n".join(lines)


def _best_text(result: Evaluation) -> str:
    """`16 胡息`, `8 番`, `16 胡息, 2 名堂`: the best split's total and scores."""
    best = result.best
    if best is None:
        return ""
    parts = [f"{best.total} {result.value_name}"] if result.value_name else []
    if best.judgement is not None:
        parts += [f"{s.value} {s.name}" for s in best.judgement.scores.values()]
    return ", ".join(parts)


def _judgement_lines(decomposition: Decomposition) -> list[str]:
    """The hand patterns of a split, with their arithmetic, under its line."""
    judgement = decomposition.judgement
    if judgement is None or not judgement.patterns:
        return []
    sentence = judgement.sentence()
    return [f"     {sentence}"] if sentence else []


def _group_text(group: Any, with_value: bool) -> str:
    cards = "".join(f"{n}" for n in group.names)
    mark = "+" if group.holds_winning_card else ""
    place = "@" if group.on_table else ""
    value = f"({group.value})" if with_value else ""
    return f"{place}{group.kind}[{cards}]{mark}{value}"
