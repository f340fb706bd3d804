"""`tablerules play` and `tablerules replay`: seeded hands, the log, and checking it back."""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tablerules.cli.main import main
from tablerules.interpreter import load_game
from tablerules.interpreter.engine import Table
from tablerules.interpreter.playlog.reader import ChoiceLine, read_log

ROOT = Path(__file__).resolve().parent.parent
PMZ = str(ROOT / "rules" / "paomazai.rules")
PHZ = str(ROOT / "rules" / "paohuzi.rules")
VARIANT = str(ROOT / "docs" / "examples" / "variant.rules")
CARD_NAME = re.compile(r"(?:[一二三四五六七八九][萬筒索]|[東南西北中發白])")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """Three 跑馬仔 hands from seed 7: the log and the transcript."""
    log = tmp_path_factory.mktemp("play") / "three.jsonl"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["play", PMZ, "--seed", "7", "--hands", "3", "--log", str(log)]) == 0
    return log, out.getvalue()


def lines_of(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def rewrite(source: Path, target: Path, change) -> Path:
    """A copy of a log with `change(number, record)` applied to each parsed line."""
    records = lines_of(source)
    out = [change(number, record) for number, record in enumerate(records, start=1)]
    target.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in out), "utf-8")
    return target


# ── play ──────────────────────────────────────────────────────────────


def test_same_seed_same_log_and_transcript(played, tmp_path, capsys) -> None:
    log, transcript = played
    again = tmp_path / "again.jsonl"
    status, out, _ = run(capsys, "play", PMZ, "--seed", "7", "--hands", "3", "--log", str(again))
    assert status == 0
    assert again.read_bytes() == log.read_bytes()
    assert out == transcript


def test_transcript_uses_display_and_seat_names(played) -> None:
    _, transcript = played
    assert transcript.startswith("跑馬仔: 3 hands from seed 7, greedy bots at every seat\n")
    assert re.search(r"^  東 draws " + CARD_NAME.pattern, transcript, re.M)
    assert re.search(r"^  (東|南|西|北) discards " + CARD_NAME.pattern, transcript, re.M)
    assert re.search(r"^    東  (" + CARD_NAME.pattern + " ?){13}$", transcript, re.M)  # the deal
    assert re.search(r"wins on .*\[", transcript)  # the winning split, groups and cards
    # payment lines: the amount worked out with its numbers, the label, the rule ids
    assert re.search(r"pays \S+ 2 × unit = 2 × 10 = 20 · .+ \[PMZ-", transcript)
    assert "next dealer: " in transcript
    assert re.search(r"^after 3 hands: seat 0 [+-]\d+, seat 1 ", transcript, re.M)
    assert not re.search(r"\b[1-9][mps]\b", transcript)  # no card ids


def test_a_win_shows_no_group_values_without_a_value_table(played) -> None:
    _, transcript = played
    (win,) = [line for line in transcript.splitlines() if " wins on " in line][:1]
    assert "[" in win and "](" not in win  # 跑馬仔 values no group: no `(0)` after each


def test_a_win_works_its_money_out_from_the_patterns(capsys) -> None:
    """香港麻雀: the patterns' 番, the settlement's `let` worked out, then each payment."""
    hongkong = str(ROOT / "rules" / "hongkong.rules")
    status, out, _ = run(capsys, "play", hongkong, "--seed", "365")
    assert status == 0
    lines = out.splitlines()
    at = lines.index(
        "  東 wins on own replacement 一筒: 刻[八萬八萬八萬]  刻[四筒四筒四筒]  "
        "槓[二筒二筒二筒二筒]  刻[一筒一筒一筒]  對[中中]"
    )
    assert lines[at + 1 : at + 4] == [
        "    自摸 1 + 對對糊 3 + 槓上開花 1 = 5 番",
        "    錢 = 番錢(番) × unit = 24 × 1 = 24",
        "  南 pays 東 錢 = 24 · 槓上自摸 [HK-6]",  # the name's number is the amount: said once
    ]


def test_paohuzi_transcript_names_its_seats(capsys) -> None:
    status, out, _ = run(capsys, "play", PHZ, "--seed", "3")
    assert status == 0
    assert "seats: 莊 seat " in out and "莊 shows " in out
    assert "胡息" in out  # the value of the win, in the rule file's unit


def test_hands_chain_dealers(played) -> None:
    log, _ = played
    records = lines_of(log)
    hands = [r for r in records if r["type"] == "hand"]
    results = [r for r in records if r["type"] == "result"]
    assert [h["seed"] for h in hands] == [7, 8, 9]
    assert hands[0]["dealer"] == Table(load_game(PMZ), seed=7).state.dealer
    for before, after in zip(results, hands[1:], strict=False):
        assert after["dealer"] == before["next_dealer"]


def test_quiet_and_json(played, capsys) -> None:
    log, transcript = played
    status, quiet, _ = run(capsys, "play", PMZ, "--seed", "7", "--hands", "3", "--quiet")
    assert status == 0
    lines = transcript.splitlines()
    results = [line for line in lines if line.startswith("hand ") and " · next dealer " in line]
    assert quiet.splitlines() == [*results, lines[-1]]
    status, out, _ = run(capsys, "play", PMZ, "--seed", "7", "--hands", "3", "--json")
    objects = [json.loads(line) for line in out.splitlines()]
    results = [r for r in lines_of(log) if r["type"] == "result"]
    assert [o["index"] for o in objects] == [1, 2, 3]
    assert [o["totals"] for o in objects] == [r["totals"] for r in results]
    bare = [[{k: v for k, v in p.items() if k != "working"} for p in o["ledger"]] for o in objects]
    assert bare == [r["ledger"] for r in results]
    # each payment's working, as the transcript writes it (the log's result line has none)
    worked = [p for o in objects for p in o["ledger"] if "working" in p]
    assert worked and all(p["working"].endswith(f" = {p['amount']}") for p in worked)
    assert all(f"{p['working']} · {p['label']}" in transcript for p in worked)


def test_the_log_validates(played) -> None:
    log, _ = played
    read = read_log(str(log))
    assert read.complete and len(read.hands) == 3
    header = read.header
    assert header.rules == PMZ and header.seed == 7 and header.bots == "greedy"
    assert header.rules_sha256 == hashlib.sha256(Path(PMZ).read_bytes()).hexdigest()
    assert header.options["unit"] == 10
    for hand in read.hands:
        assert any(isinstance(item, ChoiceLine) for _, item in hand.items)
        events = [item for _, item in hand.items if isinstance(item, dict)]
        assert [e["seq"] for e in events] == list(range(len(events)))


def test_the_hash_covers_the_files_extended(tmp_path, capsys) -> None:
    log = tmp_path / "variant.jsonl"
    assert run(capsys, "play", VARIANT, "--seed", "1", "--quiet", "--log", str(log))[0] == 0
    header = lines_of(log)[0]
    both = Path(VARIANT).read_bytes() + Path(PMZ).read_bytes()
    assert header["rules_sha256"] == hashlib.sha256(both).hexdigest()
    assert header["options"]["unit"] == 1  # the variant's own setting


def test_play_reports_bad_input_without_traceback(capsys) -> None:
    status, _, err = run(capsys, "play", PMZ, "--option", "horses=3")
    assert status == 1 and "horses must be one of" in err
    status, _, err = run(capsys, "play", str(ROOT / "rules" / "missing.rules"))
    assert status == 1 and "cannot read the file" in err
    with pytest.raises(SystemExit) as stop:
        main(["play", PMZ, "--hands", "0"])
    assert stop.value.code == 2


# ── replay ────────────────────────────────────────────────────────────


def test_replay_reproduces_the_transcript(played, capsys) -> None:
    log, transcript = played
    status, out, err = run(capsys, "replay", str(log))
    assert status == 0, err
    body = out.splitlines()
    assert body[1:-1] == transcript.splitlines()[1:]
    assert body[-1].startswith("reproduced: 3 hands, ")


def test_replay_one_hand_as_json(played, capsys) -> None:
    log, _ = played
    status, out, _ = run(capsys, "replay", str(log), "--hand", "2", "--json")
    assert status == 0
    (one,) = [json.loads(line) for line in out.splitlines()]
    assert one["index"] == 2 and one["seed"] == 8
    status, _, err = run(capsys, "replay", str(log), "--hand", "4")
    assert status == 1 and "holds 3 hands" in err


def _first_choice(records: list[dict]) -> int:
    return next(n for n, r in enumerate(records, start=1) if r["type"] == "choice")


def test_a_choice_that_is_not_legal(played, tmp_path, capsys) -> None:
    log, _ = played
    number = _first_choice(lines_of(log))

    def change(n: int, record: dict) -> dict:
        return {**record, "label": "discard nothing"} if n == number else record

    status, _, err = run(capsys, "replay", str(rewrite(log, tmp_path / "t.jsonl", change)))
    assert status == 1
    assert f"line {number}: 'discard nothing' is not among seat " in err
    assert "Traceback" not in err


def test_a_choice_changed_to_another_legal_one(played, tmp_path, capsys) -> None:
    log, _ = played
    records = lines_of(log)
    number = _first_choice(records)
    deal = records[2]
    seat = records[number - 1]["seat"]
    table = Table(load_game(PMZ), seed=7)
    other = next(
        c.label for c in table.legal_actions(seat) if c.label != records[number - 1]["label"]
    )
    assert deal["type"] == "deal"

    def change(n: int, record: dict) -> dict:
        return {**record, "label": other} if n == number else record

    status, _, err = run(capsys, "replay", str(rewrite(log, tmp_path / "t.jsonl", change)))
    assert status == 1
    assert re.search(rf"line {number + 1}: event seq \d+ differs: card is ", err), err


def test_a_broken_json_line(played, tmp_path, capsys) -> None:
    log, _ = played
    text = log.read_text("utf-8").splitlines()
    text[4] = text[4][:-7]
    broken = tmp_path / "broken.jsonl"
    broken.write_text("\n".join(text) + "\n", "utf-8")
    status, out, err = run(capsys, "replay", str(broken))
    assert status == 1 and out == ""
    assert re.fullmatch(rf"error: {re.escape(str(broken))}: line 5: not JSON: .*\n", err)


def test_a_line_of_the_wrong_shape_names_its_path(played, tmp_path, capsys) -> None:
    log, _ = played

    def change(_n: int, record: dict) -> dict:
        if record["type"] == "result":
            record["ledger"][0]["amount"] = "20"
        return record

    status, _, err = run(capsys, "replay", str(rewrite(log, tmp_path / "t.jsonl", change)))
    number = next(n for n, r in enumerate(lines_of(log), 1) if r["type"] == "result")
    assert status == 1
    assert f"line {number}: ledger[0].amount: Input should be a valid integer" in err


def test_a_changed_rule_file(played, tmp_path, capsys) -> None:
    log, _ = played

    def change(_n: int, record: dict) -> dict:
        return {**record, "rules_sha256": "0" * 64} if record["type"] == "header" else record

    stale = rewrite(log, tmp_path / "stale.jsonl", change)
    status, out, err = run(capsys, "replay", str(stale))
    assert status == 1 and out == ""
    assert "has changed since" in err and "--force" in err
    status, out, err = run(capsys, "replay", str(stale), "--force", "--quiet")
    assert status == 0 and err.startswith("warning: ") and "reproduced: 3 hands" in out


def test_a_missing_rule_file(played, tmp_path, capsys) -> None:
    log, _ = played

    def change(_n: int, record: dict) -> dict:
        return {**record, "rules": "gone.rules"} if record["type"] == "header" else record

    status, _, err = run(capsys, "replay", str(rewrite(log, tmp_path / "t.jsonl", change)))
    assert status == 1 and "played with gone.rules, which is missing" in err


def test_a_hand_out_of_order(played, tmp_path, capsys) -> None:
    log, _ = played

    def change(_n: int, record: dict) -> dict:
        return (
            {**record, "dealer": (record["dealer"] + 1) % 4} if record.get("index") == 2 else record
        )

    status, _, err = run(capsys, "replay", str(rewrite(log, tmp_path / "t.jsonl", change)))
    assert status == 1 and "dealer: hand 2 is dealt by seat" in err


# ── an interrupted play ───────────────────────────────────────────────


def _results(log: Path) -> int:
    return log.read_text("utf-8").count('"type": "result"') if log.exists() else 0


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGKILL], ids=["ctrl-c", "killed"])
def test_an_interrupted_play_leaves_whole_lines(stop: int, tmp_path: Path, capsys) -> None:
    log = tmp_path / "long.jsonl"
    argv = ["play", PMZ, "--seed", "1", "--hands", "100000", "--quiet", "--log", str(log)]
    process = subprocess.Popen(
        [sys.executable, "-m", "tablerules", *argv],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and _results(log) < 2:
        time.sleep(0.05)
    process.send_signal(stop)
    _, err = process.communicate(timeout=20)
    # every line ended is whole JSON (a kill may cut the kernel's write short after the
    # last newline; the reader drops such an unfinished tail)
    text = log.read_text(encoding="utf-8", errors="replace")
    records = [json.loads(line) for line in text[: text.rfind("\n") + 1].splitlines()]
    assert records[0]["type"] == "header"
    if stop == signal.SIGINT:
        assert process.returncode == 130
        assert "interrupted; " in err and "whole hands" in err and "Traceback" not in err
    else:
        assert process.returncode == -signal.SIGKILL
    read = read_log(str(log))
    assert not read.complete and len(read.hands) >= 2
    status, out, err = run(capsys, "replay", str(log), "--quiet")
    assert status == 0, err
    assert "reproduced: " in out


def test_a_log_cut_after_its_header(played, tmp_path, capsys) -> None:
    log, _ = played
    cut = tmp_path / "cut.jsonl"
    cut.write_text(log.read_text("utf-8").splitlines()[0] + "\n", "utf-8")
    status, out, err = run(capsys, "replay", str(cut), "--quiet")
    assert status == 0
    assert out == "reproduced: 0 hands, 0 events, 0 choices\n"
    assert "holds 0 of the 3 hands" in err


def test_replay_with_another_path_to_the_rule_file(played, tmp_path, capsys) -> None:
    log, _ = played
    copy = tmp_path / "copy.rules"
    copy.write_bytes(Path(PMZ).read_bytes())

    def change(_n: int, record: dict) -> dict:
        return {**record, "rules": "moved.rules"} if record["type"] == "header" else record

    moved = rewrite(log, tmp_path / "moved.jsonl", change)
    status, out, _ = run(capsys, "replay", str(moved), "--rules", str(copy), "--quiet")
    assert status == 0 and "reproduced: 3 hands" in out


@pytest.mark.parametrize("rules", sorted((ROOT / "rules").glob("*.rules")), ids=lambda p: p.stem)
def test_quiet_log_is_the_transcripts_log(rules: Path, tmp_path, capsys) -> None:
    """`--quiet --log` makes a hand's lines at its end (or when many wait), a transcript
    after every step: the same bytes either way, on every bundled game."""
    logs = []
    for quiet in (["--quiet"], []):
        log = tmp_path / f"{len(logs)}.jsonl"
        argv = ["play", str(rules), "--seed", "3", "--hands", "3", "--log", str(log), *quiet]
        status, out, _ = run(capsys, *argv)
        assert status == 0 and out
        logs.append(log.read_bytes())
    assert logs[0] == logs[1] and logs[0].count(b"\n") > 100


def test_a_line_left_unfinished_by_a_kill_is_dropped(played, tmp_path, capsys) -> None:
    """A kill may cut the writer's last write short: the tail after the last newline is no
    line yet, and the log reads (and replays) up to the last line ended."""
    log, _ = played
    torn = tmp_path / "torn.jsonl"
    torn.write_bytes(log.read_bytes() + b'{"type": "hand", "ind')
    assert len(read_log(str(torn)).hands) == len(read_log(str(log)).hands)
    status, out, err = run(capsys, "replay", str(torn), "--quiet")
    assert status == 0, err
    assert "reproduced: " in out
