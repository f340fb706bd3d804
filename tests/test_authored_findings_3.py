"""What a third round of authoring brought out, writing word-card variants and their golden
scenarios as a player does: a scenario whose shown card the dealer does not hold is
refused rather than played on an impossible table, a card in another notation names the
field it is in, and a seat written as a name or past the seats says so. Each test failed
before its fix."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from tablerules.cli.main import main
from tablerules.interpreter.api import check
from tablerules.interpreter.scenarios import run_scenario

AUTHORED = Path(__file__).parent / "fixtures" / "authored"
HENGYANG = "hengyang_discard_win_with_xing.json"


def scenario_with(tmp_path: Path, **changes: object) -> Path:
    """The 衡陽 scenario beside its rule file in `tmp_path`, with some fields changed."""
    shutil.copy(AUTHORED / "paohuzi-hengyang.rules", tmp_path)
    data = json.loads((AUTHORED / HENGYANG).read_text(encoding="utf-8"))
    data.update(changes)
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_the_scenario_passes_as_written(tmp_path: Path) -> None:
    outcome = run_scenario(scenario_with(tmp_path))
    assert outcome.passed, outcome.failures


def test_a_shown_card_the_dealer_does_not_hold_is_refused(tmp_path: Path) -> None:
    # it used to pass: the dealer showed 九 from a hand of 十 五 三
    outcome = run_scenario(scenario_with(tmp_path, shown="x9"))
    assert not outcome.passed
    assert outcome.failures == [
        f"{tmp_path / 'scenario.json'}: at shown: 九 is not in the dealer's hand (hands/0); "
        "the dealer's hand holds its shown card too: add it there"
    ]


def test_a_card_in_another_notation_names_its_field(tmp_path: Path) -> None:
    hands = ["x10 x5 x3", "x1 x1 x1", "d7 10x"]
    outcome = run_scenario(scenario_with(tmp_path, hands=hands))
    assert not outcome.passed
    assert outcome.failures[0].startswith(f"{tmp_path / 'scenario.json'}: at hands/2: ")
    assert "unknown card '10x'" in outcome.failures[0]
    outcome = run_scenario(scenario_with(tmp_path, wall="yi jiu ba"))
    assert "at wall: card notation: unknown card 'yi'" in outcome.failures[0]


def test_a_seat_past_the_seats_says_which_seats_there_are(tmp_path: Path) -> None:
    outcome = run_scenario(scenario_with(tmp_path, actions=["0: discard 十", "3: 胡"]))
    assert outcome.failures == [
        "actions[1]: seat 3 in '3: 胡' is not a seat of the game: write the seat's number, 0 to 2"
    ]


def test_a_seat_written_by_its_name_says_its_number(tmp_path: Path) -> None:
    # seat names count from the dealer: with seat 1 dealing, 下家 is seat 2
    outcome = run_scenario(scenario_with(tmp_path, actions=["下家: 胡"], dealer=1))
    assert outcome.failures == [
        "actions[0]: '下家' in '下家: 胡' is a seat's name: write its number, 2"
    ]


def test_coverage_names_the_ids_no_clause_cites(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # HY-9 is a typing mistake for HY-3: it used to vanish from the report
    path = scenario_with(tmp_path, rule_ids=["HY-2", "HY-9", "HY-4"])
    assert main(["test", "--coverage", str(path)]) == 0
    out = capsys.readouterr().out
    assert "2/3 play rule ids exercised" in out
    assert "    not exercised: HY-3\n" in out
    assert "    named by scenarios but cited by no clause: HY-9\n" in out


def test_a_hand_refused_for_a_kept_group_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    # 二 held three times is a 坎, which no 二七十 or 一二三 may take apart: every split of
    # five groups breaks it. It used to say "the cards make 6 groups; a win needs 5"
    argv = [
        "evaluate", "paohuzi", "--hand", "二七十 二七十 一二三 壹貳叁 五五",
        "--win-card", "五", "--from", "discard", "--seat", "下家",
    ]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "because: every split into 5 groups breaks up a 坎 held, which is never split" in out
    assert main([*argv, "--lang", "zh-Hant"]) == 0
    assert "每一種拆成 5 組的拆法都要拆開手上的坎" in capsys.readouterr().out


def test_an_unknown_name_is_pointed_at_where_it_is_written(tmp_path: Path) -> None:
    # the caret stood under `cards` and `worth`, the start of the line's clause
    rules = tmp_path / "red.rules"
    rules.write_text(
        'extends "paohuzi-mingtang"\n'
        'override pattern 紅胡 "10 or more red cards" [PHZ-M1] {\n'
        "  when cards (color red) >= 10\n"
        "  worth x2\n"
        "}\n",
        encoding="utf-8",
    )
    found = {d.message: d for d in check(rules).diagnostics}
    colour = found["unknown attribute 'color'"]
    assert (colour.line, colour.column) == (3, 15)
    times = found["unknown option 'x2'"]
    assert (times.line, times.column) == (4, 9)
    assert times.render().splitlines()[2] == " " * 12 + "^"


def test_the_times_hint_is_told_in_the_readers_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # `worth x2`: the hint stayed in English under `check --lang zh-Hans`
    rules = tmp_path / "times.rules"
    rules.write_text(
        'extends "paohuzi-mingtang"\n'
        'override pattern 紅胡 "10 or more red cards" [PHZ-M1] {\n'
        "  when cards (colour red) >= 10\n"
        "  worth x2\n"
        "}\n",
        encoding="utf-8",
    )
    assert main(["check", str(rules), "--lang", "zh-Hans"]) == 1
    assert "    hint: 乘法写成 ×2 或 *2（`x2` 会被读成一个名字）\n" in capsys.readouterr().out
