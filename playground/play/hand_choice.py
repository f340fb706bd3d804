"""The user's choice on the Hand tab: the prompt, the seat asked, and every claim window
so far, as the viewer may read it."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tablerules.playground.play.hand_page import PageBuilder


class ChoiceText:
    """A mixin of `hand_page.PageBuilder` (which supplies `table`, `step`, `narrator`, `say`
    and `seat`)."""

    def prompt(self: PageBuilder, human: int | None, can_discard: bool) -> str:
        if self.table.finished or human is None:
            return ""
        say = self.say
        me = self.seat(human)
        decision = self.table.state.decision
        assert decision is not None
        if decision.kind == "window":
            offer = decision.offer
            card = self.narrator.card(self.table.card_id(offer.card))
            whose = (
                say("page.your")
                if offer.owner == human
                else say("page.yours", seat=self.seat(offer.owner))
            )
            context = self.narrator.context(offer.context)
            return say("page.take_or_pass", me=me, whose=whose, context=context, card=card)
        if can_discard:
            return say("page.click_discard", me=me)
        return say("page.choose", me=me)

    def asker(self: PageBuilder, human: int | None) -> int | None:
        waiting = self.table.waiting_for()
        if self.viewer is not None:
            return self.viewer if self.viewer in waiting else None
        if human is not None:
            return human
        return waiting[0] if waiting else None

    def windows(self: PageBuilder) -> list[str]:
        """Every claim window so far, as the viewer may read it."""
        say, narrator = self.say, self.narrator
        found = []
        for event in self.table.events:
            if event["type"] != "window":
                continue
            shown = narrator.visible(event)
            if shown is None or not shown["offered"]:
                continue
            card = narrator.card(shown.get("card"))
            offers = say("list.choices").join(
                say(
                    "page.could",
                    seat=self.seat(seat),
                    choices=say.join(narrator.choice(label) for label in labels),
                )
                for seat, labels in shown["offered"]
            )
            chose = say("list.choices").join(
                say("page.chose", seat=self.seat(seat), choice=narrator.choice(label))
                for seat, label in shown["chosen"]
            )
            taken = say.join(self.seat(s) for s in shown["taken_by"]) or say("page.taken_by_nobody")
            whose = say(
                "page.whose",
                seat=narrator.seat(shown["owner"]),
                context=narrator.context(shown["context"]),
            )
            found.append(
                say(
                    "page.window",
                    whose=whose,
                    card=card,
                    offers=offers,
                    chose=chose,
                    taken=taken,
                    why=narrator.why(shown["why"]),
                )
            )
        return found
