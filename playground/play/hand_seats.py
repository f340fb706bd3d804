"""One seat of the Hand tab's table as HTML: its badges and money, its hand (backs for
another's, a winner's laid open, the user's discards as buttons), its groups on the table,
its discards and what it may not do."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from tablerules.playground.words.cards import HIDDEN, card_html, row_html
from tablerules.playground.words.page_views import sign

if TYPE_CHECKING:
    from tablerules.playground.play.hand_page import PageBuilder

KEPT = ("draw", "replacement")  # a kept draw is ringed in its owner's hand
LIES = {"concealed": "page.face_down", "partly shown": "page.one_shown"}  # not face up


class SeatHtml:
    """A mixin of `hand_page.PageBuilder` (which supplies `table`, `step`, `narrator`, `say`
    and `seat`)."""

    def seat_html(
        self: PageBuilder,
        seat: int,
        data: dict[str, Any],
        money: int,
        acting: bool,
        discards: dict[int, str],
    ) -> str:
        compiled = self.compiled
        table = self.table
        say = self.say
        badges = []
        if seat == table.state.dealer:
            badges.append(f'<span class="tr-badge">{escape(say("page.dealer"))}</span>')
        if acting:
            badges.append(f'<span class="tr-badge tr-turn">{escape(say("page.to_act"))}</span>')
        if seat in table.state.winners:
            badges.append(f'<span class="tr-badge tr-gold">{escape(say("page.wins"))}</span>')
        if seat in self.session.humans:
            badges.append(f'<span class="tr-badge">{escape(say("page.you"))}</span>')
        head = (
            f'<div class="tr-head"><b>{escape(self.seat(seat))}</b>{"".join(badges)}'
            f'<span class="tr-money">{sign(money)}</span></div>'
        )
        parts = [self.hand_html(seat, data, discards)]
        groups = [self.group_html(group) for group in data["table"]]
        if groups:
            parts.append('<div class="tr-groups">' + "".join(groups) + "</div>")
        if data["discards"]:
            marked = self.offered_discard(seat, data["discards"])
            row = row_html(compiled, data["discards"], marked, faces=self.faces)
            label = escape(say("page.discards"))
            parts.append(f'<div class="tr-pile"><div class="tr-label">{label}</div>{row}</div>')
        if data["restrictions"]:  # only the viewer's own (or all, for the referee)
            said = say("page.may_not", what=say("list.choices").join(self.restrictions(seat)))
            parts.append(f'<div class="tr-label">{escape(said)}</div>')
        return head + '<div class="tr-body">' + "".join(parts) + "</div>"

    def restrictions(self: PageBuilder, seat: int) -> list[str]:
        """What `seat` may not do, one phrase per restriction, the cards it bars gathered:
        `take of 9 cups, 3 coins (own discards)`."""
        cards: dict[tuple[str, tuple[str, ...]], list[str]] = {}
        for active in self.table.state.seats[seat].restrictions:
            barred = cards.setdefault((active.name, active.forbids), [])
            if active.card is not None:
                name = self.narrator.card(self.table.card_id(active.card))
                if name not in barred:
                    barred.append(name)
        phrases = []
        say, word = self.say, self.narrator.word
        for (name, forbids), barred in cards.items():
            actions = " ".join(word(action) for action in forbids)
            if barred:
                cards_said = say.join(barred)
                said = say("page.barred", actions=actions, cards=cards_said, restriction=word(name))
            else:
                said = say("page.barred_any", actions=actions, restriction=word(name))
            phrases.append(said)
        return phrases

    def hand_html(
        self: PageBuilder, seat: int, data: dict[str, Any], discards: dict[int, str]
    ) -> str:
        """A seat's hand: its cards (backs for another's), a winner's laid open with the
        winning card ringed at the end; the user's discards as buttons."""
        table = self.table
        compiled = self.compiled
        cards = list(data["hand"])
        winning = None
        if seat in table.state.winners:
            cards, winning = self.winning_hand(seat)
        index = compiled.cards.index
        choices = {
            i: discards[index[card]]
            for i, card in enumerate(cards)
            if card != HIDDEN and index[card] in discards
        }
        row = row_html(compiled, cards, self.drawn(seat, cards), choices, self.faces)
        if winning is not None:
            row += " " + card_html(compiled, winning, mark=True, faces=self.faces)
        return f'<div class="tr-hand">{row}</div>'

    def drawn(self: PageBuilder, seat: int, cards: list[str]) -> set[int]:
        """The position of the card `seat` just drew and keeps, to ring it in its hand."""
        decision = self.table.state.decision
        if decision is None or self.table.finished or decision.offer.owner != seat:
            return set()
        offer = decision.offer
        if offer.context not in KEPT or offer.card is None:
            return set()
        card = self.table.card_id(offer.card)
        return {cards.index(card)} if card in cards else set()

    def winning_hand(self: PageBuilder, seat: int) -> tuple[list[str], str | None]:
        """A winner's hand, laid open, and the card it won with (shown apart)."""
        state = self.table.state
        ids = self.compiled.cards.ids
        counts = list(state.seats[seat].hand)
        win = next((e for e in self.table.events if e["type"] == "win" and e["seat"] == seat), None)
        card = win.get("card") if win else None
        if card is not None and win is not None and win["owner"] == seat:
            held = self.compiled.cards.index[card]
            if counts[held] > 0:
                counts[held] -= 1
        return [ids[c] for c, n in enumerate(counts) for _ in range(n)], card

    def group_html(self: PageBuilder, group: dict[str, Any]) -> str:
        """A group on the table: what made it, whom its card came from, and how it lies
        for the other seats when it is not face up (its hidden cards drawn as backs)."""
        say = self.say
        taken = group.get("from")
        said = self.narrator.word(group["by"] or group["kind"])
        if taken is not None:
            said = say("page.from", group=said, seat=self.seat(taken))
        how = LIES.get(group.get("lies", ""))
        if how:
            said = say("page.lies", group=said, lies=say(how))
        marked = set()
        if group.get("taken") is not None:
            marked = {group["cards"].index(group["taken"])}
        caption = f'<span class="tr-label">{escape(said)}</span>'
        cards = row_html(self.compiled, group["cards"], marked, faces=self.faces)
        return f'<span class="tr-group">{caption}{cards}</span>'

    def offered_discard(self: PageBuilder, seat: int, discards: list[str]) -> set[int]:
        """Ring the last discard while seats are answering it."""
        decision = self.table.state.decision
        if decision is None or self.table.finished:
            return set()
        offer = decision.offer
        if offer.context == "discard" and offer.owner == seat and discards:
            return {len(discards) - 1}
        return set()
