"""The dealer's last dealt card offered to it alone before its first discard (`on deal card
by self` with no card shown on the deal): 長沙's 天胡, the dealer's win on its dealt
fourteen (CS-4). Only a file whose dealer begins by discarding and shows no card offers it;
every other bundled file plays as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.agents.actions import ActionTable
from tablerules.interpreter.api import check, load_game
from tablerules.interpreter.engine.game import Table, play_parts
from tablerules.interpreter.engine.phases.dealt_card import last_dealt_card

ROOT = Path(__file__).resolve().parent.parent
CHANGSHA = ROOT / "rules" / "changsha.rules"
WINNING = "22m 55m 88m 22p 55p 88p 22s"  # 七小對, every tile a 2, 5 or 8
OTHERS = [
    "1m3m4m6m7m9m 1p3p4p6p7p9p 5s",
    "1m3m4m6m7m9m2m 1s3s4s6s7s 9p",
    "1p3p4p6p7p9p 1s3s4s6s7s 9m 8s",
]


def _table(dealer_hand: str, shown: str | None) -> Table:
    game = load_game(CHANGSHA)
    hands = [game.parse(h) for h in (dealer_hand, *OTHERS)]
    card = game.parse(shown)[0] if shown else None
    return Table(game, dealer=0, hands=hands, wall=game.parse("4m 9s 9s 5s 5s"), shown=card)


def test_the_dealt_fourteen_is_offered_as_a_win_before_the_first_discard() -> None:
    table = _table(WINNING, "2s")
    decision = table.state.decision
    assert decision is not None and decision.offer.context == "deal card"
    labels = [c.label for c in decision.options[0]]
    assert labels[0] == "胡" and "discard 二索" in labels
    assert table.view(1)["pending"]["card"] == "?"  # the others do not see it
    legal = ActionTable(table.game).legal(table, 0)
    assert any(choice.action == "胡" for choice in legal.values())
    table.apply("胡", seat=0)
    win = next(e for e in table.events if e["type"] == "win")
    assert win["context"] == "deal card"
    assert "天胡" in [p["name"] for p in win["patterns"]]


def test_declined_it_is_not_offered_again_and_play_goes_on() -> None:
    table = _table(WINNING, "2s")
    table.apply("discard 二索", seat=0)
    assert table.state.dealt_card is None
    kinds = [e["type"] for e in table.events]
    assert "discard" in kinds and "win" not in kinds


def test_a_dealt_hand_that_does_not_win_is_its_plain_first_discard() -> None:
    table = _table("22m 55m 88m 22p 55p 88p 2s 9s", "9s")
    decision = table.state.decision
    assert decision is not None and decision.offer.context == "turn"
    assert all(c.action == "discard" for c in decision.options[0])
    assert not any(e["type"] == "window" for e in table.events)


def test_a_rigged_deal_names_the_last_dealt_card_or_offers_none() -> None:
    table = _table(WINNING, None)
    decision = table.state.decision
    assert decision is not None and decision.offer.context == "turn"


def test_a_seeded_deal_offers_the_last_card_the_plan_gives_the_dealer() -> None:
    game = load_game(CHANGSHA)
    plan = play_parts(game).deal_plan
    assert last_dealt_card(plan, list(range(108))) == 52  # 13 to each of four, then the 53rd


@pytest.mark.parametrize(
    "name",
    sorted(
        path.stem
        for path in [*ROOT.glob("rules/*.rules"), *ROOT.glob("rules/variants/*.rules")]
        if path.stem != "changsha"
    ),
)
def test_no_other_bundled_file_offers_a_dealt_card(name: str) -> None:
    path = next(ROOT.glob(f"rules/**/{name}.rules"))
    assert not play_parts(load_game(path)).offers_dealt_card


def _diagnostics(tmp_path: Path, base: str, text: str) -> list[str]:
    path = tmp_path / "v.rules"
    path.write_text(f'extends "{base}"\n{text}', encoding="utf-8")
    return [d.render() for d in check(path).diagnostics]


def test_a_deal_card_no_seat_could_be_offered_is_refused_where_written(tmp_path: Path) -> None:
    text = 'override action 胡 "win" [CS-3] {\n  on deal card by others\n  win\n  priority 3\n}\n'
    found = _diagnostics(tmp_path, "changsha.rules", text)
    assert any("v.rules:3:3" in line and "E110" in line for line in found), found
    text = 'override action 胡 "win" [PMZ-4] {\n  on deal card by self\n  win\n  priority 3\n}\n'
    found = _diagnostics(tmp_path, "paomazai.rules", text)
    assert any("v.rules:3:3" in line and "dealer begins by drawing" in line for line in found)


def test_a_dealt_win_a_discarder_would_pay_is_refused(tmp_path: Path) -> None:
    """Pebbles' settlement pays a win on anything but a draw by its discarder: a win on the
    dealer's own dealt card has none, so nobody would pay it."""
    text = (
        "override turn [PEB-4] {\n  dealer begins by discarding\n  draw from pile head, kept\n}\n"
        'override action win "win" [PEB-6] {\n  on deal card by self\n  win\n}\n'
    )
    examples = ROOT / "docs" / "examples"
    for name in ("minimal.rules", "pebbles-play.rules"):
        (tmp_path / name).write_text((examples / name).read_text(encoding="utf-8"))
    found = _diagnostics(tmp_path, "pebbles-play.rules", text)
    assert any("v.rules:7:3" in line and "no discarder" in line for line in found), found
