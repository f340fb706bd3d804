"""A wild turned at the deal takes its card from the wall: a deal that leaves the wall
empty is refused by `check` at the deal, where it once checked clean and broke play with an
internal error the moment the card was to be turned."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.interpreter.api import check
from tablerules.interpreter.engine import Table

DEAL = """extends "guangdong"

override deal [GD-1] {{
  {count} to each hand
  rest to wall
}}
"""


def test_a_deal_leaving_no_card_to_turn_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "empty-wall.rules"
    checked = check(path, text=DEAL.format(count=34), options={"翻鬼": "true"})
    errors = [d for d in checked.diagnostics if d.is_error]
    assert [(d.code, d.line) for d in errors] == [("E110", 3)], [d.render() for d in errors]
    assert "no card" in errors[0].message and "翻鬼" in errors[0].message
    # the option off, the file still says a card may be turned: refused all the same
    assert not check(path, text=DEAL.format(count=34)).ok


@pytest.mark.parametrize("count", [33, 13])
def test_a_deal_leaving_a_card_to_turn_plays(tmp_path: Path, count: int) -> None:
    path = tmp_path / "one-card-left.rules"
    checked = check(path, text=DEAL.format(count=count), options={"翻鬼": "true"})
    assert checked.ok, [d.render() for d in checked.diagnostics if d.is_error]
    assert checked.game is not None
    assert Table(checked.game, seed=1).state.turned is not None


SCENARIO = {
    "name": "a rigged deal of 翻鬼 with no wall",
    "rule_ids": ["GD-4"],
    "rules": "guangdong",
    "options": {"翻鬼": True},
    "dealer": 0,
    "hands": [
        "1s1s1s 2s3s4s 5s6s7s 9s9s 8s C",
        "1m4m7m 1p4p7p 2m5m8m S W F E",
        "2p5p8p 3m6m9m 3p6p9p S W F E",
        "1m4m7m 2p5p8p 3m6m9m N N F E",
    ],
    "wall": "",
    "actions": ["0: 胡"],
    "expect": {"winners": [0]},
}


def test_a_scenario_with_no_card_to_turn_fails_saying_why(tmp_path: Path) -> None:
    """A scenario rigging an empty wall for a file that turns a wild raised from deep in the
    deal (an internal error under `tablerules test`); it now fails as a scenario does, and
    the playground's golden tab refuses to open it with the same reason."""
    import json

    from tablerules.interpreter import load_game
    from tablerules.interpreter.scenarios import run_scenario
    from tablerules.playground.experiments.golden import open_scenario

    path = tmp_path / "empty_wall.json"
    path.write_text(json.dumps(SCENARIO, ensure_ascii=False), encoding="utf-8")
    result = run_scenario(path)
    assert not result.passed
    assert result.failures == [
        f"{path}: the deal cannot be made: the wall is empty: no card is left to turn for the wild"
    ]
    opened = open_scenario(path, load_game("guangdong", {"翻鬼": "true"}), 1, "greedy")
    assert isinstance(opened, str) and "no card is left to turn" in opened
