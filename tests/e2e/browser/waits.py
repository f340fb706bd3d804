"""Waiting for the page: until a proof holds and the app is ready (connected, idle, nothing
loading). A proof may be made of named parts; on a timeout the failure names the parts that
do not hold and the page's state, so that a flaky failure is diagnosable from the output."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from .page import drawn_move, main_text

TIMEOUT = 60.0  # any one wait in the browser

# True once the app is connected, its script has finished and no placeholder is left.
READY_JS = """
const app = document.querySelector('[data-testid="stApp"]');
return app !== null
  && app.getAttribute('data-test-connection-state') === 'CONNECTED'
  && app.getAttribute('data-test-script-state') === 'notRunning'
  && document.querySelector('[data-testid="stSkeleton"], [data-testid="stAppSkeleton"],'
    + ' [data-testid="stSkeletonElement"], [data-stale="true"]') === null;
"""


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
