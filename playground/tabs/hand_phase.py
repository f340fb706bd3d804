"""The hand tab's view of a phase before play at a seated player's seat: pick the cards to
pass in an exchange, or the value to declare. The choice made is one of the table's legal
choices, taken through the hand tab's own `act`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import streamlit as st
from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.phases.flow import PHASE, game_phases
from tablerules.interpreter.engine.phases.rules import PhaseRule
from tablerules.interpreter.messages.game_words import GameWords
from tablerules.playground.play.hands import HandSession
from tablerules.playground.words.language import chosen_language, keep_choice, said
from tablerules.playground.words.page_messages import page_messages


@dataclass(frozen=True)
class PhaseAsk:
    """What a seat is asked in the phase now played: the phase, and the cards it holds
    (card index and display name, one entry per copy) or the values it may declare, each
    with the number of cards of it held."""

    phase: PhaseRule
    held: list[tuple[int, str]]
    values: list[tuple[str, int]]


def phase_ask(table: Table, seat: int, names: Sequence[str] | None = None) -> PhaseAsk | None:
    """The phase `seat` must play now, or None when no phase waits for it; its cards named
    by `names` (by card index: the page's language), else as the file writes them."""
    decision = table.state.decision
    if table.finished or decision is None or decision.kind != PHASE:
        return None
    if seat not in decision.waiting:
        return None
    phase = game_phases(table)[table.state.phase_step]
    cards = table.game.compiled.cards
    hand = table.state.seats[seat].hand
    shown = cards.display if names is None else names
    held = [(card, shown[card]) for card, n in enumerate(hand) for _ in range(n)]
    values = [(value, sum(hand[c] for c in phase.cards_of[value])) for value in phase.values]
    return PhaseAsk(phase, held, values)


def chosen_label(ask: PhaseAsk, table: Table, picked: list[int]) -> str:
    """The label of an exchange choice of the cards at these positions of `ask.held`."""
    cards = [ask.held[position][0] for position in picked]
    return ask.phase.label(cards, table.game.compiled.cards.ids)


def phase_view(session: HandSession, act: Callable[[HandSession, str], None]) -> bool:
    """Show the phase the seated player must play now; True when one is shown."""
    human = session.waiting_human()
    lang = chosen_language()
    say = page_messages(lang)  # the words of this run, kept by the boxes' formats
    words = GameWords(session.table.game.compiled, lang)  # the file's names
    ask = phase_ask(session.table, human, words.display) if human is not None else None
    if ask is None:
        return False
    phase = ask.phase
    legal = {choice.label for choice in session.table.legal_actions(human)}
    name, attribute = words.name(phase.name), words.name(phase.attribute)
    if phase.kind == "declaration":
        st.info(said("page.phase_declare", phase=name, attribute=attribute))
        names = [value for value, _ in ask.values]
        held = dict(ask.values)
        keep_choice(f"declare_{phase.name}", lang)
        value = st.radio(
            attribute,
            names,
            format_func=lambda v: say("page.phase_held", value=words.name(v), n=held[v]),
            horizontal=True,
            key=f"declare_{phase.name}",
        )
        st.button(
            said("page.phase_declare_button"),
            type="primary",
            key=f"declare_button_{phase.name}",
            on_click=act,
            args=(session, f"{phase.name} {value}"),
        )
        return True
    st.info(said("page.phase_pass", phase=name, n=phase.passes, attribute=attribute))
    keep_choice(f"pass_{phase.name}", lang)
    picked = st.multiselect(
        said("page.phase_cards"),
        list(range(len(ask.held))),
        format_func=lambda position: ask.held[position][1],
        max_selections=phase.passes,
        select_all=False,  # Streamlit's own words, and more cards than may be passed
        placeholder=said("page.phase_cards_placeholder", n=phase.passes),
        key=f"pass_{phase.name}",
    )
    label = chosen_label(ask, session.table, picked)
    if len(picked) == phase.passes and label not in legal:  # why the button stays grey
        st.warning(said("page.phase_pass_refused", n=phase.passes, attribute=attribute))
    st.button(
        said("page.phase_pass_button"),
        type="primary",
        disabled=label not in legal,
        help=None
        if label in legal
        else said("page.phase_pass_help", n=phase.passes, attribute=attribute),
        key=f"pass_button_{phase.name}",
        on_click=act,
        args=(session, label),
    )
    return True
