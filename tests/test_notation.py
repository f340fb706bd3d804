"""Card notation comes from the rule file: ids, display names, aliases, compact runs."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from tablerules.interpreter import Game
from tablerules.interpreter.compiling.cards import NotationError


def ids(game: Game, text: str) -> list[str]:
    return [game.cards.ids[c] for c in game.parse(text)]


def test_compact_runs_expand_each_digit(pmz: Game) -> None:
    assert ids(pmz, "111222m55m") == ["1m"] * 3 + ["2m"] * 3 + ["5m"] * 2
    assert ids(pmz, "123m456p789s") == ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s"]


def test_letters_and_chinese_names(pmz: Game) -> None:
    assert ids(pmz, "E S W N C F P") == ["E", "S", "W", "N", "C", "F", "P"]
    assert ids(pmz, "東南西北中發白") == ["E", "S", "W", "N", "C", "F", "P"]
    assert ids(pmz, "东发") == ["E", "F"]
    assert ids(pmz, "一萬 九筒 五索 9索") == ["1m", "9p", "5s", "9s"]
    assert ids(pmz, "一万二万") == ["1m", "2m"]


def test_word_cards_with_or_without_spaces(phz: Game) -> None:
    assert ids(phz, "x1 x10 d1 d10") == ["x1", "x10", "d1", "d10"]
    assert ids(phz, "x1x10d1d10") == ["x1", "x10", "d1", "d10"]
    assert ids(phz, "一二三壹貳叁") == ["x1", "x2", "x3", "d1", "d2", "d3"]
    assert ids(phz, "貳 贰 參 叁 参 陸 陆") == ["d2", "d2", "d3", "d3", "d3", "d6", "d6"]


@pytest.mark.parametrize(
    ("text", "position", "bad"),
    [("111m 2q", 5, "2q"), ("EE Z", 3, "Z"), ("1m 0m", 3, "0")],
)
def test_a_bad_token_is_named_with_its_position(
    pmz: Game, text: str, position: int, bad: str
) -> None:
    with pytest.raises(NotationError) as caught:
        pmz.parse(text)
    assert caught.value.position == position
    assert caught.value.bad == bad
    rendered = caught.value.render("--hand")
    assert rendered.splitlines()[0].startswith("--hand: ")
    assert rendered.splitlines()[2].index("^") == 4 + position


def test_bad_token_caret_counts_wide_characters(phz: Game) -> None:
    with pytest.raises(NotationError) as caught:
        phz.parse("一二三 q")
    assert caught.value.position == 4
    # '一二三 ' is 7 columns wide.
    assert caught.value.render().splitlines()[2] == "    " + " " * 7 + "^"


def test_table_groups_are_checked_against_their_kind(pmz: Game) -> None:
    groups = pmz.table("pong:EEE kong:1111m 碰:中中中")
    assert [pmz.compiled.kinds[g.kind].name for g in groups] == ["刻", "槓", "刻"]
    with pytest.raises(NotationError, match="is not a 槓"):
        pmz.table("kong:111m")
    with pytest.raises(NotationError, match="KIND:CARDS"):
        pmz.table("EEE")


def _reading(parse: Callable[[str], list[int]], text: str) -> tuple[object, ...]:
    try:
        return ("cards", parse(text))
    except NotationError as error:
        return ("error", error.position, error.length, error.message)


@pytest.mark.parametrize("game_name", ["pmz", "phz"])
def test_the_quick_reading_agrees_with_the_card_by_card_one(
    game_name: str, request: pytest.FixtureRequest
) -> None:
    """Words of compact runs or one-character names are read without a scan per
    character; on every text, cards and errors alike, the result is the same."""
    game: Game = request.getfixturevalue(game_name)
    cards = game.cards
    names = sorted(cards.index)
    pieces = [*names, "1", "2", "5", "9", "0", "m", "p", "s", " ", "  ", ",", "、", "\t"]
    pieces += ["x", "²", "紅", "中中", "11m", "55p"]
    rng = random.Random(11)
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 12)))
        assert _reading(cards.parse, text) == _reading(cards._parse_slowly, text), text
