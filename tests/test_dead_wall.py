"""A dead wall (`drawn hand when ZONE is down to N`, TW-5): the hand is drawn when N cards
are left, the last card drawable is the one above them (海底), a number option may give N,
and the checker points at an unknown option."""

from __future__ import annotations

import random
from pathlib import Path

from tablerules.dsl.loading.loader import load
from tablerules.interpreter import load_game
from tablerules.interpreter.engine import Table

EXAMPLES = Path(__file__).parent.parent / "docs" / "examples"
DEAD = """extends "pebbles-play.rules"
option dead "pebbles never drawn": int 0..36 = 30 [PEB-6]
override end [PEB-6] {
  drawn hand when pile is down to LEFT
}
"""


def write(tmp_path: Path, left: str) -> Path:
    for name in ("minimal.rules", "pebbles-play.rules"):
        (tmp_path / name).write_text((EXAMPLES / name).read_text("utf-8"), encoding="utf-8")
    path = tmp_path / "dead.rules"
    path.write_text(DEAD.replace("LEFT", left), encoding="utf-8")
    return path


def play_out(table: Table, seed: int) -> Table:
    rng = random.Random(seed)
    while not table.finished:
        seat = table.waiting_for()[0]
        table.apply(rng.choice(table.legal_actions(seat)))
    return table


def draws_left(table: Table) -> list[int]:
    return [e["left"] for e in table.events if e["type"] in ("draw", "replacement")]


def test_the_hand_is_drawn_with_the_dead_wall_left(tmp_path: Path) -> None:
    game = load_game(write(tmp_path, "30"))
    drawn = 0
    for seed in range(40):
        table = play_out(Table(game, seed=seed), seed)
        left = draws_left(table)
        assert min(left) >= 30  # no card of the dead wall is ever drawn
        if table.events[-1]["type"] == "drawn hand" or any(
            e["type"] == "drawn hand" for e in table.events
        ):
            drawn += 1
            assert left[-1] == 30 and table.state.wall_left == 30
    assert drawn  # some hands run to the dead wall


def test_a_number_option_gives_the_dead_wall(tmp_path: Path) -> None:
    game = load_game(write(tmp_path, "dead"), options={"dead": "34"})
    table = play_out(Table(game, seed=1), 1)
    assert min(draws_left(table)) >= 34


def test_the_last_card_is_the_one_above_the_dead_wall(tmp_path: Path) -> None:
    game = load_game(write(tmp_path, "30"))
    for seed in range(40):
        table = Table(game, seed=seed)
        while not table.finished:
            seat = table.waiting_for()[0]
            choices = table.legal_actions(seat)
            last = [e for e in table.events if e["type"] == "draw"]
            if last and last[-1]["left"] == 30 and any(c.label == "win" for c in choices):
                assert table.state.last_card_drawn and table.state.drawable == 0
                return
            table.apply(random.Random(seed).choice(choices))
    raise AssertionError("no seed offered a win on the last card")


def test_an_unknown_option_is_pointed_at(tmp_path: Path) -> None:
    loaded = load(write(tmp_path, "deed"))
    errors = [(d.code, d.line) for d in loaded.diagnostics if d.severity == "error"]
    assert errors == [("E101", 4)]


def test_the_deal_says_how_many_may_be_drawn() -> None:
    """台灣 deals 64 of its 144 tiles; 80 stay in the wall, 16 of them never drawn (TW-5)."""
    from tablerules.interpreter.narration.narrate import Narrator

    game = load_game("taiwan")
    table = Table(game, seed=2)
    deal = table.events[0]
    assert deal["wall"] == 80  # the log counts every tile of the wall
    said = Narrator(game, table.state.dealer, events=table.events).phrase(deal)
    assert said is not None and said.endswith("64 left to draw")
