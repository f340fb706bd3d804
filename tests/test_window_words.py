"""A claim window told in Chinese names the seat that took the card as the one who took it
("西拿走"), never "歸西" (which reads as dying), nor "歸沒有人" when nobody did."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.interpreter import load_game
from tablerules.playground.play.hand_page import PageBuilder
from tablerules.playground.play.hands import HandSession

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_a_window_says_who_took_the_card(lang: str) -> None:
    """台灣, seed 7: cards claimed by 西 and cards nobody took."""
    session = HandSession(load_game(ROOT / "rules" / "taiwan.rules"), 7)
    session.to_end()
    page = PageBuilder(session, None, lang)
    phrases = (page.narrator.phrase(event) for event in session.end.events)
    lines = page.windows() + [phrase for phrase in phrases if phrase]
    told = "\n".join(lines)
    assert "西拿走" in told and "沒有人拿走" in told.replace("没", "沒")
    assert not any(mark in told for mark in ("歸", "归"))
