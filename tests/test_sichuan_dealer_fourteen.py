"""四川's deal (SC-1, SC-2): the dealer is dealt 14 and chooses its 換三張 and its void suit
from 14, then discards first; its own-turn ways (a concealed kong) are open at that first
turn as at any turn of its own (SC-5)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.dealing.shuffle import shuffle

SICHUAN = Path(__file__).resolve().parents[1] / "rules" / "sichuan.rules"


@pytest.fixture(scope="module")
def sichuan() -> Game:
    return load_game(SICHUAN)


def _deck(table: Table, seed: int) -> list[int]:
    """The seeded hand's shuffled deck, as the table shuffled it."""
    deck = list(table.play.deck)
    shuffle(deck, random.Random(seed))
    return deck


def _suit(game: Game, card: int) -> str:
    return game.cards.ids[card][-1]


def test_the_dealer_holds_fourteen_and_the_others_thirteen_before_the_exchange(
    sichuan: Game,
) -> None:
    for seed in range(5):
        table = Table(sichuan, seed=seed)
        dealer = table.state.dealer
        assert table.state.decision is not None  # the exchange: nothing has moved yet
        assert not any(e["type"] in ("exchange", "draw") for e in table.events)
        sizes = [sum(seat.hand) for seat in table.state.seats]
        assert sizes[dealer] == 14
        assert [n for s, n in enumerate(sizes) if s != dealer] == [13, 13, 13]
        assert len(table.state.wall) - table.state.head == 108 - 53


def test_the_dealer_may_pass_the_tile_it_once_drew_only_after_the_phases(
    sichuan: Game,
) -> None:
    """The 53rd card of the shuffle, once the dealer's first draw, is now dealt to it: it may
    be among the three it passes."""
    for seed in range(200):
        table = Table(sichuan, seed=seed)
        dealer = table.state.dealer
        deck = _deck(table, seed)
        card = deck[52]
        hand = table.state.seats[dealer].hand
        same = [c for c in range(len(hand)) for _ in range(hand[c]) if c != card]
        same = [c for c in same if _suit(sichuan, c) == _suit(sichuan, card)]
        if hand[card] == 1 and len(same) >= 2:  # its only tile of that kind
            break
    else:
        pytest.fail("no seed in range gives the dealer the tile and two more of its suit")
    held = Counter({c: n for c, n in enumerate(hand) if n})
    blocks = [Counter(deck[i : i + 13]) for i in range(0, 52, 13)]
    assert any(held == block + Counter([card]) for block in blocks)  # 13 dealt, then the 53rd
    label = "換三張 " + " ".join(sichuan.cards.ids[c] for c in [card, *same[:2]])
    labels = [choice.label for choice in table.legal_actions(dealer)]
    mine = next(lab for lab in labels if sorted(lab.split()) == sorted(label.split()))
    for step in range(4):
        seat = (dealer + step) % 4
        table.apply(mine if seat == dealer else table.legal_actions(seat)[0].label, seat=seat)
    event = next(e for e in table.events if e["type"] == "exchange")
    assert sichuan.cards.ids[card] in event["passed"][dealer]


def test_the_dealer_may_lay_a_concealed_kong_before_its_first_discard(sichuan: Game) -> None:
    hands = [
        "1111m 234m 567m 9m 1s2s3s",  # the dealer's 14: four 一萬
        "111p 234p 567p 9p 4s5s6s",
        "222m 345m 678m 9m 7s8s9s",
        "222p 345p 678p 8p 2s2s2s",
    ]
    table = Table(
        sichuan, dealer=0, hands=[sichuan.parse(h) for h in hands], wall=sichuan.parse("8m 5p")
    )
    for seat, passed in enumerate(["1s 2s 3s", "4s 5s 6s", "7s 8s 9s", "2s 2s 2s"]):
        table.apply(f"換三張 {passed}", seat=seat)
    for seat in range(4):
        table.apply("定缺 s", seat=seat)
    labels = [choice.label for choice in table.legal_actions(0)]
    assert "暗槓 一萬一萬一萬一萬" in labels
    table.apply("暗槓 一萬一萬一萬一萬", seat=0)
    kinds = [e["type"] for e in table.events]
    assert "draw" not in kinds and kinds[-1] == "replacement"
    assert table.events[-1]["card"] == "5p"  # from the wall's tail
