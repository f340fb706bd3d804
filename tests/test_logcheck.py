"""The independent log checker (tests/logcheck) over thousands of seeded hands of every
bundled rule file and variant, with both bots: every invariant holds; the logs it checks
are those `tablerules play --log` writes, however the hands are cut between processes.
(Each invariant catches the mistake it is about: test_logcheck_catches.py.)

`make logcheck` plays 2,000 hands of each rule file with each kind of bot (`-m slow`);
`make test` plays a sample of each, to keep the suite's time (greedy bots weigh the whole
hand at every choice: up to 130 ms a hand of 跑胡子 for three). The runs are parametrized
per rule file and bot so that pytest-xdist spreads them over the cores.
`python -m logcheck --play RULES --hands N --bots KIND` runs the same outside pytest.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from logcheck import Plan, check_plan, play_hands, play_log
from logcheck.__main__ import main as logcheck_main
from logcheck.logfile import read_log
from logcheck.run import stretches
from tablerules.cli.main import main
from tablerules.interpreter.match import seed_dealer

ROOT = Path(__file__).resolve().parent.parent
RULE_FILES = [  # every bundled rule file and variant (the checker must know its game)
    *sorted((ROOT / "rules").glob("*.rules")),
    *sorted((ROOT / "rules" / "variants").glob("*.rules")),
]
IDS = [path.stem for path in RULE_FILES]
BOTS = ("random", "greedy")
HANDS = 2000  # make logcheck
SAMPLE = {"random": 300, "greedy": 60}  # make test
SLOW_GREEDY = {"paohuzi-3p": 20}  # its greedy hands cost 130 ms each
SEED = 7_000
# table options that change how a hand plays, each played set away from its default
OPTIONED = [
    ("guangdong", {"翻鬼": "true"}),  # the wild chosen by a card turned up at the deal
    ("sichuan", {"drawn_direction": "true"}),
    ("paomazai", {"self_draw_only": "true", "win_on_last_discard": "false"}),
]
OPTIONED_IDS = [f"{stem}-{'-'.join(options)}" for stem, options in OPTIONED]


def _holds(rules: Path, bots: str, hands: int, options: dict[str, str] | None = None) -> None:
    report = check_plan(Plan(str(rules), hands, bots, SEED, 1, dict(options or {})))
    assert report.hands == hands
    assert report.ok, report.summary(examples=5)


@pytest.mark.slow
@pytest.mark.parametrize("bots", BOTS)
@pytest.mark.parametrize("rules", RULE_FILES, ids=IDS)
def test_every_invariant_holds_over_2000_hands(rules: Path, bots: str) -> None:
    _holds(rules, bots, HANDS)


@pytest.mark.parametrize("bots", BOTS)
@pytest.mark.parametrize("rules", RULE_FILES, ids=IDS)
def test_every_invariant_holds_over_a_sample_of_hands(rules: Path, bots: str) -> None:
    hands = SAMPLE[bots] if bots == "random" else SLOW_GREEDY.get(rules.stem, SAMPLE[bots])
    _holds(rules, bots, hands)


@pytest.mark.slow
@pytest.mark.parametrize("bots", BOTS)
@pytest.mark.parametrize(("stem", "options"), OPTIONED, ids=OPTIONED_IDS)
def test_every_invariant_holds_over_2000_hands_with_options(
    stem: str, options: dict[str, str], bots: str
) -> None:
    _holds(ROOT / "rules" / f"{stem}.rules", bots, HANDS, options)


@pytest.mark.parametrize("bots", BOTS)
@pytest.mark.parametrize(("stem", "options"), OPTIONED, ids=OPTIONED_IDS)
def test_every_invariant_holds_over_a_sample_of_hands_with_options(
    stem: str, options: dict[str, str], bots: str
) -> None:
    _holds(ROOT / "rules" / f"{stem}.rules", bots, SAMPLE[bots], options)


@pytest.mark.parametrize("rules", RULE_FILES[:3], ids=IDS[:3])
def test_the_checked_logs_are_the_logs_tablerules_play_writes(
    rules: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ours, theirs = tmp_path / "ours.jsonl", tmp_path / "play.jsonl"
    play_log(rules, ours, 6, "greedy", seed=SEED)
    argv = ["play", str(rules), "--seed", str(SEED), "--hands", "6", "--bots", "greedy"]
    assert main([*argv, "--quiet", "--log", str(theirs)]) == 0
    capsys.readouterr()
    written = theirs.read_text(encoding="utf-8")
    assert ours.read_text(encoding="utf-8") == written
    header, hands = play_hands(Plan(str(rules), 6, "greedy", SEED))
    in_memory = [json.dumps(header, ensure_ascii=False)]
    for hand in hands:
        in_memory += hand.lines
    lines = written.splitlines()
    assert json.loads(in_memory[0]) == json.loads(lines[0])
    assert in_memory[1:] == lines[1:]
    _, read = read_log(theirs)
    _, played = play_hands(Plan(str(rules), 6, "greedy", SEED))
    assert [(h.line, h.records) for h in read] == [(h.line, h.records) for h in played]


def test_a_plan_is_cut_into_the_same_stretches_whatever_the_processes() -> None:
    """A stretch from hand K plays what `tablerules play --seed SEED+K-1` plays: the same
    seeds and first dealer; one process or two give the same report."""
    plan = Plan(str(ROOT / "rules" / "paohuzi.rules"), 25, "random", SEED)
    parts = stretches(plan, 10)
    assert [(p.first, p.hands) for p in parts] == [(1, 10), (11, 10), (21, 5)]
    _, hands = play_hands(parts[1])
    hands = list(hands)
    assert [h.index for h in hands] == list(range(11, 21))
    assert [h.seed for h in hands] == list(range(SEED + 10, SEED + 20))
    assert hands[0].dealer == seed_dealer(SEED + 10, 4)
    one = check_plan(plan, size=10)
    two = check_plan(plan, jobs=2, size=10)
    assert one.hands == two.hands == 25
    assert one.counts() == two.counts() and one.ok


def test_a_failing_hand_is_written_as_a_log_replay_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A payment changed in a log: money-sums-to-zero fails in that hand only; the hand is
    written out as a log of its own, and `tablerules replay` reads it and finds the change."""
    log, failing = tmp_path / "play.jsonl", tmp_path / "failing"
    play_log(ROOT / "rules" / "paomazai.rules", log, 30, "random", seed=SEED)
    lines = log.read_text(encoding="utf-8").splitlines()
    pay = next(i for i, line in enumerate(lines) if '"type": "pay"' in line)
    start = max(i for i in range(pay) if lines[i].startswith('{"type": "hand"'))
    end = next(i for i in range(pay, len(lines)) if lines[i].startswith('{"type": "result"'))
    record = json.loads(lines[pay])
    record["amount"] += 1
    lines[pay] = json.dumps(record, ensure_ascii=False)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert logcheck_main([str(log), "--failing", str(failing)]) == 1
    assert "money-sums-to-zero: FAILED in 1 of 30 hands" in capsys.readouterr().out
    hand = json.loads(lines[start])
    (written,) = failing.iterdir()
    assert written.name == f"hand-{hand['index']}.jsonl"
    header, first, *rest = written.read_text(encoding="utf-8").splitlines()
    assert json.loads(header)["seed"] == hand["seed"] and json.loads(header)["hands"] == 1
    assert json.loads(first) == {**hand, "index": 1}
    assert rest == lines[start + 1 : end + 1]
    assert main(["replay", str(written), "--quiet"]) == 1
    assert f"amount is {record['amount']} in the log" in capsys.readouterr().err


# A player's own variant of 香港麻雀: a chicken hand, any complete hand wins.
CHICKEN = """extends "hongkong"
override game 雞胡 "chicken hand" [JH-1]
override win [JH-2] {
  groups 5
  pairs of 對: 1
}
override settle win [JH-4] {
  on draw by self: each other pays unit "自摸"
  on replacement by self: each other pays unit "槓上自摸"
  on discard: discarder pays unit "出銃"
  on added card: robbed pays 3 × unit "搶槓"
}
"""


def test_a_file_of_ones_own_is_checked_as_the_game_it_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A rule file the documents do not name gets a one-line error, not a traceback, which
    names `--as`; with `--as hongkong` its log and its hands played on the spot are checked
    as 香港麻雀's."""
    rules, log = tmp_path / "chicken.rules", tmp_path / "play.jsonl"
    rules.write_text(CHICKEN, encoding="utf-8")
    play_log(rules, log, 8, "greedy", seed=SEED)
    assert logcheck_main([str(log)]) == 2
    error = capsys.readouterr().err
    assert "no profile for rule file 'chicken.rules'" in error and "--as hongkong" in error
    assert "Traceback" not in error
    assert logcheck_main([str(log), "--as", "hongkong"]) == 0
    out = capsys.readouterr().out
    assert "8 hands" in out and "money-sums-to-zero: ok" in out
    assert "offered-wins-are-wins: ok" in out
    assert logcheck_main(["--play", str(rules), "--hands", "6", "--as", "hongkong.rules"]) == 0
    assert "6 hands" in capsys.readouterr().out
    assert logcheck_main(["--play", str(rules), "--hands", "6"]) == 2


@pytest.mark.parametrize("name", ["sichuan", "changsha", "hongkong"])
def test_a_log_played_from_a_bundled_name_is_checked(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tablerules play sichuan --log` names the file by its bundled name in the header; the
    checker knows the game by that name and reloads the file by it, as the command did,
    instead of failing on a missing path or an unknown name."""
    log = tmp_path / "play.jsonl"
    argv = ["play", name, "--seed", str(SEED), "--hands", "3", "--quiet"]
    assert main([*argv, "--log", str(log)]) == 0
    assert json.loads(log.read_text(encoding="utf-8").splitlines()[0])["rules"] == name
    capsys.readouterr()
    assert logcheck_main([str(log)]) == 0
    assert "replay-reproduces: ok" in capsys.readouterr().out
