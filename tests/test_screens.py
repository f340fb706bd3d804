"""The screens that spare the engine its choices: a seat left out by a window, or a draw
called quiet, must have nothing to choose. Checked against the choices themselves at every
discard and every draw of a few random hands of each bundled rule file."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tablerules.interpreter import load_game
from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.state import Offer, packed_hand

ROOT = Path(__file__).resolve().parents[1]
RULE_FILES = sorted(
    p.relative_to(ROOT / "rules").as_posix()
    for p in [*(ROOT / "rules").glob("*.rules"), *(ROOT / "rules" / "variants").glob("*.rules")]
)


@pytest.mark.parametrize("name", RULE_FILES)
def test_seats_a_window_leaves_out_and_quiet_draws_have_no_choice(name: str) -> None:
    game = load_game(ROOT / "rules" / name)
    asked = left_out = 0
    # a file with wilds screens hands holding one apart from the others: more hands
    for seed in range(60 if game.compiled.wilds else 2):
        table = Table(game, seed=seed)
        rng = random.Random(seed)
        state, maker, play = table.state, table.maker, table.play
        while not table.finished:
            decision = state.decision
            assert decision is not None
            offer = decision.offer
            if offer.card is not None and offer.context == "discard":
                steps = play.ways_by_step(offer.context)
                seats = {seat for seat, _ in maker.askers(state, offer, steps)}
                for step, entries in steps:
                    seat = (offer.owner + step) % play.seats
                    if seat in seats:
                        asked += 1
                    else:
                        assert maker.choices(state, seat, offer, entries) == [], (seed, seat)
                        left_out += 1
            if (
                decision.kind == "turn"
                and offer.card is not None
                and offer.owner in (decision.options)
            ):  # a draw: the drawer's hand as it would be with each card drawn instead
                _check_quiet_draws(table, offer)
            seat = table.waiting_for()[0]
            table.apply(rng.choice(table.legal_actions(seat)))
    assert left_out > 0 and asked > 0, (asked, left_out)  # the screens were put to work


def _check_quiet_draws(table: Table, drawn: Offer) -> None:
    """Each card the drawer could have drawn (in its hand in place of the one drawn):
    where `quiet_draw` says so, none of its own ways gives it a choice."""
    state, maker, play = table.state, table.maker, table.play
    seat_index = drawn.owner
    seat = state.seats[seat_index]
    offers = maker.card_offers[drawn.context][seat_index]
    seat.lose(drawn.card)
    try:
        for card in range(len(seat.hand)):
            if seat.hand[card] >= play.compiled.cards.copies:
                continue
            seat.gain(card)
            try:
                if maker.quiet_draw(seat, offers[card]):
                    for context, offer in (
                        (drawn.context, offers[card]),
                        ("turn", Offer("turn", seat_index, None)),
                    ):
                        entries = play.ways_for(context, seat_index, seat_index)
                        assert maker.choices(state, seat_index, offer, entries) == [], card
            finally:
                seat.lose(card)
    finally:
        seat.gain(drawn.card)


def test_a_plain_hand_waiting_on_a_form_of_cards_is_not_screened_out_beside_wilds() -> None:
    """廣東 with 翻鬼, a ghost that is no 十三么 card: a hand of no ghost waiting on 發 for
    十三么 has no block-completing card (1m, 9m… each alone), yet 發 wins it (GD-3, P2-6)."""
    game = load_game(ROOT / "rules" / "guangdong.rules", {"翻鬼": "true"})
    orphans = game.parse("1m 9m 1p 9p 1s 9s E S W N C F P")
    seed = 0
    while True:  # a deal whose ghost is no 十三么 card
        table = Table(game, seed=seed)
        if not set(table.play.compiled.wilds.kinds) & set(orphans):
            break
        seed += 1
    hand = table.game.parse("1m 9m 1p 9p 1s 9s E S W N C P P")
    counts = [0] * len(table.play.compiled.cards)
    for card in hand:
        counts[card] += 1
    fa = table.game.parse("F")[0]
    assert table.game.evaluate([*hand, fa]).wins
    assert table.maker._may_complete(packed_hand(counts), fa)
