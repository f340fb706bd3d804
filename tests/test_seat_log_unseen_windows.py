"""A seat's own copy of the event log (what `seat_events` gives: OpenSpiel's information
state, the scenarios' `seen`) never tells it that another seat could have claimed a card:
two deals that differ only in a card of one seat's concealed hand, which lets that seat
pong a discard in one of them, give every other seat the same log once it passes."""

from __future__ import annotations

import json

from tablerules.interpreter import load_game
from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.views import seat_events

RULES = "rules/paomazai.rules"


def deal(game, seat_2: str) -> Table:
    hands = [
        game.parse("1m2m3m4m5m6m7m8m9m1s2s3s5p7p"),  # the dealer, who discards 7p
        game.parse("1m2m3m4m5m6m7m8m9m1s2s3sE"),
        game.parse(seat_2),
        game.parse("EESSSWWWNNNCC"),
    ]
    wall = game.parse("1p2p3p4p6p8p9p" * 4)
    return Table(game, dealer=0, hands=hands, wall=wall)


def logs(table: Table) -> list[str]:
    return [
        json.dumps([{k: v for k, v in e.items() if k != "seq"} for e in seat_events(table, s)])
        for s in (0, 1, 3)
    ]


def test_a_window_only_another_seat_was_asked_in_is_not_in_the_log() -> None:
    game = load_game(RULES)
    twins = [deal(game, "7p7p4s5s6s7s8s9s1p1p2p2p3p"), deal(game, "7p6s4s5s6s7s8s9s1p1p2p2p3p")]
    for table in twins:
        table.apply("discard 七筒", 0)
    can_pong, cannot = twins
    assert can_pong.waiting_for() == [2]  # seat 2 holds the pair: it is asked
    assert cannot.waiting_for() == [1]  # no one can take the card: seat 1 draws
    can_pong.apply("pass", 2)
    assert can_pong.waiting_for() == [1]
    assert logs(can_pong) == logs(cannot)
