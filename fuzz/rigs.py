"""Deals that lead somewhere, for the `play` target: the golden scenarios' rigged hands with
their scripts (a robbed kong, a win on a replacement, horses...), a Pebbles deal whose
dealer wins on the first draw whatever the number of groups, and the hands the
documentation evaluates. Random bots alone seldom win, so without them settlement and
bonus draws would hardly be played.
"""

from __future__ import annotations

import json
import random
import re
import shlex
from dataclasses import dataclass
from functools import cache

from tablerules.dsl.model import ir
from tablerules.interpreter.api import Game
from tablerules.interpreter.compiling.cards import NotationError
from tablerules.interpreter.engine import Table

from fuzz.corpus import DOCS, ROOT

SCENARIOS = ROOT / "tests" / "golden" / "scenarios"
EVALUATE = re.compile(r"^\$ tablerules evaluate (\S+) (.*)$", re.M)
WIN_ARGUMENTS = ("--hands-file", "--extends-dir", "--option", "--json", "--detail")


@dataclass(frozen=True)
class Rig:
    """A deal written in card notation, and the choices to make first."""

    hands: tuple[str, ...]
    wall: str
    dealer: int = 0
    shown: str | None = None
    round: int = 0
    streak: int = 0
    actions: tuple[str, ...] = ()


@cache
def golden_rigs() -> list[Rig]:
    rigs = []
    for path in sorted(SCENARIOS.rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        rigs.append(
            Rig(
                tuple(data["hands"]),
                data.get("wall", ""),
                data.get("dealer", 0),
                data.get("shown"),
                data.get("round", 0),
                data.get("streak", 0),
                tuple(data.get("actions", [])),
            )
        )
    return rigs


@cache
def evaluated_hands() -> list[tuple[str, ...]]:
    """The arguments after the rule file of each `tablerules evaluate` the documentation
    shows: hands that win (and some that do not), with how they were won."""
    found = []
    for page in sorted(DOCS.glob("*.md")):
        for _, rest in EVALUATE.findall(page.read_text(encoding="utf-8")):
            try:
                words = shlex.split(rest)
            except ValueError:
                continue
            if not any(word.startswith(WIN_ARGUMENTS) for word in words):
                found.append(tuple(words))
    return found


def _fits(game: Game, hands: list[list[int]], wall: list[int]) -> bool:
    compiled = game.compiled
    if len(hands) != len(compiled.dealt_per_seat()):
        return False
    counts = [0] * len(compiled.cards)
    for card in [*wall, *(c for hand in hands for c in hand)]:
        counts[card] += 1
    copies = compiled.cards.copies_of
    return all(count <= copies[card] for card, count in enumerate(counts))


def rigged_table(game: Game, rig: Rig) -> Table | None:
    """The table of `rig` for `game`, when its cards and seats are the game's."""
    try:
        hands = [game.parse(text) for text in rig.hands]
        wall = game.parse(rig.wall)
        shown = game.parse(rig.shown)[0] if rig.shown else None
    except (NotationError, IndexError):
        return None
    if not _fits(game, hands, wall) or not 0 <= rig.dealer < len(hands):
        return None
    return Table(
        game,
        dealer=rig.dealer,
        hands=hands,
        wall=wall,
        shown=shown,
        round=rig.round,
        streak=rig.streak,
    )


def winning_deal(game: Game, rng: random.Random) -> Rig | None:
    """For a game won with `groups N` and `pairs of KIND: P` of n-alike kinds: a dealer's
    hand one card short of P pairs and N - P threes, the card first in the wall."""
    rules = game.compiled.rules
    win = rules.win
    if win is None or win.groups is None or win.pairs is None:
        return None
    pair = rules.groups.get(win.pairs.kind)
    threes = [g for g in rules.groups.values() if g.in_hand and _alike(g) == 3]
    if pair is None or _alike(pair) != 2 or not threes:
        return None
    sizes = [3] * (win.groups - win.pairs.count) + [2] * win.pairs.count
    left = dict(enumerate(game.compiled.cards.copies_of))
    cards: list[int] = []
    for size in sizes:
        fitting = [card for card, count in left.items() if count >= size]
        if not fitting:
            return None
        card = rng.choice(fitting)
        left[card] -= size
        cards += [card] * size
    rng.shuffle(cards)
    ids = game.compiled.cards.ids
    rest = [card for card, count in left.items() for _ in range(count)]
    rng.shuffle(rest)
    dealt = len(cards) - 1
    seats = len(game.compiled.dealt_per_seat())
    if len(rest) < dealt * (seats - 1) + 4:
        return None
    hands = [" ".join(ids[c] for c in cards[:-1])]
    for seat in range(1, seats):
        hands.append(" ".join(ids[c] for c in rest[(seat - 1) * dealt : seat * dealt]))
    wall = [cards[-1], *rest[dealt * (seats - 1) :][:3]]
    return Rig(tuple(hands), " ".join(ids[c] for c in wall))


def _alike(kind: ir.GroupKind) -> int | None:
    """N for a kind whose pattern is `same N` with no filter, else None."""
    pattern = kind.pattern
    if pattern is None or pattern.head != "same" or pattern.where or pattern.same:
        return None
    return pattern.size
