"""An action that takes N alike cards makes a group of N (or N + 1 with the card offered):
a count its group can never hold is refused where it is written, not accepted as an action
that is never offered (and that an RL environment would try to lay out card by card)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.dsl.loading.loader import load

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
BASE = 'extends "pebbles-play.rules"\n\n'


def _take(way: str) -> str:
    return (
        'override action take "take a discard into three alike" [PEB-5] {\n'
        f"  {way}\n"
        "  makes three\n"
        "  priority 1\n"
        "  then discard\n"
        "}\n"
    )


@pytest.mark.parametrize(
    ("way", "column", "held"),
    [
        ("on discard by others: the card and 3 alike from hand", 3, 4),
        ("on discard by others: the card and 0 alike from hand", 3, 1),
        ("on turn by self: 1000000000 alike from hand", 3, 1000000000),
        ("on turn by self: 0 alike from hand", 3, 0),
        ("on turn by self: 2 alike from hand", 3, 2),
    ],
)
def test_a_count_the_group_cannot_hold_is_refused(way: str, column: int, held: int) -> None:
    loaded = load(str(EXAMPLES / "snippet.rules"), text=BASE + _take(way))
    found = [d for d in loaded.errors if d.code == "E110" and "never be made" in d.message]
    assert found, [d.render() for d in loaded.errors]
    (diagnostic,) = found
    assert (diagnostic.line, diagnostic.column) == (4, column)
    assert f"takes {held} card" in diagnostic.message
    assert "'three' holds 3" in diagnostic.message


@pytest.mark.parametrize(
    "way",
    [
        "on discard by others: the card and 2 alike from hand",
        "on turn by self: 3 alike from hand",
        "on discard by others: 2 alike from hand",  # the offered card is taken too
    ],
)
def test_a_count_the_group_holds_loads_clean(way: str) -> None:
    loaded = load(str(EXAMPLES / "snippet.rules"), text=BASE + _take(way))
    assert not loaded.diagnostics, [d.render() for d in loaded.diagnostics]
