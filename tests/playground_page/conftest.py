"""The fixtures of the modules that drive the playground through AppTest."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from streamlit.testing.v1 import AppTest

from .page import APP


@pytest.fixture(scope="module", autouse=True)
def components_scanned_once(streamlit_components_scanned_once: None) -> None:
    """Every module here opens the page: installed components are looked up once a module."""


@pytest.fixture
def app() -> Iterator[AppTest]:
    """The playground after its first run."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    assert not at.exception, at.exception
    yield at
