"""Where the app and the browser come from and how they are set: the checkout and its venv,
Debian's Chromium and its driver with their flags, a free port and the server's health
check, the screen's size, and a browser storage emptied of kept edits."""

from __future__ import annotations

import os
import socket
import urllib.error
import urllib.request
from pathlib import Path

from selenium.webdriver.remote.webdriver import WebDriver

ROOT = Path(__file__).resolve().parents[3]
VENV = ROOT / ".venv" / "bin"
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
REQUIRED = os.environ.get("TABLERULES_E2E") == "1"
DESKTOP = (1400, 900)
PHONE = (390, 844)
SIZES = {"desktop": DESKTOP, "phone": PHONE}
START_TIMEOUT = 60.0  # the server's first health check

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


def forget_kept_edits(driver: WebDriver, url: str) -> None:
    """Empty the browser's storage for the app (edits are kept there across reloads), from
    a page of the same origin that is not the app."""
    driver.get(f"{url}/_stcore/health")
    driver.execute_script("window.localStorage.clear();")
