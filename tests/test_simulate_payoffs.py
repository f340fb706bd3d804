"""`simulate --compare` says when its bots cannot see the rule that changed: two files that
differ only in what hands pay, played by bots that never read it, play alike."""

from __future__ import annotations

import pytest
from tablerules.cli.main import main
from tablerules.interpreter import load_game
from tablerules.interpreter.bots.players import make_bot, play_hand
from tablerules.interpreter.simulate.payoffs import compare_note, payoffs_only

PAYOFFS_ONLY = [
    ("paomazai", "paomazai-two-horses"),
    ("paomazai", "paomazai-points"),
    ("paohuzi", "paohuzi-mingtang"),
    ("paohuzi", "paohuzi-discarder-pays"),
]
PLAY_CHANGES = [
    ("paomazai", "paomazai-zimo-only"),  # fewer ways to win
    ("paomazai", "paomazai-faan"),  # another winning form
    ("paohuzi", "paohuzi-3p"),  # three seats
    ("paomazai", "paomazai"),  # nothing differs
]
PAYMENT_EVENTS = ("pay", "bonus", "settle", "end")
MOVE_FIELDS = ("type", "seat", "card", "action", "label", "owner", "context", "chosen", "taken_by")


@pytest.mark.parametrize(("first", "second"), PAYOFFS_ONLY)
def test_files_that_change_only_payoffs_are_told(first: str, second: str) -> None:
    assert payoffs_only(load_game(first), load_game(second))


@pytest.mark.parametrize(("first", "second"), PLAY_CHANGES)
def test_files_that_change_play_are_not(first: str, second: str) -> None:
    assert not payoffs_only(load_game(first), load_game(second))


def test_an_option_the_play_reads_changes_play() -> None:
    """Options are compared by what reads them: the payoff's one is told, the play's not."""
    base = load_game("paomazai")
    assert payoffs_only(base, load_game("paomazai", {"horses": "2"}))
    other = load_game("paohuzi")
    read = [o for o in other.compiled.rules.options if o in str(other.compiled.rules.actions)]
    for name in read:
        flipped = str(not other.compiled.options[name]).lower()
        assert not payoffs_only(other, load_game("paohuzi", {name: flipped}))


def moves(game_name: str, seed: int) -> list[tuple]:
    """What greedy bots did in a hand: every event but the payments, without what a win
    is worth."""
    game = load_game(game_name)
    seats = game.compiled.rules.seats.count
    table = play_hand(game, [make_bot("greedy", seed * 10 + s) for s in range(seats)], seed)
    return [
        tuple(str(event.get(field)) for field in MOVE_FIELDS)
        for event in table.events
        if event["type"] not in PAYMENT_EVENTS
    ]


@pytest.mark.parametrize(("first", "second"), PAYOFFS_ONLY)
def test_what_is_told_holds_greedy_bots_play_the_same_deals_alike(first: str, second: str) -> None:
    for seed in range(8):
        assert moves(first, seed) == moves(second, seed)


def test_only_payoff_blind_bots_get_the_note() -> None:
    games = (load_game("paomazai"), load_game("paomazai-two-horses"))
    names = ("paomazai", "paomazai-two-horses")
    blind = (("greedy",) * 4, ("random", "greedy", "greedy", "greedy"))
    note = compare_note(names, games, blind)
    assert note is not None and "\n" not in note
    assert note.startswith("warning: paomazai and paomazai-two-horses differ only in what")
    assert "(--bots value or --bots sampling)" in note  # the bot that follows the scoring first
    for reader in ("value", "sampling"):
        reading = ((reader, "greedy", "greedy", "greedy"), ("greedy",) * 4)
        assert compare_note(names, games, reading) is None


def test_simulate_compare_prints_the_warning_once(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "paomazai", "--compare", "paomazai-two-horses", "--hands", "4"]
    assert main([*argv, "--seed", "1"]) == 0
    err = capsys.readouterr().err
    assert err.count("warning:") == 1 and "their play is held fixed" in err
    assert main(["simulate", "paomazai", "--compare", "paomazai-zimo-only", "--hands", "4"]) == 0
    assert "warning" not in capsys.readouterr().err
