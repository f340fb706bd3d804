"""How a hand is shown: seats with their cards, the open decision, the result explained,
the event log. Reads the engine's views and events only."""

from __future__ import annotations

import json
from typing import Any

import streamlit as st
from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.views import seat_events
from tablerules.playground.cards import row_html
from tablerules.playground.session import HandSession

EVENT_COLUMNS = ("seq", "type", "seat", "name", "label", "amount", "clause", "cites")


def _html(markup: str) -> None:
    st.markdown(markup, unsafe_allow_html=True)


def show_seats(table: Table, viewer: int | None, names: list[str]) -> None:
    """Every seat: its hand (hidden from other seats' views), table groups and discards."""
    view = table.view(viewer)
    compiled = table.game.compiled
    dealer = view["dealer"]
    count = len(view["seats"])
    columns = st.columns(2)
    for seat, data in enumerate(view["seats"]):
        title = names[(seat - dealer) % count] if names else f"seat {seat}"
        with columns[seat % 2].container(border=True):
            flags = " · dealer" if seat == dealer else ""
            flags += " · to act" if seat in table.waiting_for() else ""
            st.markdown(f"**{title}** (seat {seat}){flags}")
            _html(row_html(compiled, data["hand"]))
            for group in data["table"]:
                st.caption(group_caption(group))
                _html(row_html(compiled, group["cards"]))
            if data["discards"]:
                st.caption("discards")
                _html(row_html(compiled, data["discards"]))
            if data["restrictions"]:
                st.caption("restricted: " + ", ".join(data["restrictions"]))


LIES = {"concealed": "face down", "partly shown": "one card shown"}


def group_caption(group: dict[str, Any]) -> str:
    """A table group's kind, who made it and, unless it lies face up, how the other seats
    see it."""
    how = LIES.get(group["lies"])
    return f"{group['kind']} · by {group['by']}" + (f" · {how}" if how else "")


def show_decision(session: HandSession, viewer: int | None) -> None:
    """The open decision: the card on offer, who may respond and with what; the user's
    own choices as buttons, and why any action is or is not legal."""
    table = session.table
    pending = table.view(viewer)["pending"]
    if pending is None:
        return
    compiled = table.game.compiled
    with st.container(border=True):
        card = pending["card"]
        st.markdown(
            f"**{pending['kind']}** on *{pending['context']}* of seat {pending['owner']}"
            + (f" — waiting for seat(s) {pending['waiting']}" if pending["waiting"] else "")
        )
        if card:
            _html(row_html(compiled, [card], {0}))
        for seat, labels in pending["options"].items():
            st.write(f"seat {seat} may: " + (", ".join(labels) if labels else "—"))
        human = session.waiting_human()
        if human is not None and viewer in (None, human):
            st.markdown(f"**Your move, seat {human}:**")
            columns = st.columns(4)
            for index, choice in enumerate(table.legal_actions(human)):
                if columns[index % 4].button(choice.label, key=f"choose_{index}"):
                    session.choose(human, choice.label)
                    st.rerun()
        # A seat's view explains that seat's own choices only: another seat's answer would
        # read out its hand.
        asker = viewer if viewer is not None else (table.waiting_for() or [None])[0]
        if asker is not None and asker in table.waiting_for():
            actions = ["discard", "pass", *table.play.actions]
            asked = st.selectbox(f"Why can seat {asker} (not) …", actions, key="why_action")
            st.info(table.explain(asker, asked))


def show_result(table: Table) -> None:
    """The end of the hand explained: the winning split and its values, every payment
    with its clause and rule ids, the bonus draws and which hit, the next dealer."""
    if not table.finished:
        return
    events = table.events
    with st.container(border=True):
        wins = [e for e in events if e["type"] == "win"]
        if not wins:
            st.markdown("**Drawn hand** — nobody won.")
        for win in wins:
            st.markdown(
                f"**Seat {win['seat']} wins** on {win['context']} "
                f"({win.get('clause', '')}; value {win.get('value', 0)})"
            )
            if win.get("split"):
                st.code(win["split"], language="text")
        for bonus in (e for e in events if e["type"] == "bonus"):
            hits = " ".join(
                f"{name}{'✓' if hit else '✗'}"
                for name, hit in zip(bonus["names"], bonus["hit"], strict=True)
            )
            missing = f", {bonus['missing']} missing (hit)" if bonus.get("missing") else ""
            st.markdown(
                f"**{bonus['clause']}**: {bonus['count']} drawn — {hits}{missing} → "
                f"{bonus['hits']} hit(s)"
            )
        ledger = [
            {
                "payer": line.payer if line.payer is not None else "house",
                "payee": line.payee if line.payee is not None else "house",
                "amount": line.amount,
                "label": line.label,
                "clause": line.clause,
                "rule ids": ", ".join(line.cites),
            }
            for line in table.state.ledger
        ]
        if ledger:
            st.table(ledger)
        st.markdown(f"Totals: {table.totals()} · next dealer: seat {table.state.next_dealer}")


def _row(event: dict[str, Any]) -> dict[str, Any]:
    row = {key: event.get(key) for key in EVENT_COLUMNS}
    row["cites"] = ", ".join(event.get("cites", []))
    return row


def show_events(session: HandSession, viewer: int | None, header: dict[str, Any]) -> None:
    """The event log as a table, as the viewer may read it. The referee may download the
    play log `tablerules replay` accepts; a seat, the events as that seat saw them."""
    table = session.table
    events = table.events if viewer is None else seat_events(table, viewer)
    st.dataframe([_row(e) for e in events], width="stretch", hide_index=True)
    if viewer is None:
        lines = session.log_lines(header)
        st.download_button(
            "Download the log (JSON Lines, for tablerules replay)",
            ("\n".join(lines) + "\n").encode("utf-8"),
            file_name="hand.jsonl",
            key="download_log",
        )
        return
    text = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events)
    st.download_button(
        f"Download the events as seat {viewer} saw them (JSON Lines)",
        text.encode("utf-8"),
        file_name=f"hand-seat-{viewer}.jsonl",
        key="download_log",
    )


def show_windows(table: Table, viewer: int | None) -> None:
    """Every claim window so far: who could respond with what, what each chose, who took
    the card and why (a higher priority, or the ties clause). A seat sees its own part."""
    events = table.events if viewer is None else seat_events(table, viewer)
    windows = [e for e in events if e["type"] == "window" and (viewer is None or e["offered"])]
    if not windows:
        return
    with st.expander(f"Claim windows ({len(windows)})"):
        rows = []
        for event in windows:
            chosen = dict((seat, label) for seat, label in event["chosen"])
            for seat, labels in event["offered"]:
                rows.append(
                    {
                        "event": event["seq"],
                        "card": event.get("card"),
                        "on": f"{event['context']} of seat {event['owner']}",
                        "seat": seat,
                        "could": ", ".join(labels),
                        "chose": chosen.get(seat, ""),
                        "took it": "✓" if seat in event["taken_by"] else "",
                        "why": event["why"] if seat in event["taken_by"] else "",
                    }
                )
        st.dataframe(rows, width="stretch", hide_index=True)
