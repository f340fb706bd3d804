"""The bots are named in the page's language: the sidebar's box offers them in its words,
a link may name them in any language, and another language keeps the bots chosen
(AppTest)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from .page import APP, run


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
