"""What a win's hand patterns make, and why the others do not hold, in a reader's language.

The same sentences as `explanation` writes in English for logs and JSON (`pattern_line`,
`ScoreResult.arithmetic`, `Judgement.sentence`), read from the JSON forms a win event
carries, so a log told again says the same; and each absent pattern (`absence`) with
what it needed and what the hand had: `red_hand: at least 10 red cards needed, 5 held`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.absence import Absence, Need
from tablerules.interpreter.compiling.explanation import Term
from tablerules.interpreter.messages.speaker import Speaker

LIMIT_SUFFIX = " (limit)"  # how `Scoring` labels a limit among a score's terms


def pattern_text(pattern: Mapping[str, Any], spoken: Speaker) -> str:
    """One hand pattern of a win (its JSON form): `all_pairs (every group a pair) ×2
    points [R-1]`, or the pattern that keeps it out."""
    say, words = spoken.say, spoken.words
    name = pattern["name"]
    title = words.title(name, pattern.get("title") or "")
    titled = say("pattern.title", title=title) if title else ""
    cites = f" [{', '.join(pattern['cites'])}]" if pattern.get("cites") else ""
    if pattern.get("excluded_by") is not None:
        other = spoken.word(pattern["excluded_by"])
        return say("pattern.excluded", name=words.name(name), title=titled, other=other) + cites
    count = int(pattern.get("count", 1))
    worth = [
        say(
            "pattern.worth",
            amount=Term(w["op"], int(w["amount"]), w["score"]).text(count),
            score=spoken.word(w["score"]),
        )
        for w in pattern.get("worth", [])
    ]
    said = say.join(worth) if worth else say("pattern.holds")
    if pattern.get("limit"):
        said = say("pattern.limit", worth=said)
    return say("pattern.line", name=words.name(name), title=titled, worth=said) + cites


def _term_name(label: str, spoken: Speaker) -> str:
    if label.endswith(LIMIT_SUFFIX):
        return spoken.say("judgement.limit", pattern=spoken.word(label[: -len(LIMIT_SUFFIX)]))
    return spoken.word(label)


def score_text(score: Mapping[str, Any], spoken: Speaker) -> str:
    """A score written out (its JSON form): `one_colour 3 + own_draw 1 = 4 points`."""
    say = spoken.say
    name = spoken.word(score["name"])
    added, multiplied = score["added"], score["multiplied"]
    start, raw, cap, value = score["start"], score["raw"], score["cap"], score["value"]
    if not (added or multiplied):
        return say("judgement.no_pattern", value=value, score=name)
    parts = [f"{_term_name(label, spoken)} {points}" for label, points in added]
    if (added and start != 0) or (multiplied and not added and start != 1):
        parts.insert(0, str(start))
    text = " + ".join(parts)
    if multiplied:
        factors = " · ".join(
            f"{_term_name(label, spoken)} ×{factor}" for label, factor in multiplied
        )
        if not text:
            text = factors
        else:
            text = f"({text}) · {factors}" if len(parts) > 1 else f"{text} · {factors}"
    if text != str(raw):
        text += f" = {raw}"
    if cap is not None and raw > cap:
        return say("judgement.capped", text=text, cap=cap, value=value, score=name)
    return say("judgement.total", text=text, score=name)


def judgement_text(
    patterns: list[Mapping[str, Any]], scores: Mapping[str, Mapping[str, Any]], spoken: Speaker
) -> str:
    """Every score's arithmetic, and the patterns that held but do not count."""
    say = spoken.say
    parts = [score_text(score, spoken) for score in scores.values()]
    quiet = [p for p in patterns if not p.get("worth") and p.get("excluded_by") is None]
    if quiet:
        parts.append(say.join(spoken.word(p["name"]) for p in quiet))
    limits = {p["name"] for p in patterns if p.get("limit") and p.get("excluded_by") is None}
    left_out = [
        say(
            "judgement.not_with",
            pattern=spoken.word(p["name"]),
            other=spoken.word(p["excluded_by"]),
        )
        for p in patterns
        if p.get("excluded_by") is not None and p["excluded_by"] not in limits
    ]
    if left_out:
        parts.append(say("list.choices").join(left_out))
    return say("list.choices").join(parts)


# ── patterns that do not hold ───────────────────────────────────────────────────────


def absence_text(absence: Absence, spoken: Speaker) -> str:
    """`red_hand: at least 10 red cards needed, 5 held` (with the pattern's rule ids)."""
    say = spoken.say
    needs = say("list.choices").join(need_text(need, spoken) for need in absence.needs)
    cites = f" [{', '.join(absence.cites)}]" if absence.cites else ""
    return say("absent.line", pattern=spoken.word(absence.name), needs=needs) + cites


def need_text(need: Need, spoken: Speaker) -> str:
    """One failing test: what it needed and what the hand had."""
    say = spoken.say
    if need.kind == "compare" and need.expr is not None:
        unit = say(f"absent.unit.{_noun_kind(need.expr)}")
        return say("absent.compare", needed=needed_text(need, spoken), held=need.held, unit=unit)
    if need.kind == "condition" and need.expr is not None:
        key = "absent.condition" if need.holds else "absent.condition_not"
        return say(key, condition=condition_text(need.expr, spoken))
    if need.kind == "either":
        options = say("absent.or").join(needed_text(option, spoken) for option in need.options)
        return say("absent.either", options=options)
    if need.kind == "all":
        return say("absent.either", options=needed_text(need, spoken))
    if need.kind == "counts":
        return say("absent.counts", written=need.written, numbers=need.numbers)
    key = "absent.other" if need.holds else "absent.other_not"
    return say(key, written=need.written, numbers=need.numbers)


def needed_text(need: Need, spoken: Speaker) -> str:
    """What a test asks, without what the hand has: `at least 10 red cards`."""
    say = spoken.say
    if need.kind == "compare" and need.expr is not None:
        op = "none" if need.op == "eq" and need.needed == 0 else need.op
        noun = say.count(
            f"absent.noun.{_noun_kind(need.expr)}", need.needed, **_noun(need.expr, spoken)
        )
        unit = say(f"absent.unit.{_noun_kind(need.expr)}")
        return say(f"absent.need.{op}", n=need.needed, noun=noun, unit=unit)
    if need.kind == "condition" and need.expr is not None:
        key = "absent.need.condition" if need.holds else "absent.need.condition_not"
        return say(key, condition=condition_text(need.expr, spoken))
    if need.kind == "either":
        return say("absent.or").join(needed_text(option, spoken) for option in need.options)
    if need.kind == "all":
        return say("absent.and").join(needed_text(option, spoken) for option in need.options)
    key = "absent.need.other" if need.holds else "absent.need.other_not"
    return say(key, written=need.written)


def _noun_kind(expression: ir.Expr) -> str:
    """Which noun a quantity counts: `cards`, `distinct`, `groups` or `claimed`, each with
    `_of` when it names what (cards by their attributes or names, groups by kind), or
    `waits` or `held`."""
    op = expression.op
    if op == "cards":
        return "cards_of" if expression.items else "cards"
    if op == "distinct":
        return "distinct_of" if expression.items else "distinct"
    if op in ("groups", "claimed"):
        named = "_of" if expression.kinds else ""
        made = "_with" if expression.items else ""
        return f"{op}{named}{made}"
    if op in ("waits", "wilds", "alike", "held"):
        return op
    return "cards"


def _noun(expression: ir.Expr, spoken: Speaker) -> dict[str, str]:
    """The file's words a quantity's noun is made of: the cards (`red`, `中 發`), the
    attribute (`suit`), the kinds of group."""
    say = spoken.say
    return {
        "cards": items_text(expression.items, spoken),
        "attribute": spoken.word(expression.name or ""),
        "kinds": say("absent.alternatives").join(spoken.word(kind) for kind in expression.kinds),
        "alike": str(expression.value or ""),
    }


def items_text(items: list[ir.CardSelector], spoken: Speaker) -> str:
    """Cards named by card selectors, in the file's words: `red`, `中 發 白`, `門風`."""
    words = []
    for item in items:
        if item.card is not None:
            words.append(spoken.words.named_card(item.card))
        elif item.seat_set is not None:
            words.append(spoken.word(item.seat_set))
        elif item.round_set is not None:
            words.append(spoken.word(item.round_set))
        else:
            for found in item.filters:
                words.append(
                    spoken.say("absent.or").join(spoken.word(str(v)) for v in found.values)
                )
    return " ".join(words)


def condition_text(expression: ir.Expr, spoken: Speaker) -> str:
    """A condition of the table (or a form) in words: `a win on one's own draw`."""
    say = spoken.say
    op = expression.op
    if op == "won" and expression.who is None:
        on = say(f"absent.on.{expression.context}")
        return say("absent.cond.won_on", on=on)
    if op == "won":
        whose = say(f"absent.whose.{expression.who}")
        return say("absent.cond.won", whose=whose, context=spoken.context(expression.context))
    if op == "form":
        return say("absent.cond.form", name=spoken.word(expression.name or ""))
    key = f"absent.cond.{op.replace(' ', '_')}"
    return say(key) if say.has(key) else op


def absence_json(absence: Absence, spoken: Speaker) -> dict[str, Any]:
    """A pattern not held as data (`evaluate --json`): its name, title and rule ids, the
    sentence `absence_text` says, and each failing test (`need_json`)."""
    return {
        "pattern": absence.name,
        "title": absence.title,
        "cites": list(absence.cites),
        "text": absence_text(absence, spoken),
        "needs": [need_json(need, spoken) for need in absence.needs],
    }


def need_json(need: Need, spoken: Speaker) -> dict[str, Any]:
    """One failing test as data: its `kind` (see `Need`), what it needed in words, and for a
    comparison the operator, the number needed and the number held."""
    data: dict[str, Any] = {"kind": need.kind, "text": need_text(need, spoken)}
    if need.kind == "compare":
        data.update(op=need.op, needed=need.needed, held=need.held)
    elif need.kind in ("condition", "other"):
        data["holds"] = need.holds
    if need.kind in ("counts", "other"):
        data.update(written=need.written, numbers=need.numbers)
    if need.options:
        data["options"] = [need_json(option, spoken) for option in need.options]
    return data
