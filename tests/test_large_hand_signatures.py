"""The win test of a hand of more concealed cards than `SIGNED_CARDS` (draws kept without a
discard) reads the signature tables wherever no split of it can overflow a field and the
win clause names its number of groups (`SignatureLayout.counts_exactly`): no split is
listed, and the answer is the one judging every split gives, 'never split' groups of one
and four cards included (the shape of the fuzz campaign's input outputs-2945, issue 22)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.compiling.signature_layout import SIGNED_CARDS, SignatureLayout
from test_large_hand_wins import counting

MINIMAL = Path(__file__).resolve().parents[1] / "docs" / "examples" / "minimal.rules"
SEED = 4_417
HANDS = 40
FOUR = """
group four "four alike" [PEB-3] {
  pattern same 4
  in hand
}
"""
KEPT = """
group g0 "four alike, blue or green" [PEB-3] {
  pattern same 4, where colour blue green
  in hand
  never split
}

group g1 "one alone" [PEB-3] {
  pattern same 1
  in hand, on table
  never split
}
"""
CLAUSES = {
    "fours": ("  groups 12\n  pairs of pair: 1", FOUR),
    "kept": ("  groups 13\n  pairs of pair: 3", KEPT),
}


@pytest.fixture(scope="module", params=sorted(CLAUSES))
def game(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Game:
    clause, extra = CLAUSES[request.param]
    text = MINIMAL.read_text(encoding="utf-8")
    text = text.replace("  copies 3", "  copies 7")
    text = text.replace("  groups 2\n  pairs of pair: 1", clause)
    path = tmp_path_factory.mktemp("rules") / f"{request.param}.rules"
    path.write_text(text + extra, encoding="utf-8")
    return load_game(path)


def large_hands(game: Game, seed: int) -> list[list[int]]:
    """Hands of 42 to 48 cards made of the clause's number of groups (every other one with
    a card changed): about half of them win. Where cards are never split, each group
    holds every copy of its cards held."""
    rng = random.Random(seed)
    compiled = game.compiled
    needed = compiled.groups_needed
    assert needed is not None and compiled.pair_rule is not None
    pairs = compiled.pair_rule.count
    copies = compiled.cards.copies_of
    found: list[list[int]] = []
    while len(found) < HANDS:
        if compiled.keep_together:
            cards = kept_groups(compiled.cards.ids, needed, pairs, rng)
        else:
            cards = free_groups(game, needed, pairs, rng)
        if len(found) % 2:
            cards[rng.randrange(len(cards))] = rng.randrange(len(copies))
        if len(cards) > SIGNED_CARDS and all(cards.count(c) <= copies[c] for c in cards):
            found.append(cards)
    return found


def free_groups(game: Game, needed: int, pairs: int, rng: random.Random) -> list[int]:
    """`needed` groups, `pairs` of them pairs, the others mostly of three cards or more."""
    kinds = game.compiled.kinds
    instances = game.compiled.instances
    pair_groups = [i.cards for i in instances if kinds[i.kind].is_pair]
    others = [i.cards for i in instances if not kinds[i.kind].is_pair]
    large = [cards for cards in others if len(cards) >= 3]
    cards: list[int] = []
    for _ in range(pairs):
        cards += rng.choice(pair_groups)
    for _ in range(needed - pairs):
        cards += rng.choice(large if rng.random() < 0.9 else others)
    return cards


def kept_groups(ids: list[str], needed: int, pairs: int, rng: random.Random) -> list[int]:
    """`needed` groups of distinct cards, `pairs` of them red pairs: blue and green cards
    four or three alike, red ones three alike or alone."""
    red = [card for card, name in enumerate(ids) if name.endswith("r")]
    rest = [card for card in range(len(ids)) if card not in red]
    paired = rng.sample(red, pairs)
    others = rng.sample([c for c in red if c not in paired] + rest, needed - pairs)
    cards: list[int] = []
    for card in paired:
        cards += [card, card]
    for card in others:
        if card in red:
            cards += [card] * rng.choice((1, 3))
        else:
            cards += [card] * (4 if rng.random() < 0.85 else 3)
    return cards


def test_a_large_hand_is_read_from_the_signatures(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    hands = large_hands(game, SEED)
    expected = [game.evaluate(cards).wins for cards in hands]
    assert all(expected[::2])  # made of the clause's groups: they win
    assert not all(expected[1::2])  # a card changed: some do not
    listed = counting(game, monkeypatch)
    assert [game.evaluator.wins(cards) for cards in hands] == expected
    assert listed == []


def test_with_a_winning_card_the_answer_is_every_split_judged(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(SEED + 1)
    hands = large_hands(game, SEED + 2)
    listed = counting(game, monkeypatch)
    for cards in hands:
        win_card = cards.pop(rng.randrange(len(cards)))
        expected = game.evaluate(cards, win_card=win_card).wins
        listed.clear()
        assert game.evaluator.wins(cards, win_card=win_card) == expected
        assert listed == []


def layout(pair_cards: int, trigger_cards: int = 0) -> SignatureLayout:
    groups = [(1, False, False), (pair_cards, True, False)]
    if trigger_cards:
        groups.append((trigger_cards, False, True))
    return SignatureLayout.of_groups(groups)


def test_a_hand_whose_pairs_could_overflow_their_field_is_not_read() -> None:
    three = layout(3)  # at most 13 pairs of three in 41 cards: a field of 4 bits (15)
    assert three.counts_exactly(SIGNED_CARDS + 6, 10)  # 47 cards: 15 pairs at most
    assert not three.counts_exactly(48, 10)  # 16 pairs would carry into the groups


def test_a_clause_asking_more_than_the_signatures_name_is_not_read() -> None:
    two = layout(2)  # 20 pairs named
    assert two.counts_exactly(46, 20)
    assert not two.counts_exactly(46, 21)  # a split of 21 groups may hold 21 pairs
    assert not two.counts_exactly(46, None)  # any number of groups: beyond max_groups
    assert not two.counts_exactly(46, two.max_groups + 1)


def test_trigger_groups_are_bounded_like_pairs() -> None:
    triggered = layout(2, trigger_cards=3)  # 13 triggers named, a field of 4 bits
    assert triggered.counts_exactly(47, 10)
    assert not triggered.counts_exactly(48, 10)
    assert not triggered.counts_exactly(45, 14)  # 14 groups may all be triggers
