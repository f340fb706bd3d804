"""A seat played in the playground (AppTest) to the end of the hand by clicking cards and
claim buttons."""

from __future__ import annotations

import re

from streamlit.testing.v1 import AppTest

from .page import CHOICE, click_component, component, run, texts


def test_a_seat_is_played_to_the_end_by_clicking_cards_and_claim_buttons(app: AppTest) -> None:
    hand = app.session_state["hand"]
    me = (hand.dealer + 1) % 4
    names = hand.game.compiled.seat_names
    app.selectbox(key="sit_at").set_value(me)
    run(app)
    app.select_slider(key="speed_play").set_value("instant")
    run(app)
    clicked_cards = 0
    for _ in range(80):
        hand = app.session_state["hand"]
        if hand.end.finished and hand.cursor == hand.last:
            break
        assert hand.humans == frozenset({me}) and hand.waiting_human() == me, texts(app)
        choices = CHOICE.findall(component(app, "table"))
        claims = [b for b in app.button if b.key and b.key.startswith("choose_")]
        if choices:
            assert any(i.value.startswith(f"Your turn, {names[1]}") for i in app.info)
            click_component(app, "table", choices[-1])
            clicked_cards += 1
        else:
            assert claims, texts(app)
            claims[0].click()
            run(app)
    hand = app.session_state["hand"]
    assert hand.end.finished and clicked_cards > 3
    mine = [label for seat, label in hand.choices if seat == me]
    assert sum(label.startswith("discard ") for label in mine) >= clicked_cards
    verdict = [s.value for s in app.success]
    assert verdict and re.match(
        rf"(You win, {names[1]}|You dealt in|Drawn hand|.* won; {names[1]})", verdict[0]
    )
