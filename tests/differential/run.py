"""Hands played by bots on a `WatchedTable`, every recorded moment judged (`judge.py`).

A game is a bundled rule file (by path) or a generated one (`generate.py`, by seed). Hand K
of a run is dealt from seed `seed + K`; its bots are seeded from it too, so any finding is
played again from the numbers it reports.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tablerules.interpreter.api import Game, check
from tablerules.interpreter.bots.players import make_bot

from differential.generate import generated
from differential.judge import Mismatch, judge_moment
from differential.watch import WatchedTable

ROOT = Path(__file__).resolve().parents[2]
MAX_STEPS = 100_000  # choices in one hand before it counts as one that never ends
KEPT = 20  # findings kept in a report (the rest are counted)


def bundled_rule_files() -> list[Path]:
    """Every bundled rule file and variant, found by name: a new one joins on its own."""
    return [
        *sorted((ROOT / "rules").glob("*.rules")),
        *sorted((ROOT / "rules" / "variants").glob("*.rules")),
    ]


@dataclass
class Finding:
    """A mismatch with where it happened, enough to play it again."""

    game: str
    bots: str
    seed: int
    event: int
    context: str
    owner: int
    card: str
    mismatch: Mismatch

    def __str__(self) -> str:
        wrong = self.mismatch
        return (
            f"{self.game} {self.bots} seed {self.seed}, before event {self.event}: seat "
            f"{wrong.seat} on {self.context} of seat {self.owner} ({self.card}): engine "
            f"offered a win: {wrong.offered}, evaluate says wins: {wrong.wins} ({wrong.why})"
        )


@dataclass
class Report:
    """What a run saw: hands, cards offered, seats judged, wins offered, findings."""

    hands: int = 0
    moments: int = 0
    judged: int = 0
    wins: int = 0
    findings: list[Finding] = field(default_factory=list)
    more: int = 0  # findings past those kept

    @property
    def ok(self) -> bool:
        return not self.findings

    def add(self, other: Report) -> None:
        self.hands += other.hands
        self.moments += other.moments
        self.judged += other.judged
        self.wins += other.wins
        room = max(KEPT - len(self.findings), 0)
        self.findings += other.findings[:room]
        self.more += other.more + len(other.findings[room:])

    def summary(self) -> str:
        lines = [
            f"{self.hands} hands, {self.moments} cards offered, {self.judged} seats judged, "
            f"{self.wins} wins offered, {len(self.findings) + self.more} mismatches"
        ]
        lines += [f"  {finding}" for finding in self.findings]
        if self.more:
            lines.append(f"  … and {self.more} more")
        return "\n".join(lines)


def load(name: str) -> Game:
    """A game by a bundled file's path, or `gen:SEED` for a generated file."""
    if name.startswith("gen:"):
        made = generated(int(name.removeprefix("gen:")))
        checked = check(f"{made.name}.rules", text=made.text)
    else:
        checked = check(name)
    if checked.game is None or not checked.ok:
        problems = "\n".join(d.render() for d in checked.errors)
        raise ValueError(f"{name} does not load:\n{problems}")
    return checked.game


def play_and_judge(game: Game, name: str, bots: str, seed: int) -> Report:
    """One hand from `seed`, every card offered in it judged."""
    table = WatchedTable(game, seed=seed)
    players = [make_bot(bots, seed * 16 + seat) for seat in range(table.play.seats)]
    for _ in range(MAX_STEPS):
        if table.finished:
            break
        seat = table.waiting_for()[0]
        table.apply(players[seat].choose(table, seat))
    else:
        raise RuntimeError(f"{name} {bots} seed {seed}: a hand still going after {MAX_STEPS}")
    report = Report(hands=1, moments=len(table.moments))
    cards = game.compiled.cards.ids
    for moment in table.moments:
        report.judged += len(moment.open_to)
        report.wins += len(moment.offered)
        offer = moment.offer
        for mismatch in judge_moment(game, moment):
            card = cards[offer.card] if offer.card is not None else "-"
            report.findings.append(
                Finding(name, bots, seed, moment.event, offer.context, offer.owner, card, mismatch)
            )
    return report


_LOADED: dict[str, Game] = {}


def run(name: str, bots: str, hands: int, seed: int = 1) -> Report:
    """`hands` hands of one game with one kind of bot, from `seed` on (the game loaded once
    per process)."""
    game = _LOADED.get(name)
    if game is None:
        _LOADED.clear()  # one game at a time: a long run holds one game's tables
        game = _LOADED[name] = load(name)
    report = Report()
    for index in range(hands):
        report.add(play_and_judge(game, name, bots, seed + index))
    return report


@dataclass(frozen=True)
class Unit:
    """A stretch of a run: `hands` hands of one game with one kind of bot from `seed`."""

    name: str
    bots: str
    seed: int
    hands: int


def plan(hands: int, generated_files: int, seed: int = 1, stretch: int = 25) -> list[Unit]:
    """About `hands` hands in all: half over every bundled rule file, half over
    `generated_files` generated ones, each with random bots and (a quarter of its
    hands) greedy ones; cut into stretches of at most `stretch` hands."""
    games = [str(path) for path in bundled_rule_files()]
    made = [f"gen:{number}" for number in range(generated_files)]
    shares = [(games, hands // 2), (made, hands - hands // 2)] if made else [(games, hands)]
    units = []
    for names, share in shares:
        for index, name in enumerate(names):
            mine = share // len(names) + (1 if index < share % len(names) else 0)
            greedy = mine // 4
            for bots, count in (("random", mine - greedy), ("greedy", greedy)):
                start = seed + index * 100_000 + (50_000 if bots == "greedy" else 0)
                for first in range(0, count, stretch):
                    units.append(Unit(name, bots, start + first, min(stretch, count - first)))
    return units


def run_unit(unit: Unit) -> Report:
    return run(unit.name, unit.bots, unit.hands, unit.seed)
