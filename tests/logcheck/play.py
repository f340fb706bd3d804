"""Producing logs to check: `tablerules play`'s own session and log writer (the same header,
hand, choice, event and result lines, the same seeds, dealers and bots), without printing a
transcript.

This is the only part of the checker that runs the engine; `tests/test_logcheck.py` shows
that its log is the command's, line for line. The invariants read only the log.
"""

from __future__ import annotations

from pathlib import Path

BOT_KINDS = ("random", "greedy")


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
    from tablerules.interpreter.engine.playlog import LogWriter, files_sha256, header_record
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
    writer = LogWriter(str(log))
    try:
        writer.write(header)
        session = Session(game, Report(game, "quiet", out=lambda line: None), writer)
        match = Match(game, seed_dealer(seed, seats))
        for index in range(1, hands + 1):
            table = session.play_hand(index, seed + index - 1, match, BOTS[bots])
            assert table is not None
            if match.advance(table) is None:  # the last round is over: a new game
                following = table.state.next_dealer
                match = Match(game, following if following is not None else table.state.dealer)
    finally:
        writer.close()
