"""Comfort for the author of a rule file and of scenarios: repeated command-line groups,
scenarios over files in sibling folders, hints for what an author would guess."""

from __future__ import annotations

import json
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


def test_a_scenario_over_a_rule_file_in_a_sibling_folder_runs_with_extends_dir(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    golden = ROOT / "tests" / "golden" / "scenarios" / "sichuan"
    scenario = json.loads((golden / "exchange_then_void_suit_first.json").read_text("utf-8"))
    (tmp_path / "mine").mkdir()
    (tmp_path / "scenarios").mkdir()
    rules = (ROOT / "rules" / "sichuan.rules").read_text(encoding="utf-8")
    (tmp_path / "mine" / "variant.rules").write_text(rules, encoding="utf-8")
    scenario["rules"] = "../mine/variant.rules"
    written = json.dumps(scenario, ensure_ascii=False)
    (tmp_path / "scenarios" / "one.json").write_text(written, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["test", "scenarios/one.json"]) == 1
    out = capsys.readouterr().out
    assert "outside the scenario's folder" in out and "--extends-dir DIR" in out
    assert main(["test", "scenarios/one.json", "--extends-dir", "mine"]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
