"""A link whose value a sidebar widget cannot take (AppTest): Streamlit drops such a value
from the address and shows the widget's default without a word, so a link that asked for
other bots, another option or another language would be played silently otherwise. The
page says what it could not take and what it uses instead, as it does for a seed or a
match length."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

pytestmark = pytest.mark.usefixtures("streamlit_components_scanned_once")

APP = Path(__file__).resolve().parent.parent / "playground" / "app.py"

UNIT = "opt_paomazai_rules_unit"  # 跑馬仔's `unit`: int 1..100000 = 10
HORSES = "opt_paomazai_rules_horses"  # 1 | 2 = 1
SELF_DRAW = "opt_paomazai_rules_self_draw_only"  # bool = false


def run(at: AppTest) -> None:
    at.run()
    assert not at.exception, at.exception


def opened(params: dict[str, str]) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params.update(params)
    run(at)
    return at


def notes(at: AppTest) -> list[str]:
    return [w.value for w in at.sidebar.warning]


@pytest.mark.parametrize(
    ("params", "asked", "used"),
    [
        ({"bots": "value"}, "value", "greedy"),
        ({UNIT: "200000"}, "200000", "10"),
        ({UNIT: "0"}, "0", "10"),
        ({UNIT: "20.5"}, "20.5", "20"),
        ({HORSES: "7"}, "7", "1"),
        ({SELF_DRAW: "maybe"}, "maybe", "off"),
        ({"seat": "2", "play_seat": "maybe"}, "maybe", "on"),
        ({"rule_file": "rules/hongkong.rules", "match_whole": "maybe"}, "maybe", "off"),
        ({"seat": "2", "speed_play": "warp"}, "warp", "normal"),
        ({"speed_watch": "warp"}, "warp", "step by step"),
        ({"lang": "klingon"}, "klingon", "English"),
    ],
)
def test_a_value_the_page_cannot_take_is_said(
    params: dict[str, str], asked: str, used: str
) -> None:
    at = opened({"move": "3", **params})
    said = [n for n in notes(at) if f"“{asked}”" in n]
    assert len(said) == 1, notes(at)
    assert f"{used} is used instead" in said[0], said[0]


def test_it_is_said_in_the_language_of_the_page() -> None:
    at = opened({"lang": "zh-Hant", "bots": "value", UNIT: "0"})
    said = notes(at)
    assert any("「value」" in n and "貪心" in n and "網址" in n for n in said), said
    assert any("「0」" in n and "10" in n for n in said), said


def test_values_the_page_takes_are_no_note() -> None:
    at = opened({"bots": "random", UNIT: "20", HORSES: "2", SELF_DRAW: "true", "seat": "2"})
    assert not notes(at)
    assert at.selectbox(key="bots").value == "random"
    at.selectbox(key="bots").set_value("greedy")  # then changed on the page: still no note
    run(at)
    assert not notes(at)
