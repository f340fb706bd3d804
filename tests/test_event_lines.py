"""The play log's event lines, kept as events while a hand is played and made when asked
(`Table.keep_log_lines`, `HandLines`): byte for byte the encoding of the events the API
keeps, whatever the values; and writing a log does not import what reading one needs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from tablerules.interpreter import load_game
from tablerules.interpreter.bots.players import GreedyBot, RandomBot
from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.determinise import clone
from tablerules.interpreter.engine.game import play_parts
from tablerules.interpreter.playlog import line_forms
from tablerules.interpreter.playlog.event_kinds import DISCARD, DRAW, END, WINDOW
from tablerules.interpreter.playlog.event_lines import EventLines, HandLines, event_lines
from tablerules.interpreter.playlog.writer import line_bytes

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
        lines = HandLines(event_lines(game.shared))
        table.keep_log_lines(lines)
        seats = table.play.seats
        bots = [make(seed * seats + seat) for seat in range(seats)]
        made: list[bytes] = []
        while not table.finished:
            seat = table.waiting_for()[0]
            table.apply(bots[seat].choose(table, seat))
            if table.state.discards_made % 7 == 0:  # some lines asked for mid-hand
                made += lines.take()
        made += lines.take()
        assert made == [line_bytes(event) for event in table.events]


def test_equal_values_of_other_types_make_other_lines() -> None:
    """`True` and `1` (equal, with equal hashes), 1 and 1.0, a list and a tuple, texts
    that need escaping or hold a `%`, lists of mixed values: each event's line is its own,
    however the shapes before it were compiled."""
    game = load_game(ROOT / "rules" / "paomazai.rules")
    table = Table(game, seed=1)
    lines = HandLines(event_lines(game.shared))
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
    assert lines.take()[before:] == [line_bytes(event) for event in table.events[before:]]


def test_texts_kept_are_capped() -> None:
    """Past its limit the encoder keeps no new texts and still writes every line."""
    encoder = EventLines()
    encoder.values.texts.limit = 3
    for n in range(10):
        data = {"value": f"text {n}"}
        event = {"seq": n, "type": "probe", **data}
        assert encoder.line(n, "probe", "", (), data, event) == line_bytes(event)
    assert len(encoder.values.texts) == 3


def test_a_clone_writes_no_lines() -> None:
    """A clone's what-if moves (a sampling bot's) are not the hand's: no lines."""
    game = load_game(ROOT / "rules" / "paomazai.rules")
    table = Table(game, seed=2)
    lines = HandLines(event_lines(game.shared))
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


def test_declared_kinds_given_other_values_make_their_own_lines() -> None:
    """A declared kind's fields given values not of their forms (a flag as 1 or None, a
    text as a number or a list), texts holding `%` or quotes, other clauses and cites
    for the same kind: each line is still its event's encoding."""
    game = load_game(ROOT / "rules" / "paomazai.rules")
    table = Table(game, seed=1)
    lines = HandLines(event_lines(game.shared))
    table.keep_log_lines(lines)
    before = len(table.events)
    for shown, card in ((False, "1m"), (None, "1m"), (False, 5), (True, ["x"]), (False, '%d"')):
        for cites in (("A-1",), ["A-1"], ("B-2", "%s"), ()):
            table.log(
                DRAW,
                clause="turn",
                cites=cites,
                seat=1,
                shown=shown,
                left=3,
                card=card,
                name="100%",
            )
    table.log(DISCARD, clause="other", seat=2, card="2m", name="二萬")
    table.log(DISCARD, seat=2, card="2m", name="二萬")
    assert lines.take()[before:] == [line_bytes(event) for event in table.events[before:]]


def test_declared_kinds_given_out_of_order_or_of_other_types_are_encoded_whole() -> None:
    """A declared kind's form is found by kind, clause and number of fields: fields given
    in another order, a flag as 0 or 1 (equal to False and True), an integer as True or
    2.5, a list's integer as True or a seat as a boolean, each after the form has made
    lines of the same memo keys, still write the event's own encoding."""
    game = load_game(ROOT / "rules" / "paomazai.rules")
    table = Table(game, seed=1)
    lines = HandLines(event_lines(game.shared))
    table.keep_log_lines(lines)
    before = len(table.events)
    for shown, seat, left in ((True, 1, 3), (1, 1, 3), (False, 1, 3), (0, 1, 3)):
        table.log(DRAW, "turn", ("A-1",), seat=seat, shown=shown, left=left, card="1m", name="x")
    for seat, left in ((True, 3), (1, True), (1, 2.5), (False, 0)):
        table.log(DRAW, "turn", ("A-1",), seat=seat, shown=True, left=left, card="1m", name="x")
    table.log(DRAW, "turn", ("A-1",), shown=True, seat=1, left=3, card="1m", name="x")
    cites = table.play.turn.cites  # the form the engine's discards take
    table.log(DISCARD, "turn", cites, seat=1, card="1m", name="x")
    table.log(DISCARD, "turn", cites, seat=1, name="x", card="1m")
    for taken_by, chosen in (([2], [[2, "x"]]), ([True], [[2, "x"]]), ([2], [[True, "x"]])):
        window = {"context": "discard", "owner": 1, "card": "1m", "offered": [[2, ["x"]]]}
        window.update(chosen=chosen, taken_by=taken_by, why="", hidden=False)
        table.log(WINDOW, "window", **window)
    table.log(WINDOW, "window", **{**window, "offered": [[True, ["x"]]], "chosen": []})
    table.log(END, winners=[1], next_dealer=None, totals=[1.5, 0, 0, 0])
    made = lines.take()[before:]
    assert made == [line_bytes(event) for event in table.events[before:]]
    assert b'"shown": 1' in made[1] and b'"left": true' in made[5] and b'"left": 2.5' in made[6]


def test_a_forms_memo_keeps_at_most_its_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past `MEMO_KEPT` templates a form's memo keeps no more and every line is still
    its event's encoding (a draw's and a discard's memo would otherwise fill up)."""
    monkeypatch.setattr(line_forms, "MEMO_KEPT", 2)
    game = load_game(ROOT / "rules" / "paohuzi.rules")
    encoder = event_lines(game.shared)
    table = Table(game, seed=5)
    for form in encoder._cited_forms.values():
        if form is not None and form.memo is not None:
            form.memo.clear()  # made by earlier tables of this game
    lines = HandLines(encoder)
    table.keep_log_lines(lines)
    bots = [RandomBot(seat) for seat in range(table.play.seats)]
    while not table.finished:
        seat = table.waiting_for()[0]
        table.apply(bots[seat].choose(table, seat))
    assert lines.take() == [line_bytes(event) for event in table.events]
    forms = [form for form in encoder._cited_forms.values() if form is not None]
    assert all(len(form.memo) <= 2 for form in forms if form.memo is not None)
    turn = play_parts(game).turn_forms
    assert turn.draw is not None and turn.discard is not None
    assert len(turn.draw.memo or ()) == 2 and len(turn.discard.memo or ()) == 2
