"""Timing the page, measured in the page itself: each click from the page receiving it to
its last change (`timed`), and the first load of an address. The figures collected here
(`TIMINGS`, `LOADS`, `FIRST_LOADS`) and their targets are read by test_timings.py."""

from __future__ import annotations

import os
from collections.abc import Callable

from selenium.webdriver.remote.webdriver import WebDriver

from .waits import Proof, parts_of, proof_of, settle

SETTLED_MS = 500  # a click must settle within this, at best of its tries (test_timings.py)
# typing in the editor: from the last key to the error shown, the pause after typing
# included (the editor sends its text once typing stops for half a second)
TYPED = "typed → error shown"
TYPED_MS = 800  # the target, reported beside the figure (test_timings.py)
CORES = os.cpu_count() or 1
TIMINGS: dict[str, list[float]] = {}  # milliseconds from a click to the page settled
LOADS: list[float] = []  # the load average at each timed click
FIRST_LOADS: list[float] = []  # milliseconds from opening the address to the first screen
FIRST_LOAD_BUDGET = 1500  # ms for a first load, on an idle machine (the target)

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


def note_first_load(driver: WebDriver) -> None:
    """How long the page took from its address being opened to its last change, once the
    first screen is drawn and the app idle (measured in the page: `WATCH_LOAD_JS`)."""
    FIRST_LOADS.append(float(driver.execute_script("return window.trLoadLast")))
    LOADS.append(os.getloadavg()[0])


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
