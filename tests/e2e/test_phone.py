"""A phone: the hand and the moves first, the intro speaking of taps, every tab in view,
"Sit at" in view, and cards that are taps at least 40 px wide.
"""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from .browser.journeys import open_at
from .browser.launch import PHONE, screen
from .browser.page import TAB, at_move, button, sidebar
from .browser.screenshots import screenshot
from .browser.timing import timed
from .browser.waits import settle
from .browser.widgets import open_tab

pytestmark = pytest.mark.e2e


def test_a_phone_shows_the_hand_and_the_moves_first(app: WebDriver, app_url: str) -> None:
    screen(app, PHONE)
    app.get(app_url)
    settle(app, lambda d: d.find_elements(By.CSS_SELECTOR, ".tr-move"), "the first screen")
    side = sidebar(app)
    assert side.get_attribute("aria-expanded") == "false" or side.size["width"] < 50
    tiles = app.find_elements(By.CSS_SELECTOR, ".tr-seat.tr-pos-bottom .tr-card")
    first = app.find_element(By.CSS_SELECTOR, ".tr-seat").location["y"]
    assert tiles and app.find_element(By.CSS_SELECTOR, ".tr-seat").get_attribute("class").count(
        "tr-pos-bottom"
    )
    assert first < app.find_element(By.CSS_SELECTOR, ".tr-moves").location["y"]
    width = app.execute_script("return document.documentElement.scrollWidth")
    assert width <= PHONE[0] + 1, f"the page is {width} px wide on a {PHONE[0]} px phone"
    timed(app, "a tap on ›", lambda: button(app, "next").click(), at_move(1))
    # the intro speaks of taps here, not of arrow keys
    narrow = app.find_element(By.CSS_SELECTOR, ".tr-narrow")
    assert narrow.is_displayed() and "tap a move" in narrow.text
    assert not app.find_element(By.CSS_SELECTOR, ".tr-wide").is_displayed()
    screenshot(app, "playground-phone.png")
    # every tab in view, wrapped rather than scrolled; the mark under the one shown
    for tab in app.find_elements(By.CSS_SELECTOR, TAB):
        left, right = tab.rect["x"], tab.rect["x"] + tab.rect["width"]
        assert left >= 0 and right <= PHONE[0], (tab.text, tab.rect)
    open_tab(app, "Statistics")
    # the mark slides from the tab shown before: wait until it rests under the one shown
    settle(app, lambda d: mark_under(d, "Statistics"), "the tab mark under Statistics")
    open_tab(app, "Hand")
    # "Sit at" comes first in the sidebar: in view as soon as it is opened
    app.find_element(By.CSS_SELECTOR, '[data-testid="stExpandSidebarButton"]').click()
    sit = (By.CSS_SELECTOR, ".st-key-sit_at")
    settle(app, lambda d: d.find_element(*sit).is_displayed(), "the sidebar opened")
    box = app.find_element(*sit).rect
    assert box["y"] + box["height"] <= PHONE[1], box
    # a seat played: its cards are taps at least 40 px wide (跑胡子's long strips too)
    open_at(app, app_url, PHONE, "rule_file=rules/paohuzi.rules&seat=1&speed_play=instant")
    mine = ".tr-seat.tr-pos-bottom .tr-hand .tr-card"
    settle(app, lambda d: d.find_elements(By.CSS_SELECTOR, mine), "the seat's cards")
    widths = [c.rect["width"] for c in app.find_elements(By.CSS_SELECTOR, f"{mine}, .tr-pick")]
    assert widths and min(widths) >= 40, widths


def mark_under(driver: WebDriver, label: str) -> bool:
    """Whether the tab mark lies under the tab `label`'s text and within that tab."""
    tab = next(t for t in driver.find_elements(By.CSS_SELECTOR, TAB) if t.text == label)
    marks = tab.find_elements(By.CSS_SELECTOR, ".react-aria-SelectionIndicator")
    if not marks:
        return False
    mark, box = marks[0].rect, tab.rect
    across = box["x"] - 1 <= mark["x"] and mark["x"] + mark["width"] <= box["x"] + box["width"] + 1
    middle = box["y"] + box["height"] / 2
    down = middle <= mark["y"] and mark["y"] + mark["height"] <= box["y"] + box["height"] + 1
    return across and down
