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
from tablerules.interpreter.messages import LANGUAGES
from tablerules.interpreter.messages.speaker import speaker
from tablerules.interpreter.narration.narrate import player_name
from tablerules.playground.page.asked import note_refused, one_of, refused, true_or_false
from tablerules.playground.words.language import bound_choice, keep_choice
from tablerules.playground.words.page_messages import page_messages

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


def seat_label(seat: int, lang: str = "en") -> str:
    """How the "Sit at" box names a seat: by its player, a name that stays from hand to hand
    (a box knows its choices by their names: one that changed with the deal would lose the
    choice made)."""
    say = page_messages(lang)
    return say("seats.watch") if seat == WATCHING else say("seats.player", n=seat + 1)


def this_hand(game: Game, dealer: int, lang: str = "en") -> str:
    """Where each player sits in the hand dealt by `dealer`: `player 1 · NAME (deals) ·
    player 2 · NAME …` (nothing for a file without seat names: its players are its names)."""
    names = seat_names(game, dealer)
    if names == [player_name(seat) for seat in range(len(names))]:
        return ""
    say = page_messages(lang)
    words = speaker(game, lang).words
    said = []
    for seat, name in enumerate(names):
        here = say("seats.seat_here", player=seat_label(seat, lang), name=words.name(name))
        said.append(say("seats.deals", seat=here) if seat == dealer else here)
    return say("seats.this_hand", seats=say.join(said))


def seat_controls(
    game: Game, dealer: int, box: DeltaGenerator | None = None, lang: str = "en"
) -> Seating:
    """The table controls, in `box` (the sidebar by default): where the user sits, whether
    they play that seat, and how fast bots play. A seat kept in the session that this game
    does not have (another file, fewer seats) becomes watching again."""
    box = box if box is not None else st.sidebar
    say = page_messages(lang)
    seats = seat_count(game)
    if st.session_state.get("sit_at", WATCHING) not in (WATCHING, *range(seats)):
        st.session_state["sit_at"] = WATCHING
    box.markdown(say("seats.at_the_table"))
    keep_choice("sit_at", lang)
    sitting = box.selectbox(
        say("seats.sit_at"),
        [WATCHING, *range(seats)],
        format_func=lambda seat: seat_label(seat, lang),
        key="sit_at",
        help=say("seats.sit_help"),
    )
    seat = None if sitting == WATCHING else sitting
    where = this_hand(game, dealer, lang)
    if where:
        box.caption(where)
    odd = refused("play_seat", true_or_false) if seat is not None else None
    plays = seat is not None and box.toggle(
        say("seats.i_play"), value=True, key="play_seat", bind="query-params"
    )
    if odd is not None:
        box.warning(note_refused(say, say("seats.i_play"), odd, plays))

    def speed_name(speed: str) -> str:
        return say(f"seats.{speed}")

    def speed_in(speed: str, other: str) -> str:
        return page_messages(other)(f"seats.{speed}")

    key = "speed_play" if plays else "speed_watch"
    words = {word for speed in SPEEDS for word in (speed, *(speed_in(speed, o) for o in LANGUAGES))}
    odd = refused(key, one_of(words))
    if plays:
        bind = bound_choice("speed_play", list(SPEEDS), speed_in, lang)
        speed = box.select_slider(
            say("seats.bots_speed"),
            list(SPEEDS),
            **({} if keep_choice("speed_play", lang) else {"value": "normal"}),
            key="speed_play",
            bind=bind,
            format_func=speed_name,
            help=say("seats.bots_help"),
        )
    else:
        bind = bound_choice("speed_watch", list(SPEEDS), speed_in, lang)
        speed = box.select_slider(
            say("seats.play_on"),
            list(SPEEDS),
            **({} if keep_choice("speed_watch", lang) else {"value": "step by step"}),
            key="speed_watch",
            bind=bind,
            format_func=speed_name,
            help=say("seats.play_on_help"),
        )
    if odd is not None:
        title = say("seats.bots_speed" if plays else "seats.play_on")
        box.warning(note_refused(say, title, odd, speed_name(speed)))
    humans = frozenset({seat}) if plays and seat is not None else frozenset()
    return Seating(seat, humans, SPEEDS[speed])
