"""The Statistics tab: bots play the rules in use for many hands — and, when another file is
chosen, the same deals under it — and the figures come with their 95% intervals, the
differences flagged, and charts. Nothing runs until the button is pressed; the run is the
server's work on this page alone, within the playground's CPU budget."""

from __future__ import annotations

from pathlib import Path

import altair as alt
import pandas as pd
import streamlit as st
from tablerules.interpreter.api import Game, check
from tablerules.interpreter.simulate.wording import with_interval
from tablerules.playground.budget import CpuBudget
from tablerules.playground.context import Context
from tablerules.playground.drafts import bundled_rule_files, display_path
from tablerules.playground.guard import guarded
from tablerules.playground.simulation import (
    CHARTED,
    FIRST_HANDS,
    Outcome,
    chart_data,
    command,
    plan_for,
    progress_text,
    significant,
    simulate,
    table,
)
from tablerules.playground.tabs.compare import likely_variants

TITLE = "Statistics"
NOTHING = "nothing: this file alone"
SAVED = " (as saved)"
MOST_HANDS = 20_000
LISTED_DIFFERENCES = 8  # significant differences named above the charts


@st.cache_resource(max_entries=32, show_spinner=False)
def bundled_game(path: str, options: tuple[tuple[str, str], ...] = ()) -> Game | None:
    """A bundled rule file with these options, compiled once per server."""
    return check(path, options=dict(options)).game


def render(context: Context) -> None:
    if context.draft.game is None:
        st.warning("The rule file has errors and no version of it has checked yet: fix it first.")
        return
    st.fragment(statistics_part)(context)


def statistics_part(context: Context) -> None:
    """Rerun on its own (a fragment), and told in words if it fails, as the tab is."""
    guarded(f"{TITLE} tab", lambda: statistics(context))


def statistics(context: Context) -> None:
    """The choices, the button and the figures."""
    game = context.draft.game
    assert game is not None
    files = {display_path(p): p for p in bundled_rule_files()}
    choices = [NOTHING]
    if context.label in files:
        choices.append(context.label + SAVED)  # the file before the edits
    choices += likely_variants(context.label, [name for name in files if name != context.label])
    first = 1 if context.draft.edited and len(choices) > 1 and context.label in files else 0
    left, right = st.columns([1, 2])
    hands = int(
        left.number_input(
            "Hands",
            min_value=20,
            max_value=MOST_HANDS,
            value=FIRST_HANDS,
            step=500,
            key="stats_hands",
        )
    )
    # the choice is kept per state of the text: an edit first offers the file as saved
    choice_key = "stats_compare_edited" if context.draft.edited else "stats_compare"
    other_name = right.selectbox("Compare with", choices, index=first, key=choice_key)
    st.caption(
        f"{context.bots.capitalize()} bots play every hand from seed {context.seed}, each seat "
        "dealing in turn; a second file plays the same deals (common random numbers), so "
        "each difference comes with its own 95% interval."
    )
    sides = [(name_of(context.label, other_name), game)]
    paths = [context.label.split(" ")[0]]  # an upload by its file name
    if other_name != NOTHING:
        other = other_game(context, files, other_name)
        if other is None:
            st.error(f"{other_name} has errors; the Rules tab shows them when you open it.")
            return
        sides.append((Path(other_name.removesuffix(SAVED)).name + saved(other_name), other))
        paths.append(other_name.removesuffix(SAVED))
    key = (id(game), *(id(g) for _, g in sides[1:]), context.seed, hands, context.bots)
    if st.button("Simulate", key="stats_run", type="primary"):
        plan = plan_for(sides, context.seed, hands, context.bots)
        bar = st.progress(0.0, text=progress_text(0, hands, 0.0))

        def told(done: int, seconds: float) -> None:
            bar.progress(done / hands, text=progress_text(done, hands, seconds))

        outcome = simulate(plan, CpuBudget(), told)
        bar.empty()
        st.session_state["statistics"] = (key, outcome)
    kept = st.session_state.get("statistics")
    if kept is None or kept[0] != key:
        st.info("Press **Simulate** to play the hands (a thousand take some seconds).")
        return
    show(kept[1], paths, context)


def name_of(label: str, other_name: str) -> str:
    """The rules in use as the figures name them; `(edited)` beside the same file saved."""
    name = Path(label.split(" ")[0]).name
    return name + " (edited)" if other_name == label + SAVED else name


def saved(other_name: str) -> str:
    return SAVED if other_name.endswith(SAVED) else ""


def other_game(context: Context, files: dict[str, Path], other_name: str) -> Game | None:
    """The second file: the one in use as saved (with the sidebar's options), or another
    bundled file (with its own defaults: the sidebar's options are this file's). An option
    the edit added is not the saved file's: it then plays with its defaults."""
    if other_name.endswith(SAVED):
        path = str(files[other_name.removesuffix(SAVED)])
        return bundled_game(path, tuple(sorted(context.options.items()))) or bundled_game(path)
    return bundled_game(str(files[other_name]))


def show(outcome: Outcome, paths: list[str], context: Context) -> None:
    """The figures: what stands out, the charts, the whole table, the same run as a command."""
    if outcome.stopped:
        st.warning(outcome.stopped.capitalize() + ".")
    st.caption(
        f"{outcome.hands:,} hands from seed {outcome.plan.seed}, {context.bots} bots: "
        f"{outcome.seconds:.1f} s of computing."
    )
    if outcome.paired:
        differing = significant(outcome)
        if differing:
            st.markdown(
                f"**{len(differing)} of {len(outcome.rows)} figures differ** (the 95% interval "
                "of the difference excludes 0):"
            )
            lines = []
            for row in differing[:LISTED_DIFFERENCES]:
                a, b = row.values
                lines.append(
                    f"- {row.name}: {with_interval(a, row.measure)} against "
                    f"{with_interval(b, row.measure)}"
                )
            if len(differing) > LISTED_DIFFERENCES:
                lines.append(f"- … and {len(differing) - LISTED_DIFFERENCES} more in the table")
            st.markdown("\n".join(lines))
        else:
            st.success("No figure differs beyond chance over these hands.")
    charts = [title for title in CHARTED if chart_data(outcome, title)]
    for first in range(0, len(charts), 2):  # two side by side: wide enough for their labels
        for column, title in zip(st.columns(2), charts[first : first + 2], strict=False):
            with column:
                st.altair_chart(chart(outcome, title), width="stretch")
    st.dataframe(pd.DataFrame(table(outcome)), hide_index=True, key="stats_table")
    saved_as = f", once the edited text is saved as {paths[0]}" if context.draft.edited else ""
    st.caption(
        f"The same hands from the command line, on every core (more hands, more time){saved_as}:"
    )
    st.code(command(paths, outcome.plan.seed, outcome.plan.hands, context.bots), language="sh")


def chart(outcome: Outcome, title: str) -> alt.LayerChart:
    """Bars of the means, one colour per side, with whiskers for the 95% intervals."""
    data = pd.DataFrame(chart_data(outcome, title))
    share = title.startswith("share")
    axis = alt.Axis(format=".0%") if share else alt.Axis()
    rows = alt.Y("label:N", sort=None, title=None)
    base = alt.Chart(data)
    bars = base.mark_bar().encode(
        y=rows,
        yOffset=alt.YOffset("side:N", sort=None),
        x=alt.X("mean:Q", title=None, axis=axis),
        color=alt.Color(
            "side:N", sort=None, title=None, legend=alt.Legend(orient="top", labelLimit=0)
        ),
        tooltip=[alt.Tooltip("side:N"), alt.Tooltip("label:N"), alt.Tooltip("shown:N")],
    )
    layers: list[alt.Chart] = [bars]
    if "low" in data:
        layers.append(
            base.mark_rule(color="#222")
            .encode(y=rows, yOffset=alt.YOffset("side:N", sort=None), x="low:Q", x2="high:Q")
            .transform_filter("isValid(datum.low)")
        )
    return alt.layer(*layers).properties(title=title)
