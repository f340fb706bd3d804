"""The library as embedders call it: `Game.evaluate`, `Game.evaluate_text` and `Table`
given wrong types or values out of range refuse them with a message saying what was
given, never another card's answer or a failure deep inside."""

from __future__ import annotations

import pytest
from tablerules.interpreter import load_game
from tablerules.interpreter.hand.evaluate import HandError, TableGroup

GAME = load_game("paomazai")
WINNING = GAME.parse("111222333444m55m")  # four pungs and a pair: wins


def test_the_checked_door_gives_the_evaluators_answer() -> None:
    losing = GAME.parse("1357m2468p1357s EW")
    for cards, wins in ((WINNING, True), (losing, False)):
        assert GAME.evaluator.evaluate(cards).wins is wins
        for given in (cards, tuple(cards), iter(cards)):  # a generator is read once
            assert GAME.evaluate(given).wins is wins


@pytest.mark.parametrize("wrong", [-1, -29, 34, 10**6])
def test_a_card_index_out_of_range_is_refused(wrong: int) -> None:
    """-29 read from the end is 五萬, the card it replaces: the hand used to win."""
    hand = [*WINNING[:-1], wrong]
    with pytest.raises(HandError, match=rf"hand\[13\] is {wrong}, not a card of this deck"):
        GAME.evaluate(hand)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"hand": "111222333444m55m"}, "hand is str .*`Game.parse` reads text"),
        ({"hand": None}, "hand is NoneType None, not a list of card indices"),
        ({"hand": [float(c) for c in WINNING]}, r"hand\[0\] is 0.0, not a card index"),
        ({"hand": WINNING[:-1], "win_card": -1}, "win_card is -1, not a card of this deck"),
        ({"hand": WINNING[:-1], "win_card": "5m"}, "win_card is '5m', not a card index"),
        ({"hand": WINNING, "source": "stolen"}, "source is 'stolen', not one of self"),
        ({"hand": WINNING, "conditions": "draw"}, "conditions is 'draw', not WinConditions"),
        ({"hand": WINNING, "table": [1, 2, 3]}, r"table\[0\] is 1, not a TableGroup"),
        ({"hand": WINNING[3:], "table": [TableGroup(99, (0, 0, 0))]}, "not a group kind"),
    ],
)
def test_arguments_of_the_wrong_kind_are_refused(arguments: dict, message: str) -> None:
    with pytest.raises(HandError, match=message):
        GAME.evaluate(**arguments)


def test_a_table_group_its_kind_does_not_admit_is_refused() -> None:
    """Three different cards given as a pung on the table used to count as one."""
    pung = GAME.table("刻:1m1m1m")[0].kind
    assert GAME.evaluate(WINNING[3:], table=[TableGroup(pung, (0, 0, 0))]).wins
    forged = TableGroup(pung, tuple(GAME.parse("1m5m9s")))
    with pytest.raises(HandError, match="一萬五萬九索 is not a 刻"):
        GAME.evaluate(WINNING[3:], table=[forged])


@pytest.mark.parametrize("seat", [-1, 4, 99, "1", None])
def test_evaluate_text_refuses_a_seat_the_game_lacks(seat: object) -> None:
    with pytest.raises(HandError, match=r"seat is .*, not a seat of the game \(0 to 3\)"):
        GAME.evaluate_text("111222333444m5m", win_card="5m", seat=seat)  # type: ignore[arg-type]


def test_evaluate_text_names_the_facts_it_knows() -> None:
    with pytest.raises(HandError, match=r"no fact named last_tile .*last_card"):
        GAME.evaluate_text("111222333444m5m", win_card="5m", last_tile=True)


@pytest.mark.parametrize("method", ["parse", "table", "evaluate_text"])
def test_text_methods_refuse_what_is_not_text(method: str) -> None:
    with pytest.raises(HandError, match=r"text is list .*, not text"):
        getattr(GAME, method)(WINNING)
