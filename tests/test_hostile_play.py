"""Untrusted hands files, logs, checkpoints and scoring at the limits: a one-line error
naming the limit, never an internal error or a run without end."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from tablerules.cli.main import main
from tablerules.dsl import limits
from tablerules.interpreter.api import check

from tests.hostile_common import HAND_LOG, MINIMAL, PMZ, PMZ_TEXT, ROOT, codes, deck_of, run_cli

# ── hands and logs ────────────────────────────────────────────────────


def test_a_hand_over_the_card_limit(capsys: pytest.CaptureFixture[str]) -> None:
    every_tile = "123456789m123456789p123456789sESWNCFP" * 4
    status, output = run_cli(capsys, "evaluate", str(PMZ), "--hand", every_tile)
    assert status == 1 and "a hand of 136 cards; the limit is 64" in output


@pytest.mark.parametrize("cards", [41, 64])
def test_a_hand_as_large_as_play_reaches_is_evaluated(
    cards: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """A full deal of 40 and the card drawn, or more with the table's kongs: play reaches
    such hands, so evaluate judges them rather than refusing."""
    every = [f"{n}{suit}" for suit in "mps" for n in range(1, 10)] + list("ESWNCFP")
    tiles = " ".join((every * 2)[:cards])
    status, output = run_cli(capsys, "evaluate", str(PMZ), "--hand", tiles, "--json")
    assert status == 0 and json.loads(output)["wins"] is False, output


def test_hands_file_lines_over_the_limits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = tmp_path / "hands.txt"
    odd = "\n\x1b[31m\n\u202e1m2m\n\x9b31m1m\n"  # an escape, a bidi override, an 8-bit CSI
    hands.write_text("1m" * 2000 + "\n" + "123456789m" * 8 + odd, encoding="utf-8")
    status, output = run_cli(capsys, "evaluate", str(PMZ), "--hands-file", str(hands))
    records = [json.loads(line) for line in output.strip().split("\n")]
    assert status == 1 and [r["line"] for r in records] == [1, 2, 3, 4, 5]
    assert "1,000" in records[0]["error"] and "64" in records[1]["error"]
    for char in ("\x1b", "\u202e", "\x9b"):  # echoed lines show them, harmlessly
        assert char not in output
    assert records[3]["text"] == "\ufffd1m2m" and records[3]["column"] == 1


def hostile_logs(tmp_path: Path) -> dict[str, str]:
    lines = HAND_LOG.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])

    def with_header(**fields: object) -> str:
        return json.dumps({**header, **fields}) + "\n" + "\n".join(lines[1:]) + "\n"

    def each(kind: str, **fields: object) -> str:
        out = []
        for line in lines:
            record = json.loads(line)
            out.append(json.dumps({**record, **fields} if record["type"] == kind else record))
        return "\n".join(out) + "\n"

    return {
        "dealer 99": each("hand", dealer=99),
        "seat 99": each("choice", seat=99),
        "rules outside": with_header(rules="/etc/passwd"),
        "rules a device": with_header(rules="/dev/zero"),
        "rules a folder": with_header(rules="rules"),
        "deep json": "[" * 100_000 + "\n",
        "huge number": lines[0].replace('"seed": 485', '"seed": ' + "9" * 5000) + "\n",
        "bad label": each("choice", label="\x1b[2J"),
        "not utf-8": "\xff".encode("latin-1").decode("latin-1"),
        "empty": "",
        "crlf": "\r\n".join(lines) + "\r\n",
    }


def test_hostile_logs_are_refused_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for what, text in hostile_logs(tmp_path).items():
        path = tmp_path / "log.jsonl"
        path.write_bytes(text.encode("latin-1" if what == "not utf-8" else "utf-8"))
        status, output = run_cli(capsys, "replay", str(path), "--quiet")
        if what == "crlf":
            assert status == 0, output
            continue
        assert status == 1, (what, output)
        assert "error" in output and "\x1b" not in output and "root:" not in output, what


def test_powers_of_powers_saturate_instead_of_growing_without_end() -> None:
    from tablerules.interpreter.compiling.expressions import MAX_MAGNITUDE, _power

    assert _power(10, 64) == 10**64
    huge = _power(_power(_power(10**9, 64), 64), 64)
    assert huge == MAX_MAGNITUDE and _power(-(10**9), 63) == -MAX_MAGNITUDE


def test_a_file_and_its_bases_are_limited_together(tmp_path: Path) -> None:
    padding = "#" * (limits.MAX_RULE_BYTES - 100) + "\n"
    (tmp_path / "base.rules").write_text(padding + PMZ_TEXT[:50], encoding="utf-8")
    (tmp_path / "middle.rules").write_text(padding + 'extends "base.rules"\n', encoding="utf-8")
    checked = check(tmp_path / "top.rules", text='extends "middle.rules"\n')
    assert "E111" in [d.code for d in checked.diagnostics]


def test_a_run_in_a_large_deck_counts_only_cards_that_can_go_together() -> None:
    """16 suits × 16 ranks: a run of 8 in one suit is 16 × 9 groups, not 16^8 tries."""
    cards = "\n".join(f"  c{i} n={i // 16 + 1} suit=s{i % 16}" for i in range(256))
    text = deck_of(1).replace("  c0 n=0", cards).replace("0..1", "1..16")
    text = text.replace(
        "attribute n:",
        f"attribute suit: {' | '.join(f's{i}' for i in range(16))} [B-1]\nattribute n:",
    )
    text = text.replace("pattern same 1", "pattern run 8 of n, same suit")
    checked = check(ROOT / "big.rules", text=text)
    assert checked.ok, [d.render() for d in checked.diagnostics]
    (kind,) = checked.game.compiled.kinds
    assert len(kind.instances) == 16 * 9


@pytest.mark.parametrize(
    "clause",
    [
        'score 番 "x" [PMZ-F9] {\n  starts at {n}\n}',
        'score 番 "x" [PMZ-F9] {\n  starts at 1\n}\npattern 大 "x" [PMZ-F1] {\n'
        "  when groups of 順 = 0\n  worth ×{n}\n}",
        'pattern 大 "x" [PMZ-F1] {{\n  when cards (rank {n}) = 0\n  worth ×2\n}}',
    ],
    ids=["score", "worth", "card-filter"],
)
def test_huge_numbers_in_scoring_clauses_name_the_limit(clause: str) -> None:
    """Found by the fuzz campaign: numbers of 5,000 digits in scores, patterns' worth and
    card filters reached int() unchecked."""
    text = (
        PMZ_TEXT
        + "\n"
        + clause.replace("{n}", "9" * 5000).replace("{{", "{").replace("}}", "}")
        + "\n"
    )
    assert "E111" in codes(PMZ, text)


# ── hand patterns and scores at the limits ───────────────────────────
PEBBLES_POINTS = ROOT / "docs" / "examples" / "pebbles-points.rules"
POINTS_HEAD = 'extends "pebbles-play.rules"\nscore points "p" [PEB-8] {\n  at most 5\n}\n'
POINTS_WIN = (
    "override win [PEB-3] {\n  groups 2\n  pairs of pair: 1\n  score points at least 1\n}\n"
)


def _pattern(name: str, condition: str, worth: str = "1") -> str:
    return f"pattern {name} [PEB-8] {{\n  when {condition}\n  worth {worth}\n}}\n"


@pytest.mark.parametrize("direction", ["each reads the one before", "each reads the next"])
def test_a_thousand_patterns_in_a_chain_check_and_score(
    direction: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found while measuring the limits: patterns were ordered, and checked for circles,
    by recursion, one level per pattern of the chain (RecursionError)."""
    count = 1100
    if direction == "each reads the one before":
        patterns = [_pattern(f"p{i}", f"p{i - 1}" if i else "1") for i in range(count)]
    else:
        patterns = [_pattern(f"p{i}", f"p{i + 1}" if i < count - 1 else "1") for i in range(count)]
    path = PEBBLES_POINTS.with_name("chain.rules")
    assert codes(path, POINTS_HEAD + "".join(patterns) + POINTS_WIN) == []


def test_a_circle_of_a_thousand_patterns_is_named_briefly() -> None:
    count = 1100
    patterns = [_pattern(f"p{i}", f"p{(i + 1) % count}") for i in range(count)]
    checked = check(PEBBLES_POINTS.with_name("circle.rules"), text=POINTS_HEAD + "".join(patterns))
    (found,) = [d for d in checked.diagnostics if d.code == "E110"]
    assert found.message == (
        "patterns read each other: p0 → p1 → p2 → p3 → … 1094 more → p1098 → p1099 → p0"
    )


def test_a_pattern_that_holds_a_billion_times_saturates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found while measuring the limits: `counts 1000000000` with `worth ×2` raised 2 to a
    billionth power (20 s, 450 MB, then an internal error printing it)."""
    for name in ("minimal.rules", "pebbles-play.rules"):
        (tmp_path / name).write_text((MINIMAL.parent / name).read_text("utf-8"), "utf-8")
    rules = tmp_path / "counts.rules"
    rules.write_text(
        POINTS_HEAD
        + "pattern big [PEB-8] {\n  counts 1000000000\n  worth ×2\n}\n"
        + "pattern wide [PEB-8] {\n  counts 1000000000\n  worth 1000000000\n}\n"
        + POINTS_WIN,
        encoding="utf-8",
    )
    argv = ["evaluate", str(rules), "--hand", "111r 2r", "--win-card", "2r", "--json"]
    assert main(argv) == 0
    (split,) = json.loads(capsys.readouterr().out)["decompositions"]
    score = split["scores"]["points"]
    assert score["raw"] == 2**256 and score["value"] == 5


def test_a_checkpoint_that_is_not_this_simulations_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A checkpoint nested a hundred thousand deep ended in an internal error; one naming
    shards the simulation does not have was taken as hands already played."""
    saved = tmp_path / "saved.json"
    simulate = ["simulate", str(PMZ), "--hands", "1", "--seed", "1", "--bots", "random"]
    simulate.append("--checkpoint")
    assert run_cli(capsys, *simulate, str(saved))[0] == 0
    data = json.loads(saved.read_text(encoding="utf-8"))
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    alien = tmp_path / "alien.json"
    alien.write_text(json.dumps({**data, "done": [0, 99999]}), encoding="utf-8")
    for path, message in ((deep, "unreadable checkpoint"), (alien, "names shards")):
        status, output = run_cli(capsys, *simulate, str(path))
        assert status == 1 and message in output, output


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_an_output_the_machine_refuses_is_said_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with open("/dev/full", "w", encoding="utf-8") as full:
        monkeypatch.setattr(sys, "stdout", full)
        status = main(["show", str(MINIMAL)])
    err = capsys.readouterr().err
    assert status == 1 and err == "error: cannot write the output: No space left on device\n"


def test_a_simulation_asks_for_no_more_processes_than_it_can_use(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--jobs 99999` would have started that many processes once there were shards enough."""
    with pytest.raises(SystemExit) as stop:
        main(["simulate", str(PMZ), "--hands", "1", "--jobs", "99999"])
    assert stop.value.code == 2
    assert "--jobs: must be at most 256" in capsys.readouterr().err


def test_a_scenarios_own_words_never_drive_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A scenario's name, rule ids and expected values were printed as written: an escape
    sequence in them cleared the screen or recoloured the report, a bidirectional override
    turned the line round."""
    scenario = ROOT / "tests" / "golden" / "scenarios" / "paomazai"
    data = json.loads((scenario / "self_draw_two_horses_pays_180.json").read_text("utf-8"))
    data["rules"] = "paomazai"
    data["name"] = "\x1b[2Jcleared \u202eturned"
    data["rule_ids"] = ["PMZ-17\x1b[31m"]
    data["expect"]["events"][0]["card"] = "\x1b[31m5p"
    path = tmp_path / "odd\x1b[7m.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, output = run_cli(capsys, "test", str(path), "--coverage")
    assert status == 1 and "FAIL ␛[2Jcleared" in output and "card ␛[31m5p" in output
    assert "PMZ-17␛[31m" in output and "odd␛[7m.json" in output
    assert "\x1b" not in output and "\u202e" not in output


def test_a_logged_round_the_game_lacks_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hand of 香港麻雀 (4 rounds) logged in round 7, its deal edited to match, was
    replayed as round 8 until a round wind's pattern happened to tell; a drawn hand so
    edited reproduced. A scenario refused such a round already. (A file without a rounds
    clause counts rounds on without end: any round is one of its own.)"""
    log = tmp_path / "hk.jsonl"
    assert main(["play", "hongkong", "--seed", "5", "--log", str(log), "--quiet"]) == 0
    records = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    for record in records:
        if record["type"] in ("hand", "deal"):
            record.update(round=7, streak=0)
    log.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), "utf-8")
    capsys.readouterr()
    status, output = run_cli(capsys, "replay", str(log), "--quiet")
    assert status == 1 and "line 2: round: 7, but the game has rounds 0 to 3" in output
