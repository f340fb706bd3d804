"""An evaluation as readable text: what `tablerules evaluate` prints without `--json`.

The hand as given, the verdict, each split with its groups and total, the hand patterns
under it, what the best winning split would be paid, the patterns it does not hold (with
what each needed and what the hand had), and why a hand does not win; cards are written
with the display names the rule file gives them. In English, or in the language `--lang`
asks for (the sentences of `messages`, the file's names as its `names` block spells them).
"""

from __future__ import annotations

import re
from typing import Any

from tablerules.interpreter.api import Game
from tablerules.interpreter.compiling.compiled import CompiledRules
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.compiling.expressions import render
from tablerules.interpreter.hand.evaluate import Evaluation
from tablerules.interpreter.hand.evaluation import Decomposition, Reason
from tablerules.interpreter.hand.notation import HandSpec
from tablerules.interpreter.hand.pricing import Pricing, price
from tablerules.interpreter.messages import DEFAULT
from tablerules.interpreter.messages.judgement_text import absence_text, judgement_text
from tablerules.interpreter.messages.speaker import Speaker, speaker

# the reasons the evaluator writes in English, read back to be told in another language
MINIMUM = re.compile(r"^(-?\d+) (\S+); a win needs at least (-?\d+)$")
SIZES = re.compile(r"^the cards make ([\d or]+) groups( with the table)?; a win needs (\d+)$")
NEVER_SPLIT = re.compile(
    r"^every split(?: into (\d+) groups)? breaks up a (.+) held, which is never split$"
)
UNGROUPED = re.compile(r"^the (\d+) concealed cards cannot all be split into groups")
NO_WINNING_ACTION = re.compile(r"^no action of the rules wins on (.+) by (self|others)$")
NEVER_WON_ON = re.compile(r"^(.+) is never taken with (.+)$")
NEEDS = re.compile(r"^a win needs (.+)$")


def render_text(
    game: Game,
    spec: HandSpec,
    result: Evaluation,
    conditions: WinConditions,
    detail: str = "full",
    lang: str = DEFAULT,
) -> str:
    """A readable report using the cards' own display names, and under the best winning
    split what its settlement would pay and the patterns it does not hold; `detail` (see
    `--detail`) leaves out the splits but the best (`best`), or everything but the verdict
    (`wins`)."""
    spoken = speaker(game, lang)
    say = spoken.say
    names = spoken.words.display
    shown = " ".join(names[c] for c in spec.hand)
    lines = [say("report.hand", game=spoken.word(game.compiled.name), cards=shown)]
    if spec.table:
        groups = "  ".join(
            f"{spoken.word(game.compiled.kinds[g.kind].name)}[{''.join(names[c] for c in g.cards)}]"
            for g in spec.table
        )
        lines.append(say("report.table", groups=groups))
    compiled = game.compiled
    if compiled.turning is not None and compiled.turned is not None:
        wild = compiled.turning.wild_of(compiled.turned)
        lines.append(say("report.turned", card=names[compiled.turned], wild=names[wild]))
    if spec.win_card is not None:
        how = f"source.{spec.how}"
        said = say(how) if say.has(how) else str(spec.how)
        lines.append(say("report.win_card", card=names[spec.win_card], how=said))
    value_name = spoken.word(result.value_name) if result.value_name else ""
    unit = f" {value_name}" if value_name else ""
    if result.wins and result.immediate:
        lines.append(say("report.wins_at_once", name=spoken.word(result.immediate)))
    elif result.wins and detail == "wins":
        lines.append(say("report.wins"))
    elif result.wins:
        headline = say.count("report.winning_splits", len(result.winning))
        if result.left_out:
            headline = say("report.listed", splits=headline)
        best = _best_text(result, spoken)
        lines.append(
            say("report.wins_best" if best else "report.wins_splits", splits=headline, best=best)
        )
    else:
        lines.append(say("report.no_win"))
    if result.wild_readings:
        read = say("list.separator").join(
            say("report.wild_as", wild=names[wild], card=names[card])
            for wild, card in result.wild_readings
        )
        # a hand no reading wins is explained on one reading, said to be one among many
        key = "report.wilds_read" if result.wins else "report.wilds_none_win"
        lines.append(say(key, read=read))
    if result.wins and result.best is not None and result.best.waits is not None:
        lines.append(say("report.waits", n=result.best.waits))
    for shown_win in result.shown:
        lines.append(_shown_text(shown_win, spoken))
    if detail == "wins":
        return "\n".join(lines)
    for number, decomposition in enumerate(result.decompositions, start=1):
        if detail == "best" and decomposition is not result.best:
            continue
        marker = "*" if decomposition is result.best else " "
        groups = "  ".join(
            _group_text(g, bool(result.value_name), spoken) for g in decomposition.groups
        )
        total = f"  = {decomposition.total}{unit}" if result.value_name else ""
        held = say("report.held") if decomposition.held else ""
        problem = "" if decomposition.wins else _problem(decomposition.problem, spoken, compiled)
        status = f"   ✗ {problem}" if problem else ""
        lines.append(f" {marker}#{number} {groups}{total}{held}{status}")
        lines += _judgement_lines(decomposition, spoken)
        if decomposition is result.best and result.wins:
            pricing = price(game.compiled, decomposition, conditions, spoken.told)
            lines += [f"     {line}" for line in _pricing_lines(pricing, spoken)]
            lines += _absent_lines(game, decomposition, spoken)
    if result.left_out and detail == "full":
        lines.append(say.count("report.left_out", result.left_out, count=f"{result.left_out:,}"))
    for reason in result.reasons if detail == "full" or not result.wins else ():
        cites = f" [{', '.join(reason.cites)}]" if reason.cites else ""
        lines.append(say("report.because", reason=_reason(reason, spoken, compiled)) + cites)
    return "\n".join(lines)


def _best_text(result: Evaluation, spoken: Speaker) -> str:
    """`16 胡息`, `8 番`, `16 胡息, 2 名堂`: the best split's total and scores."""
    best = result.best
    if best is None:
        return ""
    parts = [f"{best.total} {spoken.word(result.value_name)}"] if result.value_name else []
    if best.judgement is not None:
        parts += [f"{s.value} {spoken.word(s.name)}" for s in best.judgement.scores.values()]
    return ", ".join(parts)


def _judgement_lines(decomposition: Decomposition, spoken: Speaker) -> list[str]:
    """The hand patterns of a split, with their arithmetic, under its line."""
    judgement = decomposition.judgement
    if judgement is None or not judgement.patterns:
        return []
    patterns = [p.to_json() for p in judgement.patterns]
    scores = {name: s.to_json() for name, s in judgement.scores.items()}
    sentence = judgement_text(patterns, scores, spoken)
    return [f"     {sentence}"] if sentence else []


def _absent_lines(game: Game, decomposition: Decomposition, spoken: Speaker) -> list[str]:
    """The file's hand patterns the split does not hold, each with what it needed."""
    judgement = decomposition.judgement
    if judgement is None:
        return []
    absent = game.compiled.scoring.absent(judgement, spoken.told)
    if not absent:
        return []
    lines = [f"     {spoken.say('report.not_held')}"]
    return lines + [f"       {absence_text(absence, spoken)}" for absence in absent]


def _pricing_lines(pricing: Pricing, spoken: Speaker) -> list[str]:
    """The settlement's `let` lines and payments, in the reader's language."""
    say = spoken.say
    if spoken.lang == DEFAULT:
        return pricing.lines()
    payments = [
        say(
            "report.pays",
            payer=say(f"payer.{payment.payer.replace(' ', '_')}")
            + (f" ({spoken.word(payment.seat)})" if payment.seat else ""),
            working=payment.working,
            label=spoken.word(payment.label),
        )
        for payment in pricing.payments
    ]
    return [*pricing.lets, *payments]


def _group_text(group: Any, with_value: bool, spoken: Speaker) -> str:
    cards = "".join(spoken.words.named_card(c) for c in group.cards)
    mark = "+" if group.holds_winning_card else ""
    place = "@" if group.on_table else ""
    value = f"({group.value})" if with_value else ""
    return f"{place}{spoken.word(group.kind)}[{cards}]{mark}{value}"


def _problem(problem: str, spoken: Speaker, compiled: CompiledRules) -> str:
    """Why a split does not win, in the reader's language (as written, if not known): a
    `when` line of the win clause is written again in the reader's words."""
    say = spoken.say
    found = MINIMUM.match(problem)
    if found:
        made, name, needed = found.groups()
        return say("report.minimum", made=made, score=spoken.word(name), needed=needed)
    found = NEEDS.match(problem)
    if found:
        condition = found[1]
        told = spoken.told
        for line in compiled.scoring.win_when:
            if told is not None and line.text == condition:
                condition = render(line.condition, wording=told)
                break
        return say("report.needs", condition=condition)
    return problem


def _reason(reason: Reason, spoken: Speaker, compiled: CompiledRules) -> str:
    """A reason of the evaluation, in the reader's language (as written, if not known)."""
    say = spoken.say
    message = reason.message
    found = SIZES.match(message)
    if reason.code == "group-count" and found:
        sizes = say("absent.alternatives").join(found[1].split(" or "))
        key = "report.sizes_table" if found[2] else "report.sizes"
        return say(key, sizes=sizes, needed=found[3])
    found = NEVER_SPLIT.match(message)
    if reason.code == "never-split" and found:
        kinds = say("absent.alternatives").join(spoken.word(k) for k in found[2].split(" or "))
        key = "report.never_split_into" if found[1] else "report.never_split"
        return say(key, needed=found[1], kinds=kinds)
    found = UNGROUPED.match(message)
    if reason.code == "ungrouped" and found:
        return say("report.ungrouped", count=found[1])
    found = NO_WINNING_ACTION.match(message)
    if reason.code == "no-winning-action" and found:
        occasion, who = say(f"occasion.{found[1]}"), say(f"who.{found[2]}")
        return say("report.no_winning_action", occasion=occasion, who=who)
    found = NEVER_WON_ON.match(message)
    if reason.code == "never-won-on" and found:
        actions = ", ".join(spoken.word(name) for name in found[1].split(", "))
        return say("report.never_won_on", actions=actions, card=spoken.word(found[2]))
    return _problem(message, spoken, compiled)


def _shown_text(shown_win: dict[str, Any], spoken: Speaker) -> str:
    """`shown on the deal, play goes on: 四喜 ×2 — each other pays 2 · 四喜 [CS-5]`."""
    pays = "; ".join(
        spoken.say(
            "report.shown_pays",
            payer=spoken.say(f"payer.{str(pay['payer']).replace(' ', '_')}"),
            amount=pay["amount"],
            label=spoken.word(str(pay["label"])),
        )
        for pay in shown_win["pays"]
    )
    cites = f" [{', '.join(shown_win['cites'])}]" if shown_win["cites"] else ""
    return (
        spoken.say(
            "report.shown_on_deal",
            name=spoken.word(str(shown_win["win"])),
            times=shown_win["times"],
            pays=pays,
        )
        + cites
    )
