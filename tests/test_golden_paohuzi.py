"""Golden evaluation tests for 跑胡子, each naming the RULES.md ids it checks."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.dsl.loading.loader import load
from tablerules.interpreter import Game
from tablerules.interpreter.api import Game as GameClass

ROOT = Path(__file__).resolve().parent.parent


def test_deck_has_80_cards_small_and_big(phz: Game) -> None:
    """PHZ-1: 一…十 and 壹…拾, four of each; 二七十 and 貳柒拾 are red."""
    cards = phz.cards
    assert len(cards) == 20 and cards.copies * len(cards) == 80
    red = {cards.display[i] for i, a in enumerate(cards.attributes) if a["colour"] == "red"}
    assert red == {"二", "七", "十", "貳", "柒", "拾"}


def test_deal_is_15_14_14_14_and_23_in_the_stock(phz: Game) -> None:
    """PHZ-2: the dealer 14 + 1 shown card, the others 14, 23 stay in the stock."""
    assert phz.compiled.dealt_per_seat() == [15, 14, 14, 14]
    plan = phz.compiled.deal_plan()
    shown = [line for line in plan if line.shown]
    assert [(s.zone, s.seat, s.count) for s in shown] == [("hand", 0, 1)]
    assert [(p.zone, p.count) for p in plan if p.seat is None] == [("stock", 23)]
    assert sum(line.count for line in plan) == 80


@pytest.mark.parametrize(
    ("kind", "cards", "small", "big"),
    [
        ("碰", "x3x3x3", 1, 3),
        ("坎", "x3x3x3", 3, 6),
        ("偎", "x3x3x3", 3, 6),
        ("臭偎", "x3x3x3", 3, 6),
        ("跑", "x3x3x3x3", 6, 9),
        ("提", "x3x3x3x3", 9, 12),
        ("一句話", "x1x2x3", 3, 6),
        ("二七十", "x2x7x10", 3, 6),
        ("一句話", "x4x5x6", 0, 0),
        ("對", "x5x5", 0, 0),
    ],
)
def test_huxi_of_each_group_kind(phz: Game, kind: str, cards: str, small: int, big: int) -> None:
    """PHZ-20: 胡息 per group kind, small / big."""
    compiled = phz.compiled
    index = compiled.kind_index[kind]
    small_cards = tuple(sorted(phz.parse(cards)))
    big_cards = tuple(sorted(phz.parse(cards.replace("x", "d"))))
    assert compiled.value_of(index, small_cards) == small
    assert compiled.value_of(index, big_cards) == big


def test_mixed_sets_are_worth_nothing(phz: Game) -> None:
    """PHZ-4, PHZ-20: a 絞 (two big + one small, or the reverse) is a group worth 0."""
    compiled = phz.compiled
    index = compiled.kind_index["絞"]
    assert compiled.value_of(index, tuple(sorted(phz.parse("捌捌八")))) == 0
    assert tuple(sorted(phz.parse("十十拾"))) in compiled.kinds[index].instances
    assert tuple(sorted(phz.parse("十拾七"))) not in compiled.kinds[index].instances


def test_runs_do_not_mix_sizes(phz: Game) -> None:
    """PHZ-4: 一句話 and 二七十 are small with small, big with big."""
    runs = phz.compiled.kinds[phz.compiled.kind_index["一句話"]].instances
    assert tuple(sorted(phz.parse("一二三"))) in runs
    assert tuple(sorted(phz.parse("一二叁"))) not in runs
    sets = phz.compiled.kinds[phz.compiled.kind_index["二七十"]].instances
    assert sorted(tuple(phz.cards.display[c] for c in s) for s in sets) == [
        ("二", "七", "十"),
        ("貳", "柒", "拾"),
    ]


def test_table_values_add_up_with_the_hand(phz: Game) -> None:
    """PHZ-12, PHZ-20: a winning hand's 胡息 counts table and hand groups together."""
    result = phz.evaluate_text("一二三 壹貳叁 二七十 四四四 五五", win_card="五", source="discard")
    assert result.wins
    best = result.best
    values = sorted((g.kind, "".join(g.names), g.value) for g in best.groups)
    assert values == [
        ("一句話", "一二三", 3),
        ("一句話", "壹貳叁", 6),
        ("二七十", "二七十", 3),
        ("坎", "四四四", 3),
        ("碰", "五五五", 1),
    ]
    assert best.total == 16


def test_winning_card_completing_a_triple_counts_as_wei_on_own_draw(phz: Game) -> None:
    """PHZ-20: a triple completed by one's own draw counts as 偎 (3), by another's as 碰 (1)."""
    own = phz.evaluate_text("一二三 壹貳叁 二七十 四四四 五五", win_card="五", source="self")
    theirs = phz.evaluate_text("一二三 壹貳叁 二七十 四四四 五五", win_card="五", source="draw")
    assert own.best.total == 18
    assert theirs.best.total == 16
    assert any(g.kind == "偎" and g.holds_winning_card for g in own.best.groups)


def test_best_split_is_the_one_with_most_huxi(phz: Game) -> None:
    """PHZ-20: a hand's 胡息 is the maximum over its valid splits."""
    result = phz.evaluate_text("一一壹 二二貳 三三叁 四五六", table="偎:伍伍伍")
    assert result.wins
    totals = sorted(d.total for d in result.winning)
    assert totals[0] == 6 and totals[-1] == 18
    assert result.best.total == 18
    assert sorted(g.kind for g in result.best.groups if not g.on_table) == [
        "一句話",
        "一句話",
        "一句話",
        "一句話",
    ]


def test_a_kan_is_never_split(phz: Game) -> None:
    """PHZ-20: 一一一 dealt is a 坎; splitting it into 一二三 + 一一 is not allowed."""
    hand = "一一一二三 壹貳叁 肆伍陸"
    result = phz.evaluate_text(hand, table="提:八八八八")
    assert not result.wins
    # The same hand wins if the variant lets a 坎 be split: the rule is what stops it.
    variant = """extends "../../rules/paohuzi.rules"
override group 坎 "three alike, splittable" [PHZ-4] {
  pattern same 3
  in hand
  concealed
}
"""
    loaded = load(ROOT / "tests" / "golden" / "splittable.rules", text=variant)
    assert loaded.ok, [d.render() for d in loaded.diagnostics]
    splittable = GameClass(loaded.rules, loaded.options)
    assert splittable.evaluate_text(hand, table="提:八八八八").wins


def test_pao_or_ti_needs_exactly_one_pair(phz: Game) -> None:
    """PHZ-12: with a 跑 or 提 there must be exactly one pair; without, none."""
    with_pair = phz.evaluate_text("一二三 壹貳叁 二七十 九九", table="跑:捌捌捌捌")
    assert with_pair.wins
    no_pair = phz.evaluate_text("一二三 壹貳叁 二七十 四五六", table="跑:捌捌捌捌")
    assert not no_pair.wins
    assert any("exactly 1" in r.message and "PHZ-12" in r.cites for r in no_pair.reasons)
    pair_without_pao = phz.evaluate_text("一二三 壹貳叁 二七十 九九 四五六", table="碰:捌捌捌")
    assert not pair_without_pao.wins


def test_minimum_huxi_is_an_option(phz: Game) -> None:
    """PHZ-12: 胡息 must reach 6 by default; with min_huxi=15 a 12-胡息 hand fails."""
    hand = "一二三 四五六 七八九 二七十 壹壹壹"
    assert phz.evaluate_text(hand).best.total == 12
    assert phz.evaluate_text(hand).wins
    weak = "四五六 七八九 肆伍陸 捌玖拾 二七十"  # 3 胡息
    weak_result = phz.evaluate_text(weak)
    assert not weak_result.wins
    assert any("6" in r.message and "胡息" in r.message for r in weak_result.reasons)
    strict = GameClass(phz.compiled.rules, {"min_huxi": 15})
    assert not strict.evaluate_text(hand).wins


@pytest.mark.parametrize(
    ("hand", "immediate"),
    [
        ("一一一一 二二二二 三四五六七八九", True),  # 2 提
        ("一一一 二二二 三三三 四四四 五六七", True),  # 4 坎
        ("一一一一 二二二 三三三 四四四 五六", True),  # a 提 counts as a 坎
        ("一一一 二二二 三三三 四五六七八九十", False),  # 3 坎
        ("一一一一 二二二 三三三 四五六七八九", False),  # 1 提 + 2 坎
    ],
)
def test_tianhu_on_the_deal(phz: Game, hand: str, immediate: bool) -> None:
    """PHZ-15: 2 提 or 4 坎 after the deal win at once, groups need not be complete."""
    result = phz.evaluate(phz.parse(hand), on_deal=True)
    assert (result.immediate == "天胡") is immediate
    if immediate:
        assert result.wins and "PHZ-15" in result.reasons[0].cites


def test_chinese_forms_traditional_and_simplified(phz: Game) -> None:
    """PHZ-1: 貳/贰, 參/叁/参, 陸/陆 name the same cards, with or without spaces."""
    assert phz.parse("貳叁陸") == phz.parse("贰参陆") == phz.parse("d2 參 d6")
    assert phz.parse("x10十拾") == [9, 9, 19]
