"""A hand played (by bots, seeded) and saved as a golden scenario passes `tablerules test`:
the rigged deal, the choices and what happened reproduce exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tablerules.cli.main import main
from tablerules.interpreter import load_game
from tablerules.interpreter.api import check
from tablerules.interpreter.scenarios import run_scenario
from tablerules.interpreter.scenarios.writer import scenario_from_hand
from tablerules.playground.play.hands import HandSession, Rigged

ROOT = Path(__file__).resolve().parent.parent
HANDS = [
    ("rules/paomazai.rules", {}, 7),
    ("rules/paomazai.rules", {"horses": "2"}, 117),
    ("rules/paohuzi.rules", {}, 3),
    ("rules/variants/paohuzi-3p.rules", {}, 5),
    ("rules/variants/paomazai-points.rules", {"unit": "3"}, 12),
    ("rules/paomazai.rules", {"fee_percent": "10"}, 30),
    ("rules/hongkong.rules", {}, 11),  # a self-draw worth 3 番
    ("rules/variants/paohuzi-mingtang.rules", {}, 32),  # 點胡 ×2
    ("rules/variants/paohuzi-3p-mingtang.rules", {}, 4),
    ("rules/variants/paomazai-faan.rules", {}, 9),
]


@pytest.mark.parametrize(("rules", "options", "seed"), HANDS)
def test_a_hand_saved_as_a_scenario_passes(
    rules: str,
    options: dict[str, str],
    seed: int,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = load_game(ROOT / rules, options)
    hand = HandSession(game, seed)
    bundled = Path(rules).stem  # a bundled file, by its name
    data = scenario_from_hand(hand.end, hand.played(), bundled, "by eye", options)
    assert data["rule_ids"] and data["expect"]["events"]
    path = tmp_path / "by_eye.json"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    result = run_scenario(path)
    assert result.passed, result.failures
    assert main(["test", str(path)]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out


def test_a_saved_scenario_fails_when_the_rules_change(tmp_path: Path) -> None:
    """It is a real test: the same file against a rule that pays otherwise fails."""
    game = load_game(ROOT / "rules/paomazai.rules")
    hand = HandSession(game, 7)
    assert any(e["type"] == "pay" for e in hand.end.events)
    edited = tmp_path / "edited.rules"
    text = (ROOT / "rules/paomazai.rules").read_text(encoding="utf-8")
    edited.write_text(text.replace("pays 2 × unit", "pays 4 × unit"), encoding="utf-8")
    data = scenario_from_hand(hand.end, hand.played(), edited.name, "by eye")
    (tmp_path / "s.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = run_scenario(tmp_path / "s.json")  # played at 2 units, tested at 4
    assert not result.passed
    assert any(f.startswith("expected a pay event") for f in result.failures), result.failures


def test_a_hand_later_in_a_game_keeps_its_round_and_streak(tmp_path: Path) -> None:
    """HK-7: a hand of a match dealt in the second round, the dealer on a streak: saved as
    a scenario it is played again where it stood (money by round and streak included)."""
    game = load_game(ROOT / "rules/hongkong.rules")
    hand = HandSession(game, 11, dealer=2, round=1, streak=2)
    data = scenario_from_hand(hand.end, hand.played(), "hongkong", "later in a game")
    assert (data["round"], data["streak"]) == (1, 2)
    path = tmp_path / "later.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = run_scenario(path)
    assert result.passed, result.failures


def test_a_scenario_carries_the_text_it_was_made_with_and_says_where_it_differs(
    tmp_path: Path,
) -> None:
    """Made with an edit, it runs against the file it names and, failing there, says where
    the text it carries differs from the file; run against that text, it passes."""
    rules = ROOT / "rules/paomazai.rules"
    text = rules.read_text(encoding="utf-8")
    edited = text.replace("pays 2 × unit", "pays 4 × unit")
    game = check(rules, text=edited).game
    assert game is not None
    hand = HandSession(game, 7)
    data = scenario_from_hand(hand.end, hand.played(), "paomazai", "edited", rules_text=edited)
    assert data["rules_text"] == edited
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    against_file = run_scenario(path)
    assert not against_file.passed
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "pays 2 × unit" in row)
    assert against_file.failures[-1].startswith(
        f"it was made with other rules than it ran against: at line {line} of paomazai.rules"
    )
    assert run_scenario(path, {rules.resolve(): edited}).passed


def test_a_win_on_the_dealers_last_dealt_card_is_saved_with_that_card(tmp_path: Path) -> None:
    """CS-4's 天胡: the dealer wins on its dealt fourteen, its last dealt card offered to it
    alone (no card is shown on the deal). The saved scenario names that card (`shown`), so
    the dealer is offered it again and the win is played again; without it the dealer was
    never offered its dealt hand and `胡` was refused."""
    golden = (
        ROOT
        / "tests/golden/scenarios/changsha"
        / "tianhu_the_dealers_win_on_its_dealt_fourteen.json"
    )
    source = json.loads(golden.read_text(encoding="utf-8"))
    game = load_game(ROOT / "rules/changsha.rules")
    rigged = Rigged(
        tuple(tuple(game.parse(cards)) for cards in source["hands"]),
        tuple(game.parse(source["wall"])),
        game.parse(source["shown"])[0],
    )
    hand = HandSession(game, 1, dealer=0, rigged=rigged)
    assert [e["context"] for e in hand.end.events if e["type"] == "win"] == ["deal card"]
    data = scenario_from_hand(hand.end, hand.played(), "changsha", "by eye")
    assert data["shown"] == source["shown"]
    path = tmp_path / "tianhu.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = run_scenario(path)
    assert result.passed, result.failures
