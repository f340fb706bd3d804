"""Acting on the page's widgets, each action done once the app has run: picking in a select
box, typing a number, opening a tab, switching a toggle off, pressing a key, placing the
editor's caret."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

from .page import TAB, editor, sidebar
from .timing import timed
from .waits import TIMEOUT, proof_of, settle


def pick(driver: WebDriver, key: str, option: str) -> None:
    """Pick `option` in the select box with widget key `key`; done once the app has run."""
    pick_in(driver, (By.CSS_SELECTOR, f".st-key-{key} input"), option, key)


def pick_keyed(driver: WebDriver, prefix: str, option: str) -> None:
    """Pick `option` in the select box whose widget key begins with `prefix` (a key that
    names the file and the state of its text, as the Compare and Statistics tabs' do)."""
    pick_in(driver, (By.CSS_SELECTOR, f'[class*="st-key-{prefix}"] input'), option, prefix)


def pick_labelled(driver: WebDriver, label: str, option: str) -> None:
    """Pick `option` in the select box whose label reads `label`."""
    box = (
        f'//*[@data-testid="stSelectbox"]'
        f'[.//*[@data-testid="stWidgetLabel"][normalize-space()="{label}"]]//input'
    )
    pick_in(driver, (By.XPATH, box), option, label)


def pick_in(driver: WebDriver, field: tuple[str, str], option: str, what: str) -> None:
    if driver.find_element(*field).get_attribute("value") == option:
        return  # chosen already: picking it again would not run the app
    driver.find_element(*field).click()

    def listed(d: WebDriver) -> WebElement | None:
        found = [o for o in d.find_elements(By.CSS_SELECTOR, '[role="option"]') if o.text == option]
        return found[0] if found else None

    try:
        choice = WebDriverWait(  # an option drawn again while read is read again
            driver, TIMEOUT, poll_frequency=0.1, ignored_exceptions=[StaleElementReferenceException]
        ).until(listed)
    except TimeoutException:
        pytest.fail(f"{option!r} is not offered by the select box {what!r}")
    timed(
        driver,
        None,
        choice.click,
        lambda d: d.find_element(*field).get_attribute("value") == option,
    )


def offered(driver: WebDriver, prefix: str) -> list[str]:
    """The options of the select box whose widget key begins with `prefix` (opened, read,
    closed again)."""
    field = driver.find_element(By.CSS_SELECTOR, f'[class*="st-key-{prefix}"] input')
    field.click()
    WebDriverWait(driver, TIMEOUT).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, '[role="option"]')
    )
    found = [o.text for o in driver.find_elements(By.CSS_SELECTOR, '[role="option"]')]
    field.send_keys(Keys.ESCAPE)
    return found


def sit_at(driver: WebDriver, seat: int, name: str) -> None:
    """Sit at `seat` (from 0), named `name` in the hand in play: the box names players, a
    line under it where each sits this hand."""
    said = sidebar(driver).get_attribute("textContent") or ""
    assert f"player {seat + 1} · {name}" in said, said
    pick(driver, "sit_at", f"player {seat + 1}")


def type_number(
    driver: WebDriver, key: str, value: int, proof: Callable[[WebDriver], object]
) -> None:
    """Type into a number input (select all, type, Enter): Selenium's clear() does not
    empty a Streamlit input."""
    field = driver.find_element(By.CSS_SELECTOR, f".st-key-{key} input")
    field.click()
    field.send_keys(Keys.CONTROL, "a")
    timed(driver, None, lambda: field.send_keys(str(value), Keys.ENTER), proof)


def open_tab(driver: WebDriver, label: str, polling: bool = False) -> WebElement:
    """Click the tab named `label`; its panel. The click must not run the app, unless a
    part of the page is `polling` meanwhile (a simulation's progress): then it is not
    timed, and a run is no proof of anything."""
    tabs = driver.find_elements(By.CSS_SELECTOR, TAB)
    tab = next((t for t in tabs if t.text.strip() == label), None)
    assert tab is not None, f"no tab {label!r} among {[t.text for t in tabs]}"
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", tab)

    def panel_shown(d: WebDriver) -> bool:
        panel = tab.get_attribute("aria-controls")
        found = d.find_elements(By.ID, panel) if panel else []
        return bool(found) and found[0].is_displayed()

    shown = proof_of(
        {
            f"the tab {label!r} selected": lambda d: tab.get_attribute("aria-selected") == "true",
            "its panel shown": panel_shown,
        }
    )
    # every tab is on the page: the browser only shows another, with no run of the app
    if polling:
        tab.click()
        settle(driver, shown, f"the tab {label!r}")
    else:
        timed(driver, "a tab", tab.click, shown, runs=False)
    return driver.find_element(By.ID, tab.get_attribute("aria-controls"))


def switch_off(driver: WebDriver, key: str) -> None:
    """Turn off the toggle with widget key `key`."""
    box = (By.CSS_SELECTOR, f'.st-key-{key} input[type="checkbox"]')
    settle(driver, lambda d: d.find_elements(*box), f"the toggle {key}")
    if driver.find_element(*box).is_selected():
        label = driver.find_element(By.CSS_SELECTOR, f".st-key-{key} label")
        timed(driver, None, label.click, lambda d: not d.find_element(*box).is_selected())


def key_press(driver: WebDriver, key: str) -> None:
    """A key pressed on the page itself (nothing focused), as the app's shortcuts expect."""
    driver.execute_script("if (document.activeElement) document.activeElement.blur();")
    ActionChains(driver).send_keys(key).perform()


def place_caret(driver: WebDriver, after: str, at_end: bool = True) -> None:
    """Put the editor's caret at the end of the first line holding `after`."""
    driver.execute_script(
        """const [box, after] = arguments; const at = box.value.indexOf(after);
        const end = box.value.indexOf('\\n', at); box.focus();
        box.setSelectionRange(end, end);""",
        editor(driver),
        after,
    )
