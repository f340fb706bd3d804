"""The clauses of money and of a hand's end: a payment (told with its arithmetic), a
bonus draw and its cards, a drawn hand and the seats an `at drawn hand` line chose, the
next dealer."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tablerules.interpreter.narration.narrate import Narrator, Record


class MoneyPhrases:
    """A mixin of `narrate.Narrator` (which supplies `say`, `seat`, `card`, `cards` and
    `word`)."""

    def _pay(self: Narrator, event: Record) -> str:
        return self.reckoner().payment(event, cites=False)

    def _bonus(self: Narrator, event: Record) -> str:
        say = self.say
        name = str(event.get("clause", "bonus")).removeprefix("bonus ")
        if not event["count"]:  # a count of 0 (a table option): nothing was to be drawn
            return say("narrate.bonus_zero", seat=self.seat(event["seat"]), name=self.word(name))
        drawn = [
            self._bonus_card(event, index, card, hit)
            for index, (card, hit) in enumerate(zip(event["cards"], event["hit"], strict=True))
        ]
        missing = say("narrate.bonus_missing", n=event["missing"]) if event.get("missing") else ""
        if event.get("read"):  # the winning card read in place of the missing card
            missing += say("narrate.bonus_read", card=self.card(event["read"]))
        return say(
            "narrate.bonus",
            seat=self.seat(event["seat"]),
            count=event["count"],
            name=self.word(name),
            drawn=say.join(drawn) or say("narrate.bonus_none"),
            missing=missing,
            hits=say.count("narrate.hits", event["hits"]),
        )

    def _bonus_card(self: Narrator, event: Record, index: int, card: str, hit: bool) -> str:
        """A bonus card as told: its copies in the winning hand, a hit, or the seat it
        points at (seats counted), else the card alone."""
        say = self.say
        copies = event.get("copies")
        if copies is not None:
            return say("narrate.bonus_copies", card=self.card(card), n=copies[index])
        if hit:
            return say("narrate.bonus_hit", card=self.card(card))
        at = event.get("at")
        if at is not None and at[index] is not None:
            return say("narrate.bonus_points", card=self.card(card), seat=self.seat(at[index]))
        return self.card(card)

    def _drawn_hand(self: Narrator, event: Record) -> str:
        """A drawn hand: nobody won, or, in a hand that went on after wins, the seats still
        playing when the wall ran out (the event names them)."""
        playing = event.get("playing")
        if playing is None:
            return self.say("narrate.drawn_hand")
        seats = self.say.join(self.seat(s) for s in playing)
        return self.say("narrate.drawn_hand_rest", seats=seats)

    def _drawn_settle(self: Narrator, event: Record) -> str:
        """`NAME: A pay B, C — B waits on 5m 8m; A has no card to complete`: the seats an
        `at drawn hand` line chose, and what their hands were found to be."""
        say = self.say
        name = str(event.get("clause", "settle")).removeprefix("settle ")
        nobody = say("narrate.drawn_nobody")
        said = say(
            "narrate.drawn_settle",
            name=self.word(name),
            payers=say.join([self.seat(s) for s in event["payers"]]) or nobody,
            payees=say.join([self.seat(s) for s in event["payees"]]) or nobody,
        )
        facts = []
        for seat in event["seats"]:
            who = self.seat(seat["seat"])
            if "waits" in seat:
                waits = self.cards(seat["waits"])
                key = "narrate.drawn_waits" if waits else "narrate.drawn_no_wait"
                facts.append(say(key, seat=who, cards=waits))
            for attribute, count in seat.get("holds", {}).items():
                facts.append(
                    say("narrate.drawn_holds", seat=who, n=count, attribute=self.word(attribute))
                )
        if not facts:
            return said
        facts_said = say("narrate.drawn_facts_separator").join(facts)
        return say("narrate.drawn_facts", said=said, facts=facts_said)

    def _end(self: Narrator, event: Record) -> str:
        dealer = event.get("next_dealer")
        return self.say("narrate.next_dealer", seat=self.seat(dealer)) if dealer is not None else ""
