"""The command as a user meets it: `--version`, the bots `play` takes, and the examples
of `--help`, which name the rule files as an installed user can (bundled names)."""

from __future__ import annotations

import re
from importlib.metadata import version
from pathlib import Path

import pytest
from tablerules.cli.commands import COMMANDS
from tablerules.cli.main import main
from tablerules.interpreter.bots.players import BOT_NAMES
from tablerules.interpreter.playlog.reader import read_log


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_version_is_the_installed_one(capsys) -> None:
    status, out, _ = run(capsys, "--version")
    assert status == 0
    assert out.strip() == f"tablerules {version('tablerules')}"


@pytest.mark.parametrize("bots", [*BOT_NAMES, "sampling,greedy,random,greedy"])
def test_play_takes_every_bot_simulate_takes(bots: str, tmp_path: Path, capsys) -> None:
    log = tmp_path / "hand.jsonl"
    argv = ["play", "paomazai", "--seed", "3", "--bots", bots, "--samples", "1"]
    status, out, err = run(capsys, *argv, "--log", str(log))
    assert status == 0, err
    lineup = f"{bots} bots at every seat" if "," not in bots else f"bots {bots}"
    assert out.startswith(f"跑馬仔: 1 hand from seed 3, {lineup}\n")
    assert read_log(str(log)).header.bots == bots
    status, out, err = run(capsys, "replay", str(log), "--quiet")
    assert status == 0, err


@pytest.mark.parametrize(
    ("bots", "said"),
    [("clever", "no bot named 'clever'"), ("greedy,greedy", "2 bots named for 4 seats")],
)
def test_play_refuses_unknown_bots_saying_which_it_takes(bots: str, said: str, capsys) -> None:
    status, _, err = run(capsys, "play", "paomazai", "--bots", bots)
    assert status == 2
    assert said in err
    assert ", ".join(BOT_NAMES) in err or "seats" in said


def _help(capsys, *argv: str) -> str:
    status, out, _ = run(capsys, *argv, "--help")
    assert status == 0
    return out


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_examples_name_rule_files_as_an_installed_user_can(command, capsys) -> None:
    """No example names a file under rules/, which exists only in the source tree."""
    text = _help(capsys, *([command] if command else []))
    examples = [line for line in text.splitlines() if line.strip().startswith("tablerules ")]
    assert examples or command in ("schema", "show", "replay", "check")
    for line in examples:
        assert not re.search(r"(?<![\w/])rules/", line), line
