"""The engine's public contract: legal actions and why not, refusals that change nothing,
views that hide what a seat may not see, snapshots, and determinism."""

from __future__ import annotations

import copy
import dataclasses
import json
import random

import pytest
from tablerules.interpreter import Game
from tablerules.interpreter.engine import IllegalAction, Table

F1 = "1p2p4p6p7p9p 1s3s5s7s S W N"
F2 = "2s4s6s8s 3m5m7m9m 8p 2p S W N"
F3 = "4m6m8m9m 1p3p7p9p 2s4s6s N W"
DEALER = "1m3m5m7m9m 2p4p6p8p 1s3s C P"


def rigged(game: Game, hands: list[str], wall: str, dealer: int = 0) -> Table:
    return Table(game, dealer=dealer, hands=[game.parse(h) for h in hands], wall=game.parse(wall))


def play_randomly(table: Table, seed: int) -> Table:
    rng = random.Random(seed)
    while not table.finished:
        seat = table.waiting_for()[0]
        table.apply(rng.choice(table.legal_actions(seat)))
    return table


def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing(pmz: Game) -> None:
    table = rigged(pmz, [DEALER, "234m 567m 789s EEE 5p", F2, F3], "5p 6s")
    before = json.dumps(table.view(), sort_keys=True)
    with pytest.raises(IllegalAction, match="not asked to act now"):
        table.apply("discard 中", seat=1)
    with pytest.raises(IllegalAction, match="is not legal now"):
        table.apply("discard 東", seat=0)
    assert json.dumps(table.view(), sort_keys=True) == before
    table.apply("discard 五筒", seat=0)
    assert table.waiting_for() == [1]
    assert {c.label for c in table.legal_actions(1)} == {"胡", "pass"}


def test_a_discard_of_a_card_the_rules_do_not_name_says_so(pmz: Game) -> None:
    # a name the deck does not know is not "a discard not legal now"
    table = rigged(pmz, [DEALER, "234m 567m 789s EEE 5p", F2, F3], "5p 6s")
    with pytest.raises(IllegalAction, match="'五餅子' names no card of these rules: unknown"):
        table.apply("discard 五餅子", seat=0)


def test_why_an_action_is_not_legal(pmz: Game) -> None:
    table = rigged(pmz, [DEALER, "234m 567m 789s EEE 5p", F2, F3], "5p 6s")
    assert "not asked to act now" in table.explain(2, "碰")
    assert "legal" in table.explain(0, "discard")
    assert "there is no action '吃'" in table.explain(0, "吃")
    table.apply("discard 五筒", seat=0)
    assert table.explain(1, "胡").startswith("legal")
    assert "cards for 碰 are not in hand" in table.explain(1, "碰")
    assert "no discard while responding" in table.explain(1, "discard")


def test_a_restriction_is_named_as_the_reason(pmz: Game) -> None:
    """PMZ-23: a seat that passed a win may still pong, but not win, before its next draw."""
    hands = [
        DEALER,
        "234m 567m 789s 55p 34p",
        "2s4s6s8s 3m5m7m9m 8p S W N C",
        "22p 5p 4m6m8m9m 1p3p 2s4s6s N",
    ]
    table = rigged(pmz, hands, "2p 9p")
    table.apply("discard 二筒", seat=0)
    assert {c.label for c in table.legal_actions(1)} == {"胡", "pass"}
    table.apply("pass", seat=1)
    table.apply("碰 二筒二筒二筒", seat=3)
    assert "過水" in table.view(1)["seats"][1]["restrictions"]
    assert table.view(2)["seats"][1]["restrictions"] == []  # others do not see it
    table.apply("discard 五筒", seat=3)
    assert {c.label for c in table.legal_actions(1)} == {"碰 五筒五筒五筒", "pass"}
    assert table.explain(1, "胡") == "restricted by 過水 until it lapses [PMZ-23]"


def test_seat_views_hide_other_hands_and_kept_draws(pmz: Game) -> None:
    table = Table(pmz, seed=3)
    dealer = table.state.dealer
    other = (dealer + 1) % 4
    mine = table.view(dealer)
    theirs = table.view(other)
    assert "?" not in mine["seats"][dealer]["hand"]
    assert set(theirs["seats"][dealer]["hand"]) == {"?"}
    assert theirs["pending"]["options"] == {other: []}
    assert isinstance(theirs["wall"], int)
    referee = table.view()
    assert len(referee["wall"]) == theirs["wall"]
    assert referee["seats"][dealer]["hand"] == mine["seats"][dealer]["hand"]


def test_snapshot_and_restore_step_back(phz: Game) -> None:
    table = Table(phz, seed=11)
    rng = random.Random(1)
    for _ in range(5):
        if table.finished:
            break
        seat = table.waiting_for()[0]
        table.apply(rng.choice(table.legal_actions(seat)))
    saved = table.snapshot()
    events = len(table.events)
    view = json.dumps(table.view(), sort_keys=True)
    play_randomly(table, 2)
    table.restore(saved)
    assert len(table.events) == events
    assert json.dumps(table.view(), sort_keys=True) == view


@pytest.mark.parametrize("fixture", ["pmz", "phz"])
def test_same_seed_same_log(fixture: str, request: pytest.FixtureRequest) -> None:
    game = request.getfixturevalue(fixture)
    first = play_randomly(Table(game, seed=42), 7).events
    second = play_randomly(Table(game, seed=42), 7).events
    assert first == second
    third = play_randomly(Table(game, seed=43), 7).events
    assert first != third


def test_every_event_names_its_clause(phz: Game, pmz: Game) -> None:
    for game in (pmz, phz):
        for seed in range(20):
            table = play_randomly(Table(game, seed=seed), seed)
            for event in table.events:
                assert event.get("clause"), event


def test_a_choice_equal_to_an_offered_one_is_taken_and_a_different_one_refused(pmz: Game) -> None:
    """`apply` finds a choice by identity first, then by equality: a copy of an offered
    choice is still that choice, one differing in a field is not offered."""
    table = rigged(pmz, [DEALER, "234m 567m 789s EEE 5p", F2, F3], "5p 6s")
    offered = next(c for c in table.offered(0) if c.label == "discard 五筒")
    before = json.dumps(table.view(), sort_keys=True)
    with pytest.raises(IllegalAction, match="is not legal now"):
        table.apply(dataclasses.replace(offered, label="discard x"))
    assert json.dumps(table.view(), sort_keys=True) == before
    same = copy.copy(offered)
    assert same is not offered and same == offered
    table.apply(same)
    assert table.waiting_for() == [1]


def test_the_cards_a_choice_takes_are_no_part_of_what_it_is(pmz: Game) -> None:
    """A group's choice carries its packed cards and their kinds' guard bits for the
    engine's tests; two choices differing only there are equal and read the same."""
    hands = [DEALER, "234m 567m 789s 55p 34p", F2, "22p 5p 4m6m8m9m 1p3p 2s4s6s N"]
    table = rigged(pmz, hands, "2p 9p")
    table.apply("discard 二筒", seat=0)
    pong = next(c for c in table.offered(3) if c.label == "碰 二筒二筒二筒")
    assert pong.packed_taken and pong.kinds_touched  # set when the choice is made
    bare = dataclasses.replace(pong, packed_taken=0, kinds_touched=0)
    assert bare == pong
    assert hash(bare) == hash(pong)
    assert repr(bare) == repr(pong)
    assert bare.to_json() == pong.to_json()


def test_offered_is_the_tables_own_sequence_of_legal_actions(pmz: Game) -> None:
    """`offered` holds what `legal_actions` copies, and nothing for a seat that has
    chosen, is not asked, or once the hand is over."""
    hands = [DEALER, "234m 567m 789s 55p 34p", F2, "22p 5p 4m6m8m9m 1p3p 2s4s6s N"]
    table = rigged(pmz, hands, "2p 9p")
    table.apply("discard 二筒", seat=0)
    assert table.waiting_for() == [1, 3]
    for seat in (1, 3):
        offered = table.offered(seat)
        assert list(offered) == table.legal_actions(seat)
        assert offered is table.state.decision.options[seat]  # not copied
        assert table.legal_actions(seat) is not offered  # a copy, the caller's to change
    assert table.offered(2) == ()  # not asked
    asked = table.snapshot()
    table.apply("pass", seat=1)
    assert table.waiting_for() == [3]
    assert table.offered(1) == ()  # has chosen
    table.restore(asked)
    table.apply("胡", seat=1)
    table.apply("pass", seat=3)
    assert table.finished
    assert all(table.offered(seat) == () for seat in range(4))  # the hand is over
