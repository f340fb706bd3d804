"""Two authors, one rule book: `rules/taiwan.rules` against an independent writing of
RULES.md's TW section (`tests/fixtures/reauthored/taiwan.rules`), on seeded random hands.

Each hand is five melds and a pair (or a tile off), in one suit or several, with honours or
not, some melds claimed (吃, 碰, 明槓) or laid concealed (暗槓), flowers laid, and a random
seat, round, dealer's streak and way of winning. Both files must agree on whether it wins,
its 台 and what each payer pays (莊家 and 連莊 between the dealer and the winner, TW-8).

Left out, a reading RULES.md leaves open: whether 天胡 is also a 自摸. The bundled file has the
dealer draw its 17th tile at its first turn, so its 天胡 is a self-draw (自摸, 不求人); this
writing deals the dealer 17 as TW-1 says and counts 天胡 on the dealt hand without 自摸. Both
give 天胡 its 16 台 (checked below).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from reauthored import (
    HONOURS,
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

BUNDLED = ROOT / "rules" / "taiwan.rules"
OURS = REAUTHORED / "taiwan.rules"
BUNDLED_WORDS = {"pong": "刻", "kong": "槓", "concealed kong": "暗槓", "chow": "順", "flower": "花"}
OUR_WORDS = {"pong": "明刻", "kong": "明槓", "concealed kong": "暗槓", "chow": "順", "flower": "花"}
FLOWERS = [f"f{i}" for i in range(1, 9)]


def taiwan_deal(rng: random.Random) -> Deal | None:
    """A random Taiwanese hand with its flowers (None when the tiles ran short)."""
    suits = NUMBER_SUITS if rng.random() < 0.5 else (rng.choice(NUMBER_SUITS),)
    honours = HONOURS if rng.random() < 0.6 else ()
    made = None
    while made is None:
        made = complete_hand(rng, 5, suits, honours)
    groups, pair = made
    groups, table = lay_down(rng, groups, rng.choice([0, 0.2, 0.5, 1.0]), chows=True)
    for flower in rng.sample(FLOWERS, rng.choice([0, 0, 1, 2, 3, 4, 5, 8])):
        table.append(("flower", (flower,)))
    concealed = [t for g in groups for t in g] + pair
    if rng.random() < 0.25:
        concealed = perturb(rng, concealed, tiles_of(suits, honours))
    if not fits(concealed + [t for _, g in table for t in g]):
        return None
    hand, win = pick_win(rng, concealed)
    how = rng.choice(["self", "self", "discard", "discard", "replacement", "robbed"])
    facts: dict[str, object] = {"round": rng.randrange(4), "streak": rng.choice([0, 0, 1, 3])}
    if how in ("self", "replacement") and rng.random() < 0.2:
        facts["last_card"] = True
    claimed = any(role in ("pong", "kong", "chow") for role, _ in table)
    if how == "self" and not claimed and rng.random() < 0.15:
        facts["first_draw"] = True
        facts["no_claim"] = rng.random() < 0.7
    return Deal(tuple(hand), tuple(table), win, how, rng.randrange(4), tuple(sorted(facts.items())))


def heavenly(deal: Deal) -> bool:
    """The dealer's win on its first draw: 天胡, a reading choice (see the module text)."""
    return deal.seat == 0 and deal.how == "self" and dict(deal.facts).get("first_draw", False)


def ours_of(deal: Deal) -> Deal:
    """The deal as this writing says it: 天胡 is a win on the dealer's dealt hand."""
    return replace(deal, how="dealt") if heavenly(deal) else deal


def deals(seed: int, count: int) -> list[Deal]:
    return dealt(taiwan_deal, seed, count)


@pytest.mark.parametrize("seed", [1, 2])
def test_both_writings_agree(seed: int) -> None:
    """Every hand but 天胡: the same win, 台 and payments from both files."""
    compared = [deal for deal in deals(seed, 250) if not heavenly(deal)]
    found, wins = disagreements(compared, (BUNDLED, OURS), (BUNDLED_WORDS, OUR_WORDS), "台")
    assert not found, f"{len(found)} hands differ:\n" + "\n".join(found[:5])
    assert wins > 100


def test_heavenly_win_is_sixteen_tai_in_both() -> None:
    """天胡 (P2-8) adds its 16 台 in both files; only whether 自摸 counts with it differs."""
    checked = 0
    for deal in deals(3, 600):
        if not heavenly(deal):
            continue
        bundled = judge(BUNDLED, deal, BUNDLED_WORDS, "台")
        ours = judge(OURS, ours_of(deal), OUR_WORDS, "台")
        assert bundled.wins == ours.wins, deal.describe()
        if bundled.wins:
            checked += 1
            assert bundled.patterns.get("天胡") == ours.patterns.get("天胡") == 1
            # 不求人 3 with 自摸, or 門清 1 without it: 2 台 apart, nothing else
            assert bundled.score is not None and ours.score is not None
            assert bundled.score - ours.score == 2 * (ours.patterns.get("門清", 0))
    assert checked > 0
