"""`tablerules evaluate` on what users type: an empty hand is an error, a hands file can be
standard input, `--json` keeps errors in JSON, seats by name or number, the simplified
names of the bundled mahjong files, and a suggestion for a misspelt flag."""

from __future__ import annotations

import io
import json
import sys

import pytest
from tablerules.cli.commands import COMMANDS
from tablerules.cli.main import main
from tablerules.interpreter import load_game


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("hand", ["", "   ", "，、"])
def test_an_empty_hand_is_an_error_not_a_losing_hand(hand: str, capsys) -> None:
    status, out, err = run(capsys, "evaluate", "paomazai", "--hand", hand)
    assert status == 1
    assert "does not win" not in out
    assert "--hand" in err and "no cards" in err


def test_a_hands_file_can_be_standard_input(capsys, monkeypatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("111222333444m55m\n123m\n"))
    status, out, _ = run(capsys, "evaluate", "paomazai", "--hands-file", "-", "--detail", "wins")
    assert status == 0
    assert [json.loads(line) for line in out.splitlines()] == [
        {"line": 1, "wins": True},
        {"line": 2, "wins": False},
    ]


@pytest.mark.parametrize(
    ("argv", "field"),
    [
        (["--hand", "123m 5x"], "--hand"),
        (["--hand", ""], "--hand"),
        (["--hand", "123m", "--table", "pong:EEF"], "--table"),
        (["--hand", "123m", "--win-card", "55s"], "--win-card"),
        (["--hand", "123m", "--seat", "S"], "--seat"),
        (["--hand", "123m", "--round", "nine"], "--round"),
        (["--hand", "1111m 1m"], "5 copies of"),
    ],
)
def test_json_errors_are_json_objects_on_stdout(argv: list[str], field: str, capsys) -> None:
    status, out, err = run(capsys, "evaluate", "hongkong", *argv, "--json")
    assert status != 0
    assert err == ""
    (line,) = out.splitlines()
    record = json.loads(line)
    assert record["error"].startswith(field), record
    assert isinstance(record["error"], str) and record["error"]


def test_json_reports_a_broken_rule_file_as_json(tmp_path, capsys) -> None:
    broken = tmp_path / "broken.rules"
    broken.write_text("game x [T-1]\nnonsense here\n", encoding="utf-8")
    status, out, err = run(capsys, "evaluate", str(broken), "--hand", "1m", "--json")
    assert status == 1 and err == ""
    record = json.loads(out)
    assert record["error"].startswith("the rule file has errors")
    assert record["diagnostics"] and record["diagnostics"][0]["line"] >= 1


@pytest.mark.parametrize("seat", ["南", "1"])
def test_seats_by_the_rule_files_name_or_number(seat: str, capsys) -> None:
    argv = ["--hand", "111m 222m 333m SSS 5m", "--win-card", "5m", "--seat", seat]
    status, out, _ = run(capsys, "evaluate", "hongkong", *argv)
    assert status == 0
    assert "門風 1" in out


@pytest.mark.parametrize("seat", ["S", "south", "4", "-1", "1.0"])
def test_a_wrong_seat_lists_names_and_numbers(seat: str, capsys) -> None:
    status, _, err = run(capsys, "evaluate", "hongkong", "--hand", "123m", "--seat", seat)
    assert status == 2
    assert "東, 南, 西, 北" in err and "0 to 3" in err


@pytest.mark.parametrize("rules", ["paomazai", "hongkong"])
def test_simplified_names_of_the_bundled_mahjong_files(rules: str) -> None:
    game = load_game(rules)
    assert game.parse("1万 3万 二饼 一条 东风") == game.parse("1m 3m 2p 1s E")
    assert game.parse("1饼 9条 南风 西风 北风") == game.parse("1p 9s S W N")


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_misspelt_flag_gets_a_suggestion(command: str, capsys) -> None:
    flags = {
        "check": "--stritc",
        "evaluate": "--hnad",
        "test": "--covrage",
        "show": "--optoin",
        "schema": "--ouput",
        "play": "--seeed",
        "replay": "--quite",
        "simulate": "--hnads",
    }
    status, _, err = run(capsys, command, flags[command], "x")
    assert status == 2
    assert "did you mean --" in err, err


def test_no_suggestion_for_a_flag_like_nothing_known(capsys) -> None:
    status, _, err = run(capsys, "evaluate", "paomazai", "--hand", "1m", "--zzzzzzzz")
    assert status == 2
    assert "unrecognized arguments: --zzzzzzzz" in err
    assert "did you mean" not in err
