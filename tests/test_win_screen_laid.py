"""With groups on the table no winning form holds, so the engine's win test screens such
hands by the signature tables even in files with winning forms (`screen.py`,
`_prefilter_laid`): the same answers as the full test, on every seat with a group laid
that a discard or a draw could reach, and the same hands played."""

from __future__ import annotations

import pytest
from tablerules.interpreter import load_game
from tablerules.interpreter.bots.players import GreedyBot
from tablerules.interpreter.engine import Table

FILES = ["changsha", "sichuan", "guangdong"]  # winning forms (seven pairs); wilds in the last


def _play(rules: str, seed: int, screened: bool) -> tuple[Table, int, int]:
    """A greedy hand; every seat with groups laid tested against every card, each time,
    with the screen as the engine sets it and without it (`screened`: in play)."""
    game = load_game(rules)
    table = Table(game, seed=seed)
    own = table.maker._prefilter_laid  # off where wild cards are held
    table.maker._prefilter_laid = own and screened
    bots = [GreedyBot(seed * 10 + s) for s in range(table.play.seats)]
    asked = wins = 0
    while not table.finished:
        state = table.state
        for index, holder in enumerate(state.seats):
            if not holder.table:
                continue
            for card in range(len(game.cards)):
                offer = table.maker.card_offers["discard"][(index + 1) % len(state.seats)][card]
                table.maker._prefilter_laid = own
                fast = table.maker.can_win(holder, offer, False, state, index)
                table.maker._prefilter_laid = False
                full = table.maker.can_win(holder, offer, False, state, index)
                table.maker._prefilter_laid = own and screened
                assert fast == full, (rules, seed, index, card)
                asked += 1
                wins += full
        seat = table.waiting_for()[0]
        table.apply(bots[seat].choose(table, seat))
    return table, asked, wins


@pytest.mark.parametrize("rules", FILES)
def test_the_screen_with_groups_laid_answers_as_the_full_test(rules: str) -> None:
    asked = wins = 0
    for seed in range(4):
        screened, count, won = _play(rules, seed, True)
        plain, _, _ = _play(rules, seed, False)
        assert screened.events == plain.events
        assert screened.totals() == plain.totals()
        asked += count
        wins += won
    assert asked > 1000
    assert wins > 0  # the tests reached hands the full test lets win
