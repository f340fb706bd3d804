"""The served playground in a real browser: headless Debian Chromium driven by Selenium.

Marked `e2e`, which the normal test run deselects; `make e2e` installs Chromium, its driver
and the fonts, then runs these tests with TABLERULES_E2E=1 (with it set, a missing browser
fails the run instead of skipping it). Each test opens a fresh Streamlit session and waits
for the app's own ready state, never for a fixed time. Screenshots go to docs/img/ (or to
TABLERULES_SCREENSHOTS).
"""

from __future__ import annotations

import base64
import os
import re
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
STREAMLIT = ROOT / ".venv" / "bin" / "streamlit"
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
SHOTS = Path(os.environ.get("TABLERULES_SCREENSHOTS", ROOT / "docs" / "img"))
REQUIRED = os.environ.get("TABLERULES_E2E") == "1"
SIZE = (1400, 1000)
START_TIMEOUT = 60.0  # the server's first health check
TIMEOUT = 60.0  # any one wait in the browser
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)
# True once the app is connected, its script has finished and no placeholder is left.
READY_JS = """
const app = document.querySelector('[data-testid="stApp"]');
return app !== null
  && app.getAttribute('data-test-connection-state') === 'CONNECTED'
  && app.getAttribute('data-test-script-state') === 'notRunning'
  && document.querySelector('[data-testid="stSkeleton"], [data-testid="stAppSkeleton"],'
    + ' [data-testid="stSkeletonElement"], [data-stale="true"]') === null;
"""
CARD = 'img[src^="data:image/svg"]'
TAB = '[data-testid="stTab"]'
MAIN = '[data-testid="stMain"]'
PMZ = "rules/paomazai.rules"
PHZ = "rules/paohuzi.rules"


# ── the server and the browser ─────────────────────────────────────────────────────────


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
            return answer.read().decode().strip() == "ok"
    except (urllib.error.URLError, OSError):
        return False


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The playground served on a free port for this module; its log beside the temp files."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log_path = tmp_path_factory.mktemp("streamlit") / "server.log"
    command = [
        str(STREAMLIT), "run", "playground/app.py",
        "--server.headless", "true",
        "--browser.gatherUsageStats", "false",
        "--server.address", "127.0.0.1",
        "--server.port", str(port),
        "--client.toolbarMode", "viewer",
    ]  # fmt: skip
    with log_path.open("w") as log:
        server = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while not healthy(url):
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail(
                    f"the playground did not answer {url}/_stcore/health within "
                    f"{START_TIMEOUT:.0f} s:\n{log_path.read_text()}"
                )
            time.sleep(0.2)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """Headless Chromium through the system's chromedriver, with a fresh profile."""
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    if missing:
        message = f"{', '.join(missing)} missing: `make e2e` installs Chromium and its driver"
        if REQUIRED:
            pytest.fail(message)
        pytest.skip(message)
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    width, height = SIZE
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
    )
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def app(browser: WebDriver, app_url: str) -> WebDriver:
    """The playground freshly loaded (a new Streamlit session) and ready."""
    browser.get(app_url)
    settle(browser, lambda d: d.find_elements(By.CSS_SELECTOR, TAB), "the first run of the app")
    return browser


# ── waiting and acting ─────────────────────────────────────────────────────────────────


def settle(driver: WebDriver, proof: Callable[[WebDriver], object], what: str) -> None:
    """Wait until `proof` holds and the app is ready (connected, idle, nothing loading)."""
    try:
        WebDriverWait(driver, TIMEOUT, poll_frequency=0.1).until(
            lambda d: bool(proof(d)) and d.execute_script(READY_JS)
        )
    except TimeoutException:
        pytest.fail(f"timed out after {TIMEOUT:.0f} s waiting for {what}")


def text_of(element: WebElement) -> str:
    """All the text inside `element`, hidden tab panels included."""
    return element.get_attribute("textContent") or ""


def sidebar(driver: WebDriver) -> WebElement:
    return driver.find_element(By.CSS_SELECTOR, '[data-testid="stSidebar"]')


def choose(driver: WebDriver, key: str, option: str) -> None:
    """Pick `option` in the select box with widget key `key`."""
    pick(driver, (By.CSS_SELECTOR, f".st-key-{key} input"), option, key)


def choose_labelled(driver: WebDriver, label: str, option: str) -> None:
    """Pick `option` in the select box whose label reads `label`."""
    box = (
        f'//*[@data-testid="stSelectbox"]'
        f'[.//*[@data-testid="stWidgetLabel"][normalize-space()="{label}"]]//input'
    )
    pick(driver, (By.XPATH, box), option, label)


def pick(driver: WebDriver, field: tuple[str, str], option: str, what: str) -> None:
    """Open the select box whose input `field` locates and click `option` in its list."""
    driver.find_element(*field).click()

    def listed(d: WebDriver) -> WebElement | None:
        found = [o for o in d.find_elements(By.CSS_SELECTOR, '[role="option"]') if o.text == option]
        return found[0] if found else None

    try:
        WebDriverWait(driver, TIMEOUT, poll_frequency=0.1).until(listed).click()
    except TimeoutException:
        pytest.fail(f"{option!r} is not offered by the select box {what!r}")
    settle(driver, lambda d: d.find_element(*field).get_attribute("value") == option, what)


def type_number(driver: WebDriver, key: str, value: int, proof: str) -> None:
    """Type `value` into the number input `key` (select all, type, Enter); done once the
    page shows `proof`. Selenium's clear() does not empty a Streamlit input."""
    field = driver.find_element(By.CSS_SELECTOR, f".st-key-{key} input")
    field.click()
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(str(value), Keys.ENTER)
    settle(driver, lambda d: proof in text_of(d.find_element(By.CSS_SELECTOR, MAIN)), proof)


def choose_rule_file(driver: WebDriver, path: str, option_word: str) -> None:
    """Pick a bundled rule file; done once the sidebar shows that file's `option_word`."""
    choose(driver, "rule_file", path)
    settle(driver, lambda d: option_word in text_of(sidebar(d)), f"{path} to load")


def open_tab(driver: WebDriver, label: str) -> WebElement:
    """Click the tab named `label`; its panel."""
    tabs = driver.find_elements(By.CSS_SELECTOR, TAB)
    tab = next((t for t in tabs if t.text.strip() == label), None)
    assert tab is not None, f"no tab {label!r} among {[t.text for t in tabs]}"
    # out from under the app's header, should the page be scrolled down
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", tab)
    tab.click()
    panel_id = tab.get_attribute("aria-controls")
    settle(driver, lambda d: tab.get_attribute("aria-selected") == "true", f"the {label} tab")
    return driver.find_element(By.ID, panel_id)


def click(driver: WebDriver, key: str) -> None:
    driver.find_element(By.CSS_SELECTOR, f".st-key-{key} button").click()


def card_sizes(driver: WebDriver, where: WebElement) -> list[tuple[int, int]]:
    """(width, height) of every card picture shown in `where`, once all have loaded."""

    def sizes(d: WebDriver) -> list[tuple[int, int]]:
        images = [i for i in where.find_elements(By.CSS_SELECTOR, CARD) if i.is_displayed()]
        found = [
            (int(i.get_attribute("naturalWidth") or 0), int(i.get_attribute("naturalHeight") or 0))
            for i in images
        ]
        return found if found and all(w and h for w, h in found) else []

    settle(driver, sizes, "the card pictures to load")
    return sizes(driver)


def screenshot(driver: WebDriver, name: str, scroll_to: WebElement | None = None) -> Path:
    """Save the viewport as NAME in the screenshot folder, after scrolling `scroll_to` into
    view."""
    if scroll_to is not None:
        driver.execute_script("arguments[0].scrollIntoView({block: 'end'});", scroll_to)
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})
    path = SHOTS / name
    path.write_bytes(base64.b64decode(shot["data"]))
    return path


def play_to_the_end(driver: WebDriver) -> WebElement:
    """Open the Hand tab and play the hand out; its panel."""
    panel = open_tab(driver, "Hand")
    assert panel.find_elements(By.CSS_SELECTOR, CARD), "no card pictures before the first step"
    click(driver, "to_end")
    settle(
        driver,
        lambda d: "wins" in text_of(panel) or "Drawn hand" in text_of(panel),
        "the end of the hand",
    )
    return panel


# ── the tests ──────────────────────────────────────────────────────────────────────────


def test_rules_tab_checks_clean(app: WebDriver) -> None:
    choose_rule_file(app, PMZ, "self-draw")
    panel = open_tab(app, "Rules")
    success = panel.find_element(By.CSS_SELECTOR, '[data-testid="stAlertContentSuccess"]')
    assert "the rules check clean" in success.text
    editor = panel.find_element(By.CSS_SELECTOR, '[data-testid="stCustomComponentV1"]')
    app.switch_to.frame(editor)  # the editor component lives in its own frame
    try:
        WebDriverWait(app, TIMEOUT, poll_frequency=0.1).until(
            lambda d: "game 跑馬仔" in text_of(d.find_element(By.TAG_NAME, "body"))
        )
    except TimeoutException:
        pytest.fail("the rule editor does not show the file")
    finally:
        app.switch_to.default_content()
    screenshot(app, "playground-rules.png")


def test_hand_played_to_the_end(app: WebDriver) -> None:
    choose_rule_file(app, PMZ, "self-draw")
    panel = play_to_the_end(app)
    sizes = card_sizes(app, panel)
    assert len(sizes) > 20, f"only {len(sizes)} card pictures"
    assert all(h < 2 * w for w, h in sizes), "跑馬仔 is drawn as tiles"
    ledger = panel.find_elements(By.CSS_SELECTOR, '[data-testid="stTable"]')
    assert ledger, "no ledger table after the hand"
    assert "clause" in text_of(ledger[0])
    assert "next dealer" in text_of(panel)
    result = ledger[0].find_element(By.XPATH, 'ancestor::*[@data-testid="stVerticalBlock"][1]')
    screenshot(app, "playground-hand.png", scroll_to=result)


def test_compare_variants(app: WebDriver) -> None:
    choose_rule_file(app, PMZ, "self-draw")
    play_to_the_end(app)
    panel = open_tab(app, "Compare variants")
    choose(app, "compare_with", "rules/variants/paomazai-points.rules")
    click(app, "compare_run")
    settle(
        app,
        lambda d: panel.find_elements(By.CSS_SELECTOR, '[data-testid="stTable"]'),
        "the comparison",
    )
    assert "difference" in text_of(panel)
    table = panel.find_element(By.CSS_SELECTOR, '[data-testid="stTable"]')
    screenshot(app, "playground-compare.png", scroll_to=table)


def test_strip_cards(app: WebDriver) -> None:
    choose_rule_file(app, PMZ, "self-draw")
    open_tab(app, "Hand")
    choose_rule_file(app, PHZ, "胡息")
    panel = open_tab(app, "Hand")
    sizes = card_sizes(app, panel)
    assert len(sizes) > 20, f"only {len(sizes)} card pictures"
    assert all(h > 2 * w > 0 for w, h in sizes), f"not all strips: {sorted(set(sizes))}"
    screenshot(app, "playground-paohuzi.png")


# ── a first session, as docs/playground.md walks through it ────────────────────────────

HORSES = "horses — horses for a self-draw"
FIRST_SEED = 117  # with two horses, 跑馬仔 ends in a self-draw that hits both; 跑胡子 is won
SPLIT_WITH_VALUES = re.compile(r"一句話\[[^\]]+\]\((\d+)\)")
MISTAKE = 'optoin fee "table fee": 0 | 5 = 0'  # a misspelt `option`, typed on a new line


def result_box(panel: WebElement) -> WebElement:
    """The bordered box that explains the end of the hand (it ends with the totals)."""
    totals = [
        m
        for m in panel.find_elements(By.CSS_SELECTOR, '[data-testid="stMarkdownContainer"]')
        if text_of(m).startswith("Totals:")
    ]
    assert totals, "no totals line after the hand"
    return totals[0].find_element(By.XPATH, 'ancestor::*[@data-testid="stVerticalBlock"][1]')


def line_with(box: WebElement, words: str) -> str:
    """The first paragraph in `box` that contains `words` ('' if none does)."""
    lines = (text_of(p) for p in box.find_elements(By.TAG_NAME, "p"))
    return next((line for line in lines if words in line), "")


def type_into_editor(driver: WebDriver, after: str, text: str) -> None:
    """In the Rules tab's Ace editor: click the line holding `after`, go to its end and type
    `text` on a new line below it, as a user would."""
    frame = driver.find_element(By.CSS_SELECTOR, '[data-testid="stCustomComponentV1"]')
    driver.switch_to.frame(frame)
    try:
        lines = [
            line
            for line in driver.find_elements(By.CSS_SELECTOR, ".ace_line")
            if after in line.text
        ]
        assert lines, f"no line with {after!r} in view in the editor"
        ActionChains(driver).click(lines[0]).send_keys(Keys.END, Keys.ENTER, text).perform()
        # close the live autocompletion popup, if Ace opened one
        ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    finally:
        driver.switch_to.default_content()


def gutter_errors(driver: WebDriver) -> list[str]:
    """The row numbers in the Ace gutter that carry an error annotation."""
    frame = driver.find_element(By.CSS_SELECTOR, '[data-testid="stCustomComponentV1"]')
    driver.switch_to.frame(frame)
    try:
        cells = driver.find_elements(By.CSS_SELECTOR, ".ace_gutter .ace_gutter-cell.ace_error")
        return [cell.text.strip() for cell in cells]
    finally:
        driver.switch_to.default_content()


def test_first_session(app: WebDriver) -> None:
    # 1. 跑馬仔 with two horses, seed 117: a self-draw that hits both horses pays 180.
    choose_rule_file(app, PMZ, "self-draw")
    choose_labelled(app, HORSES, "2")
    type_number(app, "seed", FIRST_SEED, f"seed {FIRST_SEED} ·")
    panel = play_to_the_end(app)
    result = result_box(panel)
    said = text_of(result)
    assert "wins on draw" in said, said
    bonus = line_with(result, "hit(s)")
    assert "✓" in bonus and bonus.endswith("2 hit(s)"), bonus
    ledger = text_of(result.find_element(By.CSS_SELECTOR, '[data-testid="stTable"]'))
    assert "自摸" in ledger and "中馬" in ledger, ledger
    totals = line_with(result, "Totals:")
    assert "180" in totals, totals
    screenshot(app, "playground-horses.png", scroll_to=result)

    # 2. 跑胡子 on the same seed: the winner's split, each group with its 胡息.
    choose_rule_file(app, PHZ, "胡息")
    panel = play_to_the_end(app)
    result = result_box(panel)
    win = line_with(result, " wins")
    value = re.search(r"value (\d+)\)", win)
    assert value and int(value.group(1)) > 0, win
    split = text_of(result.find_element(By.CSS_SELECTOR, '[data-testid="stCode"]'))
    assert SPLIT_WITH_VALUES.search(split), split
    screenshot(app, "playground-huxi.png", scroll_to=result)

    # 3. A mistake typed into the editor: the diagnostic under it, the marker in its gutter.
    panel = open_tab(app, "Rules")
    type_into_editor(app, "option base_stake", MISTAKE)
    settle(  # the whole line typed and checked (not a rerun on the keys typed so far)
        app,
        lambda d: "still running" in text_of(panel) and MISTAKE in text_of(panel),
        "the diagnostic of the mistake",
    )
    alert = panel.find_element(By.CSS_SELECTOR, '[data-testid="stAlertContentError"]')
    assert alert.text == "1 error(s) — the last version that checked is still running", alert.text
    # FILE:LINE:COL of the typed line: the one below the line that was clicked
    source = (ROOT / PHZ).read_text(encoding="utf-8").splitlines()
    row = str(next(n for n, line in enumerate(source, 2) if "option base_stake" in line))
    codes = [text_of(c) for c in panel.find_elements(By.CSS_SELECTOR, '[data-testid="stCode"]')]
    assert codes and codes[0].startswith(f"{PHZ}:{row}:1: error[E005]:"), codes
    assert MISTAKE in codes[0], codes
    try:
        WebDriverWait(app, TIMEOUT, poll_frequency=0.1).until(lambda d: row in gutter_errors(d))
    except TimeoutException:
        pytest.fail(f"no error annotation at row {row} in the editor's gutter")
    screenshot(app, "playground-error.png", scroll_to=alert)
