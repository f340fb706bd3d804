"""The steps several journeys share: the rule files they open, opening a link at a screen
size, choosing or uploading a rule file, playing a hand to the end, a scenario opened as a
hand, and editing the discard payment in the Rules tab."""

from __future__ import annotations

from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from .launch import forget_kept_edits, screen
from .page import button, drawn_move, editor, main_text, selected_tabs
from .timing import note_first_load, timed
from .waits import Proof, settle
from .widgets import open_tab, pick, place_caret

PMZ = "rules/paomazai.rules"
PHZ = "rules/paohuzi.rules"

# A scenario opened as a hand: the Hand tab selected, its table drawn and shown.
OPENED_AS_A_HAND: dict[str, Proof] = {
    "the Hand tab selected": lambda d: selected_tabs(d) == ["Hand"],
    "'Scenario:' on the page": lambda d: "Scenario:" in main_text(d),
    "the table drawn": lambda d: drawn_move(d) >= 0,
    "the table shown": lambda d: d.find_element(By.CSS_SELECTOR, ".tr-table").is_displayed(),
}


def choose_rule_file(driver: WebDriver, path: str) -> None:
    pick(driver, "rule_file", path)
    settle(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".tr-move"), f"{path} to load")


def open_at(driver: WebDriver, url: str, size: tuple[int, int], query: str) -> None:
    """Load the playground at `size` from an address with these parameters (a link)."""
    screen(driver, size)
    forget_kept_edits(driver, url)
    driver.get(f"{url}/?{query}")
    settle(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".tr-move"), f"the page of ?{query}")
    note_first_load(driver)


def to_the_end(driver: WebDriver) -> None:
    timed(
        driver,
        "to the end",
        lambda: button(driver, "to_end").click(),
        lambda d: d.find_elements(By.CSS_SELECTOR, ".st-key-result"),
    )


def upload(driver: WebDriver, path: Path) -> None:
    field = driver.find_element(By.CSS_SELECTOR, '.st-key-upload input[type="file"]')
    label = f"{path.name} (uploaded)"
    timed(
        driver,
        None,
        lambda: field.send_keys(str(path)),
        lambda d: (
            d.find_element(By.CSS_SELECTOR, ".st-key-rule_file input").get_attribute("value")
            == label
            and d.find_elements(By.CSS_SELECTOR, ".tr-move")
        ),
    )


def edit_the_discard_payment(
    driver: WebDriver,
    units: str = "3",
    told: str = "edited: the file on disk is unchanged",
    what: str = "the edit checked",
) -> None:
    """In the Rules tab: the discarder pays `units` × unit instead of 2; then wait until
    the page says `told` (`what`: the wait's name in a timeout)."""
    open_tab(driver, "Rules")
    settle(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".tr-ed-input"), "the editor")
    place_caret(driver, 'on discard: discarder pays 2 × unit "食糊"')
    for _ in range(len(' × unit "食糊"')):
        editor(driver).send_keys(Keys.ARROW_LEFT)
    editor(driver).send_keys(Keys.BACKSPACE, units)
    settle(driver, lambda d: told in main_text(d), what)
