"""A phase before play at a seated player's seat, told in the page's language (AppTest): the
exchange and the declaration ask in the catalogue's sentences, not in English."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from .page import APP, load, run

SICHUAN = Path(__file__).resolve().parents[2] / "rules" / "sichuan.rules"


@pytest.mark.parametrize(
    ("lang", "asked", "button"),
    [
        ("en", "換三張: pick 3 cards of one suit to pass", "pass"),
        ("zh-Hant", "換三張：選同一花色的 3 張牌傳出", "傳出"),
        ("zh-Hans", "換三張：选同一花色的 3 张牌传出", "传出"),
    ],
)
def test_the_exchange_asks_in_the_pages_language(lang: str, asked: str, button: str) -> None:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["lang"] = lang
    run(at)
    load(at, SICHUAN)
    hand = at.session_state["hand"]
    at.selectbox(key="sit_at").set_value((hand.dealer + 1) % 4)
    run(at)
    assert any(info.value.startswith(asked) for info in at.info), [i.value for i in at.info]
    (passing,) = [b for b in at.button if b.key and b.key.startswith("pass_button_")]
    assert passing.label == button
