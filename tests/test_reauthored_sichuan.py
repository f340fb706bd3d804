"""Two authors, one rule book: `rules/sichuan.rules` against an independent writing of
RULES.md's SC section (`tests/fixtures/reauthored/sichuan.rules`), on seeded random hands.

Each hand is complete (four melds and a pair, or seven pairs, in the two suits the winner
kept) or a tile off, with some 碰 and 槓 on the table, the void suit declared, and a random
way of winning (a self-draw, a kong's replacement, a discard, a robbed kong; the last tile,
the discard after a replacement or after the last tile). Both files must agree on whether it
wins, its 番 and every payment: RULES.md fixes all of these, so no hand is left out.

Both deal the dealer 14 (SC-1), so it chooses its 換三張 and its void suit from 14; where
the two files differ outside what `evaluate` judges, it is a reading RULES.md leaves open and
each file says which it takes.
"""

from __future__ import annotations

import random

import pytest
from reauthored import (
    NUMBER_SUITS,
    REAUTHORED,
    ROOT,
    Deal,
    complete_hand,
    dealt,
    disagreements,
    fits,
    judge,
    lay_down,
    perturb,
    pick_win,
    tiles_of,
)

BUNDLED = ROOT / "rules" / "sichuan.rules"
OURS = REAUTHORED / "sichuan.rules"
WORDS = {"pong": "刻", "kong": "槓", "concealed kong": "槓"}


def sichuan_deal(rng: random.Random) -> Deal | None:
    """A random Sichuan hand, its void suit declared (None when the tiles ran short)."""
    void = rng.choice(NUMBER_SUITS)
    kept = tuple(s for s in NUMBER_SUITS if s != void)
    suits = kept if rng.random() < 0.7 else (rng.choice(kept),)
    made = None
    while made is None:
        made = complete_hand(rng, 4, suits, pairs_form=rng.random() < 0.2)
    groups, pair = made
    groups, table = lay_down(rng, groups, 0.25 if pair else 0, chows=False)
    concealed = [t for g in groups for t in g] + pair
    if rng.random() < 0.3:  # a tile off, sometimes of the void suit
        pool = tiles_of(NUMBER_SUITS if rng.random() < 0.3 else suits, ())
        concealed = perturb(rng, concealed, pool)
    if not fits(concealed + [t for _, g in table for t in g]):
        return None
    hand, win = pick_win(rng, concealed)
    how = rng.choice(["self", "self", "discard", "discard", "replacement", "robbed"])
    facts: dict[str, object] = {"declared": (("suit", void),)}
    if how in ("self", "replacement") and rng.random() < 0.2:
        facts["last_card"] = True
    if how == "discard":
        roll = rng.random()
        if roll < 0.15:
            facts["after_replacement"] = True
        elif roll < 0.3:
            facts["after_last_card"] = True
    return Deal(tuple(hand), tuple(table), win, how, rng.randrange(4), tuple(sorted(facts.items())))


def deals(seed: int, count: int) -> list[Deal]:
    return dealt(sichuan_deal, seed, count)


@pytest.mark.parametrize("seed", [1, 2])
def test_both_writings_agree(seed: int) -> None:
    """Every hand: the same win, 番 and payments from both files."""
    found, wins = disagreements(deals(seed, 250), (BUNDLED, OURS), (WORDS, WORDS), "番")
    assert not found, f"{len(found)} hands differ:\n" + "\n".join(found[:5])
    assert wins > 100  # the hands are mostly winning ones: the comparison reaches the money


def test_a_last_tile_replacement_win_is_haidi_in_both() -> None:
    """SC-9 with P2-4: a win on the last tile drawn as a kong's replacement is 海底撈月 too
    (the bundled file once gave it 槓上開花 alone)."""
    deal = Deal(
        ("2m", "3m", "4m", "5m", "6m", "7m", "2p", "3p", "4p", "7p"),
        (("concealed kong", ("1m", "1m", "1m", "1m")),),
        "7p",
        "replacement",
        facts=(("declared", (("suit", "s"),)), ("last_card", True)),
    )
    for path in (BUNDLED, OURS):
        verdict = judge(path, deal, WORDS, "番")
        assert verdict.wins
        assert verdict.patterns.get("海底撈月") == 1, path
        assert verdict.patterns.get("槓上開花") == 1, path
