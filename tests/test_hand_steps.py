"""One event, one step (`playground.play.steps`): a move of a dozen events — 跑胡子's endgame,
draws shown and not taken one after another — is watched card by card, each step's table
the hand as it stood after that event, and the steps grouped by turn."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.playground.play.hand_page import PageBuilder, build_page
from tablerules.playground.play.hands import HandSession
from tablerules.playground.play.steps import current_step, show_step, table_at

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def endgame() -> HandSession:
    """跑胡子, seed 7: the hand ends in a move of ten draws shown and not taken."""
    return HandSession(load_game(ROOT / "rules" / "paohuzi.rules"), 7)


def test_a_move_of_many_events_is_many_steps(endgame: HandSession) -> None:
    last = endgame.last
    events = endgame.events_at[last] - endgame.events_at[last - 1]
    assert events >= 10  # the move the issue named: a dozen events at once
    steps = [s for s in PageBuilder(endgame, None).steps if s.move == last]
    assert len(steps) >= 10
    narrator = PageBuilder(endgame, None).narrator
    for step in steps:  # each step tells one event
        told = [e for e in endgame.end.events[step.start : step.end] if narrator.phrase(e)]
        assert len(told) == 1, told


def test_stepping_on_shows_the_hand_card_by_card(endgame: HandSession) -> None:
    """→ through the last move: each step's table holds exactly the events shown, the
    stock goes down by one at each draw, and the move's last step is the move's end."""
    builder = PageBuilder(endgame, None)
    steps = [s for s in builder.steps if s.move == endgame.last]
    left = None
    for step in steps:
        show_step(endgame, step)
        table = PageBuilder(endgame, None).table
        assert table.events == endgame.end.events[: step.end]
        drawn = endgame.end.events[step.end - 1]
        if drawn["type"] == "draw":
            assert left is None or table.state.wall_left == left - 1
            left = table.state.wall_left
    assert endgame.partial is None and endgame.table.finished  # the last step: the end


def test_back_and_on_never_skip_a_step(endgame: HandSession) -> None:
    steps = PageBuilder(endgame, None).steps
    for step in steps:
        show_step(endgame, step)
        assert current_step(endgame, PageBuilder(endgame, None).steps) == step


def test_a_step_part_way_through_a_move_offers_no_choice(phz: Game) -> None:
    seat = 0
    session = HandSession(phz, 7, humans=frozenset({seat}))
    session.to_end()
    assert session.waiting_human() == seat and build_page(session, seat).prompt
    steps = PageBuilder(session, seat).steps
    before = [s for s in steps if s.move == session.cursor]
    if len(before) > 1:  # the decision comes at the move's end, not before
        show_step(session, before[0])
        page = build_page(session, seat)
        assert not page.prompt and not page.claims


def test_the_steps_are_grouped_by_turn(endgame: HandSession) -> None:
    rows = build_page(endgame, None).moves
    turns = [row.turn for row in rows]
    assert turns == sorted(turns) and turns[0] == 0 and turns[-1] > 20
    for row, after in itertools.pairwise(rows):  # a new turn is another seat's
        if after.turn != row.turn:
            assert after.seat != row.seat


def test_the_endgame_is_told_step_by_step_in_chinese(endgame: HandSession) -> None:
    """The same steps in 简体中文: one sentence an event, the cards in simplified names."""
    english = build_page(endgame, None).moves
    chinese = build_page(endgame, None, "zh-Hans").moves
    assert len(chinese) == len(english)
    assert chinese[-2].text == "流局：没有人赢"
    assert any(row.text.endswith("没有人要，放进庄的弃牌") for row in chinese)
    assert "貳" not in " ".join(row.text for row in chinese)


def test_a_partial_table_is_rebuilt_once(endgame: HandSession) -> None:
    step = [s for s in PageBuilder(endgame, None).steps if s.move == endgame.last][3]
    show_step(endgame, step)
    assert endgame.partial is not None
    assert table_at(endgame, endgame.partial) is table_at(endgame, endgame.partial)
