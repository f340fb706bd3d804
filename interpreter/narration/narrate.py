"""A hand told in sentences: seats by the rule file's names, cards by their display names.

`Narrator.phrase` turns one engine event into a clause (`Bea discards 9 cups`); `sentence`
joins the clauses of one move (`Bea discards 9 cups — Cy draws`). Told for a seat
(`viewer`), each event is first cut down to what that seat may see (`views.seat_event`),
so the same sentences serve the referee, a seat's view and the command line's transcript.
Payments are told with their arithmetic (`reckoning.Reckoner`). The sentences are those of
the message catalogue of `lang` (`messages`), the game's words its spellings in that
language (`messages.game_words`); English by default.

This module holds the narrator's names and the joining of clauses into sentences; the
clause of each kind of event is written by `play_phrases`, `win_phrases` and
`money_phrases`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tablerules.interpreter.engine.views import HIDDEN
from tablerules.interpreter.messages import DEFAULT
from tablerules.interpreter.messages.speaker import speaker
from tablerules.interpreter.narration.money_phrases import MoneyPhrases
from tablerules.interpreter.narration.order import told_order
from tablerules.interpreter.narration.play_phrases import PlayPhrases
from tablerules.interpreter.narration.reckoning import Reckoner, group_counts
from tablerules.interpreter.narration.win_phrases import WinPhrases

if TYPE_CHECKING:
    from tablerules.interpreter.api import Game
    from tablerules.interpreter.engine.game import Table

Record = dict[str, Any]
# how the engine writes why a claim window went as it did (`windows.window_reason`)
PRIORITY = re.compile(r"^priority (-?\d+)$")


def _same_payment(one: Record, other: Record) -> bool:
    return all(one[key] == other[key] for key in ("payee", "amount", "label"))


def player_name(seat: int) -> str:
    """How an unnamed seat is called on a page: `player 1` for seat 0."""
    return f"player {seat + 1}"


class Narrator(PlayPhrases, WinPhrases, MoneyPhrases):
    """Sentences for one hand dealt by `dealer`, told for `viewer` (None: the referee), in
    language `lang`."""

    def __init__(
        self,
        game: Game,
        dealer: int,
        viewer: int | None = None,
        unnamed: Callable[[int], str] = player_name,
        table: Table | None = None,
        events: list[Record] | None = None,
        lang: str = DEFAULT,
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
        self.speaker = speaker(game, lang)
        self.say = self.speaker.say
        self.words = self.speaker.words
        self.names = self.words.seat_names
        self.seats = len(compiled.dealt_per_seat())
        # no card shown on the deal: a `deal card` is the dealer's last dealt card, unseen
        self._dealt_offered = not any(line.shown for line in compiled.deal_plan())
        self.unnamed = unnamed
        self.display = self.words.by_id
        self.value_name = compiled.value_name
        self.draws_shown = bool(compiled.rules.turn and compiled.rules.turn.draws_shown)
        say = self.say
        self.phrases: dict[str, Callable[[Record], str]] = {
            "deal": self._deal,
            "shown": lambda e: say(
                "narrate.shown", seat=self.seat(e["seat"]), card=self.card(e["card"])
            ),
            "turned": lambda e: say(
                "narrate.turned", card=self.card(e["card"]), wild=self.card(e["wild"])
            ),
            "draw": self._draw,
            "replacement": self._draw,
            "discard": lambda e: say(
                "narrate.discard", seat=self.seat(e["seat"]), card=self.card(e["card"])
            ),
            "untaken": self._untaken,
            "turn passes": self._turn_passes,
            "action": self._action,
            "outranked": lambda e: say(
                "narrate.outranked", seat=self.seat(e["seat"]), choice=self.choice(e["label"])
            ),
            "window": self._window,
            "restricted": self._restricted,
            "immediate win": self._immediate,
            "shown win": self._shown_win,
            "exchange": self._exchange,
            "declaration": self._declaration,
            "win": self._win,
            "pay": self._pay,
            "bonus": self._bonus,
            "drawn hand": self._drawn_hand,
            "leaves": self._leaves,
            "replacement shown": lambda e: say(
                f"narrate.replacement_shown_{e['end']}",
                seat=self.seat(e["seat"]),
                cards=self.cards(e["cards"]),
            ),
            "shown discarded": lambda e: say(
                "narrate.shown_discarded", seat=self.seat(e["seat"]), cards=self.cards(e["cards"])
            ),
            "locked": lambda e: say(
                "narrate.locked", seat=self.seat(e["seat"]), action=self.word(e["action"])
            ),
            "drawn settle": self._drawn_settle,
            "end": self._end,
        }

    # ── names ─────────────────────────────────────────────────────
    def seat(self, seat: int | None) -> str:
        if seat is None:
            return self.say("narrate.house")
        if not self.names:
            return self.unnamed(seat)
        return self.names[(seat - self.dealer) % len(self.names)]

    def card(self, card: str | None) -> str:
        if card is None:
            return ""
        if card == HIDDEN:
            return self.say("narrate.hidden_card")
        return self.display.get(card, card)

    def cards(self, cards: list[str]) -> str:
        """The cards named, those this reader may not see counted together ("3 cards",
        not "a card a card a card")."""
        hidden = cards.count(HIDDEN)
        if hidden < 2:
            return " ".join(self.card(c) for c in cards)
        shown = [self.card(c) for c in cards if c != HIDDEN]
        return " ".join([*shown, self.say("narrate.hidden_cards", n=hidden)])

    def word(self, name: str) -> str:
        """A name of the rule file (a group, a zone, a label…) in the narrator's language."""
        return self.words.name(name)

    def choice(self, label: str) -> str:
        """A choice's label (`take 9c9c9c`, `discard 5c`, `pass`) in words."""
        return self.speaker.choice(label)

    def context(self, context: str | None) -> str:
        """Where a card comes from (`draw`, `discard`, …) in the narrator's language."""
        return self.speaker.context(context)

    def why(self, why: str) -> str:
        """Why a claim window went as it did, as the engine writes it, in words."""
        say = self.say
        if why == "nobody took it":
            return say("why.nobody")
        if why == "the only taker":
            return say("why.only")
        found = PRIORITY.match(why)
        if found:
            return say("why.priority", n=found[1])
        if why.startswith("ties: "):
            rule = why.removeprefix("ties: ")
            key = f"why.{rule}"
            return say("why.ties", rule=say(key) if say.has(key) else rule)
        return why

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
        """One move: the clauses of its events in the order they are told (`order`).
        Payments are left to the settlement unless `money`; then the payments of one label
        to one seat are told as one clause (`Bea, Cy pay Al 20 each · a self-draw`)."""
        clauses: list[str] = []
        payments: list[Record] = []
        for event in [*told_order(events), {"type": "end of move"}]:
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
        return self.say("list.clauses").join(clauses)

    def _payments(self, payments: list[Record]) -> str:
        first = payments[0]
        payee = self.seat(first["payee"])
        label = self.speaker.label(first)
        if len(payments) == 1:
            return self.say(
                "narrate.pays",
                payer=self.seat(first["payer"]),
                payee=payee,
                amount=first["amount"],
                label=label,
            )
        payers = self.say.join(self.seat(e["payer"]) for e in payments)
        return self.say(
            "narrate.pay_each", payers=payers, payee=payee, amount=first["amount"], label=label
        )

    def reckoner(self) -> Reckoner:
        if self._reckoner is None:
            table = self.table
            if table is None:
                self._reckoner = Reckoner(self.game, self.events, self.seat, lang=self.say.lang)
            else:
                self._reckoner = Reckoner(
                    self.game,
                    table.events,
                    self.seat,
                    lambda seat: group_counts(table, seat),
                    lang=self.say.lang,
                )
        return self._reckoner
