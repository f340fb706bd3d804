"""The command line: exit codes, readable output, JSON output, batch files, bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from tablerules.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
PMZ = str(ROOT / "rules" / "paomazai.rules")
PHZ = str(ROOT / "rules" / "paohuzi.rules")
NEGATIVE = ROOT / "tests" / "golden" / "negative"


def test_check_accepts_the_bundled_rule_files(capsys) -> None:
    assert main(["check", PMZ, PHZ]) == 0
    out = capsys.readouterr().out
    assert "paomazai.rules: ok" in out and "paohuzi.rules: ok" in out


def test_check_reports_located_named_errors_and_exits_1(capsys) -> None:
    broken = str(NEGATIVE / "syntax_several_errors.rules")
    assert main(["check", broken]) == 1
    out = capsys.readouterr().out
    assert "syntax_several_errors.rules:2:18: error[E004]" in out
    assert "syntax_several_errors.rules:4:3: error[E005]" in out
    assert "3 errors" in out


def test_check_json_lists_diagnostics(capsys) -> None:
    assert main(["check", "--json", str(NEGATIVE / "unknown_group.rules")]) == 1
    record = json.loads(capsys.readouterr().out)
    assert record["ok"] is False
    assert [(d["line"], d["code"]) for d in record["diagnostics"]] == [(4, "E101")]


def test_check_strict_fails_on_warnings(capsys) -> None:
    uncited = str(NEGATIVE / "uncited_clause.rules")
    assert main(["check", uncited]) == 0
    assert main(["check", "--strict", uncited]) == 1


def test_evaluate_prints_every_winning_split_with_display_names(capsys) -> None:
    assert main(["evaluate", PMZ, "--hand", "111222333444m55m"]) == 0
    out = capsys.readouterr().out
    assert "WINS — 4 winning splits" in out
    assert "刻[一萬一萬一萬]" in out


def test_evaluate_json_shape(capsys) -> None:
    argv = ["evaluate", PHZ, "--hand", "一二三壹貳叁二七十四四四五五", "--win-card", "五"]
    assert main([*argv, "--from", "discard", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["wins"] is True
    assert record["best_total"] == 16
    assert record["value_name"] == "胡息"
    assert record["win_card"] == "x5" and record["source"] == "discard"
    best = record["decompositions"][record["best"]]
    assert {g["kind"] for g in best["groups"]} == {"坎", "碰", "一句話", "二七十"}
    assert sum(g["value"] for g in best["groups"]) == best["total"] == 16


def test_evaluate_explains_a_hand_that_does_not_win(capsys) -> None:
    assert main(["evaluate", PMZ, "--hand", "1133557799mEESS"]) == 0
    out = capsys.readouterr().out
    assert "does not win" in out and "七對" in out and "[PMZ-4]" in out


def test_evaluate_with_table_groups_and_options(capsys) -> None:
    argv = ["evaluate", PHZ, "--hand", "一二三 四五六 七八九 二七十 壹壹壹", "--json"]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["wins"] is True
    assert main([*argv, "--option", "min_huxi=15"]) == 0
    assert json.loads(capsys.readouterr().out)["wins"] is False
    table = ["evaluate", PMZ, "--hand", "123p456s55m", "--table", "pong:EEE kong:1111m"]
    assert main(table) == 0
    assert "@槓[一萬一萬一萬一萬]" in capsys.readouterr().out


def test_evaluate_rejects_a_bad_token_with_its_column(capsys) -> None:
    assert main(["evaluate", PMZ, "--hand", "111m 2q"]) == 1
    err = capsys.readouterr().err
    assert "--hand: unknown card '2q' (column 6)" in err
    assert err.splitlines()[2] == "    " + " " * 5 + "^^"


def test_evaluate_rejects_too_many_copies_and_bad_options(capsys) -> None:
    assert main(["evaluate", PMZ, "--hand", "11111m"]) == 1
    assert "5 copies of 一萬; the deck has 4" in capsys.readouterr().err
    assert main(["evaluate", PMZ, "--hand", "11m", "--option", "horses=3"]) == 1
    assert "--option: error[E104]" in capsys.readouterr().err


def test_evaluate_on_deal_reports_immediate_wins(capsys) -> None:
    argv = ["evaluate", PHZ, "--hand", "一一一一二二二二三四五六七八九", "--on-deal", "--json"]
    assert main(argv) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["immediate"] == "天胡" and record["wins"] is True


def test_hands_file_gives_one_json_object_per_line(tmp_path: Path, capsys) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text(
        "# a comment line\n"
        "111222333444m55m\n"
        "1133557799mEESS\n"
        "\n"
        "123p456s55m | table: pong:EEE kong:1111m\n"
        "1112345678999m | win: 5m discard\n"
        "11m 2q\n",
        encoding="utf-8",
    )
    assert main(["evaluate", PMZ, "--hands-file", str(hands), "--json"]) == 1
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["line"] for r in records] == [2, 3, 5, 6, 7]
    assert [r.get("wins") for r in records[:4]] == [True, False, True, True]
    assert records[3]["source"] == "discard"
    assert records[4]["error"] == "unknown card '2q'" and records[4]["column"] == 5


def test_broken_input_never_prints_a_traceback(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.rules"
    garbage.write_bytes(bytes(range(256)))
    cases = [
        ["check", str(garbage)],
        ["check", str(tmp_path / "missing.rules")],
        ["evaluate", str(garbage), "--hand", "1m"],
        ["evaluate", PMZ, "--hand", "\u200b"],
        ["evaluate", PMZ, "--hand", "1m", "--table", "kong:1m"],
        ["evaluate", PMZ, "--hands-file", str(tmp_path / "none.txt")],
        ["evaluate", PMZ, "--hand", "1m", "--win-card", "1m2m"],
    ]
    for argv in cases:
        done = subprocess.run(
            [sys.executable, "-m", "tablerules", *argv],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=False,
        )
        assert done.returncode in (1, 2), (argv, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr, (argv, done.stderr)


@pytest.mark.parametrize("argv", [["--help"], ["check", "--help"], ["evaluate", "--help"]])
def test_help_texts(argv: list[str], capsys) -> None:
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 0
    assert "usage: tablerules" in capsys.readouterr().out


def test_flags_that_would_be_ignored_are_refused(tmp_path: Path, capsys) -> None:
    assert main(["evaluate", PMZ, "--hand", "11m", "--from", "discard"]) == 2
    assert "--from says where the winning card came from" in capsys.readouterr().err
    hands = tmp_path / "hands.txt"
    hands.write_text("11m\n", encoding="utf-8")
    assert main(["evaluate", PMZ, "--hands-file", str(hands), "--table", "pong:EEE"]) == 2
    assert "in a hands file write them on the line" in capsys.readouterr().err


def test_hands_file_errors_point_into_the_whole_line(tmp_path: Path, capsys) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text(
        "123m 456p 789s EE 5s | win: 5x discard\n123m 456p 789s 5s | table: pong:EEQ\n",
        encoding="utf-8",
    )
    assert main(["evaluate", PMZ, "--hands-file", str(hands), "--json"]) == 1
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert first["error"] == "win: unknown card '5x'" and first["column"] == 29
    assert second["error"] == "table: unknown card 'Q'"
    assert second["text"][second["column"] - 1 :] == "Q"


def test_less_detail_keeps_every_verdict_and_best_split(tmp_path: Path, capsys) -> None:
    """--detail best and --detail wins report what --detail full decides, line for line."""
    lines = [
        "111222333444m55m",
        "1133557799m EESS",
        "123m 456p 55s | table: pong:EEE kong:9999m | win: 5s discard",
        "123m 456p 5s | table: 碰:東東東 槓:9999m | win: 5s self",
        "11m 234p 567s 789s 99m",
        "123m 456p 789s EE 5x",
        # read straight into counts by --detail wins, or left to the full reading
        "11m234p 567s789s 99m",
        "EEE SSS 123m 456p 99s",
        "11111m 234p 567s 789s",
        "123m,456p,789s，EEE、55s",
        "123m\t456p 789s EEE  55s",
        "0m 123p",
        "123²m 456p",
        "123456789m 123456789p 123456789s EEEESSSSWWWWNN",
    ]
    hands = tmp_path / "hands.txt"
    hands.write_text("\n".join(lines) + "\n", encoding="utf-8")
    records = {}
    for detail in ("full", "best", "wins"):
        main(["evaluate", PMZ, "--hands-file", str(hands), "--detail", detail])
        records[detail] = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    for full, best, wins in zip(*records.values(), strict=True):
        assert full["line"] == best["line"] == wins["line"]
        if "error" in full:
            assert full == best == wins
            continue
        assert set(wins) == {"line", "wins"} and full["wins"] == best["wins"] == wins["wins"]
        assert best["best_total"] == full["best_total"]
        chosen = full["decompositions"][full["best"]] if full["best"] is not None else None
        assert best["best"] == chosen
