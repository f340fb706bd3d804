"""The interpreter's narration, shared by the playground and the command line: moves in
sentences with seat and card names, payments with their arithmetic, a seat's own view."""

from __future__ import annotations

from pathlib import Path

from tablerules.interpreter import Game
from tablerules.interpreter.engine import Table
from tablerules.interpreter.narration.narrate import Narrator, player_name
from tablerules.interpreter.narration.reckoning import Reckoner, win_stories
from tablerules.interpreter.scenarios import run_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "golden" / "scenarios"


def played(name: str) -> Table:
    """The table a golden scenario leaves behind (it must pass)."""
    result = run_scenario(SCENARIOS / name)
    assert result.passed and result.table is not None, result.failures
    return result.table


def pays(table: Table, viewer: int | None = None) -> list[str]:
    narrator = Narrator(table.game, table.state.dealer, viewer, table=table)
    return [narrator.reckoner().payment(e) for e in table.events if e["type"] == "pay"]


def test_a_payment_is_told_with_its_numbers_and_rule_ids() -> None:
    """PMZ-16/17: a self-draw at 10/20 with two horse hits pays 2 × 10 and 2 × 10 × 2."""
    table = played("variants/two_horses_self_draw_pays_180.json")
    lines = pays(table)
    winner = Narrator(table.game, table.state.dealer).seat(table.state.winners[0])
    assert f"pays {winner} 2 × unit = 2 × 10 = 20 · 自摸 [PMZ-16, PMZ-17, PMZ-21]" in lines[0]
    assert any(
        f"pays {winner} (2 × unit = 2 × 10) × 2 hits = 40 · 中馬 [" in line for line in lines
    )
    assert len(lines) == 6


def test_a_let_name_and_rounding_are_shown() -> None:
    """PHZ-21: 10 胡息 → (10 − 6) / 3 + 1 = 2 囤, rounded down; + 1 for a self-draw."""
    table = played("paohuzi/settlement_self_draw_10_huxi_base_stake_2.json")
    (story,) = win_stories(table, Narrator(table.game, table.state.dealer).seat)
    assert story.lets == ["囤 = (胡息 - 6) / 3 + 1 = (10 - 6) / 3 + 1 = 2 (rounded down)"]
    assert story.floor == "胡息 10 ≥ min_huxi 6"
    assert story.sum.endswith("= 10 胡息")
    assert sum(g.value for g in story.groups) == story.value == 10
    assert all(
        line.endswith("(囤 + 1) × base_stake = (2 + 1) × 2 = 6 · 自摸 [PHZ-21]")
        for line in pays(table)
    )


def test_a_fee_is_a_share_of_the_takings() -> None:
    table = played("paomazai/table_fee.json")
    fee = [line for line in pays(table) if "the house" in line]
    (line,) = fee
    assert line.endswith(" pays the house fee_percent 10% of takings 20 = 2 · fee [PMZ-24]")


def test_a_working_that_does_not_give_the_amount_paid_is_left_out(pmz: Game) -> None:
    event = {
        "type": "pay",
        "payer": 0,
        "payee": 1,
        "amount": 999,
        "label": "自摸",
        "clause": "settle win",
        "cites": [],
    }
    win = {"type": "win", "seat": 1, "context": "draw", "owner": 1, "value": 0}
    reckoner = Reckoner(pmz, [win, event], player_name)
    assert reckoner.working(event) == ""
    assert reckoner.payment(event) == "player 1 pays player 2 999 · 自摸"
    good = {**event, "amount": 20}
    assert Reckoner(pmz, [win, good], player_name).payment(good) == (
        "player 1 pays player 2 2 × unit = 2 × 10 = 20 · 自摸"
    )


def test_moves_are_sentences_with_names_and_a_seat_sees_only_its_own(pmz: Game) -> None:
    table = Table(pmz, seed=7)
    mover = table.waiting_for()[0]
    table.apply(table.legal_actions(mover)[-1])
    referee = Narrator(pmz, table.state.dealer, table=table)
    names = pmz.compiled.seat_names
    draw = next(e for e in table.events if e["type"] == "draw" and e["seat"] != mover)
    told = referee.phrase(draw)
    assert told and told.startswith(referee.seat(draw["seat"]) + " draws ")
    assert told.split(" draws ")[1] in pmz.compiled.cards.display
    me = Narrator(pmz, table.state.dealer, viewer=mover, table=table)
    assert me.phrase(draw) == f"{me.seat(draw['seat'])} draws"
    discard = next(e for e in table.events if e["type"] == "discard")
    assert me.phrase(discard) == referee.phrase(discard)
    assert all(me.seat(s) in names for s in range(4))
    deal = referee.phrase(table.events[0])
    assert deal == f"{referee.seat(table.state.dealer)} deals 13 cards each; 84 left to draw"


def test_a_drawn_hand_settlement_reads_in_each_language() -> None:
    """SC-11/SC-12 at a drawn hand: who pays whom and what each hand was found to be, in
    English that agrees ("paid by …", "cards of 2 suit(s)") and in Chinese punctuation."""
    table = played("sichuan/drawn_hand_keeps_the_dealer.json")
    settles = [e for e in table.events if e["type"] == "drawn settle"]
    english = [Narrator(table.game, table.state.dealer).phrase(e) or "" for e in settles]
    assert any(": paid by nobody to " in line for line in english), english
    assert all(" pay " not in line and " 2 suit " not in line for line in english), english
    assert any("holds cards of 2 suit(s)" in line for line in english), english
    chinese = [
        Narrator(table.game, table.state.dealer, lang="zh-Hant").phrase(e) or "" for e in settles
    ]
    told = "\n".join(chinese)
    assert "——" in told and "；" in told and "; " not in told and " — " not in told, told
