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
