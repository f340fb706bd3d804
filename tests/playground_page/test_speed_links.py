"""A link that gives the bots' speed: Streamlit writes the word the page shows into the
address (`speed_play=快` on a Chinese page), so a link written by the speed's own name, or
in another language's words, is taken and written again in the page's words (AppTest)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from .page import APP, run


@pytest.mark.parametrize(
    ("lang", "asked", "kept"),
    [
        ("zh-Hant", "fast", "快"),  # the speed's own name, on a Chinese page
        ("en", "快", "fast"),  # a Chinese page's link opened in English
        ("zh-Hans", "instant", "立刻"),
    ],
)
def test_a_link_gives_the_speed_in_any_language(lang: str, asked: str, kept: str) -> None:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params.update({"lang": lang, "seat": "2", "speed_play": asked})
    run(at)
    wanted = asked if asked in ("fast", "instant") else "fast"
    assert at.select_slider(key="speed_play").value == wanted
    run(at)  # kept on the next run, the address in the page's words
    assert at.select_slider(key="speed_play").value == wanted
    assert at.query_params["speed_play"] == kept


def test_a_word_of_no_speed_leaves_the_default() -> None:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params.update({"lang": "zh-Hant", "seat": "2", "speed_play": "warp"})
    run(at)
    assert at.select_slider(key="speed_play").value == "normal"
