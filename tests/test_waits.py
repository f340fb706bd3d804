"""`waits` (TW-6's 平胡 "not on a single wait"): the different cards the hand before the
winning card would have won on, counted by the evaluator with the win test play uses, read
by hand patterns only, said by evaluate, the win event and its narration; the checker keeps
it out of what decides a win."""

from __future__ import annotations

import json
from pathlib import Path

from tablerules.cli.main import main
from tablerules.dsl.loading.loader import load
from tablerules.interpreter import load_game
from tablerules.interpreter.compiling.conditions import win_from
from tablerules.interpreter.hand.waits import count_waits

RULES = Path(__file__).resolve().parents[1] / "rules"
SCENARIO = Path(__file__).parent / "golden/scenarios/taiwan/ping_hu_not_on_a_single_wait.json"
CHOWS = "123m 456m 789m 234p"


def _taiwan_value(before: str, win: str) -> tuple[int, int | None]:
    game = load_game("taiwan")
    result = game.evaluate_text(f"{CHOWS} {before}", win_card=win, source="discard", seat=1)
    assert result.best is not None
    return result.best.to_json()["scores"]["台"]["value"], result.best.waits


def test_ping_hu_needs_more_than_one_wait() -> None:
    assert _taiwan_value("55s 67s", "8s") == (3, 2)  # 門清 1 + 平胡 2: waited on 5s and 8s
    assert _taiwan_value("55s 12s", "3s") == (1, 1)  # 邊張: 3s alone
    assert _taiwan_value("55s 46s", "5s") == (1, 1)  # 嵌張: 5s alone


def test_a_card_all_of_whose_copies_the_hand_holds_is_no_wait() -> None:
    game = load_game("taiwan")
    evaluator = game.evaluator
    cards = game.compiled.cards
    seat_conditions = win_from("discard", 1)[1]

    def waits(text: str) -> int:
        counts = [0] * len(cards)
        for card in game.parse(text):
            counts[card] += 1
        return count_waits(evaluator, counts, (), seat_conditions)

    assert waits(f"{CHOWS} 55s 67s") == 2
    # a fifth 1s would make 111s and a pair 11s, by the shape; the hand holds every 1s
    held = [0] * len(cards)
    for card in game.parse(f"{CHOWS} 1111s"):
        held[card] += 1
    one = cards.lookup("1s")
    assert evaluator.quick_wins(held, (), one, "discard", seat_conditions)
    assert waits(f"{CHOWS} 1111s") == 0


def test_waits_is_read_in_patterns_only(tmp_path: Path) -> None:
    path = tmp_path / "settle.rules"
    path.write_text(
        'extends "taiwan"\n\noverride settle win [TW-7] {\n  otherwise: discarder pays waits\n}\n',
        encoding="utf-8",
    )
    diagnostics = load(path).diagnostics
    assert [d.code for d in diagnostics if d.severity == "error"] == ["E110"]
    assert "hand pattern" in diagnostics[0].message


def test_the_win_event_and_the_reports_say_the_waits(capsys) -> None:
    assert main(["test", str(SCENARIO)]) == 0
    args = ["evaluate", "taiwan", "--hand", f"{CHOWS} 55s 12s", "--win-card", "3s"]
    assert main([*args, "--from", "discard", "--seat", "南", "--detail", "best"]) == 0
    out = capsys.readouterr().out
    assert "waits before the winning card: 1" in out
    assert "平胡: more than 1 different card waited on needed, 1 held" in out
    assert main([*args, "--json", "--detail", "best", "--lang", "zh-Hant"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["best"]["waits"] == 1
