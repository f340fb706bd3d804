"""Reading the page: its main text and sidebar, the move counter and the move the table
draws, the tabs selected, the result, the match's scores, a widget's field or button, and
that no failure is shown."""

from __future__ import annotations

import re
from collections.abc import Callable

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement

TAB = '[data-testid="stTab"]'
MAIN = '[data-testid="stMain"]'


def main_text(driver: WebDriver) -> str:
    return driver.find_element(By.CSS_SELECTOR, MAIN).get_attribute("textContent") or ""


def sidebar(driver: WebDriver) -> WebElement:
    return driver.find_element(By.CSS_SELECTOR, '[data-testid="stSidebar"]')


def counter(driver: WebDriver) -> tuple[int, int]:
    """(move shown, moves played); (-1, -1) while the page has no counter (mid-run). A
    seat's view counts no moves to come: (move shown, -1)."""
    found = re.search(r"move (\d+)(?: of (\d+))?", main_text(driver))
    if not found:
        return (-1, -1)
    return (int(found[1]), int(found[2]) if found[2] else -1)


def drawn_move(driver: WebDriver) -> int:
    """The move the table shows (its component draws a moment after the page's text)."""
    found = driver.find_elements(By.CSS_SELECTOR, ".tr-table[data-move]")
    return int(found[0].get_attribute("data-move")) if found else -1


def at_move(move: int) -> Callable[[WebDriver], bool]:
    """The counter, the table and the move list all at `move`."""
    return lambda d: (
        re.search(rf"move {move}(?: of \d+)?(?!\d)", main_text(d)) is not None
        and drawn_move(d) == move
        and bool(d.find_elements(By.CSS_SELECTOR, f'.tr-move.tr-now[data-move="{move}"]'))
    )


def past_move(move: int) -> Callable[[WebDriver], bool]:
    return lambda d: counter(d)[0] > move and drawn_move(d) == counter(d)[0]


def selected_tabs(driver: WebDriver) -> list[str]:
    """The labels of the tabs selected (one, on a page that shows its tabs)."""
    tabs = driver.find_elements(By.CSS_SELECTOR, TAB)
    return [t.text.strip() for t in tabs if t.get_attribute("aria-selected") == "true"]


def result_box(driver: WebDriver) -> WebElement:
    return driver.find_element(By.CSS_SELECTOR, ".st-key-result")


def scores(driver: WebDriver) -> str:
    """The match's line above the table: the hand, the round, each seat's money."""
    found = driver.find_elements(By.CSS_SELECTOR, ".st-key-match_scores")
    return (found[0].get_attribute("textContent") or "") if found else ""


def field_reads(key: str, value: str) -> Callable[[WebDriver], bool]:
    """The input of the widget with key `key` holds `value`."""
    return lambda d: (
        d.find_element(By.CSS_SELECTOR, f".st-key-{key} input").get_attribute("value") == value
    )


def editor(driver: WebDriver) -> WebElement:
    return driver.find_element(By.CSS_SELECTOR, ".tr-ed-input")


def button(driver: WebDriver, key: str) -> WebElement:
    """The button with widget key `key` (the one shown: a button with a keyboard shortcut
    comes with a hidden twin)."""
    found = driver.find_elements(By.CSS_SELECTOR, f".st-key-{key} button")
    shown = [b for b in found if b.is_displayed()]
    assert shown, f"no button {key!r} on the page"
    return shown[0]


def no_failure_on_page(driver: WebDriver) -> None:
    failures = driver.find_elements(By.CSS_SELECTOR, '[data-testid="stException"]')
    assert not failures, [f.text for f in failures]
    assert "Traceback" not in main_text(driver)
