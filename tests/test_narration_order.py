"""A restriction a seat takes on by discarding is logged just before the discard (the
engine's order, which logs keep) but told after it: the command line's transcript and a
move's sentence read `X discards C`, then `X is under R on C`. (The playground steps one
event at a time, in the log's order.)"""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest
from tablerules.cli.main import main
from tablerules.interpreter import load_game
from tablerules.interpreter.bots.players import GreedyBot
from tablerules.interpreter.engine import Table
from tablerules.interpreter.narration.narrate import Narrator
from tablerules.interpreter.narration.order import told_after, told_order

ROOT = Path(__file__).resolve().parent.parent
PHZ = ROOT / "rules" / "paohuzi.rules"


def played(seed: int) -> tuple[Table, list[dict]]:
    game = load_game(PHZ)
    table = Table(game, seed=seed)
    bots = [GreedyBot(seed * 3 + seat) for seat in range(table.play.seats)]
    while not table.finished:
        seat = table.waiting_for()[0]
        table.apply(bots[seat].choose(table, seat), seat=seat)
    return table, table.events


def test_the_log_keeps_the_engines_order_and_the_sentence_tells_the_discard_first() -> None:
    table, events = played(7)
    pairs = [(one, two) for one, two in pairwise(events) if told_after(one, two)]
    assert pairs, "no restriction taken on by discarding in this hand"
    narrator = Narrator(table.game, table.state.dealer, table=table)
    for restriction, discard in pairs:
        said = narrator.sentence([restriction, discard])
        assert said.index(" discards ") < said.index(" is under "), said
        assert told_order([restriction, discard]) == [discard, restriction]


def test_the_transcript_tells_a_discard_before_the_restriction_it_brings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", str(PHZ), "--seed", "7"]) == 0
    lines = [line.strip() for line in capsys.readouterr().out.splitlines()]
    after = [
        (one, two)
        for one, two in pairwise(lines)
        if re.fullmatch(r"(\S+) is under \S+ on (\S+) \[.*\]", two)
    ]
    assert after
    for discard, restriction in after:
        seat, card = re.fullmatch(r"(\S+) is under \S+ on (\S+) \[.*\]", restriction).groups()
        assert discard == f"{seat} discards {card}", (discard, restriction)
