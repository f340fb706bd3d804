"""Two authors, one rule book: `rules/changsha.rules` against an independent writing of
RULES.md's CS section (`tests/fixtures/reauthored/changsha.rules`), on seeded random hands.

Each hand is four melds and a pair or seven pairs (four alike among them at times), or
fourteen tiles of 2, 5 and 8 in any shape, or a tile off one of these, with some 吃, 碰 and
槓 on the table and a random way of winning (天胡 on the dealt hand, 地胡 on the first
discard, 海底, 槓上, a robbed kong). Both files must agree on whether it wins, its 大胡 and
what each payer pays. A robbed kong is paid by the robbed seat: one file says `robbed`,
the other its discarder, the same seat.

A hand of 2, 5 and 8 with a meld laid and no other shape wins in both (P2-9: the table
melds count): the bundled file's 將將胡 of any shape is a form of cards, which holds with
groups on the table too.

A kong's replacement may be the wall's last tile (海底撈月 and 槓上開花 both: its drawer
takes the 海底 so, CS-8). Not compared: the bird (CS-9), which `evaluate` does not turn.
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

BUNDLED = ROOT / "rules" / "changsha.rules"
OURS = REAUTHORED / "changsha.rules"
WORDS = {"pong": "刻", "kong": "槓", "concealed kong": "槓", "chow": "順"}
GENERALS = [f"{rank}{suit}" for rank in (2, 5, 8) for suit in NUMBER_SUITS]


def any_shape_generals(rng: random.Random) -> list[str]:
    """Fourteen tiles, every one a 2, 5 or 8, in whatever shape they fall."""
    while True:
        tiles = rng.choices(GENERALS, k=14)
        if fits(tiles):
            return tiles


def changsha_deal(rng: random.Random) -> Deal | None:
    """A random Changsha hand (None when the tiles ran short)."""
    suits = NUMBER_SUITS if rng.random() < 0.6 else (rng.choice(NUMBER_SUITS),)
    table: list[tuple[str, tuple[str, ...]]] = []
    if rng.random() < 0.12:
        concealed = any_shape_generals(rng)
    else:
        made = None
        while made is None:
            made = complete_hand(rng, 4, suits, pairs_form=rng.random() < 0.2)
        groups, pair = made
        groups, table = lay_down(rng, groups, rng.choice([0, 0.3, 1.0]) if pair else 0, True)
        concealed = [t for g in groups for t in g] + pair
    if rng.random() < 0.25:
        concealed = perturb(rng, concealed, tiles_of(suits, ()))
    if not fits(concealed + [t for _, g in table for t in g]):
        return None
    hand, win = pick_win(rng, concealed)
    seat = rng.randrange(4)
    how = rng.choice(["self", "self", "discard", "discard", "replacement", "robbed"])
    if seat == 0 and not table and rng.random() < 0.15:
        how = "dealt"  # 天胡: the dealer's dealt fourteen
    facts: dict[str, object] = {}
    if how in ("self", "replacement") and rng.random() < 0.2:
        facts["last_card"] = True
    if how == "discard":
        roll = rng.random()
        if roll < 0.12:
            facts["after_replacement"] = True
        elif roll < 0.24:
            facts["after_last_card"] = True
        elif roll < 0.34 and seat != 0:
            facts["first_discard"] = True
        elif roll < 0.44:
            facts["replacement_shown"] = True
    return Deal(tuple(hand), tuple(table), win, how, seat, tuple(sorted(facts.items())))


def deals(seed: int, count: int) -> list[Deal]:
    return dealt(changsha_deal, seed, count)


def generals_only(deal: Deal) -> bool:
    tiles = [*deal.hand, deal.win, *(t for _, group in deal.table for t in group)]
    return all(tile[0] in "258" for tile in tiles)


@pytest.mark.parametrize("seed", [1, 2])
def test_both_writings_agree(seed: int) -> None:
    """Every hand but the all-2-5-8 ones (below): the same win, 大胡 and payments."""
    compared = [deal for deal in deals(seed, 300) if not generals_only(deal)]
    found, wins = disagreements(compared, (BUNDLED, OURS), (WORDS, WORDS), "大胡")
    assert not found, f"{len(found)} hands differ:\n" + "\n".join(found[:5])
    assert wins > 100


def test_seven_pairs_with_two_fours_is_no_pong_hand() -> None:
    """CS-4, P2-9: seven pairs holding two sets of four alike are 七小對 and two more 大胡,
    no 碰碰胡 (the bundled file once counted one: its split has five groups and no run)."""
    deal = Deal(
        ("2s", "2s", "2s", "2s", "6s", "6s", "6s", "6s", "9s", "9s", "1s", "1s", "3s"),
        (),
        "3s",
        "discard",
        seat=2,
    )
    for path in (BUNDLED, OURS):
        verdict = judge(path, deal, WORDS, "大胡")
        assert verdict.wins, path
        assert verdict.score == 4, path  # 清一色 1 + 七小對 1 + 2 for the two four alike
        assert verdict.patterns.get("碰碰胡", 0) == 0, path


def test_generals_of_any_shape_win_in_both() -> None:
    """CS-4: 將將胡 is every tile a 2, 5 or 8, any shape (the bundled file once won it only
    in four melds and a pair or seven pairs)."""
    found = []
    checked = 0
    for deal in deals(4, 600):
        if not generals_only(deal):
            continue
        bundled = judge(BUNDLED, deal, WORDS, "大胡")
        ours = judge(OURS, deal, WORDS, "大胡")
        checked += bundled.wins
        if bundled.key() != ours.key():
            found.append(deal.describe())
    assert not found, f"{len(found)} hands differ, first: {found[0]}"
    assert checked > 20


def test_generals_of_any_shape_with_a_pong_laid_win_in_both() -> None:
    """CS-4, P2-9: 將將胡 counts the table melds too, so a pong of 8s laid and concealed
    2/5/8 tiles in no shape win it (a form of cards once held only with nothing laid)."""
    deal = Deal(
        ("2p", "5p", "2m", "5m", "8m", "2s", "5s", "8s", "2m", "5s"),
        (("pong", ("8m",) * 3),),
        "8p",
        "discard",
        seat=1,
    )
    assert judge(OURS, deal, WORDS, "大胡").wins
    assert judge(BUNDLED, deal, WORDS, "大胡").wins
