"""The Statistics tab: bots play the rules in use for many hands — and, when another file is
chosen, the same deals under it — and the figures come with their 95% intervals, the
differences flagged, and charts. Nothing runs until the button is pressed; the hands are
then played in a process of the server's own (`playground.experiments.simulation_run`), within the
playground's CPU budget, while every tab of the page keeps working."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import streamlit as st
from tablerules.interpreter.api import Game, check
from tablerules.interpreter.messages import Messages
from tablerules.interpreter.messages.speaker import speaker
from tablerules.interpreter.simulate.payoffs import PAYOFF_BLIND, payoffs_only
from tablerules.interpreter.simulate.wording import with_interval
from tablerules.playground.experiments.counterparts import Counterpart, counterparts, path_of
from tablerules.playground.experiments.simulation import (
    CHARTED,
    FIRST_HANDS,
    Outcome,
    chart_data,
    command,
    option_flags,
    plan_for,
    progress_text,
    significant,
    table,
)
from tablerules.playground.experiments.simulation_run import SideRequest, SimulationRun
from tablerules.playground.files.drafts import bundled_rule_files, display_path, edited_file_name
from tablerules.playground.page.context import Context, widget_key
from tablerules.playground.page.guard import guarded
from tablerules.playground.page.ticker import set_timer
from tablerules.playground.tabs.compare import saved_name
from tablerules.playground.words.figures import Word, as_written, figure_name, section_name
from tablerules.playground.words.language import keep_choice
from tablerules.playground.words.page_messages import page_messages

if TYPE_CHECKING:
    import altair as alt

TITLE = "Statistics"
NOTHING = "nothing: this file alone"
MOST_HANDS = 20_000
TIPS = ("side", "label", "shown")  # what a chart's tooltip tells of a bar
LISTED_DIFFERENCES = 8  # significant differences named above the charts
PROGRESS_SECONDS = 1.0  # how often the tab reads a running simulation's progress
# how `simulation.run_plan` says a run stopped at the budget, read back to be told again
STOPPED = re.compile(r"^stopped after (\d+) s of computing, .* first ([\d,]+) of ([\d,]+) hands$")
# how `simulation_run.SimulationRun` says a run ended without its figures, read back likewise
REASONS = {
    "asked": re.compile(
        r"^stopped at your request after (?P<done>[\d,]+) of (?P<hands>[\d,]+) hands$"
    ),
    "budget": re.compile(
        r"^stopped past (?P<seconds>\d+) s of computing, the playground's budget$"
    ),
    "ended": re.compile(
        r"^its process ended \(exit status (?P<status>-?\d+)\) before the figures were ready$"
    ),
}


@st.cache_resource(max_entries=32, show_spinner=False)
def bundled_game(path: str) -> Game | None:
    """A bundled rule file with its own options, compiled once per server."""
    return check(path).game


def render(context: Context) -> None:
    if context.draft.game is None:
        st.warning(page_messages(context.lang)("hand.no_version"))
        return
    run: SimulationRun | None = st.session_state.get("simulation")
    polling = PROGRESS_SECONDS if run is not None and run.running else None
    st.fragment(statistics_part, run_every=polling)(context)


def statistics_part(context: Context) -> None:
    """Rerun on its own (a fragment), and told in words if it fails, as the tab is."""
    guarded(f"{TITLE} tab", lambda: statistics(context))


def choices_for(context: Context, game: Game) -> tuple[list[str], dict[str, Counterpart]]:
    """What the rules in use may be compared with: the file as saved (after an edit) and
    the same game's files first, then every other bundled file."""
    same = counterparts(context.draft, context.label, context.options, game)
    found = {other.name: other for other in same}
    for path in bundled_rule_files():
        name = display_path(path)
        other = bundled_game(str(path))
        if name != context.label and name not in found and other is not None:
            found[name] = Counterpart(name, name, other, str(path))
    return [NOTHING, *found], found


def statistics(context: Context) -> None:
    """The choices, the button, the run as it goes and the figures."""
    game = context.draft.game
    assert game is not None
    say = page_messages(context.lang)
    names, found = choices_for(context, game)
    first = 1 if context.draft.edited and len(names) > 1 and found[names[1]].saved else 0
    left, right = st.columns([1, 2])
    hands = int(
        left.number_input(
            say("stats.hands"),
            min_value=20,
            max_value=MOST_HANDS,
            value=FIRST_HANDS,
            step=500,
            key="stats_hands",
        )
    )
    # a choice per file and per state of its text: an edit first offers the file as saved
    state = "edited" if context.draft.edited else "saved"
    choice_key = f"stats_compare_{widget_key(context.label)}_{state}"
    other_name = right.selectbox(
        say("compare.with"),
        names,
        **({} if keep_choice(choice_key, context.lang) else {"index": first}),
        key=choice_key,
        format_func=lambda name: choice_name(name, context.lang),
    )
    bots = say(f"sidebar.bots_{context.bots}")
    st.caption(say("stats.how", bots=bots, seed=context.seed))
    other = found.get(other_name)
    sides = [(side_name(context, other, say), game)]
    requests = [
        SideRequest(sides[0][0], str(context.draft.path), running_text(context), context.options)
    ]
    if other is not None:
        saved = say("compare.as_saved") if other.saved else ""
        sides.append((Path(other.path).name + saved, other.game))
        requests.append(other_request(context, other, sides[1][0]))
        if context.bots in PAYOFF_BLIND and same_play(game, other.game):
            st.caption(say("stats.payoffs_only", first=sides[0][0], second=sides[1][0],
                           bots=context.bots))  # fmt: skip
    key = (id(game), *(id(g) for _, g in sides[1:]), context.seed, hands, context.bots)
    what = say(
        "stats.what",
        hands=f"{hands:,}",
        seed=context.seed,
        bots=context.bots,
        sides=say("stats.versus").join(name for name, _ in sides),
    )
    run: SimulationRun | None = st.session_state.get("simulation")
    if st.button(say("stats.run"), key="stats_run", type="primary"):
        if run is not None:
            run.stop()
        plan = plan_for(sides, context.seed, hands, context.bots)
        run = SimulationRun(plan, requests, key, what, command_paths(context, other))
        st.session_state["simulation"] = run
        set_timer(PROGRESS_SECONDS)
    if run is None:
        st.info(say("stats.press"))
        return
    if run.running:
        show_progress(run, key, context.lang)
        set_timer(PROGRESS_SECONDS)
        return
    set_timer(None)
    if run.error:
        st.warning(say("stats.error", what=run.what, error=reason_text(run.error, say)))
        return
    assert run.outcome is not None
    if run.key != key:
        st.info(say("stats.stale", what=run.what))
    show(run.outcome, run.paths, context)


def same_play(first: Game, second: Game) -> bool:
    """Whether two games differ only in what hands pay (`payoffs_only`), worked out once
    per pair of games in the session: the tab is drawn on every run of the page."""
    held: dict[tuple[int, int], tuple[Game, Game, bool]] = st.session_state.setdefault(
        "payoffs_only", {}
    )
    found = held.get((id(first), id(second)))
    if found is None or found[0] is not first or found[1] is not second:
        if len(held) > 16:
            held.clear()
        found = held[(id(first), id(second))] = (first, second, payoffs_only(first, second))
    return found[2]


def choice_name(name: str, lang: str) -> str:
    """A choice of the second file as the chooser shows it, in the page's language."""
    if name == NOTHING:
        return page_messages(lang)("stats.nothing")
    return saved_name(name, lang)


def show_progress(run: SimulationRun, key: tuple[object, ...], lang: str = "en") -> None:
    """A running simulation: how far it has come, and a way to stop it."""
    say = page_messages(lang)
    hands = run.plan.hands
    st.progress(run.done / hands, text=progress_text(run.done, hands, run.seconds, say))
    said = say("stats.playing", what=run.what)
    if run.key != key:
        said += say("stats.changed")
    st.caption(said)
    st.button(say("stats.stop"), key="stats_stop", on_click=run.stop)


def running_text(context: Context) -> str | None:
    """The text the rules in use run: the editor's last version that checked (None: the
    bundled file as on disk)."""
    draft = context.draft
    return draft.last_good_text if draft.edited or draft.origin is not None else None


def side_name(context: Context, other: Counterpart | None, say: Messages) -> str:
    """The rules in use as the figures name them; `(edited)` beside the same file saved."""
    name = Path(path_of(context.label)).name
    return name + say("stats.edited") if other is not None and other.saved else name


def other_request(context: Context, other: Counterpart, name: str) -> SideRequest:
    """The second side for the worker: the file in use as saved (with the sidebar's options
    where it has them), or another bundled file with its own."""
    options = {k: str(v).lower() if isinstance(v, bool) else str(v)
               for k, v in other.game.compiled.options.items()}  # fmt: skip
    if other.saved:
        text = context.draft.origin  # an upload as uploaded; a bundled file as on disk
        return SideRequest(name, str(context.draft.path), text, options)
    return SideRequest(name, other.file, None, options)


def command_paths(context: Context, other: Counterpart | None) -> list[tuple[str, list[str]]]:
    """The files and options a command names for these sides: the edited text under a
    name of its own (never the file it is compared with), the second file by its path."""
    draft = context.draft
    game = draft.game
    assert game is not None
    edited = draft.edited
    left = edited_file_name(Path(path_of(context.label))) if edited else path_of(context.label)
    paths = [(left, option_flags(game))]
    if other is not None:
        paths.append((other.path, option_flags(other.game)))
    return paths


def stopped_text(stopped: str, say: Messages) -> str:
    """Why a run ended before its last hand, in the page's language."""
    found = STOPPED.match(stopped)
    if found is None or say.lang == "en":
        return stopped.capitalize() + "."
    return say("stats.stopped", seconds=found[1], done=found[2], hands=found[3])


def reason_text(error: str, say: Messages) -> str:
    """Why a run ended without its figures, in the page's language (a worker's own error
    as it came)."""
    for key, pattern in REASONS.items():
        found = pattern.match(error)
        if found is not None:
            return say(f"stats.reason.{key}", **found.groupdict())
    return error


def shown_table(outcome: Outcome, say: Messages, word: Word = as_written) -> list[dict[str, str]]:
    """The figures' table (`simulation.table`) with its sections and rows named in the
    page's language, the rule file's words spelled by `word`."""
    lines = table(outcome)
    for line, row in zip(lines, outcome.rows, strict=True):
        line["section"] = section_name(row.section, say, word)
        line["statistic"] = figure_name(row.name, say, word)
    return lines


def file_words(context: Context) -> Word:
    """The rule file's words as the page's language spells them (its `names` block), as the
    Hand tab writes them."""
    game = context.draft.game
    return speaker(game, context.lang).words.name if game is not None else as_written


def show(outcome: Outcome, paths: list[tuple[str, list[str]]], context: Context) -> None:
    """The figures: what stands out, the charts, the whole table, the same run as a command."""
    say = page_messages(context.lang)
    word = file_words(context)
    if outcome.stopped:
        st.warning(stopped_text(outcome.stopped, say))
    st.caption(
        say(
            "stats.played",
            hands=f"{outcome.hands:,}",
            seed=outcome.plan.seed,
            bots=context.bots,
            seconds=f"{outcome.seconds:.1f}",
        )
    )
    if outcome.paired:
        differing = significant(outcome)
        if differing:
            st.markdown(say("stats.differ", n=len(differing), total=len(outcome.rows)))
            lines = []
            for row in differing[:LISTED_DIFFERENCES]:
                a, b = row.values
                lines.append(
                    say(
                        "stats.against",
                        name=figure_name(row.name, say, word),
                        a=with_interval(a, row.measure),
                        b=with_interval(b, row.measure),
                    )
                )
            if len(differing) > LISTED_DIFFERENCES:
                lines.append(say("stats.more", n=len(differing) - LISTED_DIFFERENCES))
            st.markdown("\n".join(lines))
        else:
            st.success(say("stats.same"))
    charts = [title for title in CHARTED if chart_data(outcome, title)]
    for first in range(0, len(charts), 2):  # two side by side: wide enough for their labels
        for column, title in zip(st.columns(2), charts[first : first + 2], strict=False):
            with column:
                st.altair_chart(chart(outcome, title, say, word), width="stretch")
    import pandas as pd  # here, not at the top: a page that shows no figures never loads it

    named = shown_table(outcome, say, word)
    rows = pd.DataFrame(named).rename(columns=lambda name: column_name(name, say))
    st.dataframe(rows, hide_index=True, key="stats_table")
    left = paths[0][0]
    saved_as = say("stats.saved_as", name=left) if context.draft.edited else ""
    st.caption(say("stats.command", saved_as=saved_as))
    st.code(command(paths, outcome.plan.seed, outcome.plan.hands, context.bots), language="sh")


def column_name(name: str, say: Messages) -> str:
    """A column of the table in the page's language (a side keeps its file's name)."""
    key = f"stats.column.{name}"
    return say(key) if say.has(key) else name


def tooltip_title(field: str, say: Messages | None) -> str:
    """A chart's tooltip line (its data's field) as the page's language names it."""
    key = f"stats.figure.{field}"
    return say(key) if say is not None and say.has(key) else field


def chart(
    outcome: Outcome, title: str, say: Messages | None = None, word: Word = as_written
) -> alt.LayerChart:
    """Bars of the means, one colour per side, with whiskers for the 95% intervals; the
    rule file's words on its axis spelled by `word`."""
    import altair as alt  # here, not at the top: the first page of a server loads faster
    import pandas as pd

    data = pd.DataFrame(chart_data(outcome, title))
    data["label"] = data["label"].map(word)
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
        tooltip=[alt.Tooltip(f"{field}:N", title=tooltip_title(field, say)) for field in TIPS],
    )
    layers: list[alt.Chart] = [bars]
    if "low" in data:
        layers.append(
            base.mark_rule(color="#222")
            .encode(y=rows, yOffset=alt.YOffset("side:N", sort=None), x="low:Q", x2="high:Q")
            .transform_filter("isValid(datum.low)")
        )
    key = f"stats.chart.{title}"
    shown = say(key) if say is not None and say.has(key) else title
    return alt.layer(*layers).properties(title=shown)
