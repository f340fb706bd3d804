"""Plans: where a minimum score refuses most complete shapes, the bots measure a hand
against the restrictions (one suit and the honours, pongs only) whose complete hands win."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.api import check
from tablerules.interpreter.bots.measure import plans
from tablerules.interpreter.bots.measure.distance import distance_for, shape_distance_for
from tablerules.interpreter.bots.measure.plans import find_plans
from tablerules.interpreter.bots.players import GreedyBot, play_hand
from tablerules.interpreter.compiling.compiled import CompiledRules
from tablerules.interpreter.hand.evaluate import Evaluator

from tests.test_distance import counts_of, kind

RULES = Path(__file__).resolve().parent.parent / "rules"


@dataclass(frozen=True)
class Laid:
    cards: tuple[int, ...]


@pytest.fixture(scope="module")
def hk() -> Game:
    return load_game(RULES / "hongkong.rules")


def cards_of(game: Game, *attributes: tuple[str, str]) -> frozenset[int]:
    """The card kinds with any of these (attribute, value) pairs."""
    table = game.compiled.cards.attributes
    return frozenset(
        card
        for card, values in enumerate(table)
        if any(str(values.get(name)) == value for name, value in attributes)
    )


def test_a_minimum_of_three_faan_is_planned_for_by_one_suit_and_honours_or_pongs(
    hk: Game,
) -> None:
    """HK-4's 3 番: 混一色 (3 番) and 對對糊 (3 番) each win alone; the other restrictions
    tried (one suit without honours, honours alone) lie within those and are left out."""
    plans = find_plans(hk.compiled)
    honours = ("kind", "honor")
    found = {(plan.cards, plan.dropped) for plan in plans}
    everything = frozenset(range(len(hk.cards)))
    assert (everything, frozenset({kind(hk, "順")})) in found
    for suit in ("m", "p", "s"):
        assert (cards_of(hk, honours, ("suit", suit)), frozenset()) in found
    assert len(plans) == 4


def test_files_whose_complete_shapes_win_have_no_plans(pmz: Game, phz: Game) -> None:
    assert find_plans(pmz.compiled) == []
    assert find_plans(phz.compiled) == []
    assert distance_for(pmz.compiled) is shape_distance_for(pmz.compiled)


def test_a_laid_group_outside_a_plan_closes_it(hk: Game) -> None:
    """The same concealed cards are a card from 混一色 beside a pong of 東 and far from
    every plan beside a pong of 5p, though a card from a complete shape either way."""
    distance = distance_for(hk.compiled)
    shapes = shape_distance_for(hk.compiled)
    counts = counts_of(hk, "123m 456m 789m 1m")
    pong = [kind(hk, "刻")]
    east = [Laid(tuple(hk.parse("EEE")))]
    five = [Laid(tuple(hk.parse("5p5p5p")))]
    assert shapes.distance(counts, pong, east) == shapes.distance(counts, pong, five) == 1
    assert distance.distance(counts, pong, east) == 1
    assert distance.distance(counts, pong, five) > 3


def test_a_hand_near_one_suit_keeps_it(hk: Game) -> None:
    """Of 123m 456m 789m EE 5p 9s and a drawn 1m, the plan keeps the manzu and the 東:
    the discard is 5p or 9s, where the nearest shape would as soon break a run."""
    distance = distance_for(hk.compiled)
    counts = counts_of(hk, "123m 456m 789m EE 5p 9s 1m")
    each = distance.without_each(counts)
    best = min(each.values())
    names = hk.compiled.cards.display
    assert {names[card] for card, value in each.items() if value == best} <= {
        names[c] for c in hk.parse("5p 9s")
    }


def test_the_greedy_bot_wins_most_hands_at_three_faan(hk: Game) -> None:
    """Played for shape alone, about a hand in four won at HK-4's 3 番 minimum (most
    complete shapes are refused); played for the plans, most hands are won."""
    hands = 40
    won = 0
    for index in range(hands):
        table = play_hand(hk, [GreedyBot(100 * index + seat) for seat in range(4)], index)
        won += any(event["type"] == "win" for event in table.state.events)
    assert won >= hands // 2


# A wild that stands for any card, under a minimum no complete shape reaches: each win test
# judges dozens of readings. A group kept whole and patterns excluding each other: each win
# test judges a dozen splits. The 400 restrictions tried cost seconds of a bot's first
# choice (5 s and 2.5 s; found by fuzzing the play target).
WILD_AT_EIGHT_FAAN = """extends "paomazai-faan"

wild W [T-1] {
  cards 6s
  stands for (kind number honor)
}

override win [T-2] {
  groups 5
  pairs of 對: 1
  score 番 at least 8
}
"""
MANY_SPLITS = """extends "hongkong"


group g0 "fuzzed group 0" [T-1] {
  pattern same 3, where kind number
  in hand, on table
  never split
}

pattern p0 "fuzzed pattern 0" [T-1] {
  when wilds > 9
  worth 16 番
}

pattern p1 "fuzzed pattern 1" [T-1] {
  when first discard
  worth 5 番
  excludes p0
  limit
}

pattern p2 "fuzzed pattern 2" [T-1] {
  counts max((16 / 13))
  worth ×0 番
  excludes p0
}
"""


@pytest.mark.parametrize("text", [WILD_AT_EIGHT_FAAN, MANY_SPLITS])
def test_plans_stop_at_their_work_bound_where_win_tests_are_costly(
    text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[Evaluator] = []
    make = plans.make_evaluator
    asked = [0]

    def counted(rules: CompiledRules) -> Evaluator:
        evaluator = make(rules)
        quick = evaluator.quick_wins

        def quick_counted(*arguments: Any, **named: Any) -> bool:
            asked[0] += 1
            return quick(*arguments, **named)

        evaluator.quick_wins = quick_counted  # type: ignore[method-assign]
        made.append(evaluator)
        return evaluator

    monkeypatch.setattr(plans, "make_evaluator", counted)
    game = check(tmp_path / "costly.rules", text=text).game
    assert game is not None
    find_plans(game.compiled)  # as a greedy bot's first choice finds them
    evaluator = made[-1]
    judged = getattr(evaluator, "judged", 0) + evaluator.splits_judged
    assert judged > 0 and asked[0] > 0  # win tests asked, readings or splits judged
    # the bound, passed by the deal under way at most (64,000 and 50,000 before the bound)
    assert asked[0] + judged < 1.2 * plans.MAX_WORK
