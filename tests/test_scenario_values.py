"""A scenario file's values are checked before they are compared: a value of the wrong
kind (null, a boolean for a number, a text for a number, a list for an object, a number too
large) is refused in one line naming the file and the field's path, never run into a
TypeError or silently matched (true is not seat 1; a field the events lack is not null)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tablerules.cli.main import main
from tablerules.interpreter.scenarios import run_scenario

FOLDER = Path(__file__).parent / "golden" / "scenarios"
RON = FOLDER / "paomazai" / "ron_discarder_pays.json"  # seat 0 discards 5p, seat 1 wins on it
HONGKONG = FOLDER / "hongkong" / "pong_beats_chow.json"


def _written(tmp_path: Path, source: Path, change: Any) -> Path:
    data = json.loads(source.read_text(encoding="utf-8"))
    data["rules"] = Path(data["rules"]).name  # a bundled file, by name
    change(data)
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def _expect_event(where: str, event: dict[str, Any]) -> Any:
    def change(data: dict[str, Any]) -> None:
        if where == "seen":
            data["expect"]["seen"] = {"1": [event]}
        else:
            data["expect"][where] = [event]

    return change


def _one_failure(path: Path) -> str:
    result = run_scenario(path)
    assert not result.passed
    assert len(result.failures) == 1, result.failures
    (failure,) = result.failures
    assert "\n" not in failure
    return failure


BAD_EVENT_VALUES = [
    # (field, value, what the message says about it)
    # (type, field, value, the path below the field, what the message says about it)
    ("end", "winners", None, "", "null; the end events hold a list there"),
    ("end", "winners", 5, "", "a number"),
    ("end", "winners", [True], "/0", "true or false"),
    ("window", "taken_by", None, "", "null"),
    ("window", "offered", [[1, "胡"]], "/0/1", "a text; the window events hold a list"),
    ("win", "seat", True, "", "true or false"),
    ("win", "seat", "1", "", "a text"),
    ("win", "seat", [1], "", "a list"),
    ("pay", "payer", {"seat": 0}, "", "an object"),
    ("pay", "amount", 20.5, "", "not a whole number"),
    ("pay", "amount", 10**100, "", "too large"),
    ("win", "type", None, "", "an event type"),
]


@pytest.mark.parametrize("where", ["events", "absent", "seen"])
@pytest.mark.parametrize(("kind", "field", "value", "below", "said"), BAD_EVENT_VALUES)
def test_a_malformed_expected_value_is_one_located_line(
    tmp_path: Path, where: str, kind: str, field: str, value: Any, below: str, said: str
) -> None:
    event = {"type": kind, field: value} if field != "type" else {field: value}
    path = _written(tmp_path, RON, _expect_event(where, event))
    failure = _one_failure(path)
    place = "expect/seen/1/0" if where == "seen" else f"expect/{where}/0"
    assert failure.startswith(f"{path}: at {place}/{field}{below}: "), failure
    assert said in failure


def test_null_stands_where_a_text_or_a_number_may_be_missing(tmp_path: Path) -> None:
    """A payee is null for the house: expecting that no payment went to the house is
    fine, and true here (the win is paid by the discarder)."""
    change = _expect_event("absent", {"type": "pay", "payee": None})
    assert run_scenario(_written(tmp_path, RON, change)).passed


def test_a_field_the_events_lack_is_not_matched_by_null(tmp_path: Path) -> None:
    """`absent` with a misspelt field would pass whatever happens: it is refused."""
    path = _written(tmp_path, RON, _expect_event("absent", {"type": "win", "winer": None}))
    failure = _one_failure(path)
    assert failure.startswith(f"{path}: at expect/absent/0/winer: ")
    assert "no win event has a field 'winer'" in failure


def test_the_golden_file_itself_passes(tmp_path: Path) -> None:
    """The changes above are all that is wrong with them: the file as it is passes."""
    assert run_scenario(_written(tmp_path, RON, lambda data: None)).passed


SCENARIO_NUMBERS = [
    ("dealer", lambda d: d.__setitem__("dealer", 10**30), "at dealer: "),
    ("round", lambda d: d.__setitem__("round", 10**30), "at round: "),
    ("streak", lambda d: d.__setitem__("streak", 10**30), "at streak: "),
    ("totals", lambda d: d["expect"].__setitem__("totals", [10**100, 0, 0, 0]), "at expect/totals"),
    ("next dealer", lambda d: d["expect"].__setitem__("next_dealer", 10**30), "next_dealer"),
    ("winners", lambda d: d["expect"].__setitem__("winners", [7]), "at expect/winners/0: "),
    ("seats", lambda d: d["expect"].__setitem__("totals", [0, 0]), "at expect/totals: "),
    ("option", lambda d: d.__setitem__("options", {"unit": 10**400}), "at options/unit: "),
    ("shown", lambda d: d.__setitem__("shown", " "), "at shown: "),
    ("shown twice", lambda d: d.__setitem__("shown", "1m 2m"), "at shown: "),
]


@pytest.mark.parametrize(
    ("change", "where"),
    [(c, w) for _, c, w in SCENARIO_NUMBERS],
    ids=[name for name, _, _ in SCENARIO_NUMBERS],
)
def test_out_of_range_numbers_are_refused_where_they_are(
    tmp_path: Path, change: Any, where: str
) -> None:
    path = _written(tmp_path, RON, change)
    failure = _one_failure(path)
    assert failure.startswith(f"{path}: "), failure
    assert where in failure
    assert len(failure) < 400  # the number is not printed in full


def test_a_round_the_game_does_not_have_is_refused(tmp_path: Path) -> None:
    path = _written(tmp_path, HONGKONG, lambda d: d.__setitem__("round", 4))
    failure = _one_failure(path)
    assert failure.startswith(f"{path}: at round: ")
    assert "0 to 3" in failure


def test_a_number_of_thousands_of_digits_is_said_as_such(tmp_path: Path) -> None:
    path = tmp_path / "long.json"
    path.write_text('{"name": "x", "dealer": ' + "9" * 5000 + "}", encoding="utf-8")
    failure = _one_failure(path)
    assert "too long" in failure and "nested" not in failure


def test_the_command_says_it_in_one_line_and_fails(tmp_path: Path, capsys) -> None:
    path = _written(tmp_path, RON, _expect_event("events", {"type": "win", "winners": None}))
    assert main(["test", str(path)]) == 1
    out = capsys.readouterr()
    assert "internal error" not in out.err
    assert f"{path}: at expect/events/0/winners: " in out.out


@pytest.mark.parametrize("value", [None, 5, "x", [None, 1], {"a": [1]}, True])
def test_any_value_of_an_event_that_never_happened_is_told_not_crashed(
    tmp_path: Path, value: Any
) -> None:
    """No event of the type happened, so nothing says which kind a field holds: the
    expectation fails, told in words, whatever its values."""
    event = {"type": "no such event", "winners": value, "taken_by": value, "cards": value}
    path = _written(tmp_path, RON, _expect_event("events", event))
    failure = _one_failure(path)
    assert "expected a no such event event" in failure
    assert "there was no no such event event at all" in failure
