"""Money at a drawn hand and money handed on: `at drawn hand` lines between seats chosen by
their hands, refunds of named actions' payments and their transfer to a winner. The
checker refuses each word where it cannot be read; the engine hands a payment on once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tablerules.interpreter.api import check
from tablerules.interpreter.engine.money.refunds import kong_before
from tablerules.interpreter.scenarios.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "tests" / "golden" / "scenarios"

BAD = {
    "ready in a win's line": (
        'extends "sichuan"\nsettle x [SC-12] {\n  on discard: discarder pays ready "x"\n}\n',
        "reads the hand of a seat",
    ),
    "best win in a condition": (
        'extends "sichuan"\nsettle x [SC-12] {\n  at drawn hand: each seat where best win of'
        ' payee > 1 pays 1 to each seat where ready "x"\n}\n',
        "is read in the amount",
    ),
    "a win's line beside a drawn hand's": (
        'extends "sichuan"\nsettle x [SC-12] {\n  at drawn hand: each seat where ready pays 1'
        ' to each seat where not ready "x"\n  on discard: discarder pays 1 "y"\n}\n',
        "a win's line belongs in another settle block",
    ),
    "an attribute no card has": (
        'extends "sichuan"\nsettle x [SC-11] {\n  at drawn hand: each seat where holds distinct'
        ' colour = 3 pays 1 to each seat where ready "x"\n}\n',
        "colour",
    ),
    "an action that pays nothing": (
        'extends "sichuan"\nsettle x [SC-13] {\n  at drawn hand: payments of 碰 go back\n}\n',
        "pays nothing",
    ),
    "an action that is not there": (
        'extends "sichuan"\nsettle x [SC-13] {\n  at drawn hand: payments of 開槓 go back\n}\n',
        "開槓",
    ),
    "a block nobody pays at": (
        'extends "sichuan"\nsettle x [SC-13] {\n  at drawn hand: each seat paying at win'
        " hands back payments of 暗槓\n}\n",
        "pays no one at a drawn hand",
    ),
    "a transfer in a drawn hand's block": (
        'extends "sichuan"\nsettle x [SC-13] {\n  at drawn hand: payments of 暗槓 go back\n'
        "  on win on discard after replacement: payments of 暗槓 go to winner\n}\n",
        "a transfer is made at a win",
    ),
    "no hand is ever drawn": (
        'extends "paomazai"\noverride end [PMZ-1] {\n  last card allows 胡\n}\n'
        "settle x [PMZ-1] {\n  at drawn hand: each seat where ready pays 1 to each seat where"
        ' not ready "x"\n}\n',
        "no hand is ever drawn",
    ),
}


@pytest.mark.parametrize("case", list(BAD))
def test_each_misplaced_word_is_refused_with_its_place(case: str, tmp_path: Path) -> None:
    text, said = BAD[case]
    path = tmp_path / "bad.rules"
    path.write_text(text, encoding="utf-8")
    checked = check(path)
    rendered = "\n".join(d.render() for d in checked.errors)
    assert not checked.ok, case
    assert said in rendered, rendered
    assert "bad.rules:" in rendered  # located


def _event(seq: int, kind: str, seat: int, **more: object) -> dict:
    return {"seq": seq, "type": kind, "seat": seat, **more}


def test_a_discard_after_an_ordinary_draw_passes_no_kong_money_on() -> None:
    kong = _event(1, "action", 0, action="暗槓", clause="action 暗槓")
    after_replacement = [kong, _event(2, "replacement", 0), _event(3, "discard", 0)]
    assert kong_before(after_replacement, 0, ["暗槓"]) is kong
    later = [*after_replacement, _event(4, "draw", 0), _event(5, "discard", 0)]
    assert kong_before(later, 0, ["暗槓"]) is None
    assert kong_before(after_replacement, 0, ["直槓"]) is None  # another action's money
    claimed = [kong, _event(2, "replacement", 0), _event(3, "discard", 0)]
    claimed += [_event(4, "action", 0, action="碰"), _event(5, "discard", 0)]
    assert kong_before(claimed, 0, ["暗槓"]) is None  # a pong came between


def test_a_payment_is_handed_back_once_by_two_refunds(tmp_path: Path) -> None:
    rules = tmp_path / "twice.rules"
    rules.write_text(
        'extends "hongzhong"\n\nsettle again [HZ-9] {\n'
        '  at drawn hand: payments of 暗槓 go back "again"\n}\n',
        encoding="utf-8",
    )
    scenario = json.loads(
        (SCENARIOS / "hongzhong" / "a_drawn_hand_hands_the_kong_money_back.json").read_text()
    )
    scenario["rules"] = rules.name
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(scenario, ensure_ascii=False), encoding="utf-8")
    result = run_scenario(path)
    assert result.passed, result.failures  # every total 0: not handed back twice
    labels = [e.get("label") for e in result.table.events if e["type"] == "pay"]
    assert labels.count("黃莊黃槓") == 3 and "again" not in labels


def test_simulate_counts_the_money_per_payer_where_it_differs_by_payer() -> None:
    from tablerules.interpreter import load_game
    from tablerules.interpreter.simulate.observe import observe
    from tablerules.interpreter.simulate.runner import per_payer

    assert per_payer(load_game(ROOT / "rules" / "sichuan.rules"))  # pays at a drawn hand
    assert not per_payer(load_game(ROOT / "rules" / "paomazai.rules"))
    events = [
        {"type": "deal", "dealer": 2},
        {"type": "pay", "payer": 3, "payee": 1, "amount": 4, "label": "x", "cites": ["R-1"]},
        {"type": "pay", "payer": 2, "payee": 1, "amount": 2, "label": "x"},
    ]
    seen = observe(events, 4, per_payer=True)
    assert seen.values[("paid by", 1, "x")] == 4  # seat 3 sits after the dealer, seat 2
    assert seen.values[("paid by", 0, "x")] == 2
    assert seen.cites[("paid by", 1, "x")] == {"R-1"}
    assert not any(key[0] == "paid by" for key in observe(events, 4).values)


def test_ready_seats_are_found_by_the_win_test_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whether a seat is ready asks only whether some card completes a win: the win test play
    uses, not a full evaluation of every card (a fuzzed file spent 12 s of CPU there); only
    the best win a ready seat is paid is priced, card by winning card."""
    from tablerules.interpreter.engine.money.drawn import DrawnSettlement
    from tablerules.interpreter.hand.evaluate import Evaluator

    inside = [False]
    evaluated_inside: list[int] = []
    real_wins, real_evaluate = DrawnSettlement.wins, Evaluator.evaluate

    def wins(self, seat):  # type: ignore[no-untyped-def]
        inside[0] = True
        try:
            return real_wins(self, seat)
        finally:
            inside[0] = False

    def evaluate(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        if inside[0]:
            evaluated_inside.append(1)
        return real_evaluate(self, *args, **kwargs)

    monkeypatch.setattr(DrawnSettlement, "wins", wins)
    monkeypatch.setattr(Evaluator, "evaluate", evaluate)
    path = SCENARIOS / "sichuan" / "drawn_hand_flower_pig_not_ready_and_tax_refund.json"
    result = run_scenario(path)
    assert result.passed, result.failures
    assert evaluated_inside == []


SELF_DRAW_ONLY = """extends "sichuan"

# a house rule: the win clause refuses every win on a discard, so every win is a self-draw
override win [SC-4, SC-6] {
  groups 5
  pairs of 對: 1
  when cards declared suit = 0
  when won on discard = 0
}
"""


def test_a_seat_that_could_only_self_draw_is_ready_and_paid_its_self_draw(
    tmp_path: Path,
) -> None:
    """SC-12 under a win clause that refuses wins on a discard: at the drawn hand of the
    scenario `drawn_hand_flower_pig_not_ready_and_tax_refund`, 南 (1112345678999筒) still
    waits on any 筒, by its own draw. It is ready, and its best win is priced as the
    self-draw it would be: 清一色 2 + 根 1 = 3 番, worth 1 × 2^3 = 8, and a self-draw pays
    worth + 底 = 9 (settle win's draw line), paid by 東 and 北, who are not ready. Totals:
    東 6 + 8 − 9 − 6 = −1; 南 −2 + 8 + 9 + 9 + 2 = +26; 西 −24; 北 −2 + 8 − 9 + 2 = −1.
    (Trying a discard alone, 南 was not ready: nobody paid 查大叫, nor 退稅.)"""
    (tmp_path / "self-draw-only.rules").write_text(SELF_DRAW_ONLY, encoding="utf-8")
    base = SCENARIOS / "sichuan" / "drawn_hand_flower_pig_not_ready_and_tax_refund.json"
    scenario = json.loads(base.read_text(encoding="utf-8"))
    scenario["rules"] = "self-draw-only.rules"
    expect = scenario["expect"]
    for event in expect["events"]:
        if event.get("label") == "查大叫":
            event["amount"] = 9
    expect["totals"] = [-1, 26, -24, -1]
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario, ensure_ascii=False), encoding="utf-8")
    result = run_scenario(path)
    assert result.passed, result.failures
