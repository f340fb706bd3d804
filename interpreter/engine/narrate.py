"""A hand told in sentences: seats by the rule file's names, cards by their display names.

`Narrator.phrase` turns one engine event into a clause (`Bea discards 9 cups`); `sentence`
joins the clauses of one move (`Bea discards 9 cups — Cy draws`). Told for a seat
(`viewer`), each event is first cut down to what that seat may see (`views.seat_event`),
so the same sentences serve the referee, a seat's view and the command line's transcript.
Payments are told with their arithmetic (`reckoning.Reckoner`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tablerules.interpreter.engine.reckoning import Reckoner, group_counts
from tablerules.interpreter.engine.views import HIDDEN

if TYPE_CHECKING:
    from tablerules.interpreter.api import Game
    from tablerules.interpreter.engine.game import Table

Record = dict[str, Any]
SEPARATOR = " — "
# a group's value after its cards in a win event's split: `three[1r1r1r](0)`
VALUE_AFTER_GROUP = re.compile(r"\]\(-?\d+\)")


def _same_payment(one: Record, other: Record) -> bool:
    return all(one[key] == other[key] for key in ("payee", "amount", "label"))


def player_name(seat: int) -> str:
    """How an unnamed seat is called on a page: `player 1` for seat 0."""
    return f"player {seat + 1}"


class Narrator:
    """Sentences for one hand dealt by `dealer`, told for `viewer` (None: the referee)."""

    def __init__(
        self,
        game: Game,
        dealer: int,
        viewer: int | None = None,
        unnamed: Callable[[int], str] = player_name,
        table: Table | None = None,
        events: list[Record] | None = None,
    ) -> None:
        """`table` (the hand as it stands) lets payments count groups and lets a seat's
        view be cut from the events; without it, `events` (the hand's events so far, kept
        up to date by the caller) is what payments are worked out from."""
        compiled = game.compiled
        self.game = game
        self.dealer = dealer
        self.viewer = viewer
        self.table = table
        self.events = events if events is not None else []
        self._reckoner: Reckoner | None = None
        self.names = compiled.seat_names
        self.seats = len(compiled.dealt_per_seat())
        self.unnamed = unnamed
        self.display = dict(zip(compiled.cards.ids, compiled.cards.display, strict=True))
        self.value_name = compiled.value_name
        self.draws_shown = bool(compiled.rules.turn and compiled.rules.turn.draws_shown)
        self.phrases: dict[str, Callable[[Record], str]] = {
            "deal": self._deal,
            "shown": lambda e: f"{self.seat(e['seat'])} shows {self.card(e['card'])}",
            "draw": self._draw,
            "replacement": self._draw,
            "discard": lambda e: f"{self.seat(e['seat'])} discards {self.card(e['card'])}",
            "untaken": self._untaken,
            "turn passes": self._turn_passes,
            "action": self._action,
            "outranked": lambda e: f"{self.seat(e['seat'])} {e['label']} is outranked",
            "window": self._window,
            "restricted": self._restricted,
            "immediate win": self._immediate,
            "win": self._win,
            "pay": self._pay,
            "bonus": self._bonus,
            "drawn hand": lambda e: "drawn hand: nobody wins",
            "end": self._end,
        }

    # ── names ─────────────────────────────────────────────────────
    def seat(self, seat: int | None) -> str:
        if seat is None:
            return "the house"
        if not self.names:
            return self.unnamed(seat)
        return self.names[(seat - self.dealer) % len(self.names)]

    def card(self, card: str | None) -> str:
        if card is None:
            return ""
        if card == HIDDEN:
            return "a card"
        return self.display.get(card, card)

    def cards(self, cards: list[str]) -> str:
        return " ".join(self.card(c) for c in cards)

    # ── what a viewer may read ────────────────────────────────────
    def visible(self, event: Record) -> Record | None:
        """The event as the viewer may read it (None: nothing of it)."""
        if self.viewer is None or self.table is None:
            return event
        from tablerules.interpreter.engine.views import seat_event

        return seat_event(self.table, event, self.viewer)

    # ── phrases and sentences ─────────────────────────────────────
    def phrase(self, event: Record) -> str | None:
        """One event as a clause, or None when it adds nothing a reader needs here."""
        shown = self.visible(event)
        if shown is None:
            return None
        render = self.phrases.get(shown.get("type", ""))
        if render is None:
            return None
        try:
            return render(shown) or None
        except (KeyError, TypeError, ValueError):
            return None

    def sentence(self, events: list[Record], money: bool = False) -> str:
        """One move: the clauses of its events in order. Payments are left to the
        settlement unless `money`; then the payments of one label to one seat are told as
        one clause (`Bea, Cy pay Al 20 each · a self-draw`)."""
        clauses: list[str] = []
        payments: list[Record] = []
        for event in [*events, {"type": "end of move"}]:
            if event["type"] == "pay":
                if payments and not _same_payment(payments[-1], event):
                    clauses.append(self._payments(payments))
                    payments = []
                payments.append(event)
                continue
            if payments:
                if money:
                    clauses.append(self._payments(payments))
                payments = []
            clause = self.phrase(event)
            if clause:
                clauses.append(clause)
        return SEPARATOR.join(clauses)

    def _payments(self, payments: list[Record]) -> str:
        first = payments[0]
        payers = ", ".join(self.seat(e["payer"]) for e in payments)
        each = " each" if len(payments) > 1 else ""
        verb = "pay" if len(payments) > 1 else "pays"
        payee = self.seat(first["payee"])
        return f"{payers} {verb} {payee} {first['amount']}{each} · {first['label']}"

    def reckoner(self) -> Reckoner:
        if self._reckoner is None:
            table = self.table
            if table is None:
                self._reckoner = Reckoner(self.game, self.events, self.seat)
            else:
                self._reckoner = Reckoner(
                    self.game, table.events, self.seat, lambda seat: group_counts(table, seat)
                )
        return self._reckoner

    # ── one clause per kind of event ──────────────────────────────
    def _deal(self, event: Record) -> str:
        hands = event["hands"]
        sizes = {len(hand) for hand in hands}
        if len(sizes) == 1:
            each = f"{sizes.pop()} cards each"
        else:
            order = [(event["dealer"] + step) % len(hands) for step in range(len(hands))]
            each = ", ".join(f"{self.seat(s)} {len(hands[s])}" for s in order) + " cards"
        return f"{self.seat(event['dealer'])} deals {each}; {event['wall']} left to draw"

    def _draw(self, event: Record) -> str:
        seat = self.seat(event["seat"])
        card = event.get("card")
        what = "a replacement" if event["type"] == "replacement" else ""
        if card == HIDDEN:
            return f"{seat} draws{' ' + what if what else ''}"
        named = self.card(card)
        if what:
            return f"{seat} draws {named} as a replacement"
        if event.get("shown"):
            return f"{seat} draws {named}, shown"
        if self.draws_shown:  # a draw taken straight into a group the others do not see
            return f"{seat} draws {named}, not shown"
        return f"{seat} draws {named}"

    def _turn_passes(self, event: Record) -> str:
        seat = self.seat(event["seat"])
        if event.get("why") == "nothing to discard":
            return f"{seat} has nothing it may discard: the turn passes"
        return f"{seat} ends the turn without a discard"

    def _untaken(self, event: Record) -> str:
        card, seat = self.card(event["card"]), self.seat(event["seat"])
        return f"{card} is not taken: to {seat}'s {event['to']}"

    def _action(self, event: Record) -> str:
        owner = event.get("owner")
        taken = f" from {self.seat(owner)}" if owner is not None and owner != event["seat"] else ""
        return f"{self.seat(event['seat'])} {event['label']}{taken}"

    def _window(self, event: Record) -> str:
        offered = event["offered"]
        if not offered:
            return ""
        if len(offered) == 1 and event["taken_by"]:
            return ""  # one seat alone could respond and did: its action says it all
        card = self.card(event.get("card"))
        chose = "; ".join(
            f"{self.seat(seat)} {'passes' if label == 'pass' else label}"
            for seat, label in event["chosen"]
        )
        if not event["taken_by"]:
            return f"{chose} on {card}" if chose else ""
        taken = ", ".join(self.seat(seat) for seat in event["taken_by"])
        return f"{card}: {chose} → {taken} ({event['why']})"

    def _restricted(self, event: Record) -> str:
        card = f" on {self.card(event['card'])}" if event.get("card") else ""
        return f"{self.seat(event['seat'])} is under {event['restriction']}{card}"

    def _immediate(self, event: Record) -> str:
        name = str(event.get("clause", "")).removeprefix("immediate win ")
        return f"{self.seat(event['seat'])} wins at once: {name}"

    def win_how(self, event: Record) -> str:
        """`Al wins on Bea's discard 9 cups` (or `on own draw …`, `on the deal`)."""
        seat, owner, card = event["seat"], event.get("owner"), event.get("card")
        if event.get("context") == "deal":  # a win declared on the deal
            how = "on the deal"
        else:
            whose = "own" if owner == seat else f"{self.seat(owner)}'s"
            how = f"on {whose} {event.get('context')} {self.card(card)}".rstrip()
        return f"{self.seat(seat)} wins {how}"

    def split(self, event: Record) -> str:
        """The winning split as the win event writes it, `three[1r1r1r](1)  …`; without a value
        table the groups' values (all 0) are left out."""
        text = str(event.get("split") or "")
        return text if self.value_name else VALUE_AFTER_GROUP.sub("]", text)

    def value(self, event: Record) -> str:
        """` = 16 points` for a game with a value table, else nothing (no `value 0`)."""
        return f" = {event['value']} {self.value_name}" if self.value_name else ""

    def _win(self, event: Record) -> str:
        return self.win_how(event) + self.value(event)

    def _pay(self, event: Record) -> str:
        return self.reckoner().payment(event, cites=False)

    def _bonus(self, event: Record) -> str:
        name = str(event.get("clause", "bonus")).removeprefix("bonus ")
        drawn = [
            f"{self.card(card)}{' (hit)' if hit else ''}"
            for card, hit in zip(event["cards"], event["hit"], strict=True)
        ]
        missing = f", {event['missing']} missing" if event.get("missing") else ""
        hits = event["hits"]
        return (
            f"{self.seat(event['seat'])} draws {event['count']} {name}: "
            f"{', '.join(drawn) or 'none left'}{missing} — {hits} hit{'' if hits == 1 else 's'}"
        )

    def _end(self, event: Record) -> str:
        dealer = event.get("next_dealer")
        return f"next dealer: {self.seat(dealer)}" if dealer is not None else ""
