"""Where the user sits at the table: the sidebar's "At the table" controls (a seat to watch
or to play, and how fast bots play on).

A seat is a player's for the whole match: `player 2` sits at the same seat hand after hand,
while the rule file's seat names say where each sits from the dealer, which changes as the
deal passes. So the user sits with a player, and keeps that seat across hands; a line
under the box says where each player sits in the hand in play."""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st
from streamlit.delta_generator import DeltaGenerator
from tablerules.interpreter.api import Game
from tablerules.interpreter.match import seed_dealer
from tablerules.interpreter.narration.narrate import player_name

WATCH = "watch (all hands)"
WATCHING = -1  # the "Sit at" box's value for watching (a box takes None for no choice)
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


def seat_count(game: Game) -> int:
    return len(game.compiled.dealt_per_seat())


def seat_names(game: Game, dealer: int) -> list[str]:
    """Each seat's name for a hand dealt by `dealer`, seat 0 first."""
    compiled = game.compiled
    seats = seat_count(game)
    names = compiled.seat_names
    if not names:
        return [player_name(seat) for seat in range(seats)]
    return [names[(seat - dealer) % len(names)] for seat in range(seats)]


def seat_label(seat: int) -> str:
    """How the "Sit at" box names a seat: by its player, a name that stays from hand to hand
    (a box knows its choices by their names: one that changed with the deal would lose the
    choice made)."""
    return WATCH if seat == WATCHING else player_name(seat)


def this_hand(game: Game, dealer: int) -> str:
    """Where each player sits in the hand dealt by `dealer`: `player 1 · NAME (deals) ·
    player 2 · NAME …` (nothing for a file without seat names: its players are its names)."""
    names = seat_names(game, dealer)
    if names == [player_name(seat) for seat in range(len(names))]:
        return ""
    said = []
    for seat, name in enumerate(names):
        deals = " (deals)" if seat == dealer else ""
        said.append(f"{player_name(seat)} · {name}{deals}")
    return "This hand: " + ", ".join(said)


def seat_controls(game: Game, dealer: int, box: DeltaGenerator | None = None) -> Seating:
    """The table controls, in `box` (the sidebar by default): where the user sits, whether
    they play that seat, and how fast bots play. A seat kept in the session that this game
    does not have (another file, fewer seats) becomes watching again."""
    box = box if box is not None else st.sidebar
    seats = seat_count(game)
    if st.session_state.get("sit_at", WATCHING) not in (WATCHING, *range(seats)):
        st.session_state["sit_at"] = WATCHING
    box.markdown("**At the table**")
    sitting = box.selectbox(
        "Sit at",
        [WATCHING, *range(seats)],
        format_func=seat_label,
        key="sit_at",
        help="a player keeps the seat hand after hand, while the seats' names follow the deal",
    )
    seat = None if sitting == WATCHING else sitting
    where = this_hand(game, dealer)
    if where:
        box.caption(where)
    plays = seat is not None and box.toggle(
        "I play this seat", value=True, key="play_seat", bind="query-params"
    )
    if plays:
        speed = box.select_slider(
            "Bots' speed",
            list(SPEEDS),
            value="normal",
            key="speed_play",
            bind="query-params",
            help="how fast the bots play on until it is your turn",
        )
    else:
        speed = box.select_slider(
            "Play on",
            list(SPEEDS),
            value="step by step",
            key="speed_watch",
            bind="query-params",
            help="step through with ← →, or let the bots play the hand out at this speed",
        )
    humans = frozenset({seat}) if plays and seat is not None else frozenset()
    return Seating(seat, humans, SPEEDS[speed])
