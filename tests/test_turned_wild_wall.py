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
