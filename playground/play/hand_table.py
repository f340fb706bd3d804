"""The Hand tab's table as HTML: the seats placed around it from the viewer's own at the
bottom, and its centre (the cards left, a card turned at the deal, the card on offer, the
last move told)."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from tablerules.playground.play.hand_seats import KEPT
from tablerules.playground.words.cards import HIDDEN, card_html

if TYPE_CHECKING:
    from tablerules.playground.play.hand_page import PageBuilder

SHOWING = frozenset({"draw", "replacement", "shown"})  # events that may put a card on view
POSITIONS = {
    2: ["bottom", "top"],
    3: ["bottom", "right", "left"],
    4: ["bottom", "right", "top", "left"],
}


class TableHtml:
    """A mixin of `hand_page.PageBuilder` (which supplies `table`, `step`, `narrator`, `say`
    and `seat`)."""

    def table_html(self: PageBuilder, human: int | None, discards: dict[int, str]) -> str:
        table = self.table
        view = table.view(self.viewer)
        seats = len(view["seats"])
        bottom = (
            self.viewer
            if self.viewer is not None
            else (human if human is not None else table.state.dealer)
        )
        positions = POSITIONS.get(seats)
        totals = table.totals()
        acting = self.acting()
        last = self.last_actor()
        won = set(table.state.winners)
        boxes = []
        for step in range(seats):
            seat = (bottom + step) % seats
            position = positions[step] if positions else "top"
            classes = ["tr-seat", f"tr-pos-{position}"]
            if seat in acting:
                classes.append("tr-active")
            if seat == last and not table.finished:
                classes.append("tr-last")
            if seat in won:
                classes.append("tr-won")
            inner = self.seat_html(
                seat, view["seats"][seat], totals[seat], seat in acting, discards
            )
            boxes.append(f'<div class="{" ".join(classes)}">{inner}</div>')
        classes = "tr-table" + (" tr-two" if seats == 2 else "")
        move = self.step.number  # lets a reader (or a test) tell which move is drawn
        return (
            f'<div class="{classes}" data-move="{move}">'
            + "".join(boxes)
            + self.center_html(view)
            + "</div>"
        )

    def center_html(self: PageBuilder, view: dict[str, Any]) -> str:
        table = self.table
        say = self.say
        wall = view["wall"] if isinstance(view["wall"], int) else len(view["wall"])
        lines = [f"<div>{escape(say('page.cards_left', n=wall))}</div>"]
        if "turned" in view:  # a card turned up at the deal: it chose the hand's wild
            lines.append(self.turned_html(view["turned"], view["wild"]))
        offered = self.step_card() if self.partial else self.pending_card(view)
        if offered is not None:
            owner, context, card = offered
            what = escape(say("page.offer", seat=self.seat(owner), context=context))
            lines.append(
                f'<div class="tr-offer">{what}<br>'
                + card_html(self.compiled, card, mark=True, faces=self.faces)
                + "</div>"
            )
        last = self.last_sentence()
        if last:
            lines.append(f'<div class="tr-label">{escape(last)}</div>')
        if table.finished:
            winners = say.join(self.seat(w) for w in table.state.winners)
            said = say("page.winners", seats=winners) if winners else say("page.nobody")
            lines.append(f"<div><b>{escape(said)}</b></div>")
        return '<div class="tr-center">' + "".join(lines) + "</div>"

    def turned_html(self: PageBuilder, turned: str, wild: str) -> str:
        """The card turned up at the deal, set aside in sight of all, and the wild it chose."""
        faces = self.faces
        said = escape(self.say("page.turned"))
        return (
            f'<div class="tr-label">{said}<br>'
            + card_html(self.compiled, turned, faces=faces)
            + f" → {escape(self.say('page.wild'))} "
            + card_html(self.compiled, wild, mark=True, faces=faces)
            + "</div>"
        )

    def pending_card(self: PageBuilder, view: dict[str, Any]) -> tuple[int, str, str] | None:
        """The card a decision is open on, when it lies in the middle of the table."""
        pending = view["pending"]
        if pending and pending["card"] and pending["context"] not in ("discard", *KEPT):
            return pending["owner"], self.narrator.context(pending["context"]), pending["card"]
        return None

    def step_card(self: PageBuilder) -> tuple[int, str, str] | None:
        """The card the step shown puts on view (a card drawn and shown, or shown on the
        deal), as far as the viewer may see it."""
        event = self.end.events[self.step.end - 1]
        if event["type"] not in SHOWING or not event.get("shown", event["type"] == "shown"):
            return None
        shown = self.narrator.visible(event)
        if shown is None or shown.get("card") in (None, HIDDEN):
            return None
        return shown["seat"], self.narrator.context(shown["type"]), shown["card"]

    def last_actor(self: PageBuilder) -> int | None:
        for event in reversed(self.table.events):
            if event["type"] in ("discard", "action", "win", "shown") and "seat" in event:
                return event["seat"]
        return None

    def last_sentence(self: PageBuilder) -> str:
        step = self.step
        if step.number == 0:
            return ""
        return self.narrator.sentence(self.end.events[step.start : step.end])
