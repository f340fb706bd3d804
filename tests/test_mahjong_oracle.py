"""Oracle test: the 跑馬仔 win test agrees with the `mahjong` library's hand divider.

PMZ-3 (the melds: runs formed in the hand, pongs) and PMZ-4 (any 4 melds + 1 pair wins;
seven pairs never does). The oracle is `HandDivider.divide_hand`, counted as a win only
through a 5-part division (4 melds + pair): its 7-part seven-pairs division is not a
跑馬仔 win, and kokushi is not a division at all. Hands are 34-counts in our deck order;
the library's order differs only in the dragons (ours 中 發 白, theirs 白 發 中).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from mahjong.hand_calculating.divider import HandDivider
from tablerules.interpreter import Game

SEED = 4_136
N_COMPLETE = 8_000
N_NEAR = 6_000
N_RANDOM = 6_000
N_EVALUATE = 2_000  # of the 20,000, this many (spread over the kinds) also go through evaluate
KINDS = 34
COPIES = 4

Hand = list[int]  # 34 counts, our deck order
Division = tuple[tuple[int, ...], ...]  # sorted melds, each sorted tile indices (their order)
Sample = list[tuple[str, Hand, list[Division]]]  # (kind of hand, hand, its standard divisions)

# Melds of a standard hand, defined without the rule file: runs within a suit, triplets.
RUNS = [(s * 9 + i, s * 9 + i + 1, s * 9 + i + 2) for s in range(3) for i in range(7)]
MELDS = RUNS + [(t, t, t) for t in range(KINDS)]


def theirs(tile: int) -> int:
    """A tile index in the mahjong library's order (swaps 中 and 白; its own inverse)."""
    return {31: 33, 33: 31}.get(tile, tile)


def their_counts(hand: Hand) -> list[int]:
    return [hand[theirs(t)] for t in range(KINDS)]


def standard_divisions(hand: Hand) -> list[Division]:
    """The divider's 4-melds-plus-pair divisions of a hand, as sorted meld tuples."""
    divisions = HandDivider.divide_hand(their_counts(hand))
    return [tuple(sorted(tuple(sorted(b)) for b in d)) for d in divisions if len(d) == 5]


def cards_of(hand: Hand) -> list[int]:
    return [t for t, n in enumerate(hand) for _ in range(n)]


def show(game: Game, hand: Hand) -> str:
    return " ".join(game.cards.ids[t] for t in cards_of(hand))


# ── hand builders ────────────────────────────────────────────────
def complete_hand(melds: list[tuple[int, ...]], pair: int) -> Hand | None:
    """4 melds + a pair as counts; None if a tile would appear more than 4 times."""
    hand = [0] * KINDS
    for meld in melds:
        for tile in meld:
            hand[tile] += 1
    hand[pair] += 2
    return hand if max(hand) <= COPIES else None


def near_miss(hand: Hand, drop: int, add: int) -> Hand | None:
    """`hand` with one copy of its `drop`-th held tile kind swapped for tile `add`."""
    held = [t for t in range(KINDS) if hand[t]]
    out, new = held[drop % len(held)], add % KINDS
    if new == out or hand[new] >= COPIES:
        return None
    swapped = list(hand)
    swapped[out] -= 1
    swapped[new] += 1
    return swapped


def random_hand(tiles: list[int]) -> Hand:
    """14 distinct physical tiles (0..135) as counts: a uniformly random deal."""
    hand = [0] * KINDS
    for physical in tiles:
        hand[physical // COPIES] += 1
    return hand


def seeded_hands(rng: random.Random) -> Iterator[tuple[str, Hand]]:
    """N_COMPLETE complete hands, N_NEAR near-misses and N_RANDOM random 14-tile hands."""
    complete: list[Hand] = []
    while len(complete) < N_COMPLETE:
        hand = complete_hand(rng.choices(MELDS, k=4), rng.randrange(KINDS))
        if hand is not None:
            complete.append(hand)
    near: list[Hand] = []
    while len(near) < N_NEAR:
        miss = near_miss(rng.choice(complete), rng.randrange(14), rng.randrange(KINDS))
        if miss is not None:
            near.append(miss)
    yield from (("complete", h) for h in complete)
    yield from (("near-miss", h) for h in near)
    for _ in range(N_RANDOM):
        yield "random", random_hand(rng.sample(range(KINDS * COPIES), 14))


@pytest.fixture(scope="module")
def hands() -> Sample:
    """The seeded hands with the divider's standard divisions of each."""
    return [(kind, h, standard_divisions(h)) for kind, h in seeded_hands(random.Random(SEED))]


def evaluated_subset(hands: Sample) -> Sample:
    """Every n-th hand, N_EVALUATE in all, so each kind of hand is represented."""
    return hands[:: len(hands) // N_EVALUATE]


# ── the seeded oracle ────────────────────────────────────────────
def test_hands_cover_wins_and_losses(hands: Sample) -> None:
    """The sample is not vacuous: complete hands all win, near-misses go both ways."""
    assert len(hands) >= 20_000
    wins = Counter(kind for kind, _, divisions in hands if divisions)
    assert wins["complete"] == N_COMPLETE
    assert 0 < wins["near-miss"] < N_NEAR
    assert wins["random"] < N_RANDOM // 100


def test_wins_packed_agrees_with_divider(pmz: Game, hands: Sample) -> None:
    """PMZ-3, PMZ-4: the fast win test is a win exactly when a 4 melds + pair division exists."""
    pack, wins = pmz.compiled.pack_counts, pmz.evaluator.wins_packed
    wrong = [
        f"{kind}: {show(pmz, hand)}; the divider says win={bool(divisions)}"
        for kind, hand, divisions in hands
        if wins(pack(hand)) != bool(divisions)
    ]
    assert not wrong, "\n".join(wrong[:10])


def test_evaluate_agrees_with_divider(pmz: Game, hands: Sample) -> None:
    """PMZ-3, PMZ-4: full evaluation wins exactly when the divider finds a standard division."""
    wrong = [
        f"{kind}: {show(pmz, hand)}; the divider says win={bool(divisions)}"
        for kind, hand, divisions in evaluated_subset(hands)
        if pmz.evaluator.evaluate(cards_of(hand)).wins != bool(divisions)
    ]
    assert not wrong, "\n".join(wrong[:10])


def winning_splits(game: Game, hand: Hand) -> list[Division]:
    """Our winning decompositions, as sorted meld tuples in the library's tile order."""
    index = game.cards.index
    return [
        tuple(sorted(tuple(sorted(theirs(index[c]) for c in g.cards)) for g in d.groups))
        for d in game.evaluator.evaluate(cards_of(hand)).winning
    ]


def test_winning_splits_match_divisions(pmz: Game, hands: Sample) -> None:
    """PMZ-3, PMZ-4: every split of a complete hand, no more and no fewer.

    The divider lists each division once (checked here), and our evaluation drops splits
    with the same groups, so the counts must be equal; comparing the sets of meld multisets
    also checks that the splits are the same ones. A run and a pong never share a meld
    multiset, so melds are compared by tiles alone.
    """
    several = 0
    for kind, hand, divisions in hands[: N_COMPLETE // 4]:
        assert kind == "complete"
        ours = winning_splits(pmz, hand)
        assert max(Counter(divisions).values()) == 1, show(pmz, hand)
        assert len(ours) == len(divisions), show(pmz, hand)
        assert set(ours) == set(divisions), show(pmz, hand)
        several += len(divisions) > 1
    assert several > 0  # some hands do split more than one way


def test_seven_pairs_win_only_as_four_melds_and_a_pair(pmz: Game) -> None:
    """PMZ-4: 七對 never wins; seven pairs such as 11223344556677m win only as runs."""
    rng = random.Random(SEED + 7)
    standard = 0
    for _ in range(500):
        hand = [0] * KINDS
        for tile in rng.sample(range(KINDS), 7):
            hand[tile] = 2
        divisions = standard_divisions(hand)
        assert pmz.evaluator.wins_packed(pmz.compiled.pack_counts(hand)) == bool(divisions)
        assert len(HandDivider.divide_hand(their_counts(hand))) == len(divisions) + 1
        standard += bool(divisions)
    fully_run = pmz.parse("11223344556677m")
    counts = pmz.cards.counts(fully_run)
    assert pmz.evaluate(fully_run).wins and standard_divisions(counts)
    assert standard < 500  # most seven-pairs hands are not standard wins


# ── the same property, hypothesis-driven ─────────────────────────
@st.composite
def any_hand(draw: st.DrawFn) -> Hand:
    """A complete hand, a near-miss of one, or a random 14-tile deal."""
    shape = draw(st.sampled_from(["complete", "near-miss", "random"]))
    if shape == "random":
        physical = st.integers(0, KINDS * COPIES - 1)
        return random_hand(draw(st.lists(physical, min_size=14, max_size=14, unique=True)))
    melds = draw(st.lists(st.sampled_from(MELDS), min_size=4, max_size=4))
    hand = complete_hand(melds, draw(st.integers(0, KINDS - 1)))
    if hand is not None and shape == "near-miss":
        hand = near_miss(hand, draw(st.integers(0, 13)), draw(st.integers(0, KINDS - 1)))
    assume(hand is not None)  # more than 4 copies of a tile: not a hand
    return hand


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=any_hand())
def test_win_test_agrees_with_divider_hypothesis(pmz: Game, hand: Hand) -> None:
    """PMZ-3, PMZ-4: both win tests and the split count agree with the divider."""
    divisions = standard_divisions(hand)
    assert pmz.evaluator.wins_packed(pmz.compiled.pack_counts(hand)) == bool(divisions)
    assert sorted(winning_splits(pmz, hand)) == sorted(divisions)
