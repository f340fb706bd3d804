"""Property: on every file with wild cards, bundled or authored, a hand's win test and
evaluation are those of judging every reading of its wilds (`wild_readings_judged.py`).

The fast paths (the budget search, the first reading read from its tables, the hand packed
once) are each tested on a few files elsewhere (`test_wild_first.py`,
`test_wild_budget_property.py`); here every file that has wilds is asked the same random
hands: 紅中癩子, 廣東 with its fixed ghost and with 翻鬼 (a card turned at the deal), and the
authored files written as players write them (杭州 財神, 南昌 精, 武漢 癩子, 轉轉 紅中).
Hands are made of each file's own in-hand groups, 1–4 of their cards made wild, a card
changed now and then (most such hands do not win), concealed cards alone or with a winning
card from each source.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tablerules.dsl.model.ir import Source
from tablerules.interpreter.api import Game, load_game
from tablerules.interpreter.hand.copies import excess
from tablerules.interpreter.hand.evaluation import Evaluation
from wild_readings_judged import every_reading, in_hand_groups, summary

ROOT = Path(__file__).resolve().parents[1]
AUTHORED = ROOT / "tests" / "fixtures" / "authored"
SOURCES: list[Source | None] = [None, "self", "discard"]
# (file, options, the card turned at the deal or None, the most wilds asked): every file
# with wild cards; a wild that stands for any tile is judged every way too slowly past 2
FILES: dict[str, tuple[Path, dict[str, str], str | None, int]] = {
    "hongzhong": (ROOT / "rules" / "hongzhong.rules", {}, None, 4),
    "guangdong": (ROOT / "rules" / "guangdong.rules", {}, None, 2),
    "guangdong-turned-9m": (ROOT / "rules" / "guangdong.rules", {"翻鬼": "true"}, "9m", 2),
    "guangdong-turned-5p": (ROOT / "rules" / "guangdong.rules", {"翻鬼": "true"}, "5p", 2),
    "hangzhou": (AUTHORED / "hangzhou.rules", {}, None, 2),
    "nanchang": (AUTHORED / "nanchang.rules", {}, "3s", 2),
    "wuhan": (AUTHORED / "wuhan.rules", {}, "7m", 2),
    "zhuanzhuan": (AUTHORED / "zhuanzhuan.rules", {}, None, 4),
}
HANDS = 10  # hands asked of each file at each number of wilds
NEVER_WINS = {("wuhan", 2)}  # 武漢: at most one 癩子 in a winning hand (WH-3)
CASES = [(name, wilds) for name, row in FILES.items() for wilds in range(1, row[3] + 1)]


def _game(name: str) -> Game:
    path, options, turned, _ = FILES[name]
    game = load_game(path, options)
    if turned is not None:
        game = game.with_turned(game.cards.ids.index(turned))
    assert game.compiled.wilds, name
    return game


def _hand(game: Game, wilds: int, rng: random.Random) -> list[int] | None:
    """Five of the file's in-hand groups (14 cards), `wilds` of them made wild, a card
    changed half the time; None where a card has more copies than are in play (the deck's,
    one fewer of the card turned up at the deal)."""
    rules = game.compiled
    wild = min(rules.wilds.kinds)
    pairs, threes = in_hand_groups(game)
    hand = list(rng.choice(pairs)) + [card for _ in range(4) for card in rng.choice(threes)]
    if wild in hand:
        return None
    if rng.random() < 0.5:
        hand[rng.randrange(len(hand))] = rng.choice(
            [c for c in range(len(rules.cards)) if c != wild]
        )
    for index in rng.sample(range(len(hand)), wilds):
        hand[index] = wild
    counts = [hand.count(card) for card in range(len(rules.cards))]
    if excess(rules, counts):
        return None
    return hand


def _whole(result: Evaluation) -> tuple[object, ...]:
    """`summary`, with every split as the report writes it and what its wilds stood for."""
    return (
        summary(result),
        [split.to_json() for split in result.decompositions],
        [(split.wilds, split.wild_readings) for split in result.decompositions],
        result.left_out,
    )


@pytest.mark.parametrize(("name", "wilds"), CASES)
def test_every_file_with_wilds_answers_as_every_reading_judged(name: str, wilds: int) -> None:
    game = _game(name)
    reference = every_reading(game)
    rng = random.Random(f"{name}-{wilds}")
    asked = won = 0
    while asked < HANDS:
        hand = _hand(game, wilds, rng)
        if hand is None:
            continue
        asked += 1
        # concealed cards alone, 14 of them
        expected = reference.evaluate(hand)
        assert _whole(game.evaluate(hand)) == _whole(expected), hand
        assert game.evaluator.wins(hand) == expected.wins, hand
        won += expected.wins
        # a winning card, wild or plain, from a source
        rest = list(hand)
        win = rest.pop(rng.randrange(len(rest)))
        source = rng.choice(SOURCES)
        expected = reference.evaluate(rest, [], win, source)
        assert _whole(game.evaluate(rest, [], win, source)) == _whole(expected), (hand, win)
        # the win test leaves immediate wins aside (play takes one before any choice)
        plain_win = expected.wins and expected.immediate is None
        assert game.evaluator.wins(rest, (), win, source) == plain_win, (hand, win)
    # some hands win, so the readings are compared and not only the verdicts
    assert won or (name, wilds) in NEVER_WINS
