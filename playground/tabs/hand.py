"""The Hand tab: a table to read and to play at.

Seats around a table, the narrated move list driving the one counter (click a move, or
←/→ wherever the focus is), one event a step (`steps`), grouped by turn; the settlement
explained, with the patterns a win does not hold. Sit at a seat to see only what it sees;
play it, and bots play the other seats on by themselves until it is your turn, at the
speed chosen. An edit, an option or a seat change replays the same choices and keeps the
move shown. Everything is told in the language chosen in the sidebar (`context.lang`).
"""

from __future__ import annotations

import json
import time

import streamlit as st
from streamlit.delta_generator import DeltaGenerator
from tablerules.interpreter.messages.speaker import speaker
from tablerules.playground.experiments.golden import hand_as_scenario, open_scenario
from tablerules.playground.files.budget import OverBudget
from tablerules.playground.page.address import write
from tablerules.playground.page.components import clickable, clicked, move_list
from tablerules.playground.page.context import Context
from tablerules.playground.page.guard import guarded
from tablerules.playground.page.keys import arrow_keys, step_asked
from tablerules.playground.page.place import Place, move_missing
from tablerules.playground.page.ticker import drawn, set_timer, tick_due
from tablerules.playground.play.hand_page import build_page, go_to_step, page_steps
from tablerules.playground.play.hands import HandSession
from tablerules.playground.play.match_play import MatchPlay
from tablerules.playground.play.match_view import MatchView, match_view
from tablerules.playground.tabs.hand_phase import phase_view
from tablerules.playground.words.page_messages import page_messages, told_all
from tablerules.playground.words.page_views import HandPage

TITLE = "Hand"
WHY_OPEN = "why_open"  # the state of the expander "Why (not)": its content is drawn when open


def hand_session(context: Context) -> HandSession:
    """The hand in play, kept across reruns: a scenario's hand while one is open (same
    seed, same file), else the match's hand in play. A change of rules or of the seat
    played keeps the user's place: the same choices replayed, the same move shown where it
    still is."""
    game = context.draft.game
    assert game is not None
    opening = st.session_state.pop("open_scenario", None)
    if opening is not None:
        opened = open_scenario(opening, game, context.seed, context.bots, context.lang)
        if isinstance(opened, str):
            st.session_state["hand_note"] = opened
        else:
            opened.to_end()
            opened.source = context.draft.generation
            st.session_state["hand"] = st.session_state["scenario"] = opened
            return opened
    old: HandSession | None = st.session_state.get("scenario")
    if old is not None and old.seed == context.seed and old.source == context.draft.generation:
        if old.game is game and old.bots == context.bots:
            return old  # a scenario's hand: every seat is the user's, whoever sits where
        script = old.played()
        session = HandSession(
            game, old.seed, old.dealer, old.humans, context.bots, script, old.rigged
        )
        session.source = old.source
        session.show_as(old)
        st.session_state["hand"] = st.session_state["scenario"] = session
        return session
    st.session_state.pop("scenario", None)
    match = current_match(context)
    pending: Place | None = st.session_state.pop("place_pending", None)
    if pending is not None:
        match = go_to_place(match, pending, context)
    st.session_state["hand"] = match.hand
    return match.hand


def go_to_place(match: MatchPlay, place: Place, context: Context) -> MatchPlay:
    """The match at `place` (the address's): the same hand, or the match played again to
    its hand with the user's choices; then its move. What could not be reached is said."""
    problems = list(place.problems)
    picks = [list(hand) for hand in place.picks]
    mine = match.picks()
    if place.hand != match.number or picks != (mine if any(mine) else []):
        match = MatchPlay(
            match.game, match.seed, match.bots, match.humans, match.length, match.source
        )
        problem = match.restore(place.hand, picks)
        if problem:
            problems.append(problem)
        st.session_state["match"] = match
    hand = match.hand
    steps, _ = page_steps(hand, context.viewer)
    if place.move < len(steps):
        go_to_step(hand, context.viewer, place.move)
    else:
        hand.to_end()
        problems.append(move_missing(place.move, match.number))
    if place.move or place.hand > 1:
        st.session_state["paused"] = True  # land where the address says, not moves later
    if problems:
        st.session_state["place_note"] = problems
    return match


def current_match(context: Context) -> MatchPlay:
    """The match being played, kept across reruns; a new one for another seed, file, bots
    or number of seats. Other rules or another seat keep the hands over and the place in
    the hand in play."""
    game = context.draft.game
    assert game is not None
    match: MatchPlay | None = st.session_state.get("match")
    if match is not None and match.source != context.draft.generation:
        match = back_to_file(match, context.draft.generation)
    fresh = (
        match is None
        or match.seed != context.seed
        or match.bots != context.bots
        or match.source != context.draft.generation  # another file (an edit keeps it)
        or match.seats != MatchPlay.seats_of(game)
    )
    if match is None or fresh:
        match = MatchPlay(
            game, context.seed, context.bots, context.humans, context.hands,
            context.draft.generation,
        )  # fmt: skip
        st.session_state["match"] = match
        st.session_state["paused"] = False
        go_to_step(match.hand, context.viewer, 0)  # a new hand opens on its deal
        return match
    match.length = context.hands
    before = match.hand
    note = match.follow(game, context.humans, context.bots)
    if note:
        st.session_state["hand_note"] = note
    if match.hand is not before:
        st.session_state["paused"] = False  # bots play on toward the seat played, if any
    return match


def back_to_file(leaving: MatchPlay, generation: int) -> MatchPlay | None:
    """Another file chosen: the match left is kept for a return to its file, and the
    match this file was left at (its hand and move shown) comes back, if there is one."""
    matches: dict[int, MatchPlay] = st.session_state.setdefault("matches_left", {})
    matches[leaving.source] = leaving
    kept = matches.pop(generation, None)
    if kept is not None:
        st.session_state["match"] = kept
        st.session_state["paused"] = True  # back where it was left, not moves later
    return kept


def render(context: Context) -> None:
    draft = context.draft
    game = draft.game
    say = page_messages(context.lang)
    if game is None:
        st.warning(say("hand.no_version"))
        return
    if draft.broken:
        errors = sum(d.is_error for d in draft.diagnostics)
        failed, version = draft.failed_version, draft.version
        st.warning(say("hand.broken", failed=failed, errors=errors, version=version))
    viewer = context.viewer
    session = hand_session(context)
    note = st.session_state.pop("hand_note", "")
    if note:
        st.info(say("hand.replayed", note=told_all([note], context.lang)))
    missed = st.session_state.pop("place_note", [])
    if missed:
        st.warning(say("hand.unreachable", missed=told_all(missed, context.lang)))
    if session.rigged is not None:
        count = len(session.script)
        st.info(say("hand.scenario", name=session.rigged.name, count=count))
    st.session_state["speed"] = context.speed
    st.session_state["ticking"] = interval = animation(session, viewer)
    st.fragment(run_every=interval)(guarded_table_part)(context, session, viewer)
    keep_the_hand(context, session, viewer)


def animation(session: HandSession, viewer: int | None = None) -> float | None:
    """Seconds between the steps shown while bots play on toward the user's turn or the
    end (None: no timer). At the speed `instant` the cursor jumps there at once."""
    interval = st.session_state.get("speed")
    if interval is None or st.session_state.get("paused") or at_last_step(session, viewer):
        return None
    if interval == 0.0:
        if session.humans:
            session.to_end()
        return None
    return interval


def guarded_table_part(context: Context, session: HandSession, viewer: int | None) -> None:
    """The table part, its failures told in words (a fragment shows its own otherwise)."""
    guarded("table", lambda: table_part(context, session, viewer))


def table_part(context: Context, session: HandSession, viewer: int | None) -> None:
    """The table, the user's choices, the moves and the settlement: rerun on its own, and
    on a timer while bots play on (one move a tick)."""
    ticking = st.session_state.get("ticking")
    picked = clicked("table")
    if picked is not None:
        act(session, picked)
    for target in (clicked("moves"), step_asked("keys")):
        if isinstance(target, int):
            st.session_state["paused"] = True
            go_to_step(session, viewer, target)
    if ticking is not None:
        _, shown = page_steps(session, viewer)
        if tick_due(ticking, (id(session), viewer, shown.number)):
            go_to_step(session, viewer, shown.number + 1)
    wanted = animation(session, viewer)
    if wanted != ticking:  # bots start or stop playing on
        if not set_timer(wanted):
            st.rerun()  # the whole page sets the timer anew
        st.session_state["ticking"] = wanted
    page = build_page(session, viewer, context.lang)
    ended = (viewer, session.table.finished)
    if viewer is not None and st.session_state.get("seat_end") not in (None, ended):
        st.session_state["seat_end"] = ended
        st.rerun()  # the whole page: a seat's Compare tab waits for the hand's end
    st.session_state["seat_end"] = ended
    match = playing_match(session)
    left, right = st.columns([2, 1], gap="medium")
    with left:
        if match is not None:
            view = match_view(match, seated(context), rules_command(context), context.lang)
            show_scores(view)
        top = st.container(horizontal=True, vertical_alignment="center", gap="small")
        stepper(session, top, viewer, context.lang)
        top.markdown(f"**{page.counter}** · {page.status}")
        if not phase_view(session, act):  # a phase before play has a view of its own
            user_choices(session, page, context.lang)
        if page.result is not None:
            show_result(page, context.lang)
            if match is not None:
                match_end(match, context)
        clickable(page.table_html, key="table")
    with right:
        rows = [(row.number, row.text, row.cites, row.turn) for row in page.moves]
        move_list(rows, page.current, key="moves")
        arrow_keys(page.current, page.last, key="keys")
        details(session, page, context.lang)
    keep_place(session, viewer, page.current)
    drawn((id(session), viewer, page.current))  # a run that ended: this step is on the page


def at_last_step(session: HandSession, viewer: int | None) -> bool:
    """Whether the step shown is the last of those played."""
    steps, shown = page_steps(session, viewer)
    return shown.number >= len(steps) - 1


def keep_place(session: HandSession, viewer: int | None, step: int) -> None:
    """The place shown (the hand, and its step as the viewer counts them), in the page's
    address (a scenario's hand has none: its deal is not a seed's)."""
    match: MatchPlay | None = st.session_state.get("match")
    if match is None or match.hand is not session:
        return
    try:
        picks = match.picks()
    except OverBudget:  # the hand stopped on its budget: its choices are not written
        picks = []
    write(Place(viewer, match.number, step, tuple(tuple(p) for p in picks)))


def playing_match(session: HandSession) -> MatchPlay | None:
    """The match whose hand is `session` (None for a scenario's hand, or a single hand)."""
    match: MatchPlay | None = st.session_state.get("match")
    if match is None or match.hand is not session or match.length == 1:
        return None
    return match


def seated(context: Context) -> frozenset[int]:
    """The seats the user plays or sits at (named `you` in the scores)."""
    return context.humans | ({context.viewer} if context.viewer is not None else set())


def rules_command(context: Context) -> str:
    """The rule file and its options as `tablerules play` names them ('' for an edited or
    uploaded text, which no file on disk holds)."""
    draft = context.draft
    if draft.edited or draft.origin is not None or draft.last_good is None:
        return ""
    rules = draft.last_good.loaded.rules
    defaults = rules.option_values() if rules is not None else {}
    words = [context.label]
    for name, value in context.options.items():
        if str(defaults.get(name)).lower() != value.lower():
            words.append(f"--option {name}={value}")
    return " ".join(words)


def show_scores(view: MatchView) -> None:
    """Where the match stands and each seat's money so far."""
    scores = " · ".join(view.scores)
    heading = view.heading[:1].upper() + view.heading[1:]
    st.container(key="match_scores").markdown(f"**{heading}** — {scores}")


def match_end(match: MatchPlay, context: Context) -> None:
    """Under a hand over: the next hand, or the match's summary after its last."""
    if match.hand.cursor < match.hand.last or match.hand.partial is not None:
        return
    say = page_messages(context.lang)
    if match.can_go_on:
        label = say("hand.next_hand")
        if st.button(label, icon=":material/skip_next:", key="next_hand", type="primary"):
            match.next_hand()
            go_to_step(match.hand, context.viewer, 0)  # the new hand opens on its deal
            st.session_state["hand"] = match.hand
            st.session_state["paused"] = False
            st.rerun()  # the whole page: the sidebar names the seats of the new hand
        return
    view = match_view(match, seated(context), rules_command(context), context.lang)
    if not view.over or view.rows is None:
        return
    with st.container(border=True, key="match_summary"):
        st.markdown(f"**{say('hand.match_over', n=match.number)}**")
        lines = [say("hand.summary_head"), "|---|---:|---:|"]
        lines += [f"| {row.player} | {row.money} | {row.won} |" for row in view.rows]
        st.markdown("\n".join(lines))
        if view.biggest:
            st.markdown(view.biggest)
        if view.command:
            st.caption(say("hand.same_hands"))
            st.code(view.command, language="sh")


def act(session: HandSession, label: str) -> None:
    """The user's choice, from a card clicked or a button."""
    human = session.waiting_human()
    if human is None:
        return
    session.choose(human, label)
    st.session_state["paused"] = False
    st.session_state["last_step"] = time.monotonic()  # the user's move is seen for a tick


def step(session: HandSession, how: str, viewer: int | None) -> None:
    """A stepper button: going back pauses the bots; going on lets them play again. One
    step is one event (`steps`)."""
    st.session_state["paused"] = how in ("reset", "back")
    if how == "to_end":
        session.to_end()
        return
    _, shown = page_steps(session, viewer)
    target = {"reset": 0, "back": shown.number - 1, "forward": shown.number + 1}[how]
    go_to_step(session, viewer, target)


def stepper(session: HandSession, row: DeltaGenerator, viewer: int | None, lang: str) -> None:
    say = page_messages(lang)
    buttons = [
        ("reset", ":material/first_page:", say("hand.to_deal")),
        ("back", ":material/chevron_left:", say("hand.back")),
        ("forward", ":material/chevron_right:", say("hand.on")),
        ("to_end", ":material/last_page:", say("hand.to_end")),
    ]
    for how, icon, tip in buttons:
        key = "next" if how == "forward" else how
        row.button("", icon=icon, help=tip, key=key, on_click=step, args=(session, how, viewer))
    paused = st.session_state.get("paused") and not at_last_step(session, viewer)
    if paused and session.humans:
        row.button(
            say("hand.play_on"),
            icon=":material/play_arrow:",
            key="play_on",
            on_click=step,
            args=(session, "forward", viewer),
        )


def user_choices(session: HandSession, page: HandPage, lang: str) -> None:
    if session.error:
        st.error(told_all([session.error], lang))
    if not page.prompt:
        return
    st.info(page.prompt)
    if page.claims:
        row = st.container(horizontal=True, gap="small")
        for index, (choice, name) in enumerate(zip(page.claims, page.claim_names, strict=True)):
            row.button(
                name,
                key=f"choose_{index}",
                type="primary",
                on_click=act,
                args=(session, choice.label),
            )


def show_result(page: HandPage, lang: str) -> None:
    result = page.result
    assert result is not None
    say = page_messages(lang)
    with st.container(border=True, key="result"):
        st.markdown(f"**{result.headline}**")
        if result.for_viewer:
            st.success(result.for_viewer)
        for number, win in enumerate(result.wins):
            st.html(win.split_html)
            if win.lines():
                st.markdown("\n".join(f"- {line}" for line in win.lines()))
            if win.absent:
                title = say("result.not_held", n=len(win.absent))
                with st.expander(title, key=f"not_held_{number}"):
                    st.markdown("\n".join(f"- {line}" for line in win.absent))
        for line in result.bonuses:
            st.markdown(line)
        if result.payments:
            st.markdown("\n".join(f"- {line}" for line in result.payments))
        st.markdown(f"**{result.money}** · {result.next_dealer}")


def details(session: HandSession, page: HandPage, lang: str) -> None:
    """Why (not) and the claim windows: each the viewer's own. Why (not) is worked out
    and drawn only while it is open (opening it runs the table part again): a step sends
    the browser nothing it does not show."""
    say = page_messages(lang)
    if page.asker is not None:
        why = st.expander(say("hand.why"), key=WHY_OPEN, on_change="rerun")
        if why.open:
            with why:
                why_not(session, page.asker, page, lang)
    if page.windows:
        with st.expander(say("hand.windows", n=len(page.windows))):
            st.markdown("\n".join(f"- {line}" for line in page.windows))


def why_not(session: HandSession, asker: int, page: HandPage, lang: str) -> None:
    """An action chosen, and why the seat asked (`asker`) may or may not take it now."""
    table = session.table
    say = page_messages(lang)
    actions = ["discard", "pass", *table.play.actions]
    words = {"discard": say("hand.discard"), "pass": say("hand.pass")}
    spoken = speaker(session.game, lang)
    asked = st.selectbox(
        say("hand.action"),
        actions,
        key="why_action",
        format_func=lambda action: words.get(action) or spoken.word(action),
    )
    st.write(table.explain(asker, asked, lang, seat_name=page.seat_names.__getitem__))


def keep_the_hand(context: Context, session: HandSession, viewer: int | None) -> None:
    """The hand to keep: its play log, or a golden scenario made of it — the referee's only
    (the whole deal is in them). Drawn outside the table's fragment: what they hold is read
    when they are clicked, at the move shown then."""
    if viewer is not None:
        return
    say = page_messages(context.lang)
    row = st.container(horizontal=True, gap="medium")
    if session.rigged is None:
        header = context.draft.log_header(context.label, session.seed, session.bots)
        row.download_button(
            say("keep.log"),
            lambda: ("\n".join(session.log_lines(header)) + "\n").encode("utf-8"),
            file_name="hand.jsonl",
            key="download_log",
            on_click="ignore",
        )
    with row.expander(say("keep.scenario")):
        name = st.text_input(
            say("keep.what"),
            placeholder=say("keep.what_example"),
            key="scenario_name",
        )
        folder = context.draft.path.stem
        st.caption(say("keep.how", folder=folder, file=context.draft.path.name))
        if context.draft.edited:
            st.warning(say("keep.edited"))
        st.download_button(
            say("keep.download"),
            lambda: json.dumps(
                hand_as_scenario(session, context.draft, name or scenario_name(session)),
                ensure_ascii=False,
                indent=2,
            ).encode("utf-8"),
            file_name=f"seed_{session.seed}.json",
            key="download_scenario",
            on_click="ignore",
        )


def scenario_name(session: HandSession) -> str:
    """A scenario's name when none is given: the seed and how the hand stands."""
    page = build_page(session, None)
    said = page.result.headline if page.result is not None else page.status
    return f"seed {session.seed}, move {session.cursor}: {said}"
