"""What keeps a click on the playground quick (issue 25), pinned through AppTest: no full
garbage collection after each run of the page, and what a step does not work out while
nobody looks at it. The time itself is measured in the browser (tests/e2e/test_timings.py),
never here."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit import config
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "playground" / "app.py"


@pytest.fixture(scope="module", autouse=True)
def scan_installed_components_once() -> Iterator[None]:
    """Each AppTest looks through every installed package for Streamlit components; the
    answer does not change between tests, so it is looked up once."""
    from streamlit.components.v2 import manifest_scanner

    scan = manifest_scanner.scan_component_manifests
    found = scan()
    manifest_scanner.scan_component_manifests = lambda *args, **kwargs: list(found)
    yield
    manifest_scanner.scan_component_manifests = scan


@pytest.fixture
def app() -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    run(at)
    return at


def run(at: AppTest) -> None:
    at.run()
    assert not at.exception, at.exception


def test_no_full_collection_follows_each_run(app: AppTest) -> None:
    """Streamlit's collection after every run walked the compiled games on each click:
    the page turns it off, and the objects of its first page are frozen out of the
    collector's way."""
    assert config.get_option("runner.postScriptGC") is False
    assert gc.get_freeze_count() > 0


def why_asked(at: AppTest) -> list[str]:
    """The actions the expander "Why (not)" offers, when its content is on the page."""
    return [str(o) for box in at.selectbox if box.key == "why_action" for o in box.options]


def why_shown(at: AppTest) -> bool:
    """Whether the page offers the expander "Why (not)" (a seat is asked to act)."""
    return any(e.label.startswith("Why") for e in at.expander)


def test_why_not_is_worked_out_only_while_it_is_open(app: AppTest) -> None:
    """A step sends nothing the page does not show: the explanation behind "Why (not)"
    is drawn once the expander is opened, and goes when it is closed."""
    for _ in range(10):
        if why_shown(app):
            break
        app.button(key="next").click()
        run(app)
    assert why_shown(app) and not why_asked(app)
    app.session_state["why_open"] = True  # what a click on the expander reports
    run(app)
    assert "discard" in why_asked(app)
    app.session_state["why_action"] = "pass"
    run(app)
    assert why_asked(app)  # the action asked about is the user's to change while open
    app.session_state["why_open"] = False
    run(app)
    assert not why_asked(app)
