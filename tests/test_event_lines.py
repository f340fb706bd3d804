"""The play log's event lines made as events are logged (`Table.keep_log_lines`): byte for
byte the encoding of the events the API keeps, whatever the values; and writing a log does
not import what reading one needs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from tablerules.interpreter import load_game
from tablerules.interpreter.bots import GreedyBot, RandomBot
from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.determinise import clone
from tablerules.interpreter.engine.event_lines import EventLines
from tablerules.interpreter.engine.logwriter import line_bytes

ROOT = Path(__file__).resolve().parent.parent
RULES = [*sorted((ROOT / "rules").glob("*.rules")), *(ROOT / "rules" / "variants").glob("*.rules")]


@pytest.mark.parametrize("rules", RULES, ids=lambda path: path.stem)
def test_every_line_is_its_events_encoding(rules: Path) -> None:
    """Hands played with their lines kept: one line per event, each the event's own
    encoding, the events made before the lines were asked for included; the second hand
    reuses the shapes the first compiled."""
    game = load_game(rules)
    for seed, make in ((3, RandomBot), (4, GreedyBot)):
        table = Table(game, seed=seed)
        lines: list[bytes] = []
        table.keep_log_lines(lines)
        seats = table.play.seats
        bots = [make(seed * seats + seat) for seat in range(seats)]
        while not table.finished:
            seat = table.waiting_for()[0]
            table.apply(bots[seat].choose(table, seat))
        assert lines == [line_bytes(event) for event in table.events]


def test_equal_values_of_other_types_make_other_lines() -> None:
    """`True` and `1` (equal, with equal hashes), 1 and 1.0, a list and a tuple, texts
    that need escaping or hold a `%`, lists of mixed values: each event's line is its own,
    however the shapes before it were compiled."""
    game = load_game(ROOT / "rules" / "paomazai.rules")
    table = Table(game, seed=1)
    lines: list[bytes] = []
    table.keep_log_lines(lines)
    before = len(table.events)
    values = (True, 1, 1.0, True, 0, False, -0.0, 0.0, None, "1", [1, True], (1, 1), [1, 1])
    values += ('say "%d"', "a\\b\n%%", "\x07", [], [["a", 2], []], [[1, 2], ("x",)], {"k": [1]})
    for value in values:
        for _ in range(2):
            table.log("probe", clause="probe", cites=("X-1",), value=value, seat=2)
    table.log("probe", clause="probe", cites=["X-1"], value=1, seat=2)
    table.log("probe", clause="100%", cites=["X-%d"], value=1, seat=2)
    table.log("probe", clause="probe", value=1, seat=2)
    table.log("probe", value=1, seat=2)
    table.log("probe", type="other", value=1)
    assert lines[before:] == [line_bytes(event) for event in table.events[before:]]


def test_texts_kept_are_capped() -> None:
    """Past its limit the encoder keeps no new texts and still writes every line."""
    encoder = EventLines()
    encoder._texts.limit = 3
    for n in range(10):
        data = {"value": f"text {n}"}
        event = {"seq": n, "type": "probe", **data}
        assert encoder.line(n, "probe", "", (), data, event) == line_bytes(event)
    assert len(encoder._texts) == 3


def test_a_clone_writes_no_lines() -> None:
    """A clone's what-if moves (a sampling bot's) are not the hand's: no lines."""
    game = load_game(ROOT / "rules" / "paomazai.rules")
    table = Table(game, seed=2)
    lines: list[bytes] = []
    table.keep_log_lines(lines)
    kept = len(lines)
    twin = clone(table)
    seat = twin.waiting_for()[0]
    twin.apply(twin.legal_actions(seat)[0])
    assert len(twin.events) > len(table.events) and len(lines) == kept


def test_writing_a_log_imports_no_reading_models() -> None:
    """`play --log` needs the writer alone: the line models' library stays unimported."""
    code = (
        "import sys, tablerules.cli.play, tablerules.cli.transcript;"
        "print('pydantic' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
