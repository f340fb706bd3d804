"""The Compare tab: the hand of the Hand tab, same deal and same choices, under a second
rule file of the same game — told as two columns of moves from where they part, and the
money by seat."""

from __future__ import annotations

from pathlib import Path

import streamlit as st
from tablerules.interpreter.api import Game, check
from tablerules.interpreter.engine.narrate import Narrator
from tablerules.playground.budget import OverBudget
from tablerules.playground.comparison import Comparison, compare_variants, incomparable
from tablerules.playground.context import Context
from tablerules.playground.drafts import bundled_rule_files, display_path
from tablerules.playground.hands import HandSession
from tablerules.playground.page_views import sign

TITLE = "Compare variants"
SHOWN_MOVES = 12  # moves told in each column from where the hands part


@st.cache_resource(max_entries=16, show_spinner=False)
def bundled_game(path: str) -> Game | None:
    """A bundled rule file with its default options, compiled once per server."""
    return check(path).game


def likely_variants(label: str, names: list[str]) -> list[str]:
    """The other files, those whose names begin as this one's does first (its variants)."""
    stem = Path(label.split(" ")[0]).stem

    def shared(name: str) -> int:
        other = Path(name).stem
        count = 0
        while count < min(len(stem), len(other)) and stem[count] == other[count]:
            count += 1
        return count

    return sorted(names, key=lambda name: (-shared(name), name))


def first_comparable(game: Game, names: list[str], files: dict[str, Path]) -> int:
    """The first file that plays the same game (compiled one by one, until one does)."""
    for index, name in enumerate(names):
        other = bundled_game(str(files[name]))
        if other is not None and not incomparable(game, other):
            return index
    return 0


def render(context: Context) -> None:
    game = context.draft.game
    if game is None:
        st.warning("The rule file has errors and no version of it has checked yet: fix it first.")
        return
    files = {display_path(p): p for p in bundled_rule_files()}
    names = likely_variants(context.label, [name for name in files if name != context.label])
    first = first_comparable(game, names, files)
    other_name = st.selectbox("Compare with", names, index=first, key="compare_with")
    other = bundled_game(str(files[other_name]))
    if other is None:
        st.error(f"{other_name} has errors; the Rules tab shows them when you open it.")
        return
    refusal = incomparable(game, other)
    if refusal:
        st.warning(f"{context.label} and {other_name} cannot be compared: {refusal}.")
        return
    st.fragment(comparison_part)(context, game, other, other_name)


def comparison_part(context: Context, game: Game, other: Game, other_name: str) -> None:
    """The button and the comparison: rerun on their own."""
    session: HandSession | None = st.session_state.get("hand")
    same = (
        session is not None
        and session.game is game
        and session.seed == context.seed
        and session.rigged is None  # a scenario's deal is not the seed's
    )
    choices = session.played() if same and session is not None else []
    dealer = session.dealer if same and session is not None else None
    st.caption(
        f"The deal of seed {context.seed} and the {len(choices)} choices of the Hand tab, "
        f"under both files; bots play on where the choices run out or stop being legal."
    )
    if not st.button("Compare", key="compare_run", type="primary"):
        result = st.session_state.get("comparison")
        if result is None or result.key != (id(game), id(other), context.seed, len(choices)):
            return
    else:
        # the Hand tab's hand, when bots alone played it to its end, is the left one already
        whole = same and session is not None and not session.humans and session.end.finished
        played = session if whole and session.bots == context.bots else None
        try:
            result = compare_variants(
                game, other, context.seed, dealer, choices, bots=context.bots, played=played
            )
        except OverBudget as stopped:  # a deal alone was more than a hand may take
            st.error(f"The hands could not be compared: {stopped}.")
            return
        result.key = (id(game), id(other), context.seed, len(choices))
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
