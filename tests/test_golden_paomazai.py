"""Golden evaluation tests for 跑馬仔, each naming the RULES.md ids it checks."""

from __future__ import annotations

import pytest
from tablerules.interpreter import Game


def groups_of(decomposition) -> list[tuple[str, str]]:
    return sorted((g.kind, "".join(g.cards)) for g in decomposition.groups)


def test_deck_has_136_tiles_without_flowers(pmz: Game) -> None:
    """PMZ-1: 34 kinds (three suits of 1-9, four winds, three dragons) × 4 = 136."""
    cards = pmz.cards
    assert len(cards) == 34
    assert cards.copies * len(cards) == 136
    suits = [a["suit"] for a in cards.attributes]
    assert suits.count("m") == suits.count("p") == suits.count("s") == 9
    assert suits.count("wind") == 4 and suits.count("dragon") == 3


def test_four_seats_thirteen_each_rest_in_the_wall(pmz: Game) -> None:
    """PMZ-2: four players, 13 tiles each; the remaining 84 form the wall."""
    assert pmz.compiled.dealt_per_seat() == [13, 13, 13, 13]
    wall = [line for line in pmz.compiled.deal_plan() if line.seat is None]
    assert [(w.zone, w.count) for w in wall] == [("wall", 84)]


def test_111222333444m55m_wins_with_exactly_four_splits(pmz: Game) -> None:
    """PMZ-4: any 4 melds + 1 pair; this hand splits four ways."""
    result = pmz.evaluate_text("111222333444m55m")
    assert result.wins
    splits = {tuple(groups_of(d)) for d in result.winning}
    assert len(result.winning) == 4 == len(splits)
    assert (
        ("刻", "1m1m1m"),
        ("刻", "2m2m2m"),
        ("刻", "3m3m3m"),
        ("刻", "4m4m4m"),
        ("對", "5m5m"),
    ) in splits
    assert (
        ("刻", "1m1m1m"),
        ("對", "2m2m"),
        ("順", "2m3m4m"),
        ("順", "3m4m5m"),
        ("順", "3m4m5m"),
    ) in splits


def test_seven_pairs_never_win(pmz: Game) -> None:
    """PMZ-4: no 七對; the evaluator names the form and its rule."""
    result = pmz.evaluate_text("1133557799m EESS")
    assert not result.wins
    named = [r for r in result.reasons if r.code == "form" and "七對" in r.message]
    assert named and "PMZ-4" in named[0].cites


def test_seven_pairs_that_also_make_runs_win_as_runs(pmz: Game) -> None:
    """PMZ-4: 112233 445566 77 is also four runs + a pair, which wins."""
    result = pmz.evaluate_text("11223344556677m")
    assert result.wins
    assert all(len(d.groups) == 5 for d in result.winning)


def test_honours_never_form_runs(pmz: Game) -> None:
    """PMZ-4: runs exist only within a number suit (E S W is not a run)."""
    assert not pmz.evaluate_text("ESW 123m 456p 789s CC").wins
    assert pmz.evaluate_text("EEE 123m 456p 789s CC").wins


def test_runs_count_in_hand_but_never_on_the_table(pmz: Game) -> None:
    """PMZ-3: no chow: a run may be formed in the hand but is never a table group."""
    from tablerules.interpreter import HandError
    from tablerules.interpreter.compiling.cards import NotationError

    with pytest.raises((HandError, NotationError)):
        pmz.evaluate_text("123p 456p 789s CC", table="順:123m")


def test_table_melds_count_towards_the_four(pmz: Game) -> None:
    """PMZ-3, PMZ-4: pongs and kongs on the table are melds of the winning hand."""
    result = pmz.evaluate_text("123p 456s 55m", table="pong:EEE kong:1111m")
    assert result.wins
    kinds = sorted(g.kind for g in result.best.groups if g.on_table)
    assert kinds == ["刻", "槓"]


def test_discard_win_and_self_draw_both_complete(pmz: Game) -> None:
    """PMZ-3: winning on a discard is allowed; the winning card completes a group."""
    for source in ("discard", "self"):
        result = pmz.evaluate_text("1112345678999m", win_card="5m", source=source)
        assert result.wins
        assert any(g.holds_winning_card for g in result.best.groups)


def test_a_hand_short_of_a_group_explains_itself(pmz: Game) -> None:
    """PMZ-4: a hand that cannot make 4 melds + a pair says why, citing the rule."""
    result = pmz.evaluate_text("123m 456p 789s CC E")
    assert not result.wins
    assert result.reasons and all("PMZ-4" in r.cites for r in result.reasons)


def test_four_alike_in_hand_is_not_one_group(pmz: Game) -> None:
    """PMZ-7, PMZ-8: a kong must be declared; four alike in the hand is three + one."""
    assert pmz.evaluate_text("1111m 234m 567p 99s EE").wins is False
    assert pmz.evaluate_text("1111m 23m 567p 999s EE").wins is True


@pytest.mark.parametrize(
    ("seat", "hits"),
    [
        ("東", {"E", "C", "F", "P", "1m", "5m", "9m", "1p", "5p", "9p", "1s", "5s", "9s"}),
        ("南", {"S", "C", "F", "P", "2m", "6m", "2p", "6p", "2s", "6s"}),
        ("西", {"W", "C", "F", "P", "3m", "7m", "3p", "7p", "3s", "7s"}),
        ("北", {"N", "C", "F", "P", "4m", "8m", "4p", "8p", "4s", "8s"}),
    ],
)
def test_horse_hits_per_seat(pmz: Game, seat: str, hits: set[str]) -> None:
    """PMZ-13, PMZ-14: horse tiles per seat counted from the dealer (北 gets 北, not 南)."""
    table = pmz.compiled.seat_cards["horses"]
    assert {pmz.cards.ids[c] for c in table[seat]} == hits


def test_horse_examples_of_the_document_hit_twice(pmz: Game) -> None:
    """PMZ-18, PMZ-19 (static part): for East 發 and 一索 hit, 三萬 not; 九索 hits, 八筒 not."""
    east = pmz.compiled.seat_cards["horses"]["東"]
    drawn = [pmz.parse(name)[0] for name in ("發", "一索", "三萬")]
    assert sum(card in east for card in drawn) == 2
    second = [pmz.parse(name)[0] for name in ("八筒", "9索")]
    assert sum(card in east for card in second) == 1


def test_options_have_the_documented_defaults(pmz: Game) -> None:
    """PMZ-9, PMZ-16, PMZ-20, PMZ-22, PMZ-24: 1 horse, unit 10 (10/20), not 自摸桌, no fee."""
    assert pmz.compiled.options == {
        "horses": 1,
        "unit": 10,
        "self_draw_only": False,
        "fee_percent": 0,
        "win_on_last_discard": True,
    }
