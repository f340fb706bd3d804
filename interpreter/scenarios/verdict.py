"""What a scenario expected against what happened, in words.

A failure reads as a sentence a rule author can act on — seats by name, cards by their
display names, events told as the narration tells them — never as the Python data behind
it: `expected a pay event: payer Bea (seat 1), payee Al (seat 0), amount 30 — it did not
happen; the pay events that did: Bea pays Al 2 × unit = 2 × 10 = 20 · a won discard`. The
sentences are the message catalogue's (`verdict.*`) in the language asked for, English by
default; the fields of an expected event are named as the scenario file names them.
"""

from __future__ import annotations

from typing import Any

from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.views import seat_events
from tablerules.interpreter.messages import DEFAULT, messages
from tablerules.interpreter.narration.narrate import Narrator
from tablerules.interpreter.scenarios.expected import matches
from tablerules.interpreter.scenarios.model import Scenario

SEAT_FIELDS = ("seat", "payer", "payee", "owner", "next_dealer")
CARD_FIELDS = ("card",)
SHOWN_AT_MOST = 3  # events of the kind expected that are told when the expected one is missing


class Verdict:
    """Compares a played table with a scenario's expectations; `failures()` in words."""

    def __init__(self, table: Table, scenario: Scenario, lang: str = DEFAULT) -> None:
        self.table = table
        self.scenario = scenario
        self.say = say = messages(lang)
        self.narrator = Narrator(
            table.game,
            table.state.dealer,
            unnamed=lambda seat: say("verdict.seat_n", n=seat),
            table=table,
            lang=lang,
        )

    # ── words ─────────────────────────────────────────────────────
    def seat(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < self.table.play.seats:
            return self.say("verdict.seat", name=self.narrator.seat(seat), n=seat)
        return self.say("verdict.house") if seat is None else str(seat)

    def value(self, key: str, value: Any) -> str:
        if key in SEAT_FIELDS:
            return self.seat(value)
        if key in ("winners", "taken_by") and isinstance(value, list):
            return ", ".join(self.seat(s) for s in value) or self.say("verdict.nobody")
        if key in CARD_FIELDS and isinstance(value, str):
            return self.narrator.card(value)
        if key == "cards" and isinstance(value, list):
            return " ".join(self.value("card", c) for c in value)
        if isinstance(value, bool):
            return self.say("verdict.yes" if value else "verdict.no")
        if isinstance(value, list):
            return ", ".join(self.value("", v) for v in value)
        return str(value)

    def wanted(self, event: dict[str, Any]) -> str:
        """An expected event (only some of its fields are given), in words."""
        fields = [
            f"{key} {self.value(key, value)}" for key, value in event.items() if key != "type"
        ]
        kind = event.get("type", "any")
        if not fields:
            return self.say("verdict.event", kind=kind)
        return self.say("verdict.event_with", kind=kind, fields=", ".join(fields))

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
                self.say("verdict.own_log", seat=self.seat(seat), failure=failure)
                for failure in self.missing_events(seen, wanted)
            ]
        failures += self.unwanted_events()
        if expect.finished is not None and state.finished != expect.finished:
            if expect.finished:
                waiting = ", ".join(self.seat(s) for s in table.waiting_for())
                failures.append(self.say("verdict.not_over", waiting=waiting))
            else:
                failures.append(self.say("verdict.over"))
        if expect.winners is not None and sorted(state.winners) != sorted(expect.winners):
            failures.append(
                self.say(
                    "verdict.winners",
                    expected=self.value("winners", expect.winners),
                    got=self.value("winners", state.winners),
                )
            )
        if expect.totals is not None and table.totals() != expect.totals:
            paid = "; ".join(self.told(e) for e in table.events if e["type"] == "pay")
            failures.append(
                self.say(
                    "verdict.money",
                    expected=self.money(expect.totals),
                    got=self.money(table.totals()),
                    paid=paid or self.say("verdict.no_payment"),
                )
            )
        if expect.next_dealer is not None and state.next_dealer != expect.next_dealer:
            failures.append(
                self.say(
                    "verdict.next_dealer",
                    expected=self.seat(expect.next_dealer),
                    got=self.seat(state.next_dealer),
                )
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
                extra = len(same) - SHOWN_AT_MOST
                more = self.say("verdict.more", n=extra) if extra > 0 else ""
                instead = self.say(
                    "verdict.instead", kind=wanted.get("type"), happened=happened, more=more
                )
            else:
                instead = self.say("verdict.none_at_all", kind=wanted.get("type"))
            earlier = any(matches(e, wanted) for e in events)
            order = self.say("verdict.earlier") if earlier else ""
            failures.append(
                self.say(
                    "verdict.missing", wanted=self.wanted(wanted), order=order, instead=instead
                )
            )
            position = 0
        return failures

    def unwanted_events(self) -> list[str]:
        failures = []
        for unwanted in self.scenario.expect.absent:
            found = next((e for e in self.table.events if matches(e, unwanted)), None)
            if found is not None:
                wanted, told = self.wanted(unwanted), self.told(found)
                failures.append(self.say("verdict.unwanted", wanted=wanted, told=told))
        return failures

    def choices(self, expected: dict[str, list[str]], should: bool) -> list[str]:
        failures = []
        for seat_text, labels in expected.items():
            seat = int(seat_text)
            legal = [c.label for c in self.table.legal_actions(seat)]
            now = ", ".join(legal) or self.say("verdict.not_asked")
            for label in labels:
                is_legal = label in legal or any(c.split(" ", 1)[0] == label for c in legal)
                if should and label not in legal:
                    failures.append(
                        self.say("verdict.should", seat=self.seat(seat), label=label, now=now)
                    )
                elif not should and is_legal:
                    failures.append(
                        self.say("verdict.should_not", seat=self.seat(seat), label=label, now=now)
                    )
        return failures
