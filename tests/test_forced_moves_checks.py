"""The constructs of forced and forbidden moves (docs/language.md: actions, restrictions,
the turn) refuse what cannot work with a located error: the line and column of the item
at fault, and a hint where one helps."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.dsl.loading.loader import load

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
BASE = 'extends "pebbles-play.rules"\n\n'

CASES = {
    "a win with forced groups where no forced action makes one": (
        'override action win "win" [PEB-6] {\n'
        "  on draw by self\n"
        "  on discard by others\n"
        "  win with forced groups\n"
        "  priority 2\n"
        "}\n",
        (6, 3, "E110"),
        "'win with forced groups': no forced action of these rules makes a group",
        "make the action that lays the group 'forced'",
    ),
    "a seat laying down another's cards on the deal": (
        'action lay "lay three down" [PEB-5] {\n'
        "  on deal by others: 3 alike from hand\n"
        "  makes three\n"
        "  forced\n"
        "}\n",
        (4, 3, "E110"),
        "on the deal a seat lays down its own cards",
        None,
    ),
    "a card taken on the deal": (
        'action lay "lay three down" [PEB-5] {\n'
        "  on deal by self: the card and 2 alike from hand\n"
        "  makes three\n"
        "  forced\n"
        "}\n",
        (4, 3, "E110"),
        "there is no card on 'deal': use 'N alike from hand'",
        None,
    ),
    "a win withheld for lack of a discard": (
        'override action win "win" [PEB-6] {\n'
        "  on draw by self\n"
        "  on discard by others\n"
        "  win\n"
        "  priority 2\n"
        "  unless nothing is left to discard\n"
        "}\n",
        (8, 3, "E110"),
        "action 'win' is a win: it cannot be withheld for lack of a discard",
        "drop 'unless nothing is left to discard'",
    ),
    "a forced claim withheld for lack of a discard": (
        'override action take "take a discard into three alike" [PEB-5] {\n'
        "  on discard by others: the card and 2 alike from hand\n"
        "  makes three\n"
        "  forced\n"
        "  priority 1\n"
        "  then discard\n"
        "  unless nothing is left to discard\n"
        "}\n",
        (9, 3, "E110"),
        "action 'take' is forced: it cannot be withheld",
        None,
    ),
    "declining an action that does not exist": (
        'restriction grudge "a declined win" [PEB-6] {\n'
        "  after declining wni on discard\n"
        "  forbids win on discard\n"
        "  until own draw\n"
        "}\n",
        (4, 19, "E101"),  # under the name written
        "unknown action 'wni'",
        "known: take, win",
    ),
    "the words 'unless lost to' of earlier versions": (
        'restriction grudge "a passed take" [PEB-5] {\n'
        "  after passing take unless lost to win\n"
        "  forbids take of that card\n"
        "  for the hand\n"
        "}\n",
        (4, 22, "E110"),
        "'unless lost to' has no effect",
        "after declining",
    ),
    "hiding draws that are never shown": (
        "override turn [PEB-4] {\n"
        "  dealer begins by drawing\n"
        "  draw from pile head, kept\n"
        "  draws taken concealed are not shown\n"
        "}\n",
        (6, 3, "E110"),
        "draws are kept, never shown",
        "draw 'from ZONE head, shown'",
    ),
}


@pytest.mark.parametrize("case", CASES)
def test_a_misused_construct_is_refused_where_it_is_written(case: str) -> None:
    text, (line, column, code), message, hint = CASES[case]
    loaded = load(str(EXAMPLES / "snippet.rules"), text=BASE + text)
    found = [d for d in loaded.errors if d.code == code and message in d.message]
    assert found, [d.render() for d in loaded.errors]
    (diagnostic,) = found
    assert (diagnostic.line, diagnostic.column) == (line, column)
    rendered = diagnostic.render()
    assert rendered.startswith(f"{EXAMPLES / 'snippet.rules'}:{line}:{column}: error[{code}]")
    source = (BASE + text).splitlines()[line - 1]
    assert rendered.splitlines()[1].strip() == source.strip()
    if hint is not None:
        assert hint in rendered


def test_the_constructs_used_as_documented_load_clean() -> None:
    """The same constructs, used as the rule files use them, give no diagnostic."""
    text = (
        'restriction grudge "a declined win" [PEB-6] {\n'
        "  after declining win on discard\n"
        "  forbids win on discard\n"
        "  until own draw\n"
        "}\n"
    )
    loaded = load(str(EXAMPLES / "snippet.rules"), text=BASE + text)
    assert not loaded.diagnostics, [d.render() for d in loaded.diagnostics]
