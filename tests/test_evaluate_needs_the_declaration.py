"""`evaluate` on a file whose seats declare a value before play (四川's 定缺, SC-3): the
value is asked for, never guessed. Without it a hand holding all three suits, which no
declaration lets win (SC-4), was judged as if nothing had been declared, and won."""

from __future__ import annotations

import pytest
from tablerules.cli.main import main

THREE_SUITS = ["--hand", "123m 456p 789s 111m 5s", "--win-card", "5s", "--from", "discard"]


def test_a_hand_without_its_declaration_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["evaluate", "sichuan", *THREE_SUITS]) == 2
    captured = capsys.readouterr()
    assert "WINS" not in captured.out
    assert "--declared suit=" in captured.err


def test_with_its_declaration_a_three_suit_hand_does_not_win(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for suit in ("m", "p", "s"):
        assert main(["evaluate", "sichuan", *THREE_SUITS, "--declared", f"suit={suit}"]) == 0
        assert "does not win" in capsys.readouterr().out


def test_a_file_that_declares_nothing_needs_no_declaration(
    capsys: pytest.CaptureFixture[str],
) -> None:
    hand = ["--hand", "123m 456m 789m EEE 5p", "--win-card", "5p"]
    assert main(["evaluate", "hongkong", *hand]) == 0
    assert "error" not in capsys.readouterr().err


def test_the_library_judges_an_undeclared_hand_as_its_winner_would_have_declared() -> None:
    """`Game.evaluate_text` without `declared`: a hand holding all three suits wins under
    no declaration (SC-4), a hand of two suits wins as the seat that declared the third."""
    from tablerules.interpreter import load_game

    game = load_game("sichuan")
    for source in ("self", "discard"):
        three = game.evaluate_text("123m 456p 789s 111m 5s", win_card="5s", source=source)
        assert not three.wins
        two = game.evaluate_text("123m 456m 789s 111m 5s", win_card="5s", source=source)
        assert two.wins
    declared = (("suit", "m"),)
    assert not game.evaluate_text(
        "123m 456m 789s 111m 5s", win_card="5s", declared=declared
    ).wins  # a declaration given is judged as given
