"""Nothing shown in a seat's view names a card that seat cannot see: checked at every
decision of several hands of each bundled game, for every seat (see `visibility.py`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from tablerules.interpreter import Game
from tablerules.interpreter.api import load_game
from tablerules.interpreter.bots.players import GreedyBot
from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.views import seat_events
from visibility import card_ids, seen, strings, token_game, tokens

ROOT = Path(__file__).resolve().parent.parent
GAMES = {
    "paomazai": ROOT / "rules" / "paomazai.rules",
    "paohuzi": ROOT / "rules" / "paohuzi.rules",
    "paohuzi-3p": ROOT / "rules" / "variants" / "paohuzi-3p.rules",
}
SEEDS = (1, 2, 3)


@pytest.fixture(scope="module", params=sorted(GAMES))
def game(request: pytest.FixtureRequest) -> Game:
    return token_game(GAMES[request.param])


def positions(game: Game, seed: int) -> Iterator[Table]:
    """The table at every decision of a hand greedy bots play, the deal included."""
    table = Table(game, seed=seed)
    bots = [GreedyBot(seed * 10 + seat) for seat in range(table.play.seats)]
    yield table
    while not table.finished:
        seat = table.waiting_for()[0]
        table.apply(bots[seat].choose(table, seat))
        yield table


def named(value: object, table: Table) -> set[int]:
    """Card kinds a value names, by id or by its (token) display name."""
    return card_ids(value, table) | {k for text in strings(value) for k in tokens(text)}


def what_a_seat_is_shown(table: Table, viewer: int) -> list[object]:
    """Everything the engine hands a client for one seat's view."""
    shown: list[object] = [table.view(viewer), seat_events(table, viewer)]
    if viewer in table.waiting_for():
        actions = ["discard", "pass", *table.play.actions]
        shown += [table.explain(viewer, action) for action in actions]
        shown += [choice.label for choice in table.legal_actions(viewer)]
    return shown


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seat_is_shown_only_cards_it_may_see(game: Game, seed: int) -> None:
    checked = 0
    for table in positions(game, seed):
        for viewer in range(table.play.seats):
            allowed = seen(table, viewer)
            for part in what_a_seat_is_shown(table, viewer):
                leaked = named(part, table) - allowed
                assert not leaked, (seed, len(table.events), viewer, leaked, part)
                checked += 1
    assert checked > 100


def test_the_oracle_catches_a_view_that_shows_too_much(game: Game) -> None:
    """The referee's log shown to a seat leaks: the check above would see it."""
    for table in positions(game, SEEDS[0]):
        if named(table.events, table) - seen(table, 0):
            return
    pytest.fail("the referee's events never named a card seat 0 cannot see")


def test_a_window_does_not_tell_a_seat_who_else_it_asks() -> None:
    """Which seats a window asks depends on their hands (who can claim the card): a seat's
    view names only itself, when asked; the referee's view names them all."""
    game = load_game(GAMES["paohuzi"])
    found = 0
    for seed in range(40):
        for table in positions(game, seed):
            decision = table.state.decision
            if decision is None or decision.kind != "window" or table.finished:
                continue
            waiting = list(decision.waiting)
            assert table.view()["pending"]["waiting"] == waiting
            for viewer in range(table.play.seats):
                shown = table.view(viewer)["pending"]["waiting"]
                assert shown == ([viewer] if viewer in waiting else [])
            found += len(waiting) > 1
        if found >= 3:
            break
    assert found >= 3  # windows asking several seats at once were seen
