"""Wild cards (P2-1): readings, the report, the checker's findings, the discard rule and
the greedy bot's joker distance."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.dsl.diagnostics import RuleError
from tablerules.interpreter.api import load_game
from tablerules.interpreter.bots.measure.distance import distance_for
from tablerules.interpreter.compiling.wilds import DiscardLimits

ROOT = Path(__file__).resolve().parents[1]
HONGZHONG = ROOT / "rules" / "hongzhong.rules"


@pytest.fixture(scope="module")
def game():
    return load_game(HONGZHONG)


def test_a_wild_fills_a_group(game) -> None:
    result = game.evaluate_text("123m456m789m11p2pC", win_card="C", source="self")
    assert result.wins
    ids = game.cards.ids
    assert [(ids[w], ids[c]) for w, c in result.wild_readings] == [("C", "1p"), ("C", "2p")]
    assert result.best is not None and result.best.wilds == 2


def test_a_wild_never_stands_for_a_fifth_copy(game) -> None:
    # 1p is held four times: the wild cannot be a fifth; 2p alone is no pair either
    assert not game.evaluate_text("123m456m789m1111p2p", win_card="C", source="self").wins
    # with a 2p it reads as 2p: the pair
    assert game.evaluate_text("123m456m789m111p2p", win_card="C", source="self").wins


def test_a_wild_stands_only_for_what_its_clause_allows(game) -> None:
    # 紅中 stands for number tiles only: never for itself, so CC is no pair of 紅中 faces
    result = game.evaluate_text("123m456m789m111pC", win_card="C", source="self")
    assert result.wins  # read as a pair of some number tile
    ids = game.cards.ids
    assert all(ids[card] != "C" for _, card in result.wild_readings)


def test_holding_no_wild_is_counted_with_the_winning_card(game) -> None:
    with_wild = game.evaluate_text("123m456m789m111pC", win_card="2p", source="self")
    without = game.evaluate_text("123m456m789m111p2p", win_card="2p", source="self")
    assert with_wild.wins and without.wins
    assert with_wild.best.wilds == 1 and without.best.wilds == 0


def test_seven_pairs_with_wilds(game) -> None:
    assert game.evaluate_text("1m1m3m3m5p5p7p7p9s9s2s2s4s", win_card="C", source="self").wins


def _check(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "x.rules"
    path.write_text(f'extends "hongzhong"\n{text}', encoding="utf-8")
    try:
        load_game(path)
    except RuleError as error:
        return [f"{d.code}@{d.line}" for d in error.diagnostics if d.severity == "error"]
    return []


def test_a_wild_filter_needs_wild_cards(tmp_path: Path) -> None:
    path = tmp_path / "x.rules"
    path.write_text('extends "hongkong"\ndiscard [HK-1] {\n  never wild\n}\n', "utf-8")
    with pytest.raises(RuleError) as caught:
        load_game(path)
    (diagnostic,) = caught.value.diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E110", 3, 3)


def test_a_wild_clause_is_checked(tmp_path: Path) -> None:
    assert _check(tmp_path, "wild 鬼 [HZ-2] {\n  stands for any card\n}\n") == ["E109@2"]
    assert _check(tmp_path, "wild 鬼 [HZ-2] {\n  cards Q\n}\n") == ["E101@3"]
    assert _check(tmp_path, "wild 鬼 [HZ-2] {\n  cards C\n  if 底\n}\n") == ["E103@4"]
    many = "override wild 紅中 [HZ-2] {\n  cards (suit m)\n}\n"
    assert _check(tmp_path, many) == ["E111@3"]


def test_wild_clauses_that_hold_at_once_keep_to_the_limit_together(tmp_path: Path) -> None:
    """Each clause was held to four wild cards alone: two of four (or one and a card turned
    at the deal) made hands of eight wilds, one of which took half a minute to judge."""
    second = "wild 五 [HZ-2] {\n  cards 5p\n}\n"
    assert _check(tmp_path, second) == ["E111@3"]
    turned = "wild 翻 [HZ-2] {\n  turned from wall tail\n  next by rank, same suit\n}\n"
    assert _check(tmp_path, turned) == ["E111@2"]
    option = 'option 五鬼 "five as ghost": bool = false [HZ-2]\n'
    either = "wild 五 [HZ-2] {\n  cards 5p\n  if 五鬼\n}\n"
    assert _check(tmp_path, option + either) == ["E111@4"]  # with the option: eight
    exclusive = option + either + "override wild 紅中 [HZ-2] {\n  cards C\n  unless 五鬼\n}\n"
    assert _check(tmp_path, exclusive) == []
    clauses = "".join(
        f'option o{n} "o": bool = false [HZ-2]\nwild w{n} [HZ-2] {{\n  cards 5p\n  if o{n}\n}}\n'
        for n in range(11)
    )
    assert "E111@" in "".join(_check(tmp_path, clauses))  # options past those tried: all hold


def test_an_option_turns_a_wild_off(tmp_path: Path) -> None:
    path = tmp_path / "x.rules"
    path.write_text(
        'extends "hongzhong"\noption 無癩子 "no wilds": bool = true [HZ-2]\n'
        "override wild 紅中 [HZ-2] {\n  cards C\n  stands for (kind number)\n"
        "  unless 無癩子\n}\n",
        encoding="utf-8",
    )
    plain = load_game(path)
    assert not plain.compiled.wilds
    assert load_game(path, {"無癩子": "false"}).compiled.wilds


def test_the_discard_rule_forbids_and_orders() -> None:
    limits = DiscardLimits(never=frozenset({3}), first=(frozenset({1}),))
    assert limits.allowed([1, 2, 0, 1]) == [1]  # a `first` card held: only it
    assert limits.allowed([1, 0, 0, 1]) == [0]  # never card 3
    assert limits.allowed([0, 0, 0, 2]) == [3]  # nothing else held: the hand as it is


def test_wild_cards_are_never_discarded_in_play(game) -> None:
    from tablerules.interpreter.engine import Table

    table = Table(game, seed=5)
    seat = table.state.dealer
    hand = table.state.seats[seat].hand
    ids = game.cards.ids
    wild = ids.index("C")
    hand[wild] += 1
    labels = [c.label for c in table.maker.discards(seat, table.state.seats[seat])]
    assert labels and "discard 中" not in labels


def test_greedy_counts_wilds_as_jokers(game) -> None:
    distance = distance_for(game.compiled)
    counts = [0] * len(game.cards)
    for card in game.parse("123m456m789m11p2pCC"):
        counts[card] += 1
    assert distance.distance(counts) == 0
    counts[game.cards.ids.index("C")] = 0
    assert distance.distance(counts) == 2
