"""Stepping through the playground's hand (AppTest): one counter, the arrow keys, and the
place kept when an option or the seat changes."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from streamlit.testing.v1 import AppTest
from tablerules.playground.play.hand_page import page_steps

from .page import (
    APP,
    PHZ,
    PMZ,
    click,
    click_component,
    component,
    component_data,
    counter,
    load,
    run,
)


def test_one_counter_steps_back_and_forth_and_jumps_to_a_clicked_move(app: AppTest) -> None:
    _, moves = counter(app)
    for step in range(1, 4):
        click(app, "next")
        assert counter(app) == (step, moves)
    click(app, "back")
    assert counter(app) == (2, moves)
    click(app, "to_end")
    assert counter(app) == (moves, moves)
    assert app.session_state["hand"].table.finished
    click(app, "next")  # nothing after the end
    assert counter(app) == (moves, moves)
    click_component(app, "moves", 7)
    assert counter(app) == (7, moves) and component_data(app, "moves")["current"] == 7
    click(app, "reset")
    assert counter(app) == (0, moves)


def test_the_arrow_keys_step_and_no_press_is_lost(app: AppTest) -> None:
    """The keys component reports the step asked for last, numbered: presses sent while
    the app was still running (5, then 6, …) land on the last one, each acted on once."""
    _, moves = counter(app)
    app.session_state["keys"] = {"key": {"value": 5, "n": 1}}
    run(app)
    assert counter(app) == (5, moves)
    assert component_data(app, "keys")["applied"] == 1
    app.session_state["keys"] = {"key": {"value": 9, "n": 5}}  # four presses in one run
    run(app)
    assert counter(app) == (9, moves)
    run(app)  # the same press is not acted on twice
    assert counter(app) == (9, moves) and component_data(app, "keys")["current"] == 9


def test_an_option_change_keeps_the_place_and_the_choices(app: AppTest) -> None:
    click_component(app, "moves", 10)
    before = app.session_state["hand"]
    app.number_input(key="opt_paomazai_rules_unit").set_value(20)
    run(app)
    after = app.session_state["hand"]
    assert after is not before and after.game.compiled.options["unit"] == 20
    assert counter(app)[0] == 10
    made = before.marks[before.cursor]
    assert after.played()[:made] == before.played()[:made]


def test_a_seat_change_keeps_the_place_and_shows_that_seat_only(app: AppTest) -> None:
    steps, _ = page_steps(app.session_state["hand"], None)
    # a step that ends its move: a seat's decision, where the seat played waits
    place = next(s.number for s in steps if s.number >= 6 and s.number + 1 < len(steps)
                 and steps[s.number + 1].move != s.move)  # fmt: skip
    click_component(app, "moves", place)
    hand = app.session_state["hand"]
    seat = hand.table.waiting_for()[0]
    app.selectbox(key="sit_at").set_value(seat)
    run(app)
    app.toggle(key="play_seat").set_value(False)
    run(app)
    assert counter(app)[0] == place
    table = component(app, "table")
    assert table.count("tr-back") == sum(
        sum(s.hand) for i, s in enumerate(hand.table.state.seats) if i != seat
    )
    rows = component(app, "moves")
    assert rows.count('data-move="') == place + 1  # no moves ahead of the one shown


def test_bots_playing_on_show_each_step_before_the_next(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots play on one step a tick. On a busy server a run of the table part can last
    longer than a tick, and the next tick then comes as soon as it has ended: that run
    must not take a second step at once, or the step just drawn is replaced before it is
    seen (the table went 14, 16 at the speed `fast`). The clock is the test's."""
    from tablerules.playground.page import ticker
    from tablerules.playground.tabs import hand

    clock = SimpleNamespace(now=100.0)
    fake = SimpleNamespace(monotonic=lambda: clock.now)
    for module in (hand, ticker):  # wherever the Hand tab's part reads the time
        monkeypatch.setattr(module, "time", fake, raising=False)
    build = hand.build_page

    def slow_build(*args: object, **kwargs: object) -> object:
        clock.now += 0.3  # drawing the page takes longer than a tick (0.25 s)
        return build(*args, **kwargs)

    monkeypatch.setattr(hand, "build_page", slow_build)
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["speed_watch"] = "fast"
    run(at)
    clock.now += 0.3
    before = counter(at)[0]
    run(at)  # a tick: one step on, drawn slowly
    assert counter(at)[0] == before + 1
    run(at)  # the next tick, as soon as that run has ended: the step just drawn stays
    assert counter(at)[0] == before + 1
    clock.now += 0.2
    run(at)  # a tick later: the next step
    assert counter(at)[0] == before + 2


def test_another_file_and_back_keeps_the_hand_and_the_move(app: AppTest) -> None:
    """A look at another game does not lose the place: back at the first file, the same
    hand of its match at the same move."""
    click(app, "to_end")
    click(app, "next_hand")
    click_component(app, "moves", 5)
    assert app.session_state["match"].number == 2 and counter(app)[0] == 5
    load(app, PHZ)
    assert app.session_state["match"].number == 1
    load(app, PMZ)
    assert app.session_state["match"].number == 2
    assert counter(app)[0] == 5
