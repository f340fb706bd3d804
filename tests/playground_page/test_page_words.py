"""Words of the page told in its language: the bots, offered in the sidebar in its words
(a link may name them in any language, another language keeps them), and a choice a
replay under edited rules refuses (AppTest and the hand itself)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest
from tablerules.interpreter import load_game
from tablerules.playground.play.hands import HandSession

from .page import APP, PMZ, run


def test_the_bots_are_offered_in_the_page_language() -> None:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params.update({"lang": "zh-Hant"})
    run(at)
    assert at.selectbox(key="bots").options == ["貪心", "隨機"]
    assert at.selectbox(key="bots").value == "greedy"


def test_a_link_names_the_bots_in_any_language_and_a_language_keeps_them() -> None:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params.update({"lang": "zh-Hans", "bots": "random"})
    run(at)
    assert at.selectbox(key="bots").value == "random"
    run(at)
    assert at.query_params["bots"] == "随机"
    assert at.session_state["match"].bots == "random"
    at.selectbox(key="lang").set_value("English")
    run(at)
    assert at.selectbox(key="bots").value == "random"
    assert at.selectbox(key="bots").options == ["greedy", "random"]


def test_a_choice_the_edited_rules_refuse_is_named_in_the_page_language() -> None:
    """A replay under other rules that stops at a choice they refuse names that choice in
    the page's words ("打出", not "discard")."""
    game = load_game(PMZ)
    played = HandSession(game, 7)
    played.to_end()
    script = played.played()
    number, (seat, label) = next(
        (n, choice) for n, choice in enumerate(script) if choice[1].startswith("discard ")
    )
    held = {label.split()[1]}
    other = next(c for c in game.compiled.cards.ids if c not in held)
    script[number] = (seat, f"discard {other}")
    again = HandSession(game, 7, script=script)
    assert again.note is not None
    told = again.note.told("zh-Hant")
    assert "discard" not in told and "打出" in told, told
