"""The clauses of play's events: the deal, draws, a turn passed, a card untaken, an
action, a claim window and how it went, a restriction, and the phases before play (an
exchange, a declaration)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.interpreter.engine.views import HIDDEN

if TYPE_CHECKING:
    from tablerules.interpreter.narration.narrate import Narrator, Record


class PlayPhrases:
    """A mixin of `narrate.Narrator` (which supplies `say`, `seat`, `card`, `cards` and
    `word`)."""

    def _deal(self: Narrator, event: Record) -> str:
        hands = event["hands"]
        sizes = {len(hand) for hand in hands}
        say = self.say
        if len(sizes) == 1:
            each = say("narrate.deal_each", n=sizes.pop())
        else:
            order = [(event["dealer"] + step) % len(hands) for step in range(len(hands))]
            listed = say.join(
                say("narrate.deal_seat", seat=self.seat(s), n=len(hands[s])) for s in order
            )
            each = say("narrate.deal_listed", list=listed)
        wall = event["wall"] - self.game.compiled.dead_wall  # a dead wall is never drawn
        return say("narrate.deal", dealer=self.seat(event["dealer"]), each=each, wall=wall)

    def _draw(self: Narrator, event: Record) -> str:
        seat = self.seat(event["seat"])
        card = event.get("card")
        replacement = event["type"] == "replacement"
        say = self.say
        if card == HIDDEN:
            return say(
                "narrate.replacement_hidden" if replacement else "narrate.draw_hidden", seat=seat
            )
        named = self.card(card)
        if replacement:
            key = "narrate.replacement"
        elif event.get("shown"):
            key = "narrate.draw_shown"
        elif self.draws_shown:  # a draw taken straight into a group the others do not see
            key = "narrate.draw_unseen"
        else:
            key = "narrate.draw"
        return say(key, seat=seat, card=named)

    def _turn_passes(self: Narrator, event: Record) -> str:
        seat = self.seat(event["seat"])
        if event.get("why") == "nothing to discard":
            return self.say("narrate.nothing_to_discard", seat=seat)
        return self.say("narrate.turn_ends", seat=seat)

    def _untaken(self: Narrator, event: Record) -> str:
        card, seat = self.card(event["card"]), self.seat(event["seat"])
        return self.say("narrate.untaken", card=card, seat=seat, zone=self.word(event["to"]))

    def _action(self: Narrator, event: Record) -> str:
        owner = event.get("owner")
        seat, choice = self.seat(event["seat"]), self.choice(event["label"])
        if owner is not None and owner != event["seat"]:
            return self.say("narrate.action_from", seat=seat, choice=choice, owner=self.seat(owner))
        return self.say("narrate.action", seat=seat, choice=choice)

    def _window(self: Narrator, event: Record) -> str:
        offered = event["offered"]
        if not offered:
            return ""
        if event.get("context") == "last card":  # the wall's last card offered in turn
            seat = self.seat(offered[0][0])
            key = "narrate.last_card_taken" if event["taken_by"] else "narrate.last_card_passed"
            return self.say(key, seat=seat)
        if len(offered) == 1 and event["taken_by"]:
            return ""  # one seat alone could respond and did: its action says it all
        say = self.say
        card = self.card(event.get("card"))
        chose = say("list.choices").join(
            say("narrate.passes", seat=self.seat(seat))
            if label == "pass"
            else say("narrate.chose", seat=self.seat(seat), choice=self.choice(label))
            for seat, label in event["chosen"]
        )
        if not event["taken_by"]:
            return say("narrate.window_untaken", choices=chose, card=card) if chose else ""
        taken = say.join(self.seat(seat) for seat in event["taken_by"])
        return say(
            "narrate.window_taken",
            card=card,
            choices=chose,
            taken=taken,
            why=self.why(event["why"]),
        )

    def _restricted(self: Narrator, event: Record) -> str:
        seat = self.seat(event["seat"])
        restriction = self.word(event["restriction"])
        if event.get("card"):
            return self.say(
                "narrate.restricted_card",
                seat=seat,
                restriction=restriction,
                card=self.card(event["card"]),
            )
        return self.say("narrate.restricted", seat=seat, restriction=restriction)

    def _phase_name(self: Narrator, event: Record) -> str:
        """The phase an exchange or declaration event is of, by its name in this language."""
        clause = str(event.get("clause", ""))
        return self.word(clause.removeprefix("phase ")) if clause.startswith("phase ") else clause

    def _exchange(self: Narrator, event: Record) -> str:
        """`phase NAME (next): SEAT passes CARDS to SEAT; ...`."""
        say = self.say
        moves = [
            say(
                "narrate.exchange_move",
                seat=self.seat(seat),
                cards=self.cards(cards),
                target=self.seat(target),
            )
            for seat, (cards, target) in enumerate(zip(event["passed"], event["to"], strict=True))
        ]
        return say(
            "narrate.exchange",
            phase=self._phase_name(event),
            direction=say(f"narrate.direction_{event['direction']}"),
            moves=say("narrate.phase_separator").join(moves),
        )

    def _declaration(self: Narrator, event: Record) -> str:
        say = self.say
        attribute = self.word(event["attribute"])
        said = [
            say("narrate.declares_hidden", seat=self.seat(seat), attribute=attribute)
            if value == HIDDEN
            else say("narrate.declares", seat=self.seat(seat), value=self.word(value))
            for seat, value in enumerate(event["values"])
        ]
        return say(
            "narrate.declaration",
            phase=self._phase_name(event),
            declared=say("narrate.phase_separator").join(said),
        )
