"""The names of a simulation's figures in the page's language: its sections and rows
(`interpreter.simulate.report` names them in English, the words of the command's report),
told again from the page's catalogue (`stats.section.*`, `stats.figure.*`).

A name is read back by its known shapes (`seat 0: win rate`, `N pays L: money per hand`,
`mean S of a win (U)`…); the rule file's words inside it (seats, positions, ledger labels,
patterns, scores) are the file's own, spelled as its `names` block for the page's language
gives them (`word`, as the Hand tab spells them). A name of no known shape is shown as it
came, so a new kind of row reads in English rather than wrongly (the page's language test
finds it).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tablerules.interpreter.messages import Messages

Word = Callable[[str], str]  # a word of the rule file as the page's language spells it


def as_written(word: str) -> str:
    """A word of the rule file as the file writes it."""
    return word


# The rows of each seat and position: the row's title after "WHO: ", by its message id.
TITLES = {
    "win rate": "win_rate",
    "self-draw rate (wins on its own card)": "self_draw_rate",
    "deal-in rate (another wins on its card)": "deal_in_rate",
    "money per hand": "money",
    "payments per hand": "payments",
}
HAND_ROWS = {
    "drawn-hand rate": "drawn_rate",
    "winners per hand": "winners",
    "hand length in moves": "moves",
    "cards drawn per hand": "draws",
}
SECTIONS = {
    "per seat": "per_seat",
    "per position from the dealer": "per_position",
    "per hand": "per_hand",
    "play after a win": "after_a_win",
    "value of a win": "value_of_a_win",
    "what fires, per hand": "fires",
    "money by ledger label": "by_label",
    "money by payer": "by_payer",
    "per phase": "per_phase",
}
ORDINALS = {"first": 1, "second": 2, "third": 3}
# the event kinds and clause kinds of the play log that a row of what fires names
EVENT_KINDS = (
    "immediate win", "shown win", "turn passes", "drawn hand", "drawn settle", "action",
    "bonus", "declaration", "deal", "discard", "draw", "end", "exchange", "leaves",
    "outranked", "pay", "replacement", "restricted", "shown", "untaken", "win", "window",
)  # fmt: skip
CLAUSE_KINDS = (
    "immediate win", "next dealer", "action", "bonus", "phase", "settle", "restriction",
    "deal", "end", "ties", "turn",
)  # fmt: skip

SEAT = re.compile(r"^seat (\d+)$")
DEALER_PLUS = re.compile(r"^dealer\+(\d+)$")
SCORE_SECTION = re.compile(r"^(.+) of a win$")
PAYER = re.compile(r"^(.+) pays (.+): money per hand$")
ORDER = re.compile(r"^(.+): wins (first|second|third|(\d+)th)$")
WON_BY = re.compile(r"^hands won by (\d+) seats?$")
MEAN = re.compile(r"^mean (.+?)(?: \((.+)\))?$")
VALUE = re.compile(r"^value (-?\d+)(?:–(-?\d+))?$")
PREFIXED = re.compile(r"^(forced|hits of|pattern) (.+)$")
EVENT = re.compile(r"^(.+?)(?: · (.+))?$")
PHASE = re.compile(r"^(.+): (passed to|seats declaring|wins of seats that declared) (.+)$")
PHASE_ROWS = {
    "passed to": "passed_to",
    "seats declaring": "declaring",
    "wins of seats that declared": "won_declaring",
}
DIRECTIONS = ("next", "previous", "across")


def section_name(section: str, say: Messages, word: Word = as_written) -> str:
    """A section of the figures in the page's language."""
    key = SECTIONS.get(section)
    if key is not None:
        return say(f"stats.section.{key}")
    score = SCORE_SECTION.match(section)
    if score is not None:
        return say("stats.section.of_a_win", name=word(score[1]))
    return section


def who_name(who: str, say: Messages, word: Word = as_written) -> str:
    """A seat (`seat 0`, numbered from 0 as the command's report does) as the Hand tab names
    it, `dealer` and `dealer+N` where a rule file names no positions; else the rule file's
    own name."""
    seat = SEAT.match(who)
    if seat is not None:
        return say("seats.player", n=int(seat[1]) + 1)
    if who == "dealer":
        return say("stats.figure.dealer")
    plus = DEALER_PLUS.match(who)
    if plus is not None:
        return say("stats.figure.dealer_plus", n=int(plus[1]))
    return word(who)


def figure_name(name: str, say: Messages, word: Word = as_written) -> str:
    """A row of the figures in the page's language (as it came when of no known shape)."""
    for reader in READERS:
        told = reader(name, say, word)
        if told is not None:
            return told
    return name


def _hand_row(name: str, say: Messages, word: Word) -> str | None:
    key = HAND_ROWS.get(name)
    return say(f"stats.figure.{key}") if key is not None else None


def _payer(name: str, say: Messages, word: Word) -> str | None:
    found = PAYER.match(name)
    if found is None:
        return None
    return say("stats.figure.pays", who=who_name(found[1], say, word), label=word(found[2]))


def _order(name: str, say: Messages, word: Word) -> str | None:
    found = ORDER.match(name)
    if found is None:
        return None
    order = ORDINALS.get(found[2]) or int(found[3])
    key = f"stats.figure.wins_{found[2]}" if found[2] in ORDINALS else "stats.figure.wins_nth"
    return say(key, who=who_name(found[1], say, word), n=order)


def _titled(name: str, say: Messages, word: Word) -> str | None:
    who, colon, title = name.rpartition(": ")
    key = TITLES.get(title) if colon else None
    if key is None:
        return None
    title = say(f"stats.figure.{key}")
    return say("stats.figure.titled", who=who_name(who, say, word), title=title)


def _won_by(name: str, say: Messages, word: Word) -> str | None:
    found = WON_BY.match(name)
    return say.count("stats.figure.won_by", int(found[1])) if found else None


def _mean(name: str, say: Messages, word: Word) -> str | None:
    found = MEAN.match(name)
    if found is None or (found[1] not in SECTIONS and not SCORE_SECTION.match(found[1])):
        return None
    section = section_name(found[1], say, word)
    if found[2] is None:
        return say("stats.figure.mean", section=section)
    return say("stats.figure.mean_in", section=section, unit=word(found[2]))


def _value(name: str, say: Messages, word: Word) -> str | None:
    found = VALUE.match(name)
    if found is None:
        return None
    if found[2] is None:
        return say("stats.figure.value", value=found[1])
    return say("stats.figure.values", low=found[1], high=found[2])


def _prefixed(name: str, say: Messages, word: Word) -> str | None:
    found = PREFIXED.match(name)
    if found is None:
        return None
    key = found[1].replace(" ", "_")
    return say(f"stats.figure.{key}", name=clause_name(found[2], say, word))


def _event(name: str, say: Messages, word: Word) -> str | None:
    found = EVENT.match(name)
    if found is None or found[1] not in EVENT_KINDS:
        return None
    kind = say(f"stats.event.{found[1]}")
    if found[2] is None:
        return kind
    return say("stats.figure.event", kind=kind, clause=clause_name(found[2], say, word))


def _phase(name: str, say: Messages, word: Word) -> str | None:
    """A row of a phase before play: an exchange's direction, a value declared."""
    found = PHASE.match(name)
    if found is None:
        return None
    clause, what, value = clause_name(found[1], say, word), found[2], found[3]
    if what == "passed to":
        direction = say(f"stats.direction.{value}") if value in DIRECTIONS else word(value)
        return say("stats.figure.passed_to", clause=clause, direction=direction)
    return say(f"stats.figure.{PHASE_ROWS[what]}", clause=clause, value=word(value))


def clause_name(clause: str, say: Messages, word: Word = as_written) -> str:
    """A clause of the rule file as the play log names it (`action NAME`, `end`): its kind in
    the page's language, its name the rule file's."""
    for kind in CLAUSE_KINDS:
        if clause == kind:
            return say(f"stats.clause.{kind}")
        if clause.startswith(f"{kind} "):
            return say(
                "stats.figure.clause",
                kind=say(f"stats.clause.{kind}"),
                name=word(clause.removeprefix(f"{kind} ")),
            )
    return word(clause)


# the payer's row first: its name ends as a ledger label's does
READERS: tuple[Callable[[str, Messages, Word], str | None], ...] = (
    _hand_row, _payer, _order, _titled, _won_by, _mean, _value, _prefixed, _phase, _event,
)  # fmt: skip
