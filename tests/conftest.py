"""Shared fixtures: the bundled games, compiled once per test session."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import Game, load_game

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"


@pytest.fixture(scope="session")
def pmz() -> Game:
    """跑馬仔 with its default options."""
    return load_game(RULES / "paomazai.rules")


@pytest.fixture(scope="session")
def phz() -> Game:
    """跑胡子 with its default options."""
    return load_game(RULES / "paohuzi.rules")
