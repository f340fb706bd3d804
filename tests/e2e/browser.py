"""The served playground driven in headless Chromium: the server, waiting for the app's
ready state, acting and timing each click, reading the page, and the steps several
journeys share (opening a link, uploading a file, editing the discard payment). The
figures collected here (`TIMINGS`, `LOADS`, `FIRST_LOADS`) are read by test_timings.py.
"""

from __future__ import annotations

import base64
import os
import re
import socket
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

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
SETTLED_MS = 500  # a click must settle within this, at best of its tries (test_timings.py)
# typing in the editor: from the last key to the error shown, the pause after typing
# included (the editor sends its text once typing stops for half a second)
TYPED = "typed → error shown"
TYPED_MS = 800  # the target, reported beside the figure (test_timings.py)
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


def screen(driver: WebDriver, size: tuple[int, int]) -> None:
    width, height = size
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 700},
    )


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
// and the last key pressed (a burst of presses is timed from its last: `timed(last_key=True)`)
window.trLastKey = null;
if (window.trKeyWatch) document.removeEventListener('keydown', window.trKeyWatch, true);
window.trKeyWatch = (event) => { window.trLastKey = event.timeStamp; };
document.addEventListener('keydown', window.trKeyWatch, true);
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
    last_key: bool = False,
) -> float:
    """Do `act`, wait until the app has run again (unless `runs` is False: then it must not
    run at all) and `proof` holds on a ready page; record as `kind` (None: not a click that
    is measured) the time from the page receiving the action to its last change — measured
    in the page, so neither the test's commands nor its polling add anything. With
    `last_key`, from the last key the action pressed (a burst of presses: the wait after
    the user stops pressing, not the time spent pressing)."""
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
    since = "window.trLastKey ?? window.trStart" if last_key else "window.trInput ?? window.trStart"
    elapsed = float(driver.execute_script(f"return Math.max(0, window.trLast - ({since}))"))
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


# A scenario opened as a hand: the Hand tab selected, its table drawn and shown.
OPENED_AS_A_HAND: dict[str, Proof] = {
    "the Hand tab selected": lambda d: selected_tabs(d) == ["Hand"],
    "'Scenario:' on the page": lambda d: "Scenario:" in main_text(d),
    "the table drawn": lambda d: drawn_move(d) >= 0,
    "the table shown": lambda d: d.find_element(By.CSS_SELECTOR, ".tr-table").is_displayed(),
}


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
