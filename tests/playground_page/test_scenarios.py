"""Golden scenarios in the playground: run failures first and opened as a hand (AppTest), a
hand saved as a scenario that `tablerules test` passes, and scenarios run against the
edited text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from tablerules.cli.main import main as cli_main
from tablerules.playground.experiments import golden
from tablerules.playground.experiments.golden import hand_as_scenario, run_scenarios, scenarios_for
from tablerules.playground.files.drafts import RuleDraft

from .page import PMZ, RON_SCENARIO, click, component_data, counter, open_tab, run, texts


def failing_scenario(directory: Path) -> Path:
    """A copy of a passing scenario whose expected money is wrong."""
    data = json.loads(RON_SCENARIO.read_text(encoding="utf-8"))
    data["rules"] = PMZ.name  # the bundled file, by name
    data["name"] = "deliberately wrong money"
    data["expect"]["totals"] = [-30, 30, 0, 0]
    path = directory / "wrong_money.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_scenarios_run_failures_first_in_words_and_open_as_a_hand(
    app: AppTest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil_copy(RON_SCENARIO, tmp_path / "a_ron.json")
    failing_scenario(tmp_path)
    monkeypatch.setattr(golden, "SCENARIOS", tmp_path)
    open_tab(app, "Golden scenarios")
    click(app, "run_scenarios")
    assert "**1 passed, 1 failed**" in texts(app)
    said = texts(app)
    assert said.index("FAIL deliberately wrong money") < said.index("PASS ")  # failures first
    assert (
        "money: expected 東 (seat 0) -30, 南 (seat 1) +30, 西 (seat 2) +0, 北 (seat 3) +0; "
        "got 東 (seat 0) -20, 南 (seat 1) +20, 西 (seat 2) +0, 北 (seat 3) +0 "
        "(東 pays 南 2 × unit = 2 × 10 = 20 · 食糊)"
    ) in said
    click(app, "open_0")
    assert component_data(app, "show_tab")["label"] == "Hand"  # the browser shows that tab
    hand = app.session_state["hand"]
    assert hand.rigged is not None and hand.rigged.name == "deliberately wrong money"
    assert hand.end.finished and counter(app)[0] == component_data(app, "keys")["last"]
    assert "Scenario: deliberately wrong money." in texts(app)
    run(app)  # the next run asks for no tab, but draws the component in the same place
    assert component_data(app, "show_tab") == {}


def shutil_copy(source: Path, target: Path) -> None:
    data = json.loads(source.read_text(encoding="utf-8"))
    data["rules"] = PMZ.name
    target.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_a_hand_saved_as_a_scenario_passes_tablerules_test(
    app: AppTest, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    click(app, "to_end")
    draft, hand = app.session_state["draft"], app.session_state["hand"]
    assert any(b.key == "download_scenario" for b in app.get("download_button"))
    data = hand_as_scenario(hand, draft, "checked by eye")
    assert data["rules"] == "paomazai"  # the bundled file by name: it runs wherever it is saved
    (tmp_path / "by_eye.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert cli_main(["test", str(tmp_path / "by_eye.json")]) == 0
    assert "PASS checked by eye" in capsys.readouterr().out


def test_scenarios_run_against_the_edited_text() -> None:
    """A change in the editor that breaks a rule makes its scenarios fail before saving."""
    draft = RuleDraft.open(PMZ)
    paths = [s.path for s in scenarios_for(PMZ) if "self_draw_two_horses" in s.path.name]
    assert run_scenarios(paths, draft)[0].passed
    draft.update(
        draft.text.replace(
            "pays: each other pays 2 × unit per hit", "pays: each other pays 3 × unit per hit"
        )
    )
    failed = run_scenarios(paths, draft)[0]
    assert not failed.passed and any("money: expected" in f for f in failed.failures)
    assert run_scenarios(paths)[0].passed  # the file on disk is untouched
