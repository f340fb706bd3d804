"""The playground's Statistics tab: nothing runs until asked, the figures are those of
`tablerules simulate` on the same hands, an edit is compared with the file as saved, the
server's CPU budget stops a simulation between two moves or inside one, and charts and
table show every side. (The browser drives it in tests/e2e/.)"""

from __future__ import annotations

import json
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pytest
from streamlit.dataframe_util import convert_arrow_bytes_to_pandas_df
from streamlit.testing.v1 import AppTest
from tablerules.interpreter import load_game
from tablerules.interpreter.hand.win_clause import WinClause
from tablerules.interpreter.simulate import Plan, Simulation, Where, runner, side_for
from tablerules.playground.experiments.simulation import (
    chart_data,
    command,
    plan_for,
    progress_text,
    simulate,
    table,
)
from tablerules.playground.experiments.simulation_run import SimulationRun
from tablerules.playground.files.budget import CpuBudget
from tablerules.playground.files.drafts import display_path
from tablerules.playground.play.hand_page import page_steps

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "playground" / "app.py"
PMZ = ROOT / "rules" / "paomazai.rules"
TWO_HORSES = ROOT / "rules" / "variants" / "paomazai-two-horses.rules"
HANDS = 40
MOST = 20_000  # hands enough to be still running while the page is used
DISCARD_WIN = (
    'on discard: discarder pays 2 × unit "食糊"',
    'on discard: discarder pays 3 × unit "食糊"',
)


pytestmark = pytest.mark.usefixtures("streamlit_components_scanned_once")


@pytest.fixture
def app() -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=120)
    run(at)
    return at


def run(at: AppTest) -> None:
    at.run()
    assert not at.exception, at.exception


def tab(at: AppTest):  # AppTest's own element type
    (found,) = [t for t in at.tabs if t.label == "Statistics"]
    return found


def compare_box(at: AppTest) -> Any:
    """The tab's "Compare with" box (its key names the file and the state of its text)."""
    (found,) = [b for b in at.selectbox if b.key and b.key.startswith("stats_compare_")]
    return found


def simulate_in_page(at: AppTest, compare: str) -> SimulationRun:
    """Press Simulate, wait for the worker to end, and draw the page with its figures."""
    at.number_input(key="stats_hands").set_value(HANDS)
    compare_box(at).set_value(compare)
    run(at)
    at.button(key="stats_run").click()
    run(at)
    started: SimulationRun = at.session_state["simulation"]
    assert started.wait(120), "the simulation did not end"
    run(at)
    return started


def tally_json(plan: Plan) -> str:
    return json.dumps(Simulation(plan).run(Where(jobs=1)).to_json(), sort_keys=True)


def test_nothing_is_simulated_until_the_button_is_pressed(app: AppTest) -> None:
    assert "simulation" not in app.session_state
    said = [i.value for i in tab(app).info]
    assert said == ["Press **Simulate** to play the hands (a thousand take some seconds)."]
    assert not tab(app).get("vega_lite_chart") and not tab(app).dataframe


def test_the_page_plays_the_hands_the_command_plays_and_charts_both_sides(app: AppTest) -> None:
    finished = simulate_in_page(app, display_path(TWO_HORSES))
    outcome = finished.outcome
    assert outcome is not None and outcome.hands == HANDS and not outcome.stopped
    seed = int(app.session_state["seed"])
    sides = (
        side_for("paomazai.rules", load_game(PMZ), "greedy"),
        side_for("paomazai-two-horses.rules", load_game(TWO_HORSES), "greedy"),
    )
    assert json.dumps(outcome.tally.to_json(), sort_keys=True) == tally_json(
        Plan(sides, seed, HANDS)
    )
    page = tab(app)
    assert len(page.get("vega_lite_chart")) == 2  # every win of 跑馬仔 is worth the same
    (shown,) = page.dataframe
    assert len(shown.value) == len(outcome.rows)
    horses = shown.value[shown.value["statistic"] == "中馬: money per hand"].iloc[0]
    assert horses["A − B"].startswith("-")  # two horses pay more, on the same deals
    (line,) = [c.value for c in page.code]
    assert line == (
        "tablerules simulate rules/paomazai.rules --compare "
        f"rules/variants/paomazai-two-horses.rules --hands {HANDS} --seed {seed} "
        "--bots greedy --jobs auto"
    )
    assert "player 1: win rate" in set(shown.value["statistic"])  # as the Hand tab names it
    app.text_input(key="seed").set_value(str(seed + 1))
    run(app)  # another seed: the figures stay, said to be of the old one
    assert tab(app).dataframe and app.session_state["simulation"] is finished
    (said,) = [i.value for i in tab(app).info]
    assert said.startswith(f"These figures are of {HANDS} hands from seed {seed}, greedy bots")


def test_an_edit_is_compared_with_the_file_as_saved(app: AppTest) -> None:
    draft = app.session_state["draft"]
    app.session_state["editor_paomazai_rules"] = {"text": draft.text.replace(*DISCARD_WIN)}
    run(app)
    assert compare_box(app).value == "rules/paomazai.rules (as saved)"
    outcome = simulate_in_page(app, "rules/paomazai.rules (as saved)").outcome
    assert outcome is not None
    names = [side.name for side in outcome.plan.sides]
    assert names == ["paomazai.rules (edited)", "paomazai.rules (as saved)"]
    differing = {row.name for row in outcome.rows if row.significant}
    assert "食糊: money per hand" in differing  # 3 × unit against 2, on the same wins
    assert "seat 0: win rate" not in differing  # the same deals, the same play
    said = "\n".join(m.value for m in tab(app).markdown)
    assert "figures differ** (the 95% interval" in said and "- 食糊: money per hand: " in said
    captions = "\n".join(c.value for c in tab(app).caption)
    assert "once the edited text is saved as paomazai-edited.rules" in captions
    (line,) = [c.value for c in tab(app).code]  # two files, never one compared with itself
    assert line.startswith("tablerules simulate paomazai-edited.rules --compare rules/paomazai")


def test_an_upload_is_simulated_under_its_own_name(app: AppTest) -> None:
    text = TWO_HORSES.read_text(encoding="utf-8").replace('extends "../', 'extends "')
    app.file_uploader(key="upload").set_value(("mine.rules", text.encode("utf-8"), "text/plain"))
    run(app)
    outcome = simulate_in_page(app, display_path(PMZ)).outcome
    assert outcome is not None
    assert [side.name for side in outcome.plan.sides] == ["mine.rules", "paomazai.rules"]
    horses = next(row for row in outcome.rows if row.name == "中馬: money per hand")
    assert horses.difference is not None and horses.difference.mean > 0  # two horses, one
    (line,) = [c.value for c in tab(app).code]
    assert line.startswith("tablerules simulate mine.rules --compare rules/paomazai.rules ")
    assert not tab(app).error


def test_the_budget_stops_a_simulation_and_says_so() -> None:
    """A spent budget ends the run (asked before every move: tests/test_simulate.py) and
    the page is told how many hands the figures are of."""
    game = load_game(PMZ)
    plan = plan_for([("paomazai.rules", game)], seed=3, hands=HANDS, bots="greedy")
    outcome = simulate(plan, CpuBudget(-1.0))
    assert outcome.hands == 0 and outcome.stopped == (
        "stopped after -1 s of computing, the playground's budget for a simulation: these "
        f"are the statistics of the first 0 of {HANDS} hands"
    )


def test_the_budget_stops_a_simulation_inside_a_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """One move can be slow (a draw whose hand has thousands of splits, each judged): the
    engine checks the simulation's budget inside every move, so work past it stops where
    it is instead of running on to the next move. Here the budget's clock reads past its
    end as soon as the engine starts judging a hand."""
    judging = False
    judged = 0
    judge = WinClause.judge

    def timed_judge(self: WinClause, *args: Any, **kwargs: Any) -> Any:
        nonlocal judging, judged
        judging = True
        found = judge(self, *args, **kwargs)
        judged += 1
        return found

    monkeypatch.setattr(WinClause, "judge", timed_judge)
    monkeypatch.setattr(runner, "_GAMES", OrderedDict())  # a game with no judging memoised
    game = load_game(PMZ)
    plan = plan_for([("paomazai.rules", game)], seed=3, hands=HANDS, bots="greedy")
    outcome = simulate(plan, CpuBudget(1.0, clock=lambda: 100.0 if judging else 0.0))
    assert judging  # the engine did start judging
    assert judged == 0  # and was stopped inside the first judging, past the budget
    assert outcome.hands == 0 and outcome.stopped.startswith("stopped after 1 s of computing")


def test_progress_table_and_chart_data_name_every_side() -> None:
    assert progress_text(0, 2000, 0.0) == "0 of 2,000 hands"
    assert progress_text(500, 2000, 10.0) == "500 of 2,000 hands · 50 hands/s · about 30 s left"
    assert command([("rules/x.rules", [])], 5, 200, "random") == (
        "tablerules simulate rules/x.rules --hands 200 --seed 5 --bots random --jobs auto"
    )
    paths = [("x-edited.rules", ["horses=2"]), ("rules/x.rules", ["horses=2"])]
    assert command(paths, 5, 200, "greedy") == (
        "tablerules simulate x-edited.rules --option horses=2 --compare rules/x.rules "
        "--compare-option horses=2 --hands 200 --seed 5 --bots greedy --jobs auto"
    )
    one, two = load_game(PMZ), load_game(TWO_HORSES)
    plan = plan_for([("one", one), ("two", two)], seed=1, hands=20, bots="greedy")
    told: list[int] = []
    outcome = simulate(plan, CpuBudget(), lambda done, seconds: told.append(done))
    assert told == sorted(told) and told[-1] == 20 and len(told) == len(plan.shards())
    lines = table(outcome)
    assert list(lines[0]) == ["section", "statistic", "one", "two", "A − B", "differs", "rule ids"]
    money = chart_data(outcome, "money per hand by ledger label")
    assert {r["side"] for r in money} == {"one", "two"}
    assert {"中馬", "自摸", "食糊"} <= {r["label"] for r in money}
    for record in money:
        if "low" in record:
            assert record["low"] <= record["mean"] <= record["high"]
    positions = chart_data(outcome, "money per hand by position")
    assert [r["label"] for r in positions if r["side"] == "one"] == ["東", "南", "西", "北"]
    assert chart_data(outcome, "share of wins by value") == []  # every win is worth 0
    phz = plan_for([("phz", load_game(ROOT / "rules" / "paohuzi.rules"))], 1, 20, "greedy")
    values = chart_data(simulate(phz, CpuBudget()), "share of wins by value")
    assert len(values) > 1 and abs(sum(r["mean"] for r in values) - 1) < 1e-9


def test_a_simulation_runs_on_while_the_hand_is_stepped_and_can_be_stopped(
    app: AppTest,
) -> None:
    """The hands are played in a process of their own: the Hand tab answers meanwhile, the
    tab shows how far the run has come, and Stop ends it with a sentence saying so."""
    app.number_input(key="stats_hands").set_value(MOST)
    run(app)
    app.button(key="stats_run").click()
    run(app)
    started: SimulationRun = app.session_state["simulation"]
    assert started.running
    before = page_steps(app.session_state["hand"], None)[1].number
    app.button(key="next").click()
    run(app)  # the Hand tab steps while the hands are played
    assert page_steps(app.session_state["hand"], None)[1].number == before + 1
    assert app.session_state["simulation"] is started and started.running
    (bar,) = tab(app).get("progress")
    assert f"of {MOST:,} hands" in bar.proto.text
    app.button(key="stats_stop").click()
    run(app)
    assert started.wait(30) and not started.running
    run(app)
    (said,) = [w.value for w in tab(app).warning]
    assert said.startswith(f"The simulation of {MOST:,} hands from seed 7, greedy bots")
    assert "stopped at your request after" in said


def test_a_comparison_of_payoffs_only_says_the_bots_play_the_same(app: AppTest) -> None:
    """As `tablerules simulate` warns: two files that differ only in what hands pay, played
    by bots that never read it, are the same play with other money."""
    note = "differ only in what hands pay, and greedy bots never read it"
    compare_box(app).set_value(display_path(TWO_HORSES))
    run(app)
    assert any(note in c.value for c in tab(app).caption), [c.value for c in tab(app).caption]
    compare_box(app).set_value(display_path(ROOT / "rules/variants/paomazai-zimo-only.rules"))
    run(app)
    assert not any(note in c.value for c in tab(app).caption)


def test_the_figures_spell_the_files_words_as_the_page_language_does() -> None:
    """On a 简体中文 page the Hand tab writes 東 and 中馬 as the file's `names zh-Hans`
    spells them (东, 中马): the table and the charts of the Statistics tab too."""
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.query_params["lang"] = "zh-Hans"
    run(at)
    at.number_input(key="stats_hands").set_value(HANDS)
    run(at)
    at.button(key="stats_run").click()
    run(at)
    assert at.session_state["simulation"].wait(120), "the simulation did not end"
    run(at)
    (page,) = [t for t in at.tabs if t.label == "统计"]
    (shown,) = page.dataframe
    named = " ".join(shown.value.iloc[:, 1])  # the column of the figures' names
    assert "东：" in named and "中马：" in named, named
    assert "東" not in named and "馬" not in named, named
    labels = set()
    for chart in page.get("vega_lite_chart"):
        for data in chart.proto.datasets:
            labels |= set(convert_arrow_bytes_to_pandas_df(data.data.data)["label"])
    assert {"东", "中马"} <= labels and not {"東", "中馬"} & labels, labels
