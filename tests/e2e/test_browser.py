"""The served playground in a real browser: headless Debian Chromium driven by Selenium.

Marked `e2e`, which the normal test run deselects; `make e2e` installs Chromium, its driver
and the fonts, then runs these tests with TABLERULES_E2E=1 (with it set, a missing browser
fails the run instead of skipping it). Each test opens a fresh Streamlit session and waits
for the app's own ready state, never for a fixed time. It walks the journeys of a user —
the first screen, stepping and jumping, the settlement, playing a seat to the end by
clicking cards, a seat through a three-hand match, a seat's view, an upload in every tab,
an edit whose log replays, a typo found and jumped to, comparing variants and an edit with
the file as saved, a reload and Back landing in the same place, an edited hand saved as a
scenario and loaded back, statistics of many hands while the hand is stepped, golden
scenarios, a phone — measures how long each click takes to settle, and saves the
screenshots docs/playground.md shows (in build/e2e/, or TABLERULES_SCREENSHOTS: `make
screenshots` writes them over docs/img/).
"""

from __future__ import annotations

import base64
import json
import os
import re
import socket
import statistics
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait
from tablerules.interpreter import load_game
from tablerules.playground.play.hand_page import PageBuilder, go_to_step, page_steps
from tablerules.playground.play.hands import HandSession
from visibility import seen, token_game, tokens

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
VENV = ROOT / ".venv" / "bin"
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
SHOTS = Path(os.environ.get("TABLERULES_SCREENSHOTS", ROOT / "build" / "e2e"))
REQUIRED = os.environ.get("TABLERULES_E2E") == "1"
DESKTOP = (1400, 900)
PHONE = (390, 844)
START_TIMEOUT = 60.0  # the server's first health check
TIMEOUT = 60.0  # any one wait in the browser
SETTLED_MS = 500  # a click must settle within this, at best of its tries (see the last test)
CORES = os.cpu_count() or 1
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
TAB = '[data-testid="stTab"]'
MAIN = '[data-testid="stMain"]'
PMZ = "rules/paomazai.rules"
PHZ = "rules/paohuzi.rules"
TIMINGS: dict[str, list[float]] = {}  # milliseconds from a click to the page settled
LOADS: list[float] = []  # the load average at each timed click
FIRST_LOADS: list[float] = []  # milliseconds from opening the address to the first screen
FIRST_LOAD_BUDGET = 1500  # ms for a first load, on an idle machine (the target)


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
        str(VENV / "streamlit"), "run", "playground/app.py",
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
def downloads(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory, downloads: Path) -> Iterator[WebDriver]:
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
    driver.execute_cdp_cmd(
        "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)}
    )
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_MESSAGES_JS})
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH_LOAD_JS})
    try:
        yield driver
    finally:
        driver.quit()


def screen(driver: WebDriver, size: tuple[int, int]) -> None:
    width, height = size
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 700},
    )


@pytest.fixture
def app(browser: WebDriver, app_url: str) -> WebDriver:
    """The playground freshly loaded (a new Streamlit session), desktop-sized and ready,
    with no edit of an earlier test kept in the browser."""
    screen(browser, DESKTOP)
    forget_kept_edits(browser, app_url)
    browser.get(app_url)
    settle(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".tr-move"), "the first screen")
    note_first_load(browser)
    return browser


def note_first_load(driver: WebDriver) -> None:
    """How long the page took from its address being opened to its last change, once the
    first screen is drawn and the app idle (measured in the page: `WATCH_LOAD_JS`)."""
    FIRST_LOADS.append(float(driver.execute_script("return window.trLoadLast")))
    LOADS.append(os.getloadavg()[0])


def forget_kept_edits(driver: WebDriver, url: str) -> None:
    """Empty the browser's storage for the app (edits are kept there across reloads), from
    a page of the same origin that is not the app."""
    driver.get(f"{url}/_stcore/health")
    driver.execute_script("window.localStorage.clear();")


# ── waiting, acting, measuring ─────────────────────────────────────────────────────────


def settle(
    driver: WebDriver, proof: Callable[[WebDriver], object], what: str, poll: float = 0.1
) -> None:
    """Wait until `proof` holds and the app is ready (connected, idle, nothing loading).
    On a timeout, say which of the proof's named parts (see `proof_of`) and which part of
    the ready state do not hold, and what the page shows: a flaky failure is then
    diagnosable from the test's output alone."""

    def done(d: WebDriver) -> bool:
        try:
            return bool(proof(d)) and bool(d.execute_script(READY_JS))
        except StaleElementReferenceException:
            return False

    try:
        WebDriverWait(driver, TIMEOUT, poll_frequency=poll).until(done)
    except TimeoutException:
        pytest.fail(f"timed out after {TIMEOUT:.0f} s waiting for {what}: {why_not(driver, proof)}")


Proof = Callable[[WebDriver], object]


def proof_of(parts: dict[str, Proof]) -> Callable[[WebDriver], bool]:
    """A proof made of named parts that must all hold; on a timeout `settle` names those
    that do not."""

    def proof(d: WebDriver) -> bool:
        return all(part(d) for part in parts.values())

    proof.parts = parts  # type: ignore[attr-defined]
    return proof


def parts_of(proof: Proof) -> dict[str, Proof]:
    """The named parts of `proof` (one part, "the proof", when it was not made by `proof_of`)."""
    return dict(getattr(proof, "parts", {"the proof": proof}))


def failing_parts(driver: WebDriver, proof: Proof) -> list[str]:
    """The names of the parts of `proof` that do not hold now."""
    failing = []
    for name, part in parts_of(proof).items():
        try:
            holds = bool(part(driver))
        except Exception as error:  # the diagnosis must not fail itself
            holds, name = False, f"{name} ({type(error).__name__})"
        if not holds:
            failing.append(name)
    return failing


# The page's state, part by part: the ready state's parts (what READY_JS checks), the tabs
# (which is selected, which disabled: Streamlit disables a tab while a run has not sent it
# again), whether the table is drawn and shown.
PAGE_STATE_JS = """
const app = document.querySelector('[data-testid="stApp"]');
const named = (e) => e.getAttribute('data-testid') || e.className || e.tagName;
const table = document.querySelector('.tr-table');
const shown = (e) => e !== null && e.getClientRects().length > 0;
return {
  connection: app && app.getAttribute('data-test-connection-state'),
  script: app && app.getAttribute('data-test-script-state'),
  ran: Boolean(window.trRan || window.trMessages > window.trMessagesBefore),
  skeletons: document.querySelectorAll('[data-testid="stSkeleton"], '
    + '[data-testid="stAppSkeleton"], [data-testid="stSkeletonElement"]').length,
  stale: Array.from(document.querySelectorAll('[data-stale="true"]')).slice(0, 5).map(named),
  tabs: Array.from(document.querySelectorAll('[data-testid="stTab"]')).map((tab) =>
    (tab.getAttribute('aria-selected') === 'true' ? '*' : '')
    + (tab.getAttribute('aria-disabled') === 'true' ? '!' : '') + tab.textContent.trim()),
  table: table === null ? 'none' : shown(table) ? 'shown' : 'hidden',
};
"""


def why_not(driver: WebDriver, proof: Proof) -> str:
    """Which parts of `proof` fail, and the page's state: for a failure message."""
    try:
        state = driver.execute_script(PAGE_STATE_JS)
        failing = failing_parts(driver, proof)
        found = re.search(r"move \d+ of \d+", main_text(driver))
        table = drawn_move(driver)
    except Exception as error:  # the diagnosis must not hide the timeout
        return f"(the page's state could not be read: {error!r})"
    return (
        f"failing: {', '.join(failing) or 'none of the proof (the ready state)'}; "
        f"script {state['script']}, connection {state['connection']}, ran {state['ran']}, "
        f"skeletons {state['skeletons']}, stale {state['stale']}, tabs {state['tabs']} "
        f"(* selected, ! disabled), table {state['table']} at move {table}, "
        f"{found[0] if found else 'no counter'}"
    )


# Every page notes when its main area or sidebar last changed, from the moment its address
# was opened (`performance.now()` counts from there): the first load, once the page is idle.
WATCH_LOAD_JS = """
window.trLoadLast = 0;
const inPage = (node) => {
  const element = node.nodeType === 1 ? node : node.parentElement;
  return element && element.closest('[data-testid="stMain"], [data-testid="stSidebar"]');
};
const counted = (change) => change.attributeName !== 'aria-describedby' && inPage(change.target);
new MutationObserver((found) => {
  if (found.some(counted)) window.trLoadLast = performance.now();
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""


# Every page counts the messages its server sends (a run of the app, whole or a fragment,
# sends at least one): the sign of a run that the script-state attribute can miss, when the
# browser takes a quick run's start and end in one render (a loaded machine does).
COUNT_MESSAGES_JS = """
window.trMessages = 0;
const NativeSocket = window.WebSocket;
window.WebSocket = class extends NativeSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', () => { window.trMessages += 1; });
  }
};
"""

RAN_JS = "return window.trRan || window.trMessages > window.trMessagesBefore"

# Before an action: note when the page receives it (the first pointer or key event, so the
# test's own round trip to the browser is not counted), whether the app runs again (a run
# may start and end between two notices: the attribute's old value tells), and when the page
# (its main area and sidebar, not tooltips or the header's running sign) last changed.
WATCH_RUNS_JS = """
const app = document.querySelector('[data-testid="stApp"]');
window.trRan = false;
window.trMessagesBefore = window.trMessages;
window.trStart = window.trLast = performance.now();
window.trInput = null;
if (window.trWatch) window.trWatch.forEach((watch) => watch.disconnect());
const input = (event) => { if (window.trInput === null) window.trInput = event.timeStamp; };
for (const kind of ['pointerdown', 'mousedown', 'keydown', 'click']) {
  document.addEventListener(kind, input, {capture: true, once: true});
}
const runs = new MutationObserver((found) => {
  if (app.getAttribute('data-test-script-state') === 'running'
      || found.some((change) => change.oldValue === 'running')) window.trRan = true;
});
runs.observe(app, {
  attributes: true, attributeFilter: ['data-test-script-state'], attributeOldValue: true,
});
const changes = new MutationObserver((found) => {
  // a hover tooltip coming up after a click is not the page settling
  if (found.some((change) => change.attributeName !== 'aria-describedby')) {
    window.trLast = performance.now();
  }
});
for (const part of document.querySelectorAll('[data-testid="stMain"], [data-testid="stSidebar"]')) {
  changes.observe(part, {subtree: true, childList: true, attributes: true, characterData: true});
}
window.trWatch = [runs, changes];
"""


def timed(
    driver: WebDriver,
    kind: str | None,
    act: Callable[[], None],
    proof: Callable[[WebDriver], object],
    runs: bool = True,
) -> float:
    """Do `act`, wait until the app has run again (unless `runs` is False: then it must not
    run at all) and `proof` holds on a ready page; record as `kind` (None: not a click that
    is measured) the time from the page receiving the action to its last change — measured
    in the page, so neither the test's commands nor its polling add anything."""
    ran: dict[str, Proof] = {"the app ran": lambda d: d.execute_script(RAN_JS)} if runs else {}
    driver.execute_script(WATCH_RUNS_JS)
    act()
    settle(
        driver,
        proof_of({**ran, **parts_of(proof)}),
        kind or "the page",
        poll=0.02,
    )
    if not runs:
        assert not driver.execute_script(RAN_JS), f"{kind} ran the app"
    elapsed = float(
        driver.execute_script("return window.trLast - (window.trInput ?? window.trStart)")
    )
    if kind is not None:
        TIMINGS.setdefault(kind, []).append(elapsed)
        LOADS.append(os.getloadavg()[0])
    return elapsed


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


def pick(driver: WebDriver, key: str, option: str) -> None:
    """Pick `option` in the select box with widget key `key`; done once the app has run."""
    pick_in(driver, (By.CSS_SELECTOR, f".st-key-{key} input"), option, key)


def pick_keyed(driver: WebDriver, prefix: str, option: str) -> None:
    """Pick `option` in the select box whose widget key begins with `prefix` (a key that
    names the file and the state of its text, as the Compare and Statistics tabs' do)."""
    pick_in(driver, (By.CSS_SELECTOR, f'[class*="st-key-{prefix}"] input'), option, prefix)


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
        choice = WebDriverWait(driver, TIMEOUT, poll_frequency=0.1).until(listed)
    except TimeoutException:
        pytest.fail(f"{option!r} is not offered by the select box {what!r}")
    timed(
        driver,
        None,
        choice.click,
        lambda d: d.find_element(*field).get_attribute("value") == option,
    )


def type_number(
    driver: WebDriver, key: str, value: int, proof: Callable[[WebDriver], object]
) -> None:
    """Type into a number input (select all, type, Enter): Selenium's clear() does not
    empty a Streamlit input."""
    field = driver.find_element(By.CSS_SELECTOR, f".st-key-{key} input")
    field.click()
    field.send_keys(Keys.CONTROL, "a")
    timed(driver, None, lambda: field.send_keys(str(value), Keys.ENTER), proof)


def choose_rule_file(driver: WebDriver, path: str) -> None:
    pick(driver, "rule_file", path)
    settle(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".tr-move"), f"{path} to load")


def selected_tabs(driver: WebDriver) -> list[str]:
    """The labels of the tabs selected (one, on a page that shows its tabs)."""
    tabs = driver.find_elements(By.CSS_SELECTOR, TAB)
    return [t.text.strip() for t in tabs if t.get_attribute("aria-selected") == "true"]


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


def button(driver: WebDriver, key: str) -> WebElement:
    """The button with widget key `key` (the one shown: a button with a keyboard shortcut
    comes with a hidden twin)."""
    found = driver.find_elements(By.CSS_SELECTOR, f".st-key-{key} button")
    shown = [b for b in found if b.is_displayed()]
    assert shown, f"no button {key!r} on the page"
    return shown[0]


def key_press(driver: WebDriver, key: str) -> None:
    """A key pressed on the page itself (nothing focused), as the app's shortcuts expect."""
    driver.execute_script("if (document.activeElement) document.activeElement.blur();")
    ActionChains(driver).send_keys(key).perform()


def no_failure_on_page(driver: WebDriver) -> None:
    failures = driver.find_elements(By.CSS_SELECTOR, '[data-testid="stException"]')
    assert not failures, [f.text for f in failures]
    assert "Traceback" not in main_text(driver)


def screenshot(driver: WebDriver, name: str, scroll_to: WebElement | None = None) -> Path:
    """Save the viewport as NAME, after scrolling `scroll_to` into view."""
    if scroll_to is not None:
        driver.execute_script("arguments[0].scrollIntoView({block: 'start'});", scroll_to)
        settle(driver, lambda d: True, "the page to scroll")
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})
    path = SHOTS / name
    path.write_bytes(base64.b64decode(shot["data"]))
    return path


def result_box(driver: WebDriver) -> WebElement:
    return driver.find_element(By.CSS_SELECTOR, ".st-key-result")


def to_the_end(driver: WebDriver) -> None:
    timed(
        driver,
        "to the end",
        lambda: button(driver, "to_end").click(),
        lambda d: d.find_elements(By.CSS_SELECTOR, ".st-key-result"),
    )


# ── the journeys ───────────────────────────────────────────────────────────────────────


def test_the_first_screen_is_a_hand_to_step_through(app: WebDriver) -> None:
    said = main_text(app)
    assert "tablerules playground · 跑馬仔" in said
    assert "Step through the hand below with" in said
    _, moves = counter(app)
    seats = [e.text for e in app.find_elements(By.CSS_SELECTOR, ".tr-head b")]
    assert sorted(seats) == sorted(["東", "南", "西", "北"])
    assert len(app.find_elements(By.CSS_SELECTOR, ".tr-move")) == moves + 1
    tiles = app.find_elements(By.CSS_SELECTOR, ".tr-seat.tr-pos-bottom .tr-card")
    assert all(t.size["height"] > t.size["width"] for t in tiles) and len(tiles) >= 13
    for move in (1, 2, 3):
        timed(app, "→ key", lambda: key_press(app, Keys.ARROW_RIGHT), at_move(move))
    assert "tr-now" in app.find_element(By.CSS_SELECTOR, '.tr-move[data-move="3"]').get_attribute(
        "class"
    )
    screenshot(app, "playground-hand.png")
    no_failure_on_page(app)


def test_a_click_on_a_move_jumps_there_and_the_keys_step(app: WebDriver) -> None:
    _, moves = counter(app)
    for target in (10, 14, 6):  # each kind of step three times: the machine is shared
        row = app.find_element(By.CSS_SELECTOR, f'.tr-move[data-move="{target}"]')
        timed(app, "a move clicked", row.click, at_move(target))
        timed(app, "← key", lambda: key_press(app, Keys.ARROW_LEFT), at_move(target - 1))
        timed(app, "next", lambda: button(app, "next").click(), at_move(target))
        timed(app, "back", lambda: button(app, "back").click(), at_move(target - 1))
        to_the_end(app)
        assert counter(app) == (moves, moves)
        timed(app, "to the deal", lambda: button(app, "reset").click(), at_move(0))


def test_a_self_draw_with_two_horses_is_explained_as_180(app: WebDriver) -> None:
    """PMZ-9, PMZ-16, PMZ-17: 跑馬仔 with two horses, seed 117: a self-draw hitting both
    horses; each other seat pays 2 × unit and 2 × unit per horse hit: 60 + 2 × 60 = 180."""
    pick_labelled(app, "horses — horses for a self-draw", "2")
    type_number(app, "seed", 117, lambda d: "seed 117 ·" in main_text(d))
    to_the_end(app)
    box = result_box(app)
    said = box.get_attribute("textContent") or ""
    assert re.search(r"(\S+) wins on own draw", said), said
    winner = re.search(r"(\S+) wins on own draw", said)[1]
    assert said.count(f"pays {winner} 2 × unit = 2 × 10 = 20 · 自摸") == 3, said
    assert said.count(f"pays {winner} (2 × unit = 2 × 10) × 2 hits = 40 · 中馬") == 3, said
    assert f"{winner} +180" in said and "2 hits" in said
    screenshot(app, "playground-horses.png", scroll_to=box)


def test_a_word_card_win_shows_its_sum_floor_and_formula(app: WebDriver) -> None:
    """PHZ-12, PHZ-20, PHZ-21: the winning groups with their 胡息, their sum, the floor it
    passed, and the 囤 worked out from it."""
    choose_rule_file(app, PHZ)
    strips = app.find_elements(By.CSS_SELECTOR, ".tr-seat.tr-pos-bottom .tr-strip")
    assert strips and all(s.size["height"] > 2 * s.size["width"] for s in strips)
    type_number(app, "seed", 117, lambda d: "seed 117 ·" in main_text(d))
    to_the_end(app)
    said = result_box(app).get_attribute("textContent") or ""
    assert re.search(r"(\d+ \+ )+\d+ = \d+ 胡息", said), said
    assert re.search(r"胡息 \d+ ≥ min_huxi 6", said) and "囤 = (胡息 - 6) / 3 + 1" in said, said
    screenshot(app, "playground-huxi.png", scroll_to=result_box(app))


# ── a hand learnt step by step, in each language ─────────────────────────────────────

# What a reader of each language reads of 跑胡子's hand of seed 7 (a drawn hand whose last
# move is ten draws shown and not taken, told one event a step).
LEARNT = {
    "en": {
        "title": "tablerules playground · 跑胡子",
        "deal": "莊 deals 莊 15, 下家 14, 對家 14, 上家 14 cards; 23 left to draw",
        "untaken": r"\S+ is not taken: to \S+'s discards",
        "drawn": "drawn hand: nobody wins",
        "next": "next dealer: 下家",
        "result": "Drawn hand: nobody wins",
        "left": r"(\d+) cards left to draw",
        "tab": "Hand",
    },
    "zh-Hant": {
        "title": "tablerules 遊樂場 · 跑胡子",
        "deal": "莊發牌：莊 15、下家 14、對家 14、上家 14 張；還剩 23 張可摸",
        "untaken": r"\S+沒有人要，放進\S+的棄牌",
        "drawn": "流局：沒有人贏",
        "next": "下一局由下家發牌",
        "result": "流局：沒有人贏",
        "left": r"還剩 (\d+) 張可摸",
        "tab": "牌局",
    },
    "zh-Hans": {
        "title": "tablerules 游乐场 · 跑胡子",
        "deal": "庄发牌：庄 15、下家 14、对家 14、上家 14 张；还剩 23 张可摸",
        "untaken": r"\S+没有人要，放进\S+的弃牌",
        "drawn": "流局：没有人赢",
        "next": "下一局由下家发牌",
        "result": "流局：没有人赢",
        "left": r"还剩 (\d+) 张可摸",
        "tab": "牌局",
    },
}
# the traditional names a reader of simplified characters must not see on the table
TRADITIONAL = ("莊", "對家", "貳", "陸", "棄牌")
# each language at each size: every step of the hand, by the keys or by taps
LEARNING = [("en", "desktop"), ("zh-Hans", "desktop"), ("zh-Hant", "desktop"),
            ("en", "phone"), ("zh-Hans", "phone")]  # fmt: skip

# The rows of the move list as they read: (number, text without the rule ids), in order.
ROWS_JS = """
return Array.from(document.querySelectorAll('.tr-move')).map((row) => {
  const copy = row.cloneNode(true);
  copy.querySelectorAll('.tr-n, .tr-cites').forEach((part) => part.remove());
  return [Number(row.dataset.move), copy.textContent.trim(), Number(row.dataset.turn)];
});
"""


def at_step(step: int) -> Callable[[WebDriver], bool]:
    """The table and the move list at `step` (in any language: no counter's words)."""
    return lambda d: (
        drawn_move(d) == step
        and bool(d.find_elements(By.CSS_SELECTOR, f'.tr-move.tr-now[data-move="{step}"]'))
    )


def center_lines(driver: WebDriver) -> list[str]:
    """The middle of the table: the cards left, the card on view, what just happened."""
    center = driver.find_elements(By.CSS_SELECTOR, ".tr-table .tr-center > div")
    return [line.get_attribute("textContent") or "" for line in center]


def rows_now(driver: WebDriver) -> list[tuple[int, str, int]]:
    return [(int(n), str(text), int(turn)) for n, text, turn in driver.execute_script(ROWS_JS)]


@pytest.mark.parametrize(("lang", "size"), LEARNING)
def test_a_word_card_hand_is_learnt_step_by_step_to_its_end(
    app: WebDriver, app_url: str, lang: str, size: str
) -> None:
    """跑胡子, seed 7, in English, 繁體中文 and 简体中文, on a desktop and a phone: every step is
    one event told in one sentence of the language chosen (the one the table's middle
    says too), grouped by turn; the endgame's ten draws are watched card by card, the stock
    going down one at a time; ten presses of → at ten a second go ten steps on; the end
    says who won (nobody) in the same language."""
    words = LEARNT[lang]
    open_at(app, app_url, SIZES[size], f"rule_file={PHZ}&lang={lang}&match_hands=1")
    said = main_text(app)
    assert words["title"] in said, said[:300]
    assert selected_tabs(app) == [words["tab"]]
    rows = rows_now(app)
    last = rows[-1][0]
    assert [n for n, _, _ in rows] == list(range(last + 1)) and last >= 80
    texts = [text for _, text, _ in rows]
    assert texts[0] == words["deal"]
    assert texts[-2:] == [words["drawn"], words["next"]]
    assert sum(bool(re.fullmatch(words["untaken"], text)) for text in texts) >= 8, texts[-24:]
    assert not [t for t in texts if " — " in t or "——" in t]  # one event, one sentence
    turns = [turn for _, _, turn in rows]
    assert turns == sorted(turns) and turns[-1] > 20  # grouped by turn, in order
    if lang == "zh-Hans":
        table = app.find_element(By.CSS_SELECTOR, ".tr-table").get_attribute("textContent") or ""
        shown = " ".join(texts) + table
        assert not [name for name in TRADITIONAL if name in shown], shown
    step = 0
    if size == "desktop":  # ten presses at ten a second: none is dropped
        presses = ActionChains(app)
        for _ in range(10):
            presses.send_keys(Keys.ARROW_RIGHT).pause(0.1)
        app.execute_script("if (document.activeElement) document.activeElement.blur();")
        timed(app, None, presses.perform, at_step(10))  # a second of pressing: not a click's time
        step = 10
    left_before: int | None = None
    counts: list[int] = []
    while step < last:
        step += 1
        if size == "desktop":
            timed(app, "→ step", lambda: key_press(app, Keys.ARROW_RIGHT), at_step(step))
        else:
            timed(app, "a tap on ›", lambda: button(app, "next").click(), at_step(step))
        lines = center_lines(app)
        left = next(int(m[1]) for line in lines if (m := re.fullmatch(words["left"], line)))
        assert left_before is None or left in (left_before, left_before - 1), (step, lines)
        left_before = left
        counts.append(left)
        if step < last:  # the middle of the table tells the step shown, as the list does
            assert texts[step] in lines, (step, texts[step], lines)
    assert counts[-1] == 0 and len(set(counts[-24:])) >= 9  # the stock, card by card
    box = result_box(app).get_attribute("textContent") or ""
    assert words["result"] in box, box
    no_failure_on_page(app)
    screenshot(app, f"playground-learnt-{lang}-{size}.png")


NOT_HELD = {  # the 名堂 a win of 跑胡子 with 名堂 (seed 117) does not hold, as each reads it
    "en": ("Patterns not held", "紅胡: at least 10 red cards needed, 5 held [PHZ-M1]"),
    "zh-Hant": ("沒有成立的牌型", "紅胡：要至少 10 張紅牌，這手有 5 張 [PHZ-M1]"),
}


@pytest.mark.parametrize("lang", sorted(NOT_HELD))
def test_a_win_says_what_each_pattern_it_does_not_hold_needed(
    app: WebDriver, app_url: str, lang: str
) -> None:
    """PHZ-M1: 紅胡 needs 10 red cards; seed 117's win holds 5, and the settlement says so
    (in the language chosen), with every other 名堂 that does not hold."""
    title, line = NOT_HELD[lang]
    query = f"rule_file=rules/variants/paohuzi-mingtang.rules&seed=117&match_hands=1&lang={lang}"
    open_at(app, app_url, DESKTOP, query)
    to_the_end(app)
    box = result_box(app)
    folded = box.find_element(By.XPATH, f'.//summary[contains(., "{title}")]')
    timed(app, None, folded.click, lambda d: line in (box.get_attribute("innerText") or ""), False)
    said = box.get_attribute("innerText") or ""
    assert said.count("[PHZ-M") >= 7, said
    screenshot(app, f"playground-not-held-{lang}.png", scroll_to=box)


def play_my_hand(app: WebDriver, name: str, shot: str = "") -> int:
    """Play the seat the user sits at (named `name` this hand) to the end of the hand, by
    clicking cards and claim buttons; how many cards were clicked."""
    clicks = 0
    shot_taken = not shot
    for _ in range(120):
        settle(
            app,
            lambda d: (
                d.find_elements(By.CSS_SELECTOR, ".tr-pick, .st-key-result")
                or d.find_elements(By.CSS_SELECTOR, '[class*="st-key-choose_"] button')
            ),
            "the user's turn (bots playing on) or the end",
        )
        if app.find_elements(By.CSS_SELECTOR, ".st-key-result"):
            break
        picks = app.find_elements(By.CSS_SELECTOR, ".tr-pick")
        if picks:
            if not shot_taken:
                assert f"Your turn, {name}" in main_text(app)
                screenshot(app, shot)
                shot_taken = True
            before = counter(app)[0]
            timed(app, "a card clicked", picks[-1].click, past_move(before))
            clicks += 1
        else:
            claim = app.find_elements(By.CSS_SELECTOR, '[class*="st-key-choose_"] button')[-1]
            before = counter(app)[0]
            timed(app, "a claim button", claim.click, past_move(before))
    return clicks


def first_dealer(seed: int = 7) -> int:
    """The seat that deals the first hand of `seed` under 跑馬仔 (drawn from the seed)."""
    return HandSession(load_game(ROOT / PMZ), seed).end.state.dealer


def test_a_seat_is_played_to_the_end_by_clicking_cards(app: WebDriver) -> None:
    me = (first_dealer() + 1) % 4
    sit_at(app, me, "南")
    clicks = play_my_hand(app, "南", "playground-play.png")
    said = result_box(app).get_attribute("textContent") or ""
    assert clicks >= 3 and re.search(
        r"You win, 南|You dealt in, 南|Drawn hand, 南| won; 南", said
    ), said
    no_failure_on_page(app)


def token_rules(text: str) -> str:
    """The rule text with each card's names replaced by its token «N» (see visibility.py)."""
    lines = text.split("\n")
    inside, index = False, 0
    for number, line in enumerate(lines):
        if line.startswith("deck"):
            inside = True
            continue
        if inside and line.startswith("}"):
            break
        found = re.match(r'^(\s*\S+\s+(?:\S+=\S+\s+)*)"', line) if inside else None
        if found and not line.strip().startswith("#"):
            lines[number] = f'{found[1]}"«{index}»"'
            index += 1
    return "\n".join(drop_names_blocks(lines))


def drop_names_blocks(lines: list[str]) -> list[str]:
    """The lines without the file's `names` blocks (they name cards by the names the
    tokens replace)."""
    kept, inside = [], False
    for line in lines:
        if line.startswith("names "):
            inside = True
        elif inside and line.startswith("}"):
            inside = False
        elif not inside:
            kept.append(line)
    return kept


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


# Everything on the page but the rule file itself (the Rules tab: its deck names every
# card, which is no secret): each tab's text, shown or not, and every tooltip.
SEAT_PAGE_JS = """
const main = document.querySelector('[data-testid="stMain"]');
const panels = Array.from(main.querySelectorAll('[data-testid="stTabPanel"]'));
const rules = panels.filter((panel) => panel.querySelector('.tr-ed'));
const copy = main.cloneNode(true);
const drop = rules.map((panel) => panels.indexOf(panel));
const copied = Array.from(copy.querySelectorAll('[data-testid="stTabPanel"]'));
drop.forEach((index) => copied[index].remove());
const titles = Array.from(copy.querySelectorAll('[title]')).map((e) => e.getAttribute('title'));
return copy.textContent + ' ' + titles.join(' ');
"""


def seat_page(driver: WebDriver) -> str:
    return str(driver.execute_script(SEAT_PAGE_JS))


def test_a_seats_view_names_no_card_it_cannot_see(app: WebDriver, tmp_path: Path) -> None:
    """A copy of 跑馬仔 whose card names are tokens: at each move, every card named on the
    page (text and tooltips) is one the seat has seen — checked against the same hand
    played here (same seed, same bots)."""
    rules = tmp_path / "tokens.rules"
    text = (ROOT / PMZ).read_text(encoding="utf-8")
    rules.write_text(token_rules(text).replace('"../', '"'), encoding="utf-8")
    upload(app, rules)
    here = HandSession(token_game(ROOT / PMZ), 7)
    viewer = (here.dealer + 2) % 4
    sit_at(app, viewer, "西")
    switch_off(app, "play_seat")  # watch the seat, do not play it
    settle(
        app,
        lambda d: (
            "tr-back"
            in (d.find_element(By.CSS_SELECTOR, ".tr-table").get_attribute("innerHTML") or "")
        ),
        "the seat's view",
    )
    button(app, "reset").click()  # sitting down let the bots play on a move: back to the deal
    settle(app, at_move(0), "the deal")
    steps, _ = page_steps(here, viewer)
    for move in range(0, min(len(steps) - 1, 30) + 1):  # a step each event the seat reads
        if move:
            key_press(app, Keys.ARROW_RIGHT)
            settle(app, at_move(move), f"move {move}")
        go_to_step(here, viewer, move)
        page = seat_page(app)
        leaked = tokens(page) - seen(PageBuilder(here, viewer).table, viewer)
        where = [page[max(0, page.find(f"«{t}»") - 80) : page.find(f"«{t}»") + 20] for t in leaked]
        assert not leaked, (move, leaked, where)
    assert tokens(page)  # the page does name cards: the check had something to check
    panel = open_tab(app, "Compare variants")  # before the end, the outcome is not compared
    assert "A comparison plays the hand to its end" in (panel.get_attribute("textContent") or "")
    assert not app.find_elements(By.CSS_SELECTOR, ".st-key-compare_run button")
    open_tab(app, "Hand")
    to_the_end(app)
    open_tab(app, "Compare variants")  # the same hand under the bundled file, as 西 sees it
    pick_keyed(app, "compare_with_", PMZ)
    compared = lambda d: "As 西 sees" in main_text(d)  # noqa: E731
    timed(app, None, lambda: button(app, "compare_run").click(), compared)
    here.to_end()
    leaked = tokens(seat_page(app)) - seen(here.table, viewer)
    assert not leaked, leaked


def test_an_uploaded_file_works_in_every_tab(app: WebDriver, tmp_path: Path) -> None:
    text = (ROOT / "rules/variants/paomazai-two-horses.rules").read_text(encoding="utf-8")
    mine = tmp_path / "mine.rules"
    mine.write_text(text.replace('extends "../', 'extends "'), encoding="utf-8")
    side = sidebar(app)
    assert "upload a .rules file (at most 64 KB)" in (side.get_attribute("textContent") or "")
    size_note = '[data-testid="stFileUploaderDropzoneInstructions"]'
    notes = side.find_elements(By.CSS_SELECTOR, size_note)
    assert notes and not any(n.is_displayed() for n in notes)  # no "200MB per file", no "1MB"
    upload(app, mine)
    panel = open_tab(app, "Rules")
    assert "the rules check clean" in (panel.get_attribute("textContent") or "")
    open_tab(app, "Compare variants")
    pick_keyed(app, "compare_with_", PMZ)
    timed(
        app,
        "compare",
        lambda: button(app, "compare_run").click(),
        lambda d: "Money by seat" in main_text(d),
    )
    panel = open_tab(app, "Golden scenarios")
    assert "No golden scenario uses mine.rules" in (panel.get_attribute("textContent") or "")
    open_tab(app, "Hand")
    to_the_end(app)
    no_failure_on_page(app)
    # a reload: the address names the upload, and this browser brings back its copy
    assert "rule_file=mine.rules" in app.current_url
    app.refresh()
    settle(
        app,
        lambda d: (
            d.find_element(By.CSS_SELECTOR, ".st-key-rule_file input").get_attribute("value")
            == "mine.rules (uploaded)"
            and d.find_elements(By.CSS_SELECTOR, ".tr-move")
        ),
        "the upload brought back after a reload",
    )
    panel = open_tab(app, "Golden scenarios")
    assert "No golden scenario uses mine.rules" in (panel.get_attribute("textContent") or "")
    no_failure_on_page(app)


def editor(driver: WebDriver) -> WebElement:
    return driver.find_element(By.CSS_SELECTOR, ".tr-ed-input")


def place_caret(driver: WebDriver, after: str, at_end: bool = True) -> None:
    """Put the editor's caret at the end of the first line holding `after`."""
    driver.execute_script(
        """const [box, after] = arguments; const at = box.value.indexOf(after);
        const end = box.value.indexOf('\\n', at); box.focus();
        box.setSelectionRange(end, end);""",
        editor(driver),
        after,
    )


def test_an_edit_is_played_and_its_log_replays(app: WebDriver, downloads: Path) -> None:
    open_tab(app, "Rules")
    settle(app, lambda d: d.find_elements(By.CSS_SELECTOR, ".tr-ed-input"), "the editor")
    place_caret(app, 'on discard: discarder pays 2 × unit "食糊"')
    for _ in range(len(' × unit "食糊"')):
        editor(app).send_keys(Keys.ARROW_LEFT)
    editor(app).send_keys(Keys.BACKSPACE, "3")
    settle(
        app, lambda d: "edited: the file on disk is unchanged" in main_text(d), "the edit checked"
    )
    open_tab(app, "Hand")
    to_the_end(app)
    for old in downloads.glob("*.jsonl"):
        old.unlink()
    button(app, "download_log").click()
    WebDriverWait(app, TIMEOUT, poll_frequency=0.1).until(lambda d: list(downloads.glob("*.jsonl")))
    (log,) = downloads.glob("*.jsonl")
    done = subprocess.run(
        [str(VENV / "tablerules"), "replay", str(log), "--quiet"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "reproduced: 1 hand" in done.stdout
    assert "differs from the file on disk at line" in done.stderr
    assert "discarder pays 3 × unit" in done.stderr
    # the golden scenarios run against the edit: those it breaks come first, in words
    panel = open_tab(app, "Golden scenarios")
    timed(
        app,
        None,
        lambda: button(app, "run_scenarios").click(),
        lambda d: re.search(r"\d+ passed, [1-9]\d* failed", main_text(d)),
    )
    said = panel.get_attribute("textContent") or ""
    assert said.index("FAIL ") < said.index(" that passed")
    assert re.search(r"money: expected .* got .*pays .* 3 × unit = 3 × 10 = 30 · 食糊", said)
    screenshot(app, "playground-scenarios.png", scroll_to=panel)
    timed(
        app,
        None,
        lambda: button(app, "open_0").click(),
        proof_of(OPENED_AS_A_HAND),
    )


MISTAKE = 'optoin fee "table fee": 0 | 5 = 0'  # a misspelt `option`, typed on a new line


def test_a_typo_is_marked_hinted_and_a_click_jumps_to_it(app: WebDriver) -> None:
    open_tab(app, "Rules")
    settle(app, lambda d: d.find_elements(By.CSS_SELECTOR, ".tr-hl-keyword"), "the editor")
    screenshot(app, "playground-rules.png")
    place_caret(app, "option unit")
    editor(app).send_keys(Keys.ENTER, MISTAKE)
    settle(app, lambda d: d.find_elements(By.CSS_SELECTOR, ".tr-ed-diag"), "the diagnostic")
    source = (ROOT / PMZ).read_text(encoding="utf-8").splitlines()
    row = next(n for n, line in enumerate(source, 2) if line.startswith("option unit"))
    diagnostic = app.find_element(By.CSS_SELECTOR, ".tr-ed-diag")
    assert diagnostic.text.startswith(f"{PMZ}:{row}:1 error[E005]"), diagnostic.text
    assert "did you mean 'option'?" in diagnostic.text
    marks = [m.text for m in app.find_elements(By.CSS_SELECTOR, ".tr-ed-gutter .tr-ed-error")]
    assert marks == [str(row)]
    assert "1 error(s) — version 1, the last that checked, is still running" in main_text(app)
    app.execute_script("document.querySelector('.tr-ed-scroll').scrollTop = 100000")
    diagnostic.click()
    jumped = app.find_element(By.CSS_SELECTOR, ".tr-ed").get_attribute("data-jumped")
    caret = app.execute_script(
        "const b = arguments[0]; return b.value.slice(0, b.selectionStart).split('\\n').length;",
        editor(app),
    )
    assert jumped == str(row) and caret == row
    screenshot(app, "playground-error.png")


def test_variants_are_compared_in_two_columns(app: WebDriver) -> None:
    type_number(app, "seed", 117, lambda d: "seed 117 ·" in main_text(d))
    open_tab(app, "Compare variants")
    pick_keyed(app, "compare_with_", "rules/variants/paomazai-two-horses.rules")
    for _ in range(3):  # best of three: the machine is shared
        timed(
            app,
            "compare",
            lambda: button(app, "compare_run").click(),
            lambda d: "Money by seat" in main_text(d),
        )
    said = main_text(app)
    assert "The hands part at move" in said and "draws 1 馬" in said and "draws 2 馬" in said
    screenshot(
        app,
        "playground-compare.png",
        scroll_to=app.find_element(By.XPATH, "//*[contains(text(), 'The hands part')]"),
    )
    choices = offered(app, "compare_with_")  # files of the same game only, never itself
    assert PHZ not in choices and PMZ not in choices and choices


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


# A scenario opened as a hand: the Hand tab selected, its table drawn and shown.
OPENED_AS_A_HAND: dict[str, Proof] = {
    "the Hand tab selected": lambda d: selected_tabs(d) == ["Hand"],
    "'Scenario:' on the page": lambda d: "Scenario:" in main_text(d),
    "the table drawn": lambda d: drawn_move(d) >= 0,
    "the table shown": lambda d: d.find_element(By.CSS_SELECTOR, ".tr-table").is_displayed(),
}


def test_golden_scenarios_run_and_one_opens_as_a_hand(app: WebDriver) -> None:
    for _ in range(4):  # best of four: the machine is shared
        panel = open_tab(app, "Golden scenarios")
        timed(
            app,
            "golden scenarios",
            lambda: button(app, "run_scenarios").click(),
            lambda d: re.search(r"\d+ passed, \d+ failed", main_text(d)),
        )
        assert re.search(r"(\d+) passed, 0 failed", main_text(app)) and panel.is_displayed()
        timed(
            app,
            "open as a hand",
            lambda: button(app, "open_passed_button").click(),
            proof_of(OPENED_AS_A_HAND),
        )
        no_failure_on_page(app)
    # the next run of the app keeps the tab the user chose since (the tabs kept their place)
    open_tab(app, "Rules")
    type_number(app, "seed", 117, lambda d: "seed 117 ·" in main_text(d))
    assert selected_tabs(app) == ["Rules"]


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
    timed(app, "→ key", lambda: button(app, "next").click(), at_move(1))
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
    tab = next(t for t in app.find_elements(By.CSS_SELECTOR, TAB) if t.text == "Statistics")
    mark = tab.find_element(By.CSS_SELECTOR, ".react-aria-SelectionIndicator").rect
    assert (
        tab.rect["x"] - 1 <= mark["x"]
        and mark["x"] + mark["width"] <= tab.rect["x"] + tab.rect["width"] + 1
    )
    middle = tab.rect["y"] + tab.rect["height"] / 2  # under its label, within the tab
    assert middle <= mark["y"] and mark["y"] + mark["height"] <= tab.rect["y"] + tab.rect["height"]
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


# ── a match, a place kept, an edit compared and kept, a scenario loaded back ──────────


SIZES = {"desktop": DESKTOP, "phone": PHONE}


def scores(driver: WebDriver) -> str:
    """The match's line above the table: the hand, the round, each seat's money."""
    found = driver.find_elements(By.CSS_SELECTOR, ".st-key-match_scores")
    return (found[0].get_attribute("textContent") or "") if found else ""


def field_reads(key: str, value: str) -> Callable[[WebDriver], bool]:
    """The input of the widget with key `key` holds `value`."""
    return lambda d: (
        d.find_element(By.CSS_SELECTOR, f".st-key-{key} input").get_attribute("value") == value
    )


def open_at(driver: WebDriver, url: str, size: tuple[int, int], query: str) -> None:
    """Load the playground at `size` from an address with these parameters (a link)."""
    screen(driver, size)
    forget_kept_edits(driver, url)
    driver.get(f"{url}/?{query}")
    settle(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".tr-move"), f"the page of ?{query}")
    note_first_load(driver)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_seat_plays_a_three_hand_match_and_reads_the_score(
    app: WebDriver, app_url: str, size: str
) -> None:
    """A link sits the user at player 2 for three hands, bots playing at once: each hand is
    played by clicking cards, the seat stays the player's as the deal passes, the score
    runs on, and the summary gives money, hands won and the biggest hand."""
    me = 1
    open_at(app, app_url, SIZES[size], f"match_hands=3&seat={me + 1}&speed_play=instant")
    for hand in (1, 2, 3):
        assert f"Hand {hand} of 3" in scores(app), scores(app)
        found = re.search(rf"player {me + 1} · (\S+) \(you\)", scores(app))
        assert found, scores(app)
        name = found[1]
        bottom = app.find_element(By.CSS_SELECTOR, ".tr-seat.tr-pos-bottom .tr-head")
        assert bottom.find_element(By.TAG_NAME, "b").text == name and "you" in bottom.text
        play_my_hand(app, name, f"playground-match-{size}.png" if hand == 2 else "")
        said = result_box(app).get_attribute("textContent") or ""
        assert re.search(
            rf"You win, {name}|You dealt in, {name}|Drawn hand, {name}| won; {name}", said
        ), said
        if hand < 3:
            following = lambda d, n=hand + 1: f"Hand {n} of 3" in scores(d)  # noqa: E731
            timed(app, None, lambda: button(app, "next_hand").click(), following)
    summary = app.find_element(By.CSS_SELECTOR, ".st-key-match_summary")
    told = summary.get_attribute("textContent") or ""
    assert "The match is over after 3 hands." in told and "The biggest hand: hand " in told
    rows = [
        [cell.text for cell in row.find_elements(By.CSS_SELECTOR, "td")]
        for row in summary.find_elements(By.CSS_SELECTOR, "tbody tr")
    ]
    assert len(rows) == 4 and sum(int(won) for _, _, won in rows) <= 3
    mine = next(row for row in rows if row[0].startswith(f"player {me + 1} · "))
    assert mine[0].endswith("(you)")
    running = re.search(rf"player {me + 1} · \S+ \(you\) (\S+)", scores(app))
    assert running and running[1] == mine[1]  # the score line and the summary agree
    total = sum(int(money.replace("−", "-")) for _, money, _ in rows)
    assert total <= 0  # money moves between seats (a fee may leave the table)
    screenshot(app, f"playground-summary-{size}.png", scroll_to=summary)
    no_failure_on_page(app)


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


def edit_the_discard_payment(driver: WebDriver) -> None:
    """In the Rules tab: the discarder pays 3 × unit instead of 2."""
    open_tab(driver, "Rules")
    settle(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".tr-ed-input"), "the editor")
    place_caret(driver, 'on discard: discarder pays 2 × unit "食糊"')
    for _ in range(len(' × unit "食糊"')):
        editor(driver).send_keys(Keys.ARROW_LEFT)
    editor(driver).send_keys(Keys.BACKSPACE, "3")
    settle(
        driver,
        lambda d: "edited: the file on disk is unchanged" in main_text(d),
        "the edit checked",
    )


def test_an_edit_is_kept_and_compared_with_the_file_as_saved(app: WebDriver) -> None:
    """The edit survives a reload (kept in the browser); Compare offers the file as saved
    first and tells the money of both; Statistics prints a command of two files."""
    edit_the_discard_payment(app)
    app.refresh()
    settle(
        app,
        lambda d: "kept in this browser, is back" in main_text(d),
        "the edit brought back after a reload",
    )
    assert "pays 3 × unit" in (editor(app).get_attribute("value") or "")
    panel = open_tab(app, "Compare variants")
    box = app.find_element(By.CSS_SELECTOR, '[class*="st-key-compare_with_"] input')
    assert box.get_attribute("value") == "rules/paomazai.rules (as saved)"
    timed(
        app,
        None,
        lambda: button(app, "compare_run").click(),
        lambda d: "Money by seat" in main_text(d),
    )
    said = panel.get_attribute("textContent") or ""
    assert "rules/paomazai.rules (as saved)" in said and "The hands part at move" in said
    assert re.search(r"pays \S+ 30 · 食糊", said) and re.search(r"pays \S+ 20 · 食糊", said), said
    screenshot(app, "playground-compare-saved.png", scroll_to=panel)
    panel = open_tab(app, "Statistics")
    type_number(app, "stats_hands", 40, field_reads("stats_hands", "40"))
    timed(
        app,
        None,
        lambda: button(app, "stats_run").click(),
        lambda d: "tablerules simulate paomazai-edited.rules" in main_text(d),
    )
    said = panel.get_attribute("textContent") or ""
    assert "--compare rules/paomazai.rules --hands 40" in said  # two files, not one twice
    # dropped on purpose, asked first: the file as saved is back, here and after a reload
    open_tab(app, "Rules")
    timed(app, None, lambda: button(app, "drop_edit").click(), lambda d: "Dropping" in main_text(d))
    timed(
        app,
        None,
        lambda: button(app, "drop_confirm").click(),
        lambda d: "the rules check clean" in main_text(d) and "edited:" not in main_text(d),
    )
    app.refresh()
    settle(app, lambda d: "Hand 1 of" in scores(d), "the page after a reload")
    assert "kept in this browser" not in main_text(app)


def test_an_edited_hand_saved_as_a_scenario_loads_back(app: WebDriver, downloads: Path) -> None:
    """The scenario carries the edited text: loaded into the Golden scenarios tab it passes
    against that text and opens as a hand."""
    edit_the_discard_payment(app)
    open_tab(app, "Hand")
    to_the_end(app)
    for old in downloads.glob("*.json"):
        old.unlink()
    save = app.find_element(By.XPATH, "//*[contains(text(), 'Save this hand as a scenario')]")
    save.click()
    name = app.find_element(By.CSS_SELECTOR, ".st-key-scenario_name input")
    named = "the discarder pays 3 units"
    timed(app, None, lambda: name.send_keys(named, Keys.ENTER), field_reads("scenario_name", named))
    button(app, "download_scenario").click()
    WebDriverWait(app, TIMEOUT, poll_frequency=0.1).until(lambda d: list(downloads.glob("*.json")))
    (saved,) = downloads.glob("*.json")
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert "pays 3 × unit" in data["rules_text"] and data["name"] == "the discarder pays 3 units"
    panel = open_tab(app, "Golden scenarios")
    field = app.find_element(By.CSS_SELECTOR, '.st-key-scenario_upload input[type="file"]')
    timed(
        app,
        None,
        lambda: field.send_keys(str(saved)),
        lambda d: f"{saved.name}: PASS the discarder pays 3 units" in main_text(d),
    )
    said = panel.get_attribute("textContent") or ""
    assert "It was made with an edit of the file (from line " in said
    screenshot(app, "playground-scenario-loaded.png", scroll_to=panel)
    timed(
        app,
        None,
        lambda: button(app, "open_saved").click(),
        proof_of(OPENED_AS_A_HAND),
    )
    assert "Scenario: the discarder pays 3 units" in main_text(app)


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


def test_every_click_settles_within_half_a_second() -> None:
    """Each kind of click, at best of its tries, settles in under 500 ms on this machine, and
    a first load (the address opened to the first screen idle) in under 1.5 s (the median
    is reported too; the machine is shared, so single tries are noisy). While
    other work keeps more runnable processes than cores (the load average, sampled at each
    click), the page gets only its share of the cores: the budget grows in proportion, and
    the report says so."""
    assert TIMINGS, "no click was timed"
    report: dict[str, object] = {
        kind: {"best": round(min(ms)), "median": round(statistics.median(ms)), "tries": len(ms)}
        for kind, ms in sorted(TIMINGS.items())
    }
    load = statistics.median(LOADS)
    allowance = max(1.0, load / CORES)
    budget = round(SETTLED_MS * allowance)
    load_budget = round(FIRST_LOAD_BUDGET * allowance)
    report["machine"] = {
        "cores": CORES,
        "load average": round(load, 1),
        "budget ms": budget,
        "first load budget ms": load_budget,
    }
    if FIRST_LOADS:
        report["first load"] = {
            "best": round(min(FIRST_LOADS)),
            "median": round(statistics.median(FIRST_LOADS)),
            "worst": round(max(FIRST_LOADS)),
            "tries": len(FIRST_LOADS),
        }
    out = os.environ.get("TABLERULES_TIMINGS")
    if out:
        Path(out).write_text(json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8")
    slow = {kind: figures for kind, figures in TIMINGS.items() if min(figures) >= budget}
    assert not slow, f"clicks slower than {budget} ms at best: {sorted(slow)}; all: {report}"
    assert not FIRST_LOADS or min(FIRST_LOADS) < load_budget, (
        f"a first load slower than {load_budget} ms at best: {report}"
    )
