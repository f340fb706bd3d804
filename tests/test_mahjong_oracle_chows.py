"""Oracle test: the rule files with chows agree with the `mahjong` library's hand shapes.

`tests/test_mahjong_oracle.py` holds 跑馬仔 (no chow) to the library's divider; here the
files whose runs may be claimed are held to it too, on seeded hands:

- HK-4 (`rules/hongkong.rules`): a hand's complete splits, whatever they score, are exactly
  the divider's 4-melds-and-a-pair divisions (its seven-pairs division is no HK hand and
  thirteen orphans no division of its);
- TW-3 (`rules/taiwan.rules`, sixteen tiles and one): the waits `count_waits` finds for a
  hand before its winning tile are exactly the tiles with which `Agari.is_agari` finds five
  melds and a pair. `is_agari` also answers "seven pairs" for any hand holding seven kinds
  twice, whatever its size: a hand where that test would answer is left out.

The library writes tiles 0..33 as 1-9 萬, 筒, 索, then 東 南 西 北 白 發 中; cards are matched
by name, so no deck order is assumed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from mahjong.agari import Agari
from mahjong.hand_calculating.divider import HandDivider
from peer_hands import compact
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.compiling.conditions import win_from
from tablerules.interpreter.hand.waits import count_waits

SEED = 5_150
N_HK = 1_500
N_TW = 1_500
KINDS = 34
COPIES = 4
HONOURS = "ESWNPFC"  # the library's 27..33
RUNS = [(s * 9 + i, s * 9 + i + 1, s * 9 + i + 2) for s in range(3) for i in range(7)]
MELDS = RUNS + [(t, t, t) for t in range(KINDS)]

Counts = list[int]  # 34 counts in the library's order


def name(tile: int) -> str:
    """A library tile index as the rule files' card id."""
    return f"{tile % 9 + 1}{'mps'[tile // 9]}" if tile < 27 else HONOURS[tile - 27]


def text(hand: Counts) -> str:
    return " ".join(name(t) for t in range(KINDS) for _ in range(hand[t]))


def seeded(rng: random.Random, melds: int, near: float) -> Iterator[Counts]:
    """Complete hands of `melds` melds and a pair; a share `near` of them with one tile
    swapped for another (a near-miss, which may or may not be complete)."""
    while True:
        hand = [0] * KINDS
        for meld in rng.choices(MELDS, k=melds):
            for tile in meld:
                hand[tile] += 1
        hand[rng.randrange(KINDS)] += 2
        if rng.random() < near:
            held = [t for t in range(KINDS) if hand[t]]
            hand[rng.choice(held)] -= 1
            hand[rng.randrange(KINDS)] += 1
        if max(hand) <= COPIES:
            yield hand


def divisions(hand: Counts) -> set[tuple[str, ...]]:
    """The divider's 4-melds-and-a-pair divisions, each as sorted groups written `234m`."""
    found = set()
    for division in HandDivider.divide_hand(hand):
        if len(division) == 5:
            groups = (compact(tuple(name(t) for t in block)) for block in division)
            found.add(tuple(sorted(groups)))
    return found


def splits(game: Game, hand: Counts) -> set[tuple[str, ...]]:
    """Our complete splits of the hand (a form such as thirteen orphans aside)."""
    evaluation = game.evaluate_text(text(hand))
    listed = (split for split in evaluation.decompositions if split.form is None)
    return {tuple(sorted(compact(group.cards) for group in split.groups)) for split in listed}


def five_melds(hand: Counts) -> bool | None:
    """Whether the library finds five melds and a pair; None where its seven-pairs test,
    not its shape test, would answer."""
    odd_honour = any(hand[t] in (1, 3) for t in range(27, KINDS))
    if not odd_honour and sum(1 for count in hand if count == 2) == 7:
        return None
    return Agari.is_agari(hand)


def library_waits(hand: Counts) -> int | None:
    """The tiles, not all held already, with which the library completes the hand."""
    waits = 0
    for tile in range(KINDS):
        if hand[tile] >= COPIES:
            continue
        hand[tile] += 1
        complete = five_melds(hand)
        hand[tile] -= 1
        if complete is None:
            return None
        waits += complete
    return waits


@pytest.fixture(scope="module")
def hk() -> Game:
    return load_game("hongkong")


@pytest.fixture(scope="module")
def tw() -> Game:
    return load_game("taiwan")


def test_hk_splits_are_the_dividers_divisions(hk: Game) -> None:
    """HK-4: complete hands and near-misses split exactly as the divider divides them."""
    rng = random.Random(SEED)
    hands = seeded(rng, melds=4, near=0.5)
    wrong, complete = [], 0
    for _ in range(N_HK):
        hand = next(hands)
        theirs = divisions(hand)
        complete += bool(theirs)
        mine = splits(hk, hand)
        if mine != theirs:
            wrong.append(f"{text(hand)}: divider {sorted(theirs)}, ours {sorted(mine)}")
    assert N_HK // 2 < complete < N_HK  # near-misses go both ways: the sample is no vacuum
    assert not wrong, "\n".join(wrong[:10])


def test_tw_waits_are_the_librarys(tw: Game) -> None:
    """TW-3: a sixteen-tile hand waits on exactly the tiles that give it five melds and a
    pair by the library's shape test (a wait by the shape, TW-6's 平胡 reads it)."""
    rng = random.Random(SEED + 1)
    hands = seeded(rng, melds=5, near=0.0)
    cards = tw.compiled.cards
    index = [cards.lookup(name(t)) for t in range(KINDS)]
    conditions = win_from("discard", 1)[1]
    wrong, compared, ready = [], 0, 0
    for _ in range(N_TW):
        hand = next(hands)
        held = [t for t in range(KINDS) if hand[t]]
        hand[rng.choice(held)] -= 1  # sixteen tiles: the winning one drawn out
        if rng.random() < 0.3:  # and sometimes one more swapped: not always ready
            held = [t for t in range(KINDS) if hand[t]]
            swap = rng.randrange(KINDS)
            if hand[swap] < COPIES:
                hand[rng.choice(held)] -= 1
                hand[swap] += 1
        theirs = library_waits(hand)
        if theirs is None:
            continue
        counts = [0] * len(cards.ids)
        for tile in range(KINDS):
            counts[index[tile]] += hand[tile]
        mine = count_waits(tw.evaluator, counts, (), conditions)
        compared += 1
        ready += theirs > 0
        if mine != theirs:
            wrong.append(f"{text(hand)}: library {theirs} waits, ours {mine}")
    assert compared > N_TW * 9 // 10 and compared // 2 < ready < compared
    assert not wrong, "\n".join(wrong[:10])
