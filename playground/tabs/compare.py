"""The Compare tab: the hand of the Hand tab, same deal and same choices, under a second
rule file of the same game — told as two columns of moves from where they part, and the
money by seat."""

from __future__ import annotations

import streamlit as st
from tablerules.interpreter.api import Game
from tablerules.interpreter.narration.narrate import Narrator
from tablerules.playground.budget import OverBudget
from tablerules.playground.comparison import Comparison, compare_variants
from tablerules.playground.context import Context, widget_key
from tablerules.playground.counterparts import counterparts
from tablerules.playground.hands import HandSession
from tablerules.playground.page_views import sign

TITLE = "Compare variants"
SHOWN_MOVES = 12  # moves told in each column from where the hands part


def render(context: Context) -> None:
    game = context.draft.game
    if game is None:
        st.warning("The rule file has errors and no version of it has checked yet: fix it first.")
        return
    found = counterparts(context.draft, context.label, context.options, game)
    if not found:
        st.info(
            f"No other bundled file plays {game.compiled.name}: edit the rules in the Rules "
            "tab, and the edited text can be compared with the file as saved."
        )
        return
    names = [other.name for other in found]
    # one choice per file and per state of its text: a choice made for another game is
    # never offered here, and an edit first offers the file as saved
    state = "edited" if context.draft.edited else "saved"
    key = f"compare_with_{widget_key(context.label)}_{state}"
    other_name = st.selectbox("Compare with", names, index=0, key=key)
    other = found[names.index(other_name)]
    st.fragment(comparison_part)(context, game, other.game, other_name)


def comparison_part(context: Context, game: Game, other: Game, other_name: str) -> None:
    """The button and the comparison: rerun on their own."""
    session: HandSession | None = st.session_state.get("hand")
    if context.viewer is not None and (session is None or not session.table.finished):
        st.info(
            "A comparison plays the hand to its end under both files, which a seat does not "
            "know before it is over: it is shown once the hand is over at the move shown, "
            "or to the referee (Sit at: watch)."
        )
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
    st.caption(
        f"The deal of seed {seed} and the {len(choices)} choices of the Hand tab, "
        f"under both files; bots play on where the choices run out or stop being legal."
    )
    key = (id(game), id(other), seed, dealer, len(choices))
    if not st.button("Compare", key="compare_run", type="primary"):
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
            st.error(f"The hands could not be compared: {stopped}.")
            return
        result.key = key
        st.session_state["comparison"] = result
    show(result, context.label, other_name, context.viewer)


def show(result: Comparison, left_name: str, right_name: str, viewer: int | None) -> None:
    """The two hands told from where they part, as `viewer` sees them (None: all of it)."""
    if result.note:
        st.info(result.note)
    left, right = result.left, result.right
    tell = [Narrator(h.game, h.dealer or 0, viewer, table=h.end) for h in (left, right)]
    if viewer is not None:
        st.caption(f"As {tell[0].seat(viewer)} sees them: other seats' hidden cards stay hidden.")
    if result.first_difference is None:
        st.success("The two files play this hand identically: the same moves, the same money.")
    else:
        start = min(result.parting_move(left), result.parting_move(right))
        st.markdown(f"**The hands part at move {start}.**")
        columns = st.columns(2)
        for column, name, hand, narrator in zip(
            columns, (left_name, right_name), (left, right), tell, strict=True
        ):
            with column:
                st.markdown(f"**{name}**")
                lines = []
                for move in range(start, min(hand.last, start + SHOWN_MOVES) + 1):
                    text = narrator.sentence(hand.move_events(move), money=True)
                    lines.append(f"{move}. {text or 'play goes on'}")
                if hand.last > start + SHOWN_MOVES:
                    lines.append(f"… {hand.last - start - SHOWN_MOVES} more moves")
                st.markdown("\n".join(lines))
    money = tell[0]
    seats = len(result.left_totals)
    order = [((left.dealer or 0) + step) % seats for step in range(seats)]
    rows = [
        f"| {money.seat(s)} | {sign(result.left_totals[s])} | {sign(result.right_totals[s])} "
        f"| {sign(result.delta[s])} |"
        for s in order
    ]
    st.markdown(
        f"**Money by seat**\n\n| seat | {left_name} | {right_name} | difference |\n"
        "|---|---:|---:|---:|\n" + "\n".join(rows)
    )
