"""Where the user sits at the table: the sidebar's "At the table" controls, by the seats'
names in the rule file (a seat to watch or to play, and how fast bots play on)."""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st
from tablerules.interpreter.api import Game
from tablerules.interpreter.engine.narrate import player_name
from tablerules.interpreter.match import seed_dealer

WATCH = "watch (all hands)"
SPEEDS = {"step by step": None, "slow": 1.5, "normal": 0.7, "fast": 0.25, "instant": 0.0}


@dataclass(frozen=True)
class Seating:
    """Who the user is at the table."""

    viewer: int | None = None  # the seat whose view is shown (None: the referee's)
    humans: frozenset[int] = frozenset()  # the seats the user plays
    speed: float | None = None  # seconds between bots' moves (None: step by step)


def dealer_of(game: Game, seed: int) -> int:
    """The seat that deals the hand of `seed` (the seat the rule file's first name has):
    drawn apart from the shuffle, so known without dealing (no work a rule file can make
    slow, outside any hand's budget)."""
    seats = game.compiled.rules.seats
    return seed_dealer(seed, seats.count if seats else 1)


def seat_names(game: Game, dealer: int) -> list[str]:
    """Each seat's name for a hand dealt by `dealer`, seat 0 first."""
    compiled = game.compiled
    seats = len(compiled.dealt_per_seat())
    names = compiled.seat_names
    if not names:
        return [player_name(seat) for seat in range(seats)]
    return [names[(seat - dealer) % len(names)] for seat in range(seats)]


def seat_controls(game: Game, dealer: int) -> Seating:
    """The sidebar's table controls: where the user sits, whether they play that seat, and
    how fast bots play."""
    names = seat_names(game, dealer)
    in_turn = [names[(dealer + step) % len(names)] for step in range(len(names))]
    st.sidebar.markdown("**At the table**")
    sitting = st.sidebar.selectbox("Sit at", [WATCH, *in_turn], key="sit_at")
    seat = None if sitting == WATCH else names.index(sitting)
    plays = seat is not None and st.sidebar.toggle("I play this seat", value=True, key="play_seat")
    if plays:
        speed = st.sidebar.select_slider(
            "Bots' speed",
            list(SPEEDS),
            value="normal",
            key="speed_play",
            help="how fast the bots play on until it is your turn",
        )
    else:
        speed = st.sidebar.select_slider(
            "Play on",
            list(SPEEDS),
            value="step by step",
            key="speed_watch",
            help="step through with ← →, or let the bots play the hand out at this speed",
        )
    humans = frozenset({seat}) if plays and seat is not None else frozenset()
    return Seating(seat, humans, SPEEDS[speed])
