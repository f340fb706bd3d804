"""Statistics: hands simulated at a press, compared and charted, and a simulation that
runs on while the hand is stepped and stops when asked.
"""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from .browser.page import at_move, button, field_reads, main_text, no_failure_on_page
from .browser.screenshots import screenshot
from .browser.timing import timed
from .browser.waits import settle
from .browser.widgets import open_tab, pick_keyed, type_number

pytestmark = pytest.mark.e2e


CHART = '[data-testid="stVegaLiteChart"]'


def test_statistics_are_simulated_at_a_press_compared_and_charted(app: WebDriver) -> None:
    """Nothing is simulated when the page loads; a press plays the hands of both files on
    the same deals, with a progress bar, then charts and tables them."""
    open_tab(app, "Statistics")
    assert "Press Simulate to play the hands" in main_text(app)
    assert not app.find_elements(By.CSS_SELECTOR, CHART)
    type_number(app, "stats_hands", 200, lambda d: "from seed" in main_text(d))
    pick_keyed(app, "stats_compare_", "rules/variants/paomazai-two-horses.rules")
    drawn = f"{CHART} canvas, {CHART} svg"
    timed(
        app,
        None,
        lambda: button(app, "stats_run").click(),
        lambda d: len(d.find_elements(By.CSS_SELECTOR, drawn)) == 2,
    )
    said = main_text(app)
    assert "200 hands from seed 7, greedy bots" in said
    assert "中馬: money per hand" in said  # the two horses' money differs, on the same deals
    assert "tablerules simulate rules/paomazai.rules --compare" in said
    assert app.find_elements(By.CSS_SELECTOR, '[data-testid="stDataFrame"]')
    no_failure_on_page(app)
    screenshot(
        app,
        "playground-statistics.png",
        scroll_to=app.find_element(By.XPATH, "//*[contains(text(), 'hands from seed 7')]"),
    )


def test_a_simulation_runs_on_while_the_hand_is_stepped(app: WebDriver) -> None:
    panel = open_tab(app, "Statistics")
    type_number(app, "stats_hands", 20000, field_reads("stats_hands", "20000"))
    timed(
        app,
        None,
        lambda: button(app, "stats_run").click(),
        lambda d: "of 20,000 hands" in main_text(d),
    )
    open_tab(app, "Hand", polling=True)  # the Statistics tab shows the run's progress
    for move in (1, 2):
        timed(app, None, lambda: button(app, "next").click(), at_move(move))
    open_tab(app, "Statistics", polling=True)
    settle(app, lambda d: "of 20,000 hands" in main_text(d), "the run still going")
    assert "the other tabs keep working meanwhile" in (panel.get_attribute("textContent") or "")
    timed(
        app,
        None,
        lambda: button(app, "stats_stop").click(),
        lambda d: "stopped at your request after" in main_text(d),
    )
