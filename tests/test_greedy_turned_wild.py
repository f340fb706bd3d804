"""The bots count the card turned up for a wild among the cards they see. The greedy bot
once took a fourth copy of the turned card as still to come and asked the win test about a
hand of five copies (an internal error on the authored 武漢 file, its second hand from seed
174 with greedy bots); the value bot imagined that copy in its ends."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.cli.main import main
from tablerules.interpreter.api import check
from tablerules.interpreter.engine import Table

WUHAN = Path(__file__).resolve().parent / "fixtures" / "authored" / "wuhan.rules"


def test_greedy_bots_play_a_hand_whose_turned_card_one_holds_three_of(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["play", str(WUHAN), "--seed", "174", "--hands", "2", "--bots", "greedy", "--quiet"]
    status = main(argv)
    out, err = capsys.readouterr()
    assert status == 0, err
    assert "after 2 hands" in out


def test_the_value_bot_imagines_no_copy_of_the_turned_card_beyond_the_deck() -> None:
    """The value bot deals the cards a seat has not seen into imagined ends: the card
    turned up is seen by every seat, so its copies left are those not turned."""
    from tablerules.interpreter.bots.estimate.hand_value import hand_value_for

    table, turned, copies = _turned_table()
    for seat, holder in enumerate(table.state.seats):
        unseen = hand_value_for(table.game)._unseen(table, seat)
        assert unseen[turned] == copies - 1 - holder.hand[turned]


def test_a_discards_danger_counts_the_turned_card_as_seen() -> None:
    """The value bot's danger of a discard reads the copies not in sight: the card turned up
    is in every seat's sight, as for the greedy and value bots' other estimates."""
    from tablerules.interpreter.bots.estimate.danger import Danger

    table, turned, copies = _turned_table()
    for seat, holder in enumerate(table.state.seats):
        danger = Danger(table, seat)
        if danger.takers:
            assert danger.unseen[turned] == copies - 1 - holder.hand[turned]


def _turned_table() -> tuple[Table, int, int]:
    """A 武漢 hand whose deal turned a card up for the wild: the table, that card, and its
    copies in the deck."""
    checked = check(WUHAN)
    assert checked.game is not None
    table = Table(checked.game, seed=175, dealer=3, streak=1)
    turned = table.state.turned
    assert turned is not None
    return table, turned, checked.game.compiled.cards.copies_of[turned]
