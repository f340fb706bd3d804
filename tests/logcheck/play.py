"""Producing logs to check: hands played by bots at every seat, written as `tablerules play
--log` writes them (the same header, hand, choice, event and result lines, the same seeds
and dealers), without the command's per-line flushing and transcript.

This is the only part of the checker that runs the engine; `tests/test_logcheck.py` shows
that its log is the command's, line for line. The invariants read only the log.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

BOT_KINDS = ("random", "greedy")


def play_log(
    rules: str | Path,
    log: str | Path,
    hands: int,
    bots: str = "random",
    seed: int = 1,
    options: dict[str, str] | None = None,
) -> None:
    """Play `hands` seeded hands of a rule file with bots at every seat into `log`: hand K
    is dealt with seed SEED+K-1 by the previous hand's next dealer, the bot at seat S of a
    hand dealt with seed H is seeded H × SEATS + S, as `tablerules play` does."""
    from tablerules.interpreter.api import check
    from tablerules.interpreter.bots import GreedyBot, RandomBot
    from tablerules.interpreter.engine import Table
    from tablerules.interpreter.engine.playlog import (
        choice_record,
        files_sha256,
        header_record,
        result_record,
    )

    checked = check(str(rules), options=options)
    if checked.game is None or checked.loaded.rules is None:
        problems = "\n".join(d.render() for d in checked.errors or checked.diagnostics)
        raise ValueError(f"{rules} does not load:\n{problems}")
    game = checked.game
    make = {"random": RandomBot, "greedy": GreedyBot}[bots]
    header = header_record(
        str(rules), files_sha256(checked.loaded.files), checked.loaded.options, seed, hands, bots
    )
    dumps = json.JSONEncoder(ensure_ascii=False).encode
    with open(log, "w", encoding="utf-8") as out:
        write = out.write
        write(dumps(header) + "\n")
        dealer: int | None = None
        for index in range(1, hands + 1):
            hand_seed = seed + index - 1
            table = Table(game, seed=hand_seed, dealer=dealer)
            seats = table.play.seats
            players = [make(hand_seed * seats + seat) for seat in range(seats)]
            record: dict[str, Any] = {
                "type": "hand",
                "index": index,
                "seed": hand_seed,
                "dealer": table.state.dealer,
            }
            write(dumps(record) + "\n")
            events = table.events
            written = 0
            while not table.finished:
                for event in events[written:]:
                    write(dumps(event) + "\n")
                written = len(events)
                seat = table.waiting_for()[0]
                choice = players[seat].choose(table, seat)
                write(dumps(choice_record(choice.seat, choice.label)) + "\n")
                table.apply(choice)
            for event in events[written:]:
                write(dumps(event) + "\n")
            write(dumps(result_record(table)) + "\n")
            following = table.state.next_dealer
            dealer = following if following is not None else table.state.dealer
