"""Comfort for the author of a rule file and of scenarios: repeated command-line groups,
scenarios over files in sibling folders, hints for what an author would guess."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.cli.main import main

ROOT = Path(__file__).resolve().parents[1]


def test_repeating_table_adds_groups_instead_of_keeping_the_last(
    capsys: pytest.CaptureFixture[str],
) -> None:
    base = ["evaluate", "paomazai", "--hand", "123m 456p 5s", "--win-card", "5s"]
    assert main([*base, "--table", "pong:EEE kong:9999m"]) == 0
    together = capsys.readouterr().out
    assert main([*base, "--table", "pong:EEE", "--table", "kong:9999m"]) == 0
    repeated = capsys.readouterr().out
    assert repeated == together
    assert "東東東" in repeated and "九萬九萬九萬九萬" in repeated
    # a mistake in the second is located in that value
    assert main([*base, "--table", "pong:EEE", "--table", "順:789s"]) == 1
    assert "--table: a 順 group is never on the table (column 1)" in capsys.readouterr().err
