"""The fixtures of the browser tests: one served playground and one headless Chromium for
the whole run (every journey module shares them, as the timings do), and the app freshly
loaded for each test; the timings test is run last.
"""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from .browser.launch import (
    CHROMEDRIVER,
    CHROMIUM,
    CHROMIUM_FLAGS,
    DESKTOP,
    REQUIRED,
    ROOT,
    START_TIMEOUT,
    VENV,
    forget_kept_edits,
    free_port,
    healthy,
    screen,
)
from .browser.timing import COUNT_MESSAGES_JS, WATCH_LOAD_JS, note_first_load
from .browser.waits import settle

TIMINGS_TEST = "test_timings.py::test_every_click_settles_within_half_a_second"


@pytest.fixture(scope="session")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The playground served on a free port for the whole run; its log beside the temp files."""
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


@pytest.fixture(scope="session")
def downloads(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="session")
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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The timings test last, after every journey has timed its clicks (the modules are
    collected by name, and a new journey's name may sort after it)."""
    timings = [item for item in items if item.nodeid.endswith(TIMINGS_TEST)]
    items[:] = [item for item in items if item not in timings] + timings
