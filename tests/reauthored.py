"""What the differential tests of the re-authored rule files share: seeded random hands of a
mahjong game (complete, and a tile off complete), judged by the bundled rule file and by an
independent writing of the same RULES.md section (`tests/fixtures/reauthored/`), compared on
whether the hand wins, its score and every payment its win is settled with.

A hand is a `Deal`: concealed tiles, table groups by what they are (`pong`, `kong`,
`concealed kong`, `chow`, `flower`), the winning tile and the facts of the win. Each file
names its table groups in its own words, so a test gives the two files' words for them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from tablerules.interpreter import Game, load_game
from tablerules.interpreter.compiling.conditions import win_from
from tablerules.interpreter.hand.evaluate import HandError
from tablerules.interpreter.hand.pricing import price

ROOT = Path(__file__).resolve().parent.parent
REAUTHORED = ROOT / "tests" / "fixtures" / "reauthored"

NUMBER_SUITS = ("m", "p", "s")
HONOURS = ("E", "S", "W", "N", "C", "F", "P")


@dataclass(frozen=True)
class Deal:
    """One hand to judge: what `Game.evaluate_text` is given, with table groups by role."""

    hand: tuple[str, ...]
    table: tuple[tuple[str, tuple[str, ...]], ...]  # (role, tiles)
    win: str
    how: str  # self, replacement, discard, robbed, dealt
    seat: int = 0
    facts: tuple[tuple[str, Any], ...] = ()

    def describe(self) -> str:
        table = " ".join(f"{role}:{''.join(tiles)}" for role, tiles in self.table)
        facts = " ".join(f"{k}={v}" for k, v in self.facts)
        return (
            f"{' '.join(self.hand)} [{table}] + {self.win} ({self.how}, seat {self.seat}) {facts}"
        )


@dataclass
class Verdict:
    """What one file says of a deal."""

    wins: bool
    score: int | None = None
    paid: list[tuple[str, int, int]] = field(default_factory=list)  # (payer, seat, amount)
    patterns: dict[str, int] = field(default_factory=dict)
    error: str | None = None

    def key(self) -> tuple[Any, ...]:
        """What must agree: the win, the score, and who pays what (the robbed seat of a
        robbed kong is its discarder, whichever word the file's settlement uses)."""
        paid = sorted(("discarder" if p == "robbed" else p, s, a) for p, s, a in self.paid)
        return (self.wins, self.score, paid, self.error is not None)


@cache
def game(path: str, options: tuple[tuple[str, str], ...] = ()) -> Game:
    return load_game(Path(path), dict(options))


def judge(
    path: Path,
    deal: Deal,
    words: dict[str, str],
    score: str,
    how_words: dict[str, str] | None = None,
) -> Verdict:
    """The file's verdict on the deal: its table groups named by `words`, its score `score`."""
    played = game(str(path))
    how = (how_words or {}).get(deal.how, deal.how)
    laid = [(role, f"{words[role]}:{''.join(tiles)}") for role, tiles in deal.table]
    table = " ".join(text for role, text in laid if role != "concealed kong")
    hidden = " ".join(text for role, text in laid if role == "concealed kong")
    facts = dict(deal.facts)
    try:
        evaluation = played.evaluate_text(
            " ".join(deal.hand),
            table=table,
            win_card=deal.win,
            source=how,
            seat=deal.seat,
            concealed_table=hidden,  # a concealed kong took no one's card, in any file's words
            **facts,
        )
    except (HandError, ValueError) as error:
        return Verdict(False, error=str(error))
    if not evaluation.wins or evaluation.best is None:
        return Verdict(False)
    best = evaluation.best
    judgement = best.judgement
    conditions = win_from(how, deal.seat, **facts)[1]
    priced = price(played.compiled, best, conditions).to_json()["payments"]
    paid = [(p["payer"], p.get("seat", -1), p["amount"]) for p in priced]
    patterns = {p.name: p.count for p in judgement.patterns if p.counts} if judgement else {}
    value = judgement.value(score) if judgement is not None else None
    return Verdict(True, value, paid, patterns)


def disagreements(
    deals: Iterable[Deal],
    files: tuple[Path, Path],
    words: tuple[dict[str, str], dict[str, str]],
    score: str,
) -> tuple[list[str], int]:
    """The deals on which the bundled file and the second writing (`files`, each naming
    table groups by its own `words`) differ in their win, score or payments, described;
    and how many of the deals the bundled file wins."""
    found = []
    wins = 0
    for deal in deals:
        bundled = judge(files[0], deal, words[0], score)
        ours = judge(files[1], deal, words[1], score)
        wins += bundled.wins
        if bundled.key() != ours.key():
            found.append(f"{deal.describe()}\n  bundled {bundled}\n  ours    {ours}")
    return found, wins


# ── hands ─────────────────────────────────────────────────────────────────────────


def meld(
    rng: random.Random, suits: tuple[str, ...], honours: tuple[str, ...], runs: bool
) -> list[str]:
    """A random meld: a run (when allowed, number suits only) or three alike."""
    if runs and rng.random() < 0.55:
        suit = rng.choice(suits)
        start = rng.randint(1, 7)
        return [f"{start + i}{suit}" for i in range(3)]
    return [rng.choice(tiles_of(suits, honours))] * 3


def tiles_of(suits: tuple[str, ...], honours: tuple[str, ...]) -> list[str]:
    return [f"{r}{s}" for s in suits for r in range(1, 10)] + list(honours)


def fits(tiles: list[str]) -> bool:
    """No tile more than its four copies."""
    return all(n <= 4 for n in Counter(tiles).values())


def complete_hand(
    rng: random.Random,
    melds: int,
    suits: tuple[str, ...],
    honours: tuple[str, ...] = (),
    pairs_form: bool = False,
) -> tuple[list[list[str]], list[str]] | None:
    """Random melds and a pair (or seven pairs) within the tiles' copies; None if unlucky."""
    pool = tiles_of(suits, honours)
    if pairs_form:
        pairs = [[t, t] for t in rng.choices(pool, k=7)]
        tiles = [t for p in pairs for t in p]
        return (pairs, []) if fits(tiles) else None
    groups = [meld(rng, suits, honours, True) for _ in range(melds)]
    pair = [rng.choice(pool)] * 2
    tiles = [t for g in groups for t in g] + pair
    return (groups, pair) if fits(tiles) else None


def lay_down(
    rng: random.Random, groups: list[list[str]], chance: float, chows: bool
) -> tuple[list[list[str]], list[tuple[str, tuple[str, ...]]]]:
    """Some melds laid on the table: pongs (some grown to kongs, some concealed kongs), and
    chows where the game claims them."""
    kept: list[list[str]] = []
    table: list[tuple[str, tuple[str, ...]]] = []
    for group in groups:
        alike = len(set(group)) == 1
        if rng.random() >= chance or (not alike and not chows):
            kept.append(group)
            continue
        if not alike:
            table.append(("chow", tuple(group)))
        elif rng.random() < 0.3:
            role = rng.choice(("kong", "concealed kong"))
            table.append((role, tuple(group + group[:1])))
        else:
            table.append(("pong", tuple(group)))
    return kept, table


def perturb(rng: random.Random, tiles: list[str], pool: list[str]) -> list[str]:
    """The tiles with one swapped for a random tile (often a hand no longer complete)."""
    out = list(tiles)
    out[rng.randrange(len(out))] = rng.choice(pool)
    return out


def pick_win(rng: random.Random, concealed: list[str]) -> tuple[list[str], str]:
    tiles = list(concealed)
    win = tiles.pop(rng.randrange(len(tiles)))
    rng.shuffle(tiles)
    return tiles, win


def with_facts(deal: Deal, **facts: Any) -> Deal:
    return replace(deal, facts=tuple(sorted({**dict(deal.facts), **facts}.items())))


def dealt(make: Callable[[random.Random], Deal | None], seed: int, count: int) -> list[Deal]:
    """`count` tries of `make` from `seed`, the deals it made (a try may make none)."""
    rng = random.Random(seed)
    return [d for d in (make(rng) for _ in range(count)) if d is not None]
