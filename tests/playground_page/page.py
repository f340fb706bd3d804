"""Constants and helpers shared by the modules that drive the playground through AppTest: the
files they load, and how they read and work the page."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest
from tablerules.playground.files.drafts import display_path

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "playground" / "app.py"
PMZ = ROOT / "rules" / "paomazai.rules"
PHZ = ROOT / "rules" / "paohuzi.rules"
TWO_HORSES = ROOT / "rules" / "variants" / "paomazai-two-horses.rules"
RON_SCENARIO = ROOT / "tests" / "golden" / "scenarios" / "paomazai" / "ron_discarder_pays.json"
COUNTER = re.compile(r"\*\*move (\d+)(?: of (\d+)\+?)?\*\*")
CHOICE = re.compile(r'data-choice="([^"]+)"')

EDIT = ('on discard: discarder pays 2 × unit "食糊"', 'on discard: discarder pays 3 × unit "食糊"')


def run(at: AppTest) -> None:
    at.run()
    assert not at.exception, at.exception


def load(at: AppTest, path: Path) -> None:
    """Choose a bundled rule file in the sidebar."""
    at.selectbox(key="rule_file").set_value(display_path(path))
    run(at)


def open_tab(at: AppTest, title: str) -> None:
    """Every tab is drawn on every run (the browser switches between them): check that
    `title` is one of them."""
    assert title in [tab.label for tab in at.tabs], title


def click(at: AppTest, key: str) -> None:
    at.button(key=key).click()
    run(at)


def counter(at: AppTest) -> tuple[int, int]:
    """(move shown, moves played) from the Hand tab's one counter; a seat's view says no
    more than the move shown (-1 for the moves played)."""
    for markdown in at.markdown:
        found = COUNTER.search(markdown.value)
        if found:
            return int(found[1]), int(found[2]) if found[2] else -1
    raise AssertionError("no 'move K of N' counter on the page")


def compare_box(at: AppTest) -> Any:
    """The Compare tab's "Compare with" box (its key names the file and its state)."""
    found = [b for b in at.selectbox if b.key and b.key.startswith("compare_with_")]
    assert len(found) == 1, [b.key for b in at.selectbox]
    return found[0]


def component_data(at: AppTest, key: str) -> dict[str, Any]:
    """The data a component of the page was given."""
    for element in at.get("bidi_component"):
        if element.key == key:
            return json.loads(element.proto.json)
    raise AssertionError(f"no component {key!r} on the page")


def component(at: AppTest, key: str) -> str:
    """The HTML a component of the page was given."""
    return component_data(at, key)["html"]


def click_component(at: AppTest, key: str, value: Any) -> None:
    """What a click in the browser does: the component reports it as its state."""
    at.session_state[key] = {"click": {"value": value, "n": time.monotonic_ns()}}
    run(at)


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [i.value for i in at.info]
    parts += [w.value for w in at.warning] + [s.value for s in at.success]
    return "\n".join(parts)


def editor_data(at: AppTest) -> dict[str, Any]:
    for element in at.get("bidi_component"):
        if element.key and element.key.startswith("editor_"):
            return json.loads(element.proto.json)
    raise AssertionError("no rule editor on the page")


def upload(at: AppTest, name: str, data: bytes) -> None:
    at.file_uploader(key="upload").set_value((name, data, "text/plain"))
    run(at)
