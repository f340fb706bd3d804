"""Producing logs to check: `tablerules play`'s own session (the same header, hand, choice,
event and result lines, the same seeds, dealers and bots), writing to a buffered file
instead of flushing every line, and with no transcript.

This is the only part of the checker that runs the engine; `tests/test_logcheck.py` shows
that its log is the command's, line for line. The invariants read only the log.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

BOT_KINDS = ("random", "greedy")


class _Writer:
    """What the session needs of a log writer, without a flush per line."""

    def __init__(self, handle: Any) -> None:
        self.handle = handle
        self.encode = json.JSONEncoder(ensure_ascii=False).encode
        self.lines = 0
        self.path = getattr(handle, "name", "")

    def write(self, record: dict[str, Any]) -> None:
        self.handle.write(self.encode(record) + "\n")
        self.lines += 1


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
    from tablerules.cli.play import BOTS, Session
    from tablerules.cli.transcript import Report
    from tablerules.interpreter.api import check
    from tablerules.interpreter.engine.playlog import files_sha256, header_record
    from tablerules.interpreter.match import Match, seed_dealer

    checked = check(str(rules), options=options)
    if checked.game is None or checked.loaded.rules is None:
        problems = "\n".join(d.render() for d in checked.errors or checked.diagnostics)
        raise ValueError(f"{rules} does not load:\n{problems}")
    game = checked.game
    header = header_record(
        str(rules), files_sha256(checked.loaded.files), checked.loaded.options, seed, hands, bots
    )
    seats = game.compiled.rules.seats.count if game.compiled.rules.seats else 1
    class _Session(Session):
        def _flush(self, table: Any, logged: int) -> int:
            """As the command's, without reading each event back through JSON first: the
            encoder writes tuples as lists all the same."""
            for event in table.events[logged:]:
                self.emit(event)
            return len(table.events)

    with open(log, "w", encoding="utf-8") as handle:
        writer = _Writer(handle)
        writer.write(header)
        session = _Session(game, Report(game, "quiet", out=lambda line: None), writer)  # type: ignore[arg-type]
        match = Match(game, seed_dealer(seed, seats))
        for index in range(1, hands + 1):
            table = session.play_hand(index, seed + index - 1, match, BOTS[bots])
            assert table is not None
            if match.advance(table) is None:  # the last round is over: a new game
                following = table.state.next_dealer
                match = Match(game, following if following is not None else table.state.dealer)
