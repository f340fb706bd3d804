"""No observation leaks a hidden card: over thousands of observations of played hands, the
cards a seat cannot see (the other seats' concealed cards, the hidden cards of their table
groups, the wall and its order, a draw another seat keeps unseen) are dealt again at random,
and what the seat observes must not change; and what it observes agrees with `Table.view`,
the engine's own statement of what a seat sees."""

from __future__ import annotations

import copy
import random

import numpy as np
import pytest

pytest.importorskip("numpy")

from tablerules.agents.observation import ObservationEncoder
from tablerules.interpreter import load_game
from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.views import HIDDEN

LIES_HIDDEN = {"concealed": 0, "partly shown": 1}  # cards of a group others see, by how it lies


def hidden_from(table: Table, viewer: int) -> Table:
    """A copy of `table` in which every card `viewer` cannot see is dealt again at random
    (the same number in each place), and a card on offer it cannot see is another card."""
    twin = copy.copy(table)
    twin.state = copy.deepcopy(table.state)
    state = twin.state
    kinds = table.game.compiled.kinds
    rng = random.Random(len(state.events) * 31 + viewer)
    places: list[tuple[list[int], int]] = []  # (a list of cards, from which index it is hidden)
    pool: list[int] = []
    hands: list[tuple[int, int]] = []
    for index, seat in enumerate(state.seats):
        if index == viewer:
            continue
        size = sum(seat.hand)
        pool += [card for card, count in enumerate(seat.hand) for _ in range(count)]
        hands.append((index, size))
        for group in seat.table:
            shown = 0 if group.concealed else LIES_HIDDEN.get(kinds[group.kind].visibility, 99)
            if shown < len(group.cards):
                places.append((group.cards, shown))
                pool += group.cards[shown:]
    wall = state.wall[state.head : state.tail]
    pool += wall
    rng.shuffle(pool)
    for index, size in hands:
        hand = [0] * len(state.seats[index].hand)
        for card in pool[:size]:
            hand[card] += 1
        del pool[:size]
        state.seats[index].set_hand(hand)
    for cards, shown in places:
        taken = len(cards) - shown
        cards[shown:] = pool[:taken]
        del pool[:taken]
    state.wall[state.head : state.tail] = pool
    decision = state.decision
    view = table.view(viewer)["pending"]
    if decision is not None and view is not None and view["card"] == HIDDEN:
        other = rng.randrange(len(table.game.cards))
        decision.offer = decision.offer._replace(card=other)
    return twin


def segment(encoder: ObservationEncoder, observation: np.ndarray, name: str) -> list[int]:
    part = next(s for s in encoder.segments if s.name == name)
    return [int(v) for v in observation[part.start : part.start + part.size]]


def counts(table: Table, ids: list[str]) -> list[int]:
    index = table.game.compiled.cards.index
    found = [0] * len(table.game.cards)
    for card in ids:
        if card != HIDDEN:
            found[index[card]] += 1
    return found


def agrees_with_view(
    encoder: ObservationEncoder, table: Table, viewer: int, view: dict, observation: np.ndarray
) -> None:
    """The observation's cards are those `Table.view(viewer)` shows."""
    seats = len(view["seats"])
    cards = len(table.game.cards)
    assert segment(encoder, observation, "hand") == counts(table, view["seats"][viewer]["hand"])
    discards = segment(encoder, observation, "discards")
    seen = segment(encoder, observation, "table")
    hidden = segment(encoder, observation, "hidden")
    for step in range(seats):
        data = view["seats"][(viewer + step) % seats]
        block = slice(step * cards, (step + 1) * cards)
        assert discards[block] == counts(table, data["discards"])
        group_cards = [card for group in data["table"] for card in group["cards"]]
        assert seen[block] == counts(table, group_cards)
        unseen = group_cards.count(HIDDEN) + data["hand"].count(HIDDEN)
        assert hidden[step] == unseen
    pending = view["pending"]
    offered = segment(encoder, observation, "offer card")
    if pending is None or pending["card"] in (None, HIDDEN):
        assert not any(offered)
    else:
        assert offered == counts(table, [pending["card"]])
    assert segment(encoder, observation, "offer hidden") == [
        int(pending is not None and pending["card"] == HIDDEN)
    ]
    assert segment(encoder, observation, "wall") == [view["wall"]]


def hidden_state(table: Table) -> tuple:
    """Where every card lies, hidden or not (to tell that a deal again moved something)."""
    state = table.state
    return (
        [list(seat.hand) for seat in state.seats],
        [[list(group.cards) for group in seat.table] for seat in state.seats],
        state.wall[state.head : state.tail],
    )


@pytest.mark.parametrize(
    ("name", "hands"), [("paohuzi", 20), ("paomazai", 5), ("hongkong", 4), ("paohuzi-3p", 20)]
)
def test_hidden_cards_never_change_an_observation(name: str, hands: int) -> None:
    game = load_game(name)
    encoder = ObservationEncoder(game)
    observations = changed = unseen_offers = hidden_groups = 0
    for seed in range(hands):
        table = Table(game, seed=seed)
        rng = random.Random(seed)
        while not table.finished:
            where = hidden_state(table)
            for viewer in range(table.play.seats):
                view = table.view(viewer)
                twin = hidden_from(table, viewer)
                assert twin.view(viewer) == view  # only hidden cards moved
                changed += hidden_state(twin) != where
                mine = encoder.encode(table, viewer)
                assert np.array_equal(encoder.encode(twin, viewer), mine)
                agrees_with_view(encoder, table, viewer, view, mine)
                observations += 1
                pending = view["pending"]
                unseen_offers += pending is not None and pending["card"] == HIDDEN
                hidden_groups += any(
                    HIDDEN in group["cards"] for seat in view["seats"] for group in seat["table"]
                )
            seat = table.waiting_for()[0]
            table.apply(rng.choice(table.legal_actions(seat)))
    assert observations > 1000, observations
    assert changed > 0.9 * observations  # the hidden cards really were dealt again
    if name != "paohuzi-3p":  # its draws taken unseen are forced, never waited on
        assert unseen_offers > 0  # draws kept unseen were among them
    if name.startswith("paohuzi"):
        assert hidden_groups > 0  # and groups lying face down


def test_a_visible_change_does_change_the_observation() -> None:
    """The test above has teeth: moving a card the seat can see changes what it observes."""
    game = load_game("paomazai")
    encoder = ObservationEncoder(game)
    table = Table(game, seed=3)
    before = encoder.encode(table, 0)
    twin = copy.copy(table)
    twin.state = copy.deepcopy(table.state)
    twin.state.seats[2].discards.append(5)
    assert not np.array_equal(encoder.encode(twin, 0), before)


def test_the_card_shown_on_the_deal_is_seen_by_every_seat() -> None:
    game = load_game("paohuzi")
    encoder = ObservationEncoder(game)
    table = Table(game, seed=3)
    shown = next(e["card"] for e in table.events if e["type"] == "shown")
    for viewer in range(table.play.seats):
        seen = segment(encoder, encoder.encode(table, viewer), "shown on deal")
        assert seen == counts(table, [shown])
