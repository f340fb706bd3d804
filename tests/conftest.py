"""Shared fixtures: the bundled games, compiled once per test session."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from tablerules.interpreter import Game, load_game

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"


@pytest.fixture(scope="session", autouse=True)
def parse_table_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Parse tables cached in the session's temporary folder, not the user's cache."""
    if "TABLERULES_CACHE_DIR" not in os.environ:
        os.environ["TABLERULES_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))


@pytest.fixture(scope="session")
def pmz() -> Game:
    """跑馬仔 with its default options."""
    return load_game(RULES / "paomazai.rules")


@pytest.fixture(scope="session")
def phz() -> Game:
    """跑胡子 with its default options."""
    return load_game(RULES / "paohuzi.rules")


QuickRun = Callable[..., tuple[subprocess.CompletedProcess[str], dict[str, Any]]]


@pytest.fixture
def quick_benchmark(tmp_path: Path) -> QuickRun:
    """Run `benchmarks/NAME --quick [ARGS…] --json FILE`; return the process and the figures."""

    def run(name: str, *args: str) -> tuple[subprocess.CompletedProcess[str], dict[str, Any]]:
        out = tmp_path / f"{name}.json"
        done = subprocess.run(
            [sys.executable, str(ROOT / "benchmarks" / name), "--quick", *args, "--json", str(out)],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        return done, json.loads(out.read_text(encoding="utf-8"))

    return run


@pytest.fixture(scope="module")
def streamlit_components_scanned_once() -> Iterator[None]:
    """Each AppTest looks through every installed package for Streamlit components (about
    a second); the answer does not change between tests, so a module that drives the
    playground through AppTest looks it up once."""
    from streamlit.components.v2 import manifest_scanner

    scan = manifest_scanner.scan_component_manifests
    found = scan()
    manifest_scanner.scan_component_manifests = lambda *args, **kwargs: list(found)
    yield
    manifest_scanner.scan_component_manifests = scan
