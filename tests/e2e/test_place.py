"""The place kept: a reload, Back and Forward land on the same move, and a link to a
hand, a move and a seat opens there.
"""

from __future__ import annotations

import re

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from .browser.journeys import open_at
from .browser.launch import SIZES
from .browser.page import (
    at_move,
    button,
    field_reads,
    main_text,
    no_failure_on_page,
    scores,
    selected_tabs,
)
from .browser.timing import timed
from .browser.waits import settle
from .browser.widgets import open_tab, pick

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_reload_and_back_land_in_the_same_place(app: WebDriver, app_url: str, size: str) -> None:
    open_at(app, app_url, SIZES[size], "match_hands=3")
    for move in (1, 2, 3):
        timed(app, None, lambda: button(app, "next").click(), at_move(move))
    assert "move=3" in app.current_url
    app.refresh()
    settle(app, at_move(3), "move 3 again after a reload")
    app.back()
    settle(app, at_move(2), "move 2 after Back")
    app.forward()
    settle(app, at_move(3), "move 3 after Forward")
    # a link to the second hand of a match, at its fifth move, in the seat of player 3
    open_at(app, app_url, SIZES[size], "match_hands=3&hand=2&move=5&seat=3&play_seat=false")
    settle(app, at_move(5), "the linked move")
    assert "Hand 2 of 3" in scores(app) and "player 3 · " in scores(app)
    assert re.search(r"move 5 ·", main_text(app))  # a seat's view: no count of moves to come
    assert "(you)" in scores(app)
    app.refresh()
    settle(app, at_move(5), "the linked move after a reload")
    assert "Hand 2 of 3" in scores(app)
    no_failure_on_page(app)


def test_a_change_of_language_keeps_the_seat_the_speed_and_the_tab(
    app: WebDriver, app_url: str
) -> None:
    """The seat and the speed are chosen among words of the page's language, which
    Streamlit keeps a choice by: another language must not unseat the user or slow the
    bots, nor take them away from the tab they were reading."""
    open_at(app, app_url, SIZES["desktop"], "seat=2&speed_play=fast")

    def chosen(d: WebDriver) -> tuple[str, str]:
        seat = d.find_element(By.CSS_SELECTOR, ".st-key-sit_at input").get_attribute("value")
        speed = d.find_elements(By.CSS_SELECTOR, ".st-key-speed_play input[type=range]")
        return seat or "", (speed[0].get_attribute("aria-valuetext") or "") if speed else ""

    assert chosen(app) == ("player 2", "fast")
    open_tab(app, "Rules")
    for lang, seat, speed, tab in (
        ("简体中文", "玩家 2", "快", "规则"),
        ("English", "player 2", "fast", "Rules"),
    ):
        pick(app, "lang", lang)
        settle(app, field_reads("lang", lang), f"the page in {lang}")
        assert chosen(app) == (seat, speed), lang
        assert "seat=2" in app.current_url
        settle(app, lambda d, t=tab: selected_tabs(d) == [t], f"the tab {tab} still open")
    no_failure_on_page(app)


def test_a_change_of_language_keeps_the_cards_picked_to_pass(app: WebDriver, app_url: str) -> None:
    """SC-2 at a seat: the cards picked to pass are chosen among their names in the page's
    language, which Streamlit keeps a choice by: another language must not drop them."""
    open_at(app, app_url, SIZES["desktop"], "rule_file=rules/sichuan.rules&seat=2&lang=en")
    field = '[class*="st-key-pass_"] input'
    settle(app, lambda d: d.find_elements(By.CSS_SELECTOR, field), "the cards to pass")

    def picked(d: WebDriver) -> list[str]:
        tags = d.find_elements(By.CSS_SELECTOR, '[class*="st-key-pass_"] span[data-tag]')
        try:
            return [tag.get_attribute("aria-label") or "" for tag in tags]
        except StaleElementReferenceException:  # drawn again meanwhile: read it next time
            return []

    for count in (1, 2):
        app.find_element(By.CSS_SELECTOR, field).click()
        options = app.find_elements(By.CSS_SELECTOR, '[role="option"]')
        timed(app, None, options[0].click, lambda d, n=count: len(picked(d)) == n)
    app.find_element(By.CSS_SELECTOR, field).send_keys(Keys.ESCAPE)
    settle(app, lambda d: not d.find_elements(By.CSS_SELECTOR, '[role="option"]'), "closed")
    settle(app, lambda d: len(picked(d)) == 2, "two cards picked")
    english = picked(app)
    for lang in ("简体中文", "English"):
        pick(app, "lang", lang)
        settle(app, field_reads("lang", lang), f"the page in {lang}")
        settle(app, lambda d: len(picked(d)) == 2, f"two cards still picked in {lang}")
    assert picked(app) == english
    no_failure_on_page(app)


def test_another_game_and_back_lands_on_the_same_move(app: WebDriver, app_url: str) -> None:
    """A look at another rule file does not lose the place: back at the first, the same
    hand at the same move, in the page and in its address."""
    open_at(app, app_url, SIZES["desktop"], "match_hands=3&hand=2&move=6")
    settle(app, at_move(6), "the linked move")
    pick(app, "rule_file", "rules/paohuzi.rules")
    settle(app, lambda d: "Hand 1 of 3" in scores(d), "跑胡子's first hand")
    pick(app, "rule_file", "rules/paomazai.rules")
    settle(app, at_move(6), "move 6 again")
    assert "Hand 2 of 3" in scores(app) and "move=6" in app.current_url
    no_failure_on_page(app)
