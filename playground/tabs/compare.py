"""The Compare tab: the hand of the Hand tab, same deal and same choices, under a second
rule file of the same game — told as two columns of moves from where they part, and the
money by seat."""

from __future__ import annotations

from typing import Any

import streamlit as st
from tablerules.interpreter.api import Game
from tablerules.interpreter.messages import DEFAULT
from tablerules.interpreter.messages.judgement_text import judgement_text
from tablerules.interpreter.messages.speaker import speaker
from tablerules.interpreter.narration.narrate import Narrator
from tablerules.playground.experiments.comparison import Comparison, compare_variants
from tablerules.playground.experiments.counterparts import SAVED, counterparts
from tablerules.playground.files.budget import OverBudget
from tablerules.playground.page.context import Context, widget_key
from tablerules.playground.play.hand_page import page_steps
from tablerules.playground.play.hands import HandSession
from tablerules.playground.words.language import keep_choice
from tablerules.playground.words.page_messages import page_messages, told_all
from tablerules.playground.words.page_views import sign

TITLE = "Compare variants"
SHOWN_MOVES = 12  # moves told in each column from where the hands part


def render(context: Context) -> None:
    game = context.draft.game
    say = page_messages(context.lang)
    if game is None:
        st.warning(say("hand.no_version"))
        return
    found = counterparts(context.draft, context.label, context.options, game)
    if not found:
        st.info(say("compare.alone", game=speaker(game, context.lang).word(game.compiled.name)))
        return
    names = [other.name for other in found]
    # one choice per file and per state of its text: a choice made for another game is
    # never offered here, and an edit first offers the file as saved
    state = "edited" if context.draft.edited else "saved"
    key = f"compare_with_{widget_key(context.label)}_{state}"
    keep_choice(key, context.lang)
    other_name = st.selectbox(
        say("compare.with"),
        names,
        index=0,
        key=key,
        format_func=lambda name: saved_name(name, context.lang),
    )
    other = found[names.index(other_name)]
    st.fragment(comparison_part)(context, game, other.game, other_name)


def saved_name(name: str, lang: str) -> str:
    """A file's name in the chooser: `(as saved)` in the page's language."""
    if name.endswith(SAVED):
        return name.removesuffix(SAVED) + page_messages(lang)("compare.as_saved")
    return name


def comparison_part(context: Context, game: Game, other: Game, other_name: str) -> None:
    """The button and the comparison: rerun on their own."""
    say = page_messages(context.lang)
    session: HandSession | None = st.session_state.get("hand")
    if context.viewer is not None and (session is None or not session.table.finished):
        st.info(say("compare.seat_waits"))
        return
    same = (
        session is not None
        and session.game is game
        and session.rigged is None  # a scenario's deal is not a seed's
    )
    hand = session if same else None
    seed = hand.seed if hand is not None else context.seed  # a match's later hand: its own
    choices = hand.played() if hand is not None else []
    dealer = hand.dealer if hand is not None else None
    place = {"round": hand.round, "streak": hand.streak} if hand is not None else {}
    st.caption(say("compare.what", seed=seed, n=len(choices)))
    key = (id(game), id(other), seed, dealer, len(choices))
    if not st.button(say("compare.run"), key="compare_run", type="primary"):
        result = st.session_state.get("comparison")
        if result is None or result.key != key:
            return
    else:
        # the Hand tab's hand, when bots alone played it to its end, is the left one already
        whole = hand is not None and not hand.humans and hand.end.finished
        played = hand if whole and hand is not None and hand.bots == context.bots else None
        try:
            result = compare_variants(
                game, other, seed, dealer, choices, bots=context.bots, played=played, **place
            )
        except OverBudget as stopped:  # a deal alone was more than a hand may take
            st.error(say("compare.failed", why=stopped))
            return
        result.key = key
        st.session_state["comparison"] = result
    left_name = context.label + (say("compare.edited") if context.draft.edited else "")
    show(result, left_name, saved_name(other_name, context.lang), context.viewer, context.lang)


def win_scores(narrator: Narrator, events: list[dict[str, Any]]) -> list[str]:
    """What each win among `events` scores, as the settlement tells it (its patterns'
    arithmetic), a clause each: a move's sentence leaves it out, and two files
    that differ in scoring alone would otherwise part on two sentences that read the same."""
    say = page_messages(narrator.say.lang)
    told = []
    for event in events:
        if event.get("type") != "win" or not event.get("explanation"):
            continue
        scores = str(event["explanation"])
        if say.lang != DEFAULT:
            patterns, judged = event.get("patterns", []), event.get("scores", {})
            scores = judgement_text(patterns, judged, narrator.speaker)
        told.append(say("compare.scored", seat=narrator.seat(event["seat"]), scores=scores))
    return told


def first_steps(hand: HandSession, viewer: int | None) -> dict[int, int]:
    """The number of each move's first step in the Hand tab's move list (as `viewer`
    reads the hand), by move."""
    steps, _ = page_steps(hand, viewer)
    numbers: dict[int, int] = {}
    for step in steps:
        numbers.setdefault(step.move, step.number)
    return numbers


def parting_step(
    result: Comparison,
    hand: HandSession,
    viewer: int | None,
    numbers: dict[int, int] | None = None,
) -> int:
    """Where `hand` parts from the other, as the Hand tab numbers it: the first step of the
    move that holds the first difference (the column's line for that move); `numbers` the
    hand's `first_steps` where the caller has them."""
    if numbers is None:
        numbers = first_steps(hand, viewer)
    move = result.parting_move(hand)
    return numbers.get(move, max(numbers.values()))


def show(
    result: Comparison, left_name: str, right_name: str, viewer: int | None, lang: str = "en"
) -> None:
    """The two hands told from where they part, as `viewer` sees them (None: all of it)."""
    say = page_messages(lang)
    if result.note:
        st.info(told_all([result.note], lang))
    left, right = result.left, result.right
    tell = [Narrator(h.game, h.dealer or 0, viewer, table=h.end, lang=lang) for h in (left, right)]
    if viewer is not None:
        st.caption(say("compare.as_seen", seat=tell[0].seat(viewer)))
    if result.first_difference is None:
        st.success(say("compare.identical"))
    else:
        start = min(result.parting_move(left), result.parting_move(right))
        # numbered as the Hand tab's move list numbers them: a step an event
        numbered = [first_steps(hand, viewer) for hand in (left, right)]
        parting = min(
            parting_step(result, hand, viewer, numbers)
            for hand, numbers in zip((left, right), numbered, strict=True)
        )
        st.markdown(say("compare.part_at", n=parting))
        columns = st.columns(2)
        for column, name, hand, narrator, numbers in zip(
            columns, (left_name, right_name), (left, right), tell, numbered, strict=True
        ):
            with column:
                st.markdown(f"**{name}**")
                lines = []
                for move in range(start, min(hand.last, start + SHOWN_MOVES) + 1):
                    if move not in numbers:
                        continue  # nothing of it the viewer may read
                    events = hand.move_events(move)
                    clauses = [narrator.sentence(events, money=True), *win_scores(narrator, events)]
                    text = narrator.say("list.clauses").join(c for c in clauses if c)
                    lines.append(f"{numbers[move]}. {text or say('page.goes_on')}")
                if hand.last > start + SHOWN_MOVES:
                    lines.append(say("compare.more", n=hand.last - start - SHOWN_MOVES))
                st.markdown("\n".join(lines))
    money = tell[0]
    seats = len(result.left_totals)
    order = [((left.dealer or 0) + step) % seats for step in range(seats)]
    rows = [
        f"| {money.seat(s)} | {sign(result.left_totals[s])} | {sign(result.right_totals[s])} "
        f"| {sign(result.delta[s])} |"
        for s in order
    ]
    head = say("compare.money", left=left_name, right=right_name)
    st.markdown(f"{head}\n|---|---:|---:|---:|\n" + "\n".join(rows))
