"""What a scenario expected against what happened, in words.

A failure reads as a sentence a rule author can act on — seats by name, cards by their
display names, events told as the narration tells them — never as the Python data behind
it: `expected a pay event: payer Bea (seat 1), payee Al (seat 0), amount 30 — it did not
happen; the pay events that did: Bea pays Al 2 × unit = 2 × 10 = 20 · a won discard`.
"""

from __future__ import annotations

from typing import Any

from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.views import seat_events
from tablerules.interpreter.narration.narrate import Narrator
from tablerules.interpreter.scenarios.expected import matches
from tablerules.interpreter.scenarios.model import Scenario

SEAT_FIELDS = ("seat", "payer", "payee", "owner", "next_dealer")
CARD_FIELDS = ("card",)
SHOWN_AT_MOST = 3  # events of the kind expected that are told when the expected one is missing


class Verdict:
    """Compares a played table with a scenario's expectations; `failures()` in words."""

    def __init__(self, table: Table, scenario: Scenario) -> None:
        self.table = table
        self.scenario = scenario
        self.narrator = Narrator(
            table.game, table.state.dealer, unnamed=lambda seat: f"seat {seat}", table=table
        )

    # ── words ─────────────────────────────────────────────────────
    def seat(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < self.table.play.seats:
            return f"{self.narrator.seat(seat)} (seat {seat})"
        return "the house" if seat is None else str(seat)

    def value(self, key: str, value: Any) -> str:
        if key in SEAT_FIELDS:
            return self.seat(value)
        if key in ("winners", "taken_by") and isinstance(value, list):
            return ", ".join(self.seat(s) for s in value) or "nobody"
        if key in CARD_FIELDS and isinstance(value, str):
            return self.narrator.card(value)
        if key == "cards" and isinstance(value, list):
            return " ".join(self.value("card", c) for c in value)
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, list):
            return ", ".join(self.value("", v) for v in value)
        return str(value)

    def wanted(self, event: dict[str, Any]) -> str:
        """An expected event (only some of its fields are given), in words."""
        fields = [
            f"{key} {self.value(key, value)}" for key, value in event.items() if key != "type"
        ]
        kind = event.get("type", "any")
        return f"a {kind} event" + (f": {', '.join(fields)}" if fields else "")

    def told(self, event: dict[str, Any]) -> str:
        """An event that happened, as the narration tells it."""
        if event["type"] == "pay":
            return self.narrator.reckoner().payment(event, cites=False)
        return self.narrator.phrase(event) or self.wanted(
            {k: v for k, v in event.items() if k not in ("seq", "clause", "cites")}
        )

    def money(self, totals: list[int]) -> str:
        return ", ".join(f"{self.seat(seat)} {amount:+d}" for seat, amount in enumerate(totals))

    # ── the checks ────────────────────────────────────────────────
    def failures(self) -> list[str]:
        expect = self.scenario.expect
        table = self.table
        state = table.state
        failures = self.missing_events(self.table.events, expect.events)
        for seat_text, wanted in expect.seen.items():  # what a seat's own log shows
            seat = int(seat_text)
            seen = seat_events(table, seat)
            failures += [
                f"in {self.seat(seat)}'s own log: {failure}"
                for failure in self.missing_events(seen, wanted)
            ]
        failures += self.unwanted_events()
        if expect.finished is not None and state.finished != expect.finished:
            if expect.finished:
                waiting = ", ".join(self.seat(s) for s in table.waiting_for())
                failures.append(f"the hand should be over after the script; it waits for {waiting}")
            else:
                failures.append("the hand should still be going after the script; it is over")
        if expect.winners is not None and sorted(state.winners) != sorted(expect.winners):
            failures.append(
                f"winners: expected {self.value('winners', expect.winners)}, "
                f"got {self.value('winners', state.winners)}"
            )
        if expect.totals is not None and table.totals() != expect.totals:
            paid = (
                "; ".join(self.told(e) for e in table.events if e["type"] == "pay") or "no payment"
            )
            failures.append(
                f"money: expected {self.money(expect.totals)}; got {self.money(table.totals())} "
                f"({paid})"
            )
        if expect.next_dealer is not None and state.next_dealer != expect.next_dealer:
            failures.append(
                f"next dealer: expected {self.seat(expect.next_dealer)}, "
                f"got {self.seat(state.next_dealer)}"
            )
        failures += self.choices(expect.legal, should=True)
        failures += self.choices(expect.illegal, should=False)
        return failures

    def missing_events(
        self, events: list[dict[str, Any]], expected: list[dict[str, Any]]
    ) -> list[str]:
        """The expected events that do not happen in `events` in this order, each with what
        happened instead."""
        failures = []
        position = 0
        for wanted in expected:
            while position < len(events) and not matches(events[position], wanted):
                position += 1
            if position < len(events):
                position += 1
                continue
            same = [e for e in events if e["type"] == wanted.get("type")]
            if same:
                happened = "; ".join(self.told(e) for e in same[:SHOWN_AT_MOST])
                more = f" and {len(same) - SHOWN_AT_MOST} more" if len(same) > SHOWN_AT_MOST else ""
                instead = f"the {wanted.get('type')} events that did: {happened}{more}"
            else:
                instead = f"there was no {wanted.get('type')} event at all"
            earlier = any(matches(e, wanted) for e in events)
            order = " (it happened, but before an event expected earlier)" if earlier else ""
            failures.append(f"expected {self.wanted(wanted)} — it did not happen{order}; {instead}")
            position = 0
        return failures

    def unwanted_events(self) -> list[str]:
        failures = []
        for unwanted in self.scenario.expect.absent:
            found = next((e for e in self.table.events if matches(e, unwanted)), None)
            if found is not None:
                failures.append(
                    f"{self.wanted(unwanted)} should not happen, but it did: {self.told(found)}"
                )
        return failures

    def choices(self, expected: dict[str, list[str]], should: bool) -> list[str]:
        failures = []
        for seat_text, labels in expected.items():
            seat = int(seat_text)
            legal = [c.label for c in self.table.legal_actions(seat)]
            now = ", ".join(legal) or "nothing (it is not asked to act)"
            for label in labels:
                is_legal = label in legal or any(c.split(" ", 1)[0] == label for c in legal)
                if should and label not in legal:
                    failures.append(f"{self.seat(seat)} should be able to {label}; it may: {now}")
                elif not should and is_legal:
                    failures.append(
                        f"{self.seat(seat)} should not be able to {label}; it may: {now}"
                    )
        return failures
