"""Hand patterns and scores: what they test, how they count, the minimum to win, the best
split, the checks on them, and what the engine makes of them in play."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.dsl.loading.loader import load
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.api import check
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.win_facts import win_conditions
from tablerules.interpreter.narration.reckoning import Reckoner

ROOT = Path(__file__).resolve().parents[1]
POINTS = ROOT / "docs" / "examples" / "pebbles-points.rules"
FAAN = ROOT / "rules" / "variants" / "paomazai-faan.rules"
SNIPPET = ROOT / "docs" / "examples" / "snippet.rules"


@pytest.fixture(scope="module")
def points() -> Game:
    return load_game(POINTS)


@pytest.fixture(scope="module")
def faan() -> Game:
    return load_game(FAAN)


def best(game: Game, hand: str, card: str, source: str = "self", **facts: object) -> str:
    result = game.evaluate_text(hand, win_card=card, source=source, **facts)
    assert result.wins and result.best is not None and result.best.judgement is not None
    return result.best.judgement.sentence()


def test_points_add_and_a_pattern_counts_once_per_group(points: Game) -> None:
    assert best(points, "111r 2r", "2r") == "one_colour 3 + threes 1 + own_draw 1 = 5 points"
    assert best(points, "222r 2g", "2g", "discard") == "threes 1 = 1 points"


def test_a_split_below_the_minimum_score_does_not_win(points: Game) -> None:
    result = points.evaluate_text("123r 2b", win_card="2b", source="discard")
    assert not result.wins
    assert [d.problem for d in result.decompositions] == ["0 points; a win needs at least 1"]
    assert [r.message for r in result.reasons] == ["0 points; a win needs at least 1"]
    assert points.evaluate_text("123r 2b", win_card="2b", source="self").wins  # own draw: 1


def test_multipliers_exclusions_and_the_cap(faan: Game) -> None:
    assert best(faan, "123m 456m 789m 11m 22m", "2m", "discard") == "清一色 ×4 = 4 番"
    assert best(faan, "123m 456m 789m EEE 5m", "5m", "discard") == "混一色 ×2 = 2 番"
    assert best(faan, "EEE SSS CCC FFF P", "P", "robbed") == (
        "字一色 ×8 · 搶槓 ×2 = 16 番; 對對糊 (not with 字一色)"
    )
    capped = best(faan, "111222333m 444m 5m", "5m", "replacement", last_card=True)
    assert capped == "清一色 ×4 · 槓上開花 ×2 · 海底撈月 ×2 = 16 番"
    result = faan.evaluate_text(
        "111222333m 444m 5m", win_card="5m", source="replacement", last_card=True
    )
    assert result.best is not None and result.best.judgement is not None
    pongs = [d for d in result.decompositions if all(g.kind != "順" for g in d.groups)]
    assert pongs[0].judgement is not None
    assert pongs[0].judgement.scores["番"].arithmetic() == (
        "對對糊 ×2 · 清一色 ×4 · 槓上開花 ×2 · 海底撈月 ×2 = 32, at most 16: 16 番"
    )


def test_the_last_card_counts_only_for_a_self_draw(faan: Game) -> None:
    hand = "123m 456p 789s EEE 5s"
    assert best(faan, hand, "5s", "self", last_card=True) == "海底撈月 ×2 = 2 番"
    assert best(faan, hand, "5s", "discard", last_card=True) == "1 番 (no pattern holds)"


def test_without_a_deciding_score_the_best_split_breaks_ties_by_score(faan: Game) -> None:
    result = faan.evaluate_text("111222333m 444m 5m", win_card="5m", source="discard")
    assert result.best is not None and result.best.judgement is not None
    assert result.best.judgement.value("番") == 8  # 對對糊 × 清一色, not 清一色 alone


def test_seat_cards_of_the_winner_and_claimed_groups() -> None:
    text = (
        'extends "../../rules/paomazai.rules"\n'
        'score 番 "番" [PMZ-4] {\n}\n'
        'pattern 門風 "a pong of one\'s own horse tiles" [PMZ-4] {\n'
        "  counts groups of 刻 槓 with seat cards horses\n  worth 1\n}\n"
        'pattern 門前清 "nothing claimed" [PMZ-4] {\n'
        "  when claimed groups = 0\n  worth 1\n}\n"
    )
    checked = check(SNIPPET, text=text)
    assert checked.game is not None, [d.render() for d in checked.diagnostics]
    game = checked.game
    # 南's horse tiles hold 南 (S) and 2/6: seat 1 from the dealer
    south = game.evaluate_text("SSS 222p 789s 111s 5s", win_card="5s", seat=1)
    assert south.best is not None and south.best.judgement is not None
    assert south.best.judgement.value("番") == 3  # SSS and 222p, nothing claimed
    east = game.evaluate_text("SSS 222p 789s 111s 5s", win_card="5s", seat=0)
    assert east.best is not None and east.best.judgement is not None
    assert east.best.judgement.value("番") == 2  # 東's horse tiles hold 111s, not SSS or 222p
    pong = game.evaluate_text("222p 789s 111s 5s", table="刻:SSS", win_card="5s", seat=1)
    assert pong.best is not None and pong.best.judgement is not None
    assert pong.best.judgement.value("番") == 2  # claimed: no 門前清
    hidden = game.evaluator.table_group("槓", game.parse("SSSS"))
    kong = game.evaluate(
        game.parse("222p 789s 111s 5s"),
        [type(hidden)(hidden.kind, hidden.cards, claimed=False)],
        game.parse("5s")[0],
        "self",
        conditions=WinConditions(seat=1),
    )
    assert kong.best is not None and kong.best.judgement is not None
    assert kong.best.judgement.value("番") == 3  # a concealed kong is not claimed


@pytest.mark.parametrize(
    ("lines", "code", "words"),
    [
        (
            'pattern a "a" [X-1] {\n  when b\n}\npattern b "b" [X-1] {\n  when a\n}\n',
            "E110",
            "patterns read each other: a → b → a",
        ),
        ('pattern a "a" [X-1] {\n  when cards > 3\n  worth 2 番\n}\n', "E101", "unknown score"),
        ('pattern a "a" [X-1] {\n  when cards > 3\n  worth 2\n}\n', "E110", "declare one"),
        ('pattern a "a" [X-1] {\n  worth 2\n}\nscore s [X-1] {\n}\n', "E109", "neither"),
        ('pattern a "a" [X-1] {\n  when 1\n  excludes zz\n}\n', "E101", "unknown pattern 'zz'"),
        ("score stake [X-1] {\n}\n", "E102", "has the name of an option"),
        ('pattern a "a" [X-1] {\n  when distinct hue = 1\n}\n', "E101", "unknown attribute"),
        ('pattern a "a" [X-1] {\n  when groups of tripple = 1\n}\n', "E101", "unknown group"),
        ('pattern a "a" [X-1] {\n  when form nothing\n}\n', "E101", "unknown form"),
        ('pattern a "a" [X-1] {\n  when cards (hue red) = 1\n}\n', "E101", "unknown attribute"),
        (
            'action extra "x" [X-1] {\n  on draw by self: 3 alike from hand\n  makes three\n'
            "  pays: each other pays cards\n}\n",
            "E110",
            "'cards' reads the winning hand",
        ),
        ('pattern a "a" [X-1] {\n  when 番 > 1\n}\nscore 番 [X-1] {\n}\n', "E110", "is a score"),
        ("override win [X-1] {\n  groups 2\n  when nope > 1\n}\n", "E101", "unknown name 'nope'"),
        ("override win [X-1] {\n  groups 2\n  when form nothing\n}\n", "E101", "unknown form"),
    ],
)
def test_pattern_mistakes_are_named(lines: str, code: str, words: str) -> None:
    text = 'extends "pebbles-play.rules"\n' + lines
    found = load(SNIPPET, text=text).diagnostics
    assert any(d.code == code and words in d.message for d in found), [d.render() for d in found]


def rigged(game: Game, hands: list[str], wall: str, dealer: int = 0) -> Table:
    return Table(game, dealer=dealer, hands=[game.parse(h) for h in hands], wall=game.parse(wall))


def test_in_play_the_win_names_its_patterns_and_the_payment_its_arithmetic(faan: Game) -> None:
    """清一色 on the dealer's discard: 2 units × 4 = 80 from the discarder."""
    table = rigged(
        faan,
        [
            "1m3m5m7m9m 2p4p6p8p 1s3s C P",
            "345p 567p 789p 999p 2p",
            "2s4s6s8s 3p5p7p 8p S W N",
            "4m6m8m9m 1p1p3p7p 2s4s6s N W",
        ],
        "2m 6s",
    )
    table.apply("discard 二筒", seat=0)
    table.apply("胡", seat=1)
    win = next(e for e in table.events if e["type"] == "win")
    assert win["explanation"] == "清一色 ×4 = 4 番"
    assert [p["name"] for p in win["patterns"]] == ["清一色"]
    assert win["scores"]["番"]["value"] == 4
    pay = next(e for e in table.events if e["type"] == "pay")
    sentence = Reckoner(faan, table.events, table.seat_name).payment(pay, cites=False)
    assert sentence == "seat 0 (東) pays seat 1 (南) 2 × unit × 番 = 2 × 10 × 4 = 80 · 食糊"
    assert table.totals() == [-80, 80, 0, 0]


def test_the_conditions_of_a_win_come_from_the_state(faan: Game) -> None:
    table = rigged(
        faan,
        [
            "1m3m5m7m9m 2p4p6p8p 1s3s C P",
            "345p 567p 789p 999p 2p",
            "2s4s6s8s 3p5p7p 8p S W N",
            "4m6m8m9m 1p1p3p7p 2s4s6s N W",
        ],
        "2m 6s",
        dealer=0,
    )
    table.apply("discard 二筒", seat=0)
    decision = table.state.decision
    assert decision is not None
    facts = win_conditions(table.state, table.play, 1, decision.offer)
    assert (facts.context, facts.first_discard, facts.seat, facts.dealer_wins) == (
        "discard",
        True,
        1,
        False,
    )
    assert "next" in facts.relation and not facts.last_card


def test_a_when_line_of_the_win_clause_decides_in_evaluation_and_in_play(points: Game) -> None:
    """PEB-10: a discard wins only from 3 points; one's own draw from 1."""
    own_draw = load_game(ROOT / "docs" / "examples" / "pebbles-own-draw.rules")
    refused = own_draw.evaluate_text("222r 2g", win_card="2g", source="discard")
    assert not refused.wins
    assert [r.message for r in refused.reasons] == ["a win needs won on draw by self or points ≥ 3"]
    assert refused.reasons[0].cites == ("PEB-3", "PEB-8", "PEB-10")
    assert own_draw.evaluate_text("222r 2g", win_card="2g", source="self").wins
    assert own_draw.evaluate_text("111r 2r", win_card="2r", source="discard").wins  # 4 points
    assert points.evaluate_text("222r 2g", win_card="2g", source="discard").wins  # no PEB-10

    def after_the_discard(game: Game) -> Table:
        table = rigged(game, ["2g 3g 4b 5b", "2r 2r 2r 2g"], "1b 2g 3r 3r")
        table.apply("discard 2g", seat=0)
        return table

    assert "win" in [c.label for c in after_the_discard(points).legal_actions(1)]
    table = after_the_discard(own_draw)  # no claim: seat 1 draws the other 2g, and wins
    assert [e["type"] for e in table.events[-2:]] == ["discard", "draw"]
    assert "win" in [c.label for c in table.legal_actions(1)]
    table.apply("win", seat=1)
    assert table.totals() == [-4, 4]  # own draw: 2 × 2 points × 1


def test_claims_mark_table_groups_claimed(pmz: Game) -> None:
    hands = [
        "1m3m5m7m9m 2p4p6p8p 1s3s C P",
        "55p 234m 678m 11s 99s C",
        "2s4s6s8s 3m5m7m9m 8p S W N",
        "4m6m8m9m 1p3p7p9p 2s4s6s N W",
    ]
    table = rigged(pmz, hands, "5p E E E 6s")
    table.apply("discard 五筒", seat=0)
    table.apply("碰 五筒五筒五筒", seat=1)
    assert [g.claimed for g in table.state.seats[1].table] == [True]
    assert [g.claimed for g in table.maker.table_groups(table.state.seats[1])] == [True]


def test_a_win_on_the_deal_is_settled_by_its_own_line_as_the_winner_s() -> None:
    """下家 (not the dealer) holds two 提 on the deal; `on deal` pays 10 from each: +30."""
    text = (
        'extends "../paohuzi.rules"\n'
        "settle deal_bonus [PHZ-15] {\n"
        '  on deal by self: each other pays 10 "天胡"\n'
        "}\n"
    )
    checked = check(ROOT / "rules" / "variants" / "snippet.rules", text=text)
    assert checked.game is not None, [d.render() for d in checked.diagnostics]
    game = checked.game
    hands = ["x9 d3", "x5 x5 x5 x5 x6 x6 x6 x6 x1 x3 d2 d9 x9 d10", "x4 d6", "x10 d1"]
    table = Table(
        game,
        dealer=0,
        hands=[game.parse(h) for h in hands],
        wall=game.parse("d4 d5 d7"),
        shown=game.parse("d3")[0],
    )
    win = next(e for e in table.events if e["type"] == "win")
    assert (win["seat"], win["context"], win["owner"]) == (1, "deal", 1)
    bonus = [e["amount"] for e in table.events if e.get("label") == "天胡"]
    assert bonus == [10, 10, 10]
    assert table.totals() == [-15, 45, -15, -15]  # 5 囤 and 10 from each other seat


LIMITS = """
extends "pebbles-points.rules"
override score points "points of a winning hand" [PEB-8] {
  at most 50
}
pattern big_times "a limit written as a multiplier" [PEB-8] {
  when distinct colour = 1
  worth 1
  worth ×9
  limit
}
pattern ten "a limit of ten points" [PEB-8] {
  when distinct colour = 1
  worth 10
  limit
}
pattern twice "a limit counted twice" [PEB-8] {
  when won on draw by self
  counts 2
  worth 6
  limit
}
"""


def test_of_several_limits_the_one_worth_most_to_the_hand_counts() -> None:
    """1 × 9 gives 9: the limit of 10 is larger. A limit that holds twice
    (6 × 2 = 12) is larger still, though its written number is the smallest."""
    checked = check(SNIPPET, text=LIMITS)
    assert checked.game is not None, [d.render() for d in checked.diagnostics]
    game = checked.game
    assert best(game, "111r 2r", "2r", "discard") == "ten (limit) 10 = 10 points"
    assert best(game, "111r 2r", "2r", "self") == "twice (limit) 12 = 12 points"
