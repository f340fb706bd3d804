"""The Statistics tab's figures and the Golden scenarios tab's verdicts in the page's
language: every row a simulation of a bundled file reports is named in 繁體中文 and 简体中文
with no English left but the rule file's words, and in English exactly as the command's
report names it (a seat as the Hand tab does); a broken scenario's failures read in Chinese
too, the English ones unchanged."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tablerules.interpreter import load_game
from tablerules.interpreter.scenarios import run_scenario
from tablerules.interpreter.simulate import Plan, Row, Simulation, Where, rows, side_for
from tablerules.playground.experiments.simulation import seat_named
from tablerules.playground.words.figures import figure_name, section_name
from tablerules.playground.words.page_messages import page_messages

ROOT = Path(__file__).resolve().parent.parent
# between them: seats, positions, the hand, play after a win, values and scores of a win,
# events, forced actions, bonus hits, patterns, ledger labels and payers
FILES = (
    "rules/paomazai.rules",
    "rules/variants/paohuzi-mingtang.rules",
    "rules/sichuan.rules",
    "rules/changsha.rules",
    "rules/hongkong.rules",
)
LATIN = re.compile(r"[A-Za-z]{3,}")


@pytest.fixture(scope="module")
def reported() -> list[Row]:
    """The rows of 20 hands of each file, as the command's report names them."""
    found = []
    for path in FILES:
        plan = Plan((side_for(Path(path).name, load_game(ROOT / path), "greedy"),), 7, 20)
        found += rows(plan, Simulation(plan).run(Where(jobs=1)))
    return found


def test_english_names_the_figures_as_the_report_does(reported: list[Row]) -> None:
    say = page_messages("en")
    for row in reported:
        assert figure_name(row.name, say) == seat_named(row.name)
        assert section_name(row.section, say) == row.section


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_chinese_names_every_figure_in_its_own_words(reported: list[Row], lang: str) -> None:
    say = page_messages(lang)
    kinds = {row.section for row in reported}
    assert {"per seat", "play after a win", "what fires, per hand", "money by payer"} <= kinds
    for row in reported:
        named = f"{section_name(row.section, say)} | {figure_name(row.name, say)}"
        assert not LATIN.search(named), (row.section, row.name, named)
    assert figure_name("seat 0: win rate", page_messages("zh-Hant")) == "玩家 1：贏牌率"
    assert figure_name("東 pays 中馬: money per hand", page_messages("zh-Hans")) == (
        "東 付 中馬：每手的钱"
    )


def test_a_name_of_no_known_shape_is_shown_as_it_came() -> None:
    say = page_messages("zh-Hant")
    assert figure_name("a figure of a new kind", say) == "a figure of a new kind"
    assert section_name("a new section", say) == "a new section"


def test_a_broken_scenario_says_what_it_expected_in_chinese(tmp_path: Path) -> None:
    """ron_discarder_pays against a rule that pays 3 units instead of 2."""
    rules = (ROOT / "rules" / "paomazai.rules").resolve()
    text = rules.read_text(encoding="utf-8").replace(
        "discarder pays 2 × unit", "discarder pays 3 × unit", 1
    )
    path = ROOT / "tests" / "golden" / "scenarios" / "paomazai" / "ron_discarder_pays.json"
    english = run_scenario(path, {rules: text}).failures
    assert any(line.startswith("money: expected ") for line in english), english
    chinese = run_scenario(path, {rules: text}, lang="zh-Hant").failures
    assert len(chinese) == len(english)
    money = next(line for line in chinese if line.startswith("錢：預期 "))
    assert "（座位 0）" in money and "3 × 10 = 30" in money, money
    assert not [line for line in chinese if re.search(r"\b(expected|got|pays|seat)\b", line)]
