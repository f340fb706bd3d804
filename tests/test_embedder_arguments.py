"""The library as embedders call it: `Game.evaluate`, `Game.evaluate_text` and `Table`
given wrong types or values out of range refuse them with a message saying what was
given, never another card's answer or a failure deep inside."""

from __future__ import annotations

import pytest
from tablerules.cli.main import main
from tablerules.interpreter import load_game
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.engine import IllegalAction, Table
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
        ({"hand": [*WINNING[:-1], [4]]}, r"hand\[13\] is \[4\], not a card index"),
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


# ── Table ─────────────────────────────────────────────────────────────


def dealt(seat: int) -> list[int]:
    """Seat `seat`'s thirteen cards of a rigged deal: each seat a suit's run and more."""
    return GAME.parse(
        ["1112345678999m", "1112345678999p", "1112345678999s", "EEESSSWWWNNNC"][seat]
    )[:13]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"seed": 1, "dealer": -1}, r"dealer is -1, not a seat of the game \(0 to 3\)"),
        ({"seed": 1, "dealer": 4}, "dealer is 4, not a seat"),
        ({"seed": 1, "dealer": "0"}, "dealer is '0', not a seat"),
        ({"seed": 1, "round": -1}, "round is -1, not a count from 0"),
        ({"seed": 1, "streak": -2}, "streak is -2, not a count from 0"),
        ({"wall": [0, 1, 2]}, "1 copies of 一萬 in a wall dealt without hands: it is the whole"),
        ({"dealer": 0, "hands": [dealt(0), dealt(1)], "wall": []}, "hands: 2 given for 4 seats"),
        (
            {"dealer": 0, "hands": [[*dealt(0)[:-1], -1], dealt(1), dealt(2), dealt(3)]},
            r"hands\[0\]\[12\] is -1, not a card index \(0 to 33\)",
        ),
        ({"dealer": 0, "hands": [dealt(s) for s in range(4)], "wall": [34]}, r"wall\[0\] is 34"),
    ],
)
def test_a_deal_that_cannot_happen_is_refused(arguments: dict, message: str) -> None:
    """Each used to deal: a dealer of -1 dealt as the last seat, two hands for four seats,
    a deck of three cards."""
    with pytest.raises(ValueError, match=message):
        Table(GAME, **arguments)


def test_a_rigged_deal_within_the_deck_plays() -> None:
    table = Table(GAME, dealer=0, hands=[dealt(s) for s in range(4)], wall=GAME.parse("5m"))
    assert table.waiting_for() == [0] and table.state.dealer == 0


@pytest.mark.parametrize("seat", [-1, 4, "0"])
def test_views_and_explanations_refuse_a_seat_the_game_lacks(seat: object) -> None:
    table = Table(GAME, seed=1)
    with pytest.raises(ValueError, match="not a seat of the game"):
        table.view(seat)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a seat of the game"):
        table.explain(seat, "discard")  # type: ignore[arg-type]


@pytest.mark.parametrize("choice", [None, 3, ("discard", 0)])
def test_apply_refuses_what_is_no_choice(choice: object) -> None:
    table = Table(GAME, seed=1)
    with pytest.raises(IllegalAction, match="is no choice: one of `legal_actions`, or a label"):
        table.apply(choice)  # type: ignore[arg-type]


TAIWAN_SELF_DRAW = ["taiwan", "--hand", "111m 222m 333m 444m SSS 5m", "--win-card", "5m"]


def test_a_negative_streak_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """TW's 連莊 pays 1 + 2 × streak: a streak of -100 had the dealer's win pay -1,770."""
    assert main(["evaluate", *TAIWAN_SELF_DRAW, "--streak", "2"]) == 0
    assert "(19 + 5) × 10 = 270" in capsys.readouterr().out
    assert main(["evaluate", *TAIWAN_SELF_DRAW, "--streak", "-100", "--json"]) == 2
    assert "--streak -100: hands the dealer has kept the deal, 0 or more" in capsys.readouterr().out
    with pytest.raises(HandError, match="streak is -100, not a count from 0"):
        load_game("taiwan").evaluate_text("111m 222m 333m 444m SSS 5m", win_card="5m", streak=-100)


def test_a_round_past_the_games_rounds_is_refused() -> None:
    """HK-7's 圈風 scores a pong of the round's wind: at a round past the four the round had
    no wind, so the pattern silently never scored, in a hand dealt by `Table` as in a hand
    evaluated. A file without a rounds clause takes any round (a match counts the table's
    turns), and no rule reads it."""
    hongkong = load_game("hongkong")
    hand = "EEE SSS 123m 456m 9p"
    round_wind = hongkong.evaluate_text(hand, win_card="9p", round=1)  # 南 is round 1
    assert "圈風" in {pattern.name for pattern in round_wind.best.judgement.patterns}
    with pytest.raises(HandError, match=r"round is 4, but the game has rounds 0 to 3"):
        hongkong.evaluate_text(hand, win_card="9p", round=4)
    cards = hongkong.parse(hand)
    with pytest.raises(HandError, match=r"conditions.round is 9, but the game has rounds 0 to 3"):
        hongkong.evaluate(cards, conditions=WinConditions(round=9))
    with pytest.raises(HandError, match=r"conditions.seat is 4, not a seat of the game"):
        hongkong.evaluate(cards, conditions=WinConditions(seat=4))
    with pytest.raises(ValueError, match=r"round is 4, but the game has rounds 0 to 3"):
        Table(hongkong, seed=1, round=4)
    assert Table(hongkong, seed=1, round=3).state.round == 3
    assert Table(GAME, seed=1, round=5).state.round == 5  # 跑馬仔 has no rounds clause
