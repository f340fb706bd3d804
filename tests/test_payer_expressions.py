"""Payer expressions: a settlement's amount may read who pays (`payer is dealer`,
`winner is dealer`, `payer seat`), worked out for each payer on its own, in play, in
evaluate's report and in the transcript's working; elsewhere they are refused."""

from __future__ import annotations

from pathlib import Path

from tablerules.interpreter.api import check
from tablerules.interpreter.bots.players import RandomBot, play_hand
from tablerules.interpreter.compiling.conditions import win_from
from tablerules.interpreter.hand.pricing import price
from tablerules.interpreter.narration.reckoning import Reckoner

# 莊家台 (TW-8 in spirit): 1 more unit between the dealer and the winner only
DEALER_ONLY = """extends "paomazai"

override settle win [PMZ-16] {
  let 莊 = if winner is dealer or payer is dealer then 1 else 0
  on discard: discarder pays 2 × unit + 莊 × unit "食糊"
  otherwise: each other pays 2 × unit + 莊 × unit + payer seat - payer seat "自摸"
}
"""


def _game(tmp_path: Path, text: str):  # type: ignore[no-untyped-def]
    path = tmp_path / "payer.rules"
    path.write_text(text, encoding="utf-8")
    checked = check(path)
    assert checked.ok and checked.game is not None, [d.render() for d in checked.errors]
    return checked.game


def test_each_payer_pays_its_own_amount_in_play(tmp_path: Path) -> None:
    game = _game(tmp_path, DEALER_ONLY)
    seen = 0
    for seed in range(40):
        table = play_hand(game, [RandomBot(seed * 4 + s) for s in range(4)], seed)
        dealer = next(e["dealer"] for e in table.events if e["type"] == "deal")
        unit = game.compiled.numbers["unit"]
        for event in table.events:
            if event["type"] != "pay" or not str(event.get("clause", "")).startswith("settle"):
                continue
            between = dealer in (event["payer"], event["payee"])
            assert event["amount"] == 2 * unit + (unit if between else 0), event
            seen += 1
    assert seen, "no hand of the seeds was won"


def test_evaluate_prices_each_payer(tmp_path: Path) -> None:
    game = _game(tmp_path, DEALER_ONLY)
    result = game.evaluate_text("111222333444m5m", win_card="5m", source="self", seat=1)
    assert result.best is not None
    _, conditions = win_from("self", 1)  # 南 wins: only 東, the dealer, adds 莊
    pricing = price(game.compiled, result.best, conditions)
    lines = {p.seat: p for p in pricing.payments}
    assert set(lines) == {"西", "北", "東"}
    unit = game.compiled.numbers["unit"]
    assert lines["東"].amount == 3 * unit and lines["西"].amount == 2 * unit
    assert lines["東"].sentence().startswith("each other 東 pays ")
    assert pricing.to_json()["payments"][0]["seat"] == "西"


def test_the_transcript_works_each_payers_amount_out(tmp_path: Path) -> None:
    game = _game(tmp_path, DEALER_ONLY)
    for seed in range(40):
        table = play_hand(game, [RandomBot(seed * 4 + s) for s in range(4)], seed)
        pays = [e for e in table.events if e["type"] == "pay" and "settle" in e["clause"]]
        if pays:
            break
    reckoner = Reckoner(game, table.events, lambda seat: str(seat))
    dealer = next(e["dealer"] for e in table.events if e["type"] == "deal")
    for event in pays:
        shown = reckoner.worked_amount(event)
        between = dealer in (event["payer"], event["payee"])
        assert shown.startswith("2 × unit + 莊 × unit = "), shown
        assert f"+ {int(between)} × " in shown and shown.endswith(f"= {event['amount']}"), shown


def test_payer_expressions_are_refused_outside_a_settlement(tmp_path: Path) -> None:
    text = (
        DEALER_ONLY
        + """
pattern 莊家 "the dealer pays" {
  when payer is dealer
  worth 1
}
"""
    )
    path = tmp_path / "bad.rules"
    path.write_text(text, encoding="utf-8")
    checked = check(path)
    assert not checked.ok
    rendered = "\n".join(d.render() for d in checked.errors)
    assert "E110" in rendered and "reads who pays" in rendered
