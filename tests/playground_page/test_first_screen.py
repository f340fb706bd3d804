"""The playground's first screen (AppTest): a hand ready to step, every bundled file checked
and dealt, no error details on the page, and a failure inside the hand told in words."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from tablerules.playground.files.drafts import bundled_rule_files, display_path

from .page import click, compare_box, component, component_data, counter, open_tab, run, texts


def test_the_first_screen_is_a_hand_ready_to_step(app: AppTest) -> None:
    said = texts(app)
    assert "tablerules playground · 跑馬仔" in said
    assert "Step through the hand below with **→** and **←**" in said
    assert app.tabs[0].label == "Hand"  # the tab shown first
    moves = component_data(app, "keys")["last"]  # a step each event (draw, discard, …)
    assert counter(app) == (0, moves) and moves > app.session_state["hand"].last > 10
    table = component(app, "table")
    for name in ("東", "南", "西", "北"):
        assert f"<b>{name}</b>" in table
    assert table.count('class="tr-card tr-tile') >= 52
    rows = component(app, "moves")
    assert rows.count('data-move="') == moves + 1
    assert "deals 13 cards each" in rows
    # the arrow keys are the page's, wherever the focus is (not a button's shortcut)
    assert component_data(app, "keys") == {"current": 0, "last": moves, "applied": 0}
    shortcuts = {b.key: b.proto.shortcut for b in app.button if b.key in ("back", "next")}
    assert shortcuts == {"back": "", "next": ""}
    # the other tabs are drawn too, ready: Compare offers a variant of the same game first
    assert compare_box(app).value.startswith("rules/variants/paomazai-")
    assert not app.warning and not app.error


def test_every_bundled_rule_file_checks_clean_and_deals_a_hand(
    app: AppTest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the app does not depend on the current directory
    names = app.selectbox(key="rule_file").options
    assert names == [display_path(p) for p in bundled_rule_files()]
    for name in names:
        app.selectbox(key="rule_file").set_value(name)
        run(app)
        assert not app.error, name
        assert counter(app)[0] == 0 and counter(app)[1] > 0, name
    open_tab(app, "Rules")
    for name in names:
        app.selectbox(key="rule_file").set_value(name)
        run(app)
        assert [s.value for s in app.success] == ["the rules check clean"], name


def test_no_error_details_reach_the_page_wherever_it_is_served_from(
    app: AppTest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The project's .streamlit/config.toml hides error details, but only when the server
    starts in the project's folder: the app itself says so too."""
    from streamlit import config

    monkeypatch.chdir(tmp_path)
    config.set_option("client.showErrorDetails", "full")
    run(app)
    assert config.get_option("client.showErrorDetails") == "none"


def test_a_failure_inside_the_hand_is_told_in_words(
    app: AppTest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No traceback reaches the page: a part that fails says which part, and why."""
    from tablerules.playground.tabs import hand

    def broken(*args: object) -> None:
        raise RuntimeError("the page could not be built")

    monkeypatch.setattr(hand, "build_page", broken)
    click(app, "next")
    assert [e.value for e in app.error] == [
        "The table could not be drawn: the page could not be built. The other tabs still "
        "work; changing the rule file, the seed or the options starts this part afresh."
    ]
    assert not app.exception
    monkeypatch.undo()
    run(app)  # the next run draws the hand again, where it is
    assert not app.error and counter(app)[0] == 1
