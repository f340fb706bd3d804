"""A phase before play at a seated player's seat, told in the page's language (AppTest): the
exchange and the declaration ask in the catalogue's sentences, not in English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from tablerules.interpreter.messages.game_words import GameWords

from .page import APP, load, run

SICHUAN = Path(__file__).resolve().parents[2] / "rules" / "sichuan.rules"


@pytest.mark.parametrize(
    ("lang", "asked", "button"),
    [
        ("en", "換三張: pick 3 cards of one suit to pass", "pass"),
        ("zh-Hant", "換三張：選同一花色的 3 張牌傳出", "傳出"),
        ("zh-Hans", "换三张：选同一花色的 3 张牌传出", "传出"),
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


def test_the_cards_to_pass_are_named_in_the_pages_script() -> None:
    """SC-2 in 简体中文: the cards offered to pass are named as the file's names block for
    that script spells them (`一万`), as on the table, not as the file writes them; the
    empty box asks for them in that language too."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["lang"] = "zh-Hans"
    run(at)
    load(at, SICHUAN)
    hand = at.session_state["hand"]
    seat = (hand.dealer + 1) % 4
    at.selectbox(key="sit_at").set_value(seat)
    run(at)
    (box,) = [m for m in at.multiselect if m.key and m.key.startswith("pass_")]
    compiled = hand.game.compiled
    words = GameWords(compiled, "zh-Hans")
    held = [card for card, n in enumerate(hand.table.state.seats[seat].hand) for _ in range(n)]
    assert box.options == [words.display[card] for card in held]
    assert box.placeholder and not re.search(r"[A-Za-z]", box.placeholder), box.placeholder
    assert box.proto.select_all == 0  # Streamlit's own "Select all", English, and more than 3
    assert any(words.display[card] != compiled.cards.display[card] for card in held)
