"""Every golden scenario under tests/golden/scenarios passes, and bad files are refused
with the place inside them that is wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tablerules.cli.main import main
from tablerules.interpreter.scenarios import run_scenario

FOLDER = Path(__file__).parent / "golden" / "scenarios"
SCENARIOS = sorted(FOLDER.rglob("*.json"))
# a mahjong hand still in play at its first scripted action (not one won on the deal)
MAHJONG = sorted((FOLDER / "hongkong").glob("*.json"))[0]


@pytest.mark.parametrize("path", SCENARIOS, ids=[f"{p.parent.name}/{p.stem}" for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    result = run_scenario(path)
    assert result.passed, "\n".join(result.failures)


def test_a_malformed_scenario_names_the_path_inside_it(tmp_path: Path) -> None:
    good = json.loads(MAHJONG.read_text(encoding="utf-8"))
    good["rules"] = Path(good["rules"]).name  # a bundled file, by name
    bad = dict(good, expect={"totals": ["lots"]}, rule_ids=[])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    result = run_scenario(path)
    assert not result.passed
    message = "\n".join(result.failures)
    assert "at expect/totals/0" in message
    assert "at rule_ids" in message
    path.write_text("{ not json", encoding="utf-8")
    assert "not JSON" in run_scenario(path).failures[0]


def test_what_a_seat_sees_is_checked_in_that_seats_own_log(tmp_path: Path) -> None:
    """`expect.seen` matches a seat's own event log: another seat's 偎 draw is hidden there,
    so expecting its card fails, naming the seat; the drawer sees it."""
    data = json.loads((FOLDER / "paohuzi" / "wei_from_pair_and_own_draw.json").read_text("utf-8"))
    data["rules"] = Path(data["rules"]).name  # a bundled file, by name
    path = tmp_path / "seen.json"
    data["expect"]["seen"] = {"1": [{"type": "draw", "seat": 1, "card": "x5"}]}
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert run_scenario(path).passed
    data["expect"]["seen"] = {"2": [{"type": "draw", "seat": 1, "card": "x5"}]}
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    (failure,) = run_scenario(path).failures
    assert failure.startswith("in 對家 (seat 2)'s own log: expected a draw event: seat 下家")
    assert "card 五 — it did not happen" in failure
    data["expect"]["seen"] = {"7": []}
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert "'7' is not a seat of the game" in run_scenario(path).failures[0]


def test_an_illegal_scripted_action_is_reported_with_its_reason(tmp_path: Path) -> None:
    data = json.loads(MAHJONG.read_text(encoding="utf-8"))
    data["rules"] = Path(data["rules"]).name  # a bundled file, by name
    data["actions"] = ["1: discard 中"]
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    failure = run_scenario(path).failures[0]
    assert "actions[0]" in failure and "not asked to act now" in failure


def test_cli_runs_scenarios_and_reports_coverage(capsys) -> None:
    assert main(["test", "--coverage", str(FOLDER)]) == 0
    out = capsys.readouterr().out
    assert f"{len(SCENARIOS)} passed, 0 failed" in out
    assert "coverage" in out and "play rule ids exercised" in out


def test_rule_files_stand_for_the_scenarios_that_use_them(capsys, monkeypatch) -> None:
    """`tablerules test --coverage rules/` finds the scenarios of every bundled rule file."""
    monkeypatch.chdir(FOLDER.parent.parent.parent)
    assert main(["test", "--coverage", "rules/"]) == 0
    out = capsys.readouterr().out
    assert f"{len(SCENARIOS)} passed, 0 failed" in out
    assert "coverage paomazai: 20/20 play rule ids exercised" in out
    assert "coverage paohuzi: 19/19 play rule ids exercised" in out
    assert "not exercised" not in out
