"""Producing logs to check: `tablerules play`'s own session and log writer (the same header,
hand, choice, event and result lines, the same seeds, dealers and bots), without printing a
transcript; into a file (`play_log`) or hand by hand in memory (`play_hands`), so a long run
never writes its log to disk.

This is the only part of the checker that runs the engine; `tests/test_logcheck.py` shows
that its lines are the command's, line for line. The invariants read only the log.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from logcheck.logfile import Hand, Record, read_hands

if TYPE_CHECKING:
    from tablerules.interpreter.api import Game

BOT_KINDS = ("random", "greedy")


@dataclass(frozen=True)
class Plan:
    """Hands to play: `hands` hands of a rule file from `seed`, numbered from `first`.

    Hand K is dealt with seed `seed + K - 1`, the first by the dealer the seed names and
    each next one by the previous hand's next dealer, as `tablerules play RULES --seed S
    --hands N` deals them. A plan that starts at hand `first` > 1 is a stretch of a longer
    run: it plays what `tablerules play --seed S+first-1 --hands N` plays, numbered on."""

    rules: str
    hands: int
    bots: str = "random"
    seed: int = 1
    first: int = 1
    options: dict[str, str] = field(default_factory=dict)

    def stretch(self, first: int, hands: int) -> Plan:
        """The part of this plan from hand `first`, `hands` long."""
        return Plan(self.rules, hands, self.bots, self.seed, first, dict(self.options))


_GAMES: dict[tuple[str, tuple[tuple[str, str], ...]], tuple[Any, Record]] = {}


def _loaded(plan: Plan) -> tuple[Game, Record]:
    """The compiled game and the log header of a plan's rule file (once per process)."""
    key = (str(plan.rules), tuple(sorted(plan.options.items())))
    found = _GAMES.get(key)
    if found is None:
        from tablerules.cli.common import rules_file
        from tablerules.interpreter.api import check
        from tablerules.interpreter.playlog.reader import files_sha256, header_record

        path, _ = rules_file(str(plan.rules))  # a bundled name, as `tablerules play` takes
        checked = check(str(path), options=plan.options or None)
        if checked.game is None or checked.loaded.rules is None:
            problems = "\n".join(d.render() for d in checked.errors or checked.diagnostics)
            raise ValueError(f"{plan.rules} does not load:\n{problems}")
        sha = files_sha256(checked.loaded.files)
        header = header_record(str(plan.rules), sha, checked.loaded.options, 0, 0, "")
        found = _GAMES[key] = (checked.game, header)
    return found


def forget_other_games(plan: Plan) -> None:
    """Let go of every loaded game but the plan's (and what their tables remember): a
    process that plays the plans of many rule files in turn then holds one game's memory,
    not the sum of all of them."""
    keep = (str(plan.rules), tuple(sorted(plan.options.items())))
    others = [key for key in _GAMES if key != keep]
    for key in others:
        del _GAMES[key]
    if others:
        gc.collect()  # a compiled game holds cycles: free it now, not at some later pass


def header_of(plan: Plan) -> Record:
    """The header line `tablerules play` writes for this plan."""
    _, header = _loaded(plan)
    return {**header, "seed": plan.seed, "hands": plan.hands, "bots": plan.bots}


class _KeptLines:
    """A log writer (the interface `Session` writes to) that keeps the lines in memory."""

    path = "(memory)"

    def __init__(self) -> None:
        self.lines = 0
        self.kept: list[str] = []

    def write(self, record: Record) -> None:
        from tablerules.interpreter.playlog.reader import dumps

        self.write_line(dumps(record))

    def write_line(self, line: str) -> None:
        self.kept.append(line)
        self.lines += 1

    def write_lines(self, lines: Sequence[bytes]) -> None:
        """Lines as the session hands them to a log file (UTF-8), kept as text."""
        self.kept.extend(line.decode("utf-8") for line in lines)
        self.lines += len(lines)

    def flush(self) -> None:
        """Lines are kept until taken."""

    def close(self) -> None:
        """Nothing to close."""


def _play(plan: Plan, writer: Any) -> Iterator[None]:
    """Play the plan's hands through `tablerules play`'s session into `writer`, yielding
    after each hand."""
    from tablerules.cli.play import Session, bot_maker
    from tablerules.cli.transcript import Report
    from tablerules.interpreter.match import Match, seed_dealer

    game, _ = _loaded(plan)
    seats = game.compiled.rules.seats.count if game.compiled.rules.seats else 1
    session = Session(game, Report(game, "quiet", out=lambda line: None), writer)
    start = plan.seed + plan.first - 1
    match = Match(game, seed_dealer(start, seats))
    make = bot_maker(plan.bots, seats, None)
    for index in range(plan.first, plan.first + plan.hands):
        table = session.play_hand(index, plan.seed + index - 1, match, make)
        assert table is not None
        yield
        if match.advance(table) is None:  # the last round is over: a new game
            following = table.state.next_dealer
            match = Match(game, following if following is not None else table.state.dealer)


def play_hands(plan: Plan, choices: bool = True) -> tuple[Record, Iterator[Hand]]:
    """The header and, played one at a time as they are asked for, the hands of a plan,
    read from the lines `tablerules play --log` would write (held in memory only; with
    `choices` False the bots' choice lines are kept as text, not decoded)."""
    header = header_of(plan)

    def hands() -> Iterator[Hand]:
        writer = _KeptLines()
        line = 2  # where the first hand begins, after the header
        for _ in _play(plan, writer):
            lines, writer.kept = writer.kept, []
            yield from read_hands(lines, line, choices)
            line += len(lines)

    return header, hands()


def play_log(
    rules: str | Path,
    log: str | Path,
    hands: int,
    bots: str = "random",
    seed: int = 1,
    options: dict[str, str] | None = None,
) -> None:
    """Play `hands` seeded hands of a rule file with bots at every seat into `log`, as
    `tablerules play RULES --seed SEED --hands HANDS --bots BOTS --log LOG` does."""
    from tablerules.interpreter.playlog.reader import LogWriter

    plan = Plan(str(rules), hands, bots, seed, 1, dict(options or {}))
    writer = LogWriter(str(log))
    try:
        writer.write(header_of(plan))
        for _ in _play(plan, writer):
            pass
    finally:
        writer.close()
