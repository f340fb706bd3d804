"""`tablerules simulate`: the text table, JSON and CSV, errors, the progress bar, Ctrl-C
printing the statistics so far, and resuming from the checkpoint to the same result."""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from tablerules.cli.main import main
from tablerules.cli.progress import ProgressBar, duration

ROOT = Path(__file__).resolve().parent.parent
PMZ = str(ROOT / "rules" / "paomazai.rules")
TWO_HORSES = str(ROOT / "rules" / "variants" / "paomazai-two-horses.rules")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_text_table_with_intervals_and_rule_ids(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "simulate", PMZ, "--hands", "20", "--seed", "4")
    assert status == 0, err
    assert err == ""  # no progress bar when stderr is not a terminal
    lines = out.splitlines()
    assert lines[0].startswith(f"{PMZ}: 20 hands from seed 4, greedy bots; 1 process")
    win = next(line for line in lines if "seat 0: win rate" in line)
    assert "%" in win and "[" in win and "PMZ-3" in win
    money = next(line for line in lines if "seat 0: money per hand" in line)
    assert "±" in money and "σ" in money
    for section in (
        "per seat",
        "per position from the dealer",
        "per hand",
        "what fires, per hand",
        "money by ledger label",
    ):
        assert section in lines


def test_json_and_csv_agree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data_file, table_file = tmp_path / "s.json", tmp_path / "s.csv"
    status, out, err = run(
        capsys,
        "simulate",
        PMZ,
        "--compare",
        TWO_HORSES,
        "--hands",
        "20",
        "--seed",
        "4",
        "--jobs",
        "auto",
        "--json",
        str(data_file),
        "--csv",
        str(table_file),
    )
    assert status == 0, err
    assert "A − B" in out
    data = json.loads(data_file.read_text(encoding="utf-8"))
    assert data["hands"] == 20 and data["complete"] and len(data["sides"]) == 2
    assert data["sides"][1]["options"]["horses"] == 2
    table = list(csv.DictReader(io.StringIO(table_file.read_text(encoding="utf-8"))))
    assert [r["name"] for r in table] == [r["name"] for r in data["rows"]]
    for line, row in zip(table, data["rows"], strict=True):
        assert float(line["a_mean"]) == pytest.approx(row["values"][0]["mean"], abs=1e-6)
        assert line["significant"] == str(int(row["significant"]))


def test_json_to_stdout_only(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "simulate", PMZ, "--hands", "10", "--seed", "4", "--json", "-")
    assert status == 0
    assert json.loads(out)["rows"]


def test_other_bots_on_the_same_rules(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys,
        "simulate",
        PMZ,
        "--hands",
        "10",
        "--seed",
        "4",
        "--bots",
        "random",
        "--compare-bots",
        "greedy",
        "--json",
        "-",
    )
    assert status == 0, err
    assert [s["name"] for s in json.loads(out)["sides"]] == ["random bots", "greedy bots"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "clever"], "no bot named 'clever'"),
        (["--bots", "greedy,random"], "2 bots named for 4 seats"),
        (["--option", "horses=x"], "horses"),
        (["--compare", "missing.rules"], "missing.rules"),
    ],
)
def test_bad_input_is_an_error_not_a_traceback(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, _, err = run(capsys, "simulate", PMZ, "--hands", "5", *argv)
    assert status == 1
    assert message in err and "Traceback" not in err


def test_progress_bar_reports_rate_and_time_left() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Terminal()
    bar = ProgressBar(1000, done=100, stream=stream)
    bar.started -= 2.0
    bar.update(300)
    text = stream.getvalue()
    assert "30%" in text and "300/1,000 hands" in text
    assert "100 hands/s" in text and "7 s left" in text
    assert duration(3725) == "1 h 02 min"
    quiet = ProgressBar(10, stream=io.StringIO())
    quiet.update(5)
    assert quiet.stream.getvalue() == ""


def _read_until(terminal: int, marker: str) -> str:
    """What the command wrote to its terminal up to `marker` (or its end), waiting for it."""
    seen = b""
    while marker.encode() not in seen:
        try:
            chunk = os.read(terminal, 4096)
        except OSError:  # the command closed the terminal (EIO)
            break
        if not chunk:
            break
        seen += chunk
    return seen.decode("utf-8", "replace")


def test_ctrl_c_prints_the_statistics_so_far_and_resume_finishes_the_same(
    tmp_path: Path,
) -> None:
    """Ctrl-C is sent once the progress bar shows hands done, so the command's own handler
    is in place, whatever the load; by the time it arrives the run may have finished (on a
    slow machine anything can be late), and then the whole summary is the answer."""
    checkpoint = tmp_path / "run.json"
    command = [
        sys.executable,
        "-m",
        "tablerules",
        "simulate",
        PMZ,
        "--hands",
        "300",
        "--seed",
        "3",
        "--jobs",
        "2",
    ]
    terminal, stderr = pty.openpty()  # stderr a terminal: the progress bar is drawn
    process = subprocess.Popen(
        [*command, "--checkpoint", str(checkpoint)],
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
    )
    os.close(stderr)
    try:
        shown = _read_until(terminal, "/300 hands")
        process.send_signal(signal.SIGINT)
        err = shown + _read_until(terminal, "\0")  # to the end: the command has exited
        out, _ = process.communicate(timeout=120)
    finally:
        os.close(terminal)
    done = json.loads(checkpoint.read_text(encoding="utf-8"))["tally"]["sides"][0]["hands"]
    assert 0 < done <= 300
    if done < 300:  # stopped part way: the statistics so far
        assert process.returncode == 130, err
        assert f"interrupted after {done} of 300 hands" in err and "run again to go on" in err
        assert out.startswith(f"{PMZ}: {done} of 300 hands (partial: the run was interrupted)")
    else:  # every hand was played before the signal came: the whole summary
        assert process.returncode == 0, err
        assert out.startswith(f"{PMZ}: 300 hands")
    assert "seat 0: win rate" in out
    resumed = tmp_path / "resumed.json"
    finish = subprocess.run(
        [*command, "--checkpoint", str(checkpoint), "--json", str(resumed)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert finish.returncode == 0, finish.stderr
    whole = tmp_path / "whole.json"
    subprocess.run(
        [*command, "--json", str(whole)],
        capture_output=True,
        timeout=120,
        check=True,
    )
    resumed_rows = json.loads(resumed.read_text(encoding="utf-8"))["rows"]
    assert resumed_rows == json.loads(whole.read_text(encoding="utf-8"))["rows"]


def test_rule_ids_are_shortened_by_runs() -> None:
    from tablerules.interpreter.simulate.wording import rule_ids

    assert rule_ids(["PMZ-7", "PMZ-8", "PMZ-9", "PMZ-21", "HK-1"]) == "PMZ-7–9, 21 HK-1"
    assert rule_ids(["PHZ-M3"]) == "PHZ-M3"


def test_chart_draws_each_ledger_label_with_its_interval(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import xml.etree.ElementTree as ElementTree

    chart = tmp_path / "chart.svg"
    status, _, err = run(
        capsys,
        "simulate",
        PMZ,
        "--compare",
        TWO_HORSES,
        "--hands",
        "12",
        "--seed",
        "4",
        "--chart",
        str(chart),
        "--json",
        str(tmp_path / "s.json"),
    )
    assert status == 0, err
    svg = ElementTree.parse(chart).getroot()
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    data = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    labels = [
        r["name"].removesuffix(": money per hand")
        for r in data["rows"]
        if r["section"] == "money by ledger label" and r["name"].endswith("money per hand")
    ]
    assert labels and all(label in texts for label in labels)
    bars = [e for e in svg.iter("{http://www.w3.org/2000/svg}rect") if e.get("fill") != "white"]
    assert len(bars) >= 2 * len(labels)


def test_a_sampling_bot_at_one_seat(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys,
        "simulate",
        PMZ,
        "--hands",
        "2",
        "--seed",
        "4",
        "--samples",
        "1",
        "--bots",
        "sampling,greedy,greedy,greedy",
        "--compare-bots",
        "greedy",
        "--json",
        "-",
    )
    assert status == 0, err
    sides = json.loads(out)["sides"]
    assert sides[0]["bots"] == ["sampling", "greedy", "greedy", "greedy"]
    assert sides[1]["bots"] == ["greedy"] * 4


def test_hands_beyond_the_limit_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--hands 99999999999` planned every shard and died of MemoryError. (The bad option
    keeps the command from playing, should the limit be missing.)"""
    with pytest.raises(SystemExit) as refused:
        main(["simulate", PMZ, "--hands", "99999999999", "--option", "horses=x"])
    assert refused.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1].endswith("--hands: must be at most 100,000,000")
    assert "Traceback" not in err


def test_a_chart_is_written_only_to_an_svg_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--chart x.png` silently wrote SVG into a file named .png."""
    chart = tmp_path / "chart.png"
    status, out, err = run(capsys, "simulate", PMZ, "--hands", "2", "--chart", str(chart))
    assert status == 1 and out == ""
    assert err.count("\n") == 1 and "--chart" in err and ".svg" in err
    assert not chart.exists()


def _labelled(tmp_path: Path, labels: dict[str, str]) -> str:
    """The bundled 跑馬仔 with some ledger labels renamed."""
    text = Path(PMZ).read_text(encoding="utf-8")
    for old, new in labels.items():
        text = text.replace(f'"{old}"', f'"{new}"')
    path = tmp_path / "labelled.rules"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_csv_cells_a_spreadsheet_would_run_as_formulas_are_quoted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ledger label starting with = + - @ went raw into the CSV (formula injection);
    numbers, negative ones included, stay numbers."""
    labels = {"食糊": "=HYPERLINK(1)", "自摸": "@SUM(A1)", "明槓": "-5", "暗槓": "+1"}
    rules = _labelled(tmp_path, labels)
    status, out, err = run(capsys, "simulate", rules, "--hands", "20", "--seed", "4", "--csv", "-")
    assert status == 0, err
    table = list(csv.reader(io.StringIO(out)))
    cells = [cell for line in table for cell in line]
    for label in labels.values():
        assert f"'{label}: money per hand" in cells
    assert not any(cell[:1] in ("=", "+", "@", "\t", "\r") for cell in cells)
    header = table[0]
    means = [line[header.index("a_mean")] for line in table[1:]]
    negative = [m for m in means if m.startswith("-")]
    assert negative and all(float(m) < 0 for m in negative)  # genuine numbers, unquoted


def test_the_spreadsheet_quoting_keeps_numbers() -> None:
    from tablerules.cli.simulate_output import spreadsheet_cell

    assert spreadsheet_cell("-5") == "-5" and spreadsheet_cell("+0.25") == "+0.25"
    assert spreadsheet_cell("-1e-05") == "-1e-05" and spreadsheet_cell(-5) == -5
    for text in ("-inf", "=1+2", "-5: money", "@A1", "\t=1", "\r=1", "+"):
        assert spreadsheet_cell(text) == "'" + text
    assert spreadsheet_cell("5-") == "5-" and spreadsheet_cell("") == ""


def test_rare_figures_show_their_digits_and_interval() -> None:
    """`0.00 ±0.00 *` was printed for a pattern on 2 hands in 2,000."""
    from tablerules.interpreter.simulate.estimate import (
        difference_of_means,
        mean_estimate,
        rate_estimate,
    )
    from tablerules.interpreter.simulate.wording import with_interval

    rare = mean_estimate(2000, 2, 2)
    text = with_interval(rare, "mean")
    mean, half = text.split(" ±")
    assert float(mean) == pytest.approx(0.001) and float(half) > 0
    none = mean_estimate(2000, 0, 0)
    assert with_interval(none, "mean") == "0.00 ±0.00"
    difference = with_interval(difference_of_means(none, rare), "mean", signed=True)
    assert difference.startswith("-0.001") and not difference.endswith("±0.00")
    rate = with_interval(rate_estimate(100_000, 3), "rate")
    shown, bounds = rate.split(" [")
    assert float(shown.rstrip("%")) == pytest.approx(0.003)
    low, high = (float(b) for b in bounds.rstrip("]").split("–"))
    assert 0 < low < 0.003 < high
    assert with_interval(rate_estimate(100, 10), "rate") == "10.0% [5.5–17.4]"
    assert with_interval(mean_estimate(3, 30, 300), "mean") == "10.00 ±0.00"


def test_a_game_without_hand_values_shows_no_value_distribution(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """跑馬仔's wins carry no value: its report showed a meaningless "value 0: 100%"."""
    status, out, err = run(capsys, "simulate", PMZ, "--hands", "10", "--seed", "4")
    assert status == 0, err
    assert "value of a win" not in out.splitlines() and "  value 0" not in out
    status, out, err = run(
        capsys, "simulate", str(ROOT / "rules" / "paohuzi.rules"), "--hands", "4", "--seed", "4"
    )
    assert status == 0, err
    assert "value of a win" in out.splitlines()  # 胡息: values a win has


def _interrupt_after_first_shard(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C as the first shard is done (the signal, sent to this process)."""
    from tablerules.cli import simulate

    update = simulate.ProgressBar.update

    def and_interrupt(self: ProgressBar, done: int) -> None:
        update(self, done)
        signal.raise_signal(signal.SIGINT)

    monkeypatch.setattr(simulate.ProgressBar, "update", and_interrupt)


def test_an_interrupted_run_marks_its_report_and_csv_as_partial(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stdout header and the CSV of an interrupted run looked like a finished one's."""
    _interrupt_after_first_shard(monkeypatch)
    table_file = tmp_path / "s.csv"
    argv = ["simulate", PMZ, "--hands", "30", "--seed", "4", "--csv", str(table_file)]
    status, out, err = run(capsys, *argv)
    assert status == 130, err
    assert "interrupted after 10 of 30 hands" in err
    first = out.splitlines()[0]
    assert "10 of 30 hands" in first and "partial" in first and "interrupted" in first
    table = list(csv.DictReader(io.StringIO(table_file.read_text(encoding="utf-8"))))
    assert table and all(line["status"] == "partial: 10 of 30 hands" for line in table)
    monkeypatch.undo()
    status, out, err = run(capsys, *argv)
    assert status == 0, err
    assert "partial" not in out.splitlines()[0]
    table = list(csv.DictReader(io.StringIO(table_file.read_text(encoding="utf-8"))))
    assert all(line["status"] == "complete: 30 hands" for line in table)


@pytest.mark.parametrize("moment", ["while the rules are read", "as the output is written"])
def test_ctrl_c_at_any_moment_gives_a_summary(
    moment: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Ctrl-C outside the hands (before they start, between their end and the output)
    ended the command with a bare "interrupted": it gives the summary so far, or the whole
    one when every hand is played."""
    from tablerules.cli import simulate

    target = "build_plan" if moment == "while the rules are read" else "rows"
    original = getattr(simulate, target)

    def interrupted(*args: Any) -> Any:
        signal.raise_signal(signal.SIGINT)
        return original(*args)

    monkeypatch.setattr(simulate, target, interrupted)
    status, out, err = run(capsys, "simulate", PMZ, "--hands", "10", "--seed", "4")
    if target == "build_plan":
        assert status == 130 and "interrupted after 0 of 10 hands" in err
    else:
        assert status == 0, err
        assert out.startswith(f"{PMZ}: 10 hands") and "seat 0: win rate" in out
    assert err.strip() != "interrupted"


def test_enormous_amounts_are_written_in_every_output(pmz_plan_and_huge_tally: Any) -> None:
    """Statistics of amounts beyond a float (the cap is 2^256; sums grow past it) raised
    OverflowError; every output now writes them, as infinite where a float cannot hold them."""
    import xml.etree.ElementTree as ElementTree

    from tablerules.cli.simulate_chart import chart_svg
    from tablerules.cli.simulate_output import as_csv, as_json, text_table
    from tablerules.interpreter.simulate import rows

    plan, tally = pmz_plan_and_huge_tally
    found = rows(plan, tally)
    money = next(line for line in text_table(plan, found) if line.startswith("  L: money"))
    assert "∞" in money
    data = json.loads(as_json(plan, tally, found, {}))
    assert any(r["name"] == "L: money per hand" for r in data["rows"])
    table = list(csv.DictReader(io.StringIO(as_csv(plan, found, "complete: 2 hands"))))
    assert any(line["name"] == "L: money per hand" for line in table)
    svg = chart_svg(plan, found, "huge")
    ElementTree.fromstring(svg)
    assert "nan" not in svg and "inf" not in svg


@pytest.fixture
def pmz_plan_and_huge_tally() -> tuple[Any, Any]:
    from tablerules.interpreter import load_game
    from tablerules.interpreter.simulate import Plan, Tally, side_for

    plan = Plan((side_for("pmz", load_game(PMZ), "greedy"),), 1, 2)
    tally = Tally.empty(1)
    side = tally.sides[0]
    side.hands = 2
    amount = 2**256 * 10**300  # one hand's money, beyond a float
    side.sums[("money", "L")] = [amount, amount * amount]
    side.sums[("money", "M")] = [2**256, 2**512]  # near the cap: an ordinary float
    return plan, tally
