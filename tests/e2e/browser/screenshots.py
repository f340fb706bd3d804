"""The screenshots the journeys take (in build/e2e/, or TABLERULES_SCREENSHOTS: `make
screenshots` writes them over docs/img/)."""

from __future__ import annotations

import base64
import os
from pathlib import Path

from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement

from .launch import ROOT
from .waits import settle

SHOTS = Path(os.environ.get("TABLERULES_SCREENSHOTS", ROOT / "build" / "e2e"))


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
