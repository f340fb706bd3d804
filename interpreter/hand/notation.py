"""Hands written as text: concealed cards, table groups and the winning card.

    hand:   "a1 a2 a3 b7b7"  or "123a 77b" with compact suffixes, or display names
    table:  "triple:b5b5b5 quad:a1a1a1a1"  (a group kind's name or alias, a colon, cards)
    win:    a single card, with where it came from: self | discard | draw

Everything is named by the rule file; errors are `NotationError`s or `HandError`s that say
which piece of text is wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from tablerules.dsl.limits import MAX_HAND_CARDS, MAX_HANDS_LINE_CHARS
from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.cards import NotationError
from tablerules.interpreter.compiling.conditions import WIN_FROM, win_source
from tablerules.interpreter.hand.evaluate import Evaluator, HandError, TableGroup
from tablerules.interpreter.hand.table_makers import unlaid_reason


@dataclass(frozen=True)
class HandSpec:
    """A hand ready to evaluate; `how` is where the winning card came from (a `WIN_FROM`
    word: self, replacement, discard, robbed, draw, shown)."""

    hand: list[int]
    table: list[TableGroup]
    win_card: int | None
    source: ir.Source | None
    how: str | None = None


def seated(spec: HandSpec, seat: int) -> HandSpec:
    """`spec` as the seat (counted from the dealer) wins it: the card shown on the deal is
    the dealer's own (a pair it completes is the dealer's own three), another's for the rest."""
    if spec.how is None:
        return spec
    return replace(spec, source=win_source(spec.how, seat))


def within_limits(spec: HandSpec) -> HandSpec:
    """`spec` if its cards are within `MAX_HAND_CARDS`; raises `HandError` otherwise (the
    time to list every split of a hand grows fast with its size)."""
    cards = len(spec.hand) + sum(len(g.cards) for g in spec.table)
    cards += spec.win_card is not None
    if cards > MAX_HAND_CARDS:
        raise HandError(f"a hand of {cards} cards; the limit is {MAX_HAND_CARDS}")
    return spec


def _text_within_limits(text: str) -> None:
    if len(text) > MAX_HANDS_LINE_CHARS:
        raise NotationError(
            text[:MAX_HANDS_LINE_CHARS],
            MAX_HANDS_LINE_CHARS - 1,
            1,
            f"the text is {len(text):,} characters; the limit is {MAX_HANDS_LINE_CHARS:,}",
        )


def never_claimed(rules: ir.RuleSet) -> frozenset[str]:
    """The group kinds that only a seat's own cards make: every action that makes one takes
    no other seat's card (a flower laid from the hand). A file without actions has none."""
    made: set[str] = set()
    claimable: set[str] = set()
    for action in rules.actions.values():
        kinds = {kind for kind in (action.makes, action.makes_alternative) if kind}
        made |= kinds
        if any(way.who != "self" and way.effect != "from_hand" for way in action.ways):
            claimable |= kinds
    return frozenset(made - claimable)


def parse_table(evaluator: Evaluator, text: str, claimed: bool = True) -> list[TableGroup]:
    """Table groups from `KIND:CARDS` entries, separated by spaces, commas or semicolons.

    Groups are claimed (they took another seat's card) unless `claimed` is false, their
    kind lies concealed, or only a seat's own cards make it (`never_claimed`)."""
    _text_within_limits(text)
    kinds = sorted(evaluator.rules.kind_index, key=len, reverse=True)
    if not text.strip():
        return []
    pattern = re.compile(r"(" + "|".join(re.escape(k) for k in kinds) + r")\s*[:：]")
    starts = list(pattern.finditer(text))
    if not starts or text[: starts[0].start()].strip(" ,;"):
        position = len(text) - len(text.lstrip())
        raise NotationError(
            text, position, 1, "a table group is written KIND:CARDS, e.g. " + _example(evaluator)
        )
    groups: list[TableGroup] = []
    for index, match in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(text)
        body = text[match.end() : end].strip().strip(",;").strip()
        offset = text.index(body, match.end()) if body else match.end()
        try:
            cards = evaluator.rules.cards.parse(body)
        except NotationError as error:
            raise NotationError(
                text, offset + error.position, error.length, error.message
            ) from None
        try:
            group = evaluator.table_group(match.group(1), cards)
            info = evaluator.rules.kinds[group.kind]
            unlaid = unlaid_reason(evaluator.rules, info.name, tuple(group.cards))
            if unlaid is not None:
                raise HandError(unlaid)
            visible = info.visibility != "concealed"
            may_claim = info.name not in never_claimed(evaluator.rules.rules)
            groups.append(TableGroup(group.kind, group.cards, claimed and visible and may_claim))
        except HandError as error:
            raise NotationError(text, match.start(), end - match.start(), str(error)) from None
    return groups


def _example(evaluator: Evaluator) -> str:
    for kind in evaluator.rules.kinds:
        if kind.on_table and kind.instances:
            cards = "".join(evaluator.rules.cards.ids[c] for c in kind.instances[0])
            return f"{kind.name}:{cards}"
    return "KIND:CARDS"


def parse_how(text: str) -> str:
    """Where a winning card came from: a `WIN_FROM` word."""
    if text not in WIN_FROM:
        raise HandError(f"the winning card comes from one of {', '.join(WIN_FROM)}, not {text!r}")
    return text


def parse_win_card(evaluator: Evaluator, text: str) -> int:
    cards = evaluator.rules.cards.parse(text)
    if len(cards) != 1:
        raise NotationError(text, 0, len(text), "the winning card must be exactly one card")
    return cards[0]


def _relocated(error: NotationError, line: str, offset: int, label: str) -> NotationError:
    """A section's notation error, re-expressed with its position in the whole line."""
    message = f"{label}: {error.message}" if label else error.message
    return NotationError(line, offset + error.position, error.length, message)


def parse_line(evaluator: Evaluator, line: str) -> HandSpec:
    """One line of a hands file:
    `HAND [| table: GROUPS] [| concealed: GROUPS] [| win: CARD FROM]`.

    Errors point into the whole line, whichever section they are in.
    """
    _text_within_limits(line)
    if "|" not in line:  # concealed cards alone, the usual line
        try:
            hand = evaluator.rules.cards.parse(line)
        except NotationError as error:
            raise _relocated(error, line, 0, "") from None
        if len(hand) > MAX_HAND_CARDS:
            raise HandError(f"a hand of {len(hand)} cards; the limit is {MAX_HAND_CARDS}")
        return HandSpec(hand, [], None, None)
    parts = line.split("|")
    try:
        hand = evaluator.rules.cards.parse(parts[0])
    except NotationError as error:
        raise _relocated(error, line, 0, "") from None
    table: list[TableGroup] = []
    win_card: int | None = None
    how: str | None = None
    offset = len(parts[0]) + 1
    for part in parts[1:]:
        label, colon, body = part.partition(":")
        name = label.strip()
        body_offset = offset + len(label) + len(colon)
        try:
            if name == "table":
                table += parse_table(evaluator, body)
            elif name == "concealed":
                table += parse_table(evaluator, body, claimed=False)
            elif name == "win":
                words = body.split()
                if not words:
                    raise HandError("'win:' needs a card, e.g. 'win: CARD self'")
                start = body.index(words[0])
                try:
                    win_card = parse_win_card(evaluator, words[0])
                except NotationError as error:
                    raise _relocated(error, body, start, "") from None
                how = parse_how(words[1]) if len(words) > 1 else "self"
            else:
                raise HandError(f"unknown section {name!r}: use 'table:', 'concealed:' or 'win:'")
        except NotationError as error:
            raise _relocated(error, line, body_offset, name) from None
        offset += len(part) + 1
    source = WIN_FROM[how][2] if how is not None else None
    return within_limits(HandSpec(hand, table, win_card, source, how))
