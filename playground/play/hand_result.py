"""The end of a finished hand explained for the Hand tab: each win (how, the split of the
winning hand, the arithmetic of its score), the bonuses, the payments, the money and what
it all means for the seat the user plays or views.

Kept apart from `hand_page`, which builds the table and the move list around it.
"""

from __future__ import annotations

from html import escape

from tablerules.interpreter.compiling.compiled import CompiledRules
from tablerules.interpreter.engine import Table
from tablerules.interpreter.messages import Messages
from tablerules.interpreter.narration.narrate import Narrator
from tablerules.interpreter.narration.reckoning import WinStory, cites_text, win_stories
from tablerules.playground.words.cards import row_html
from tablerules.playground.words.page_messages import page_messages
from tablerules.playground.words.page_views import ResultView, WinView, sign


class ResultBuilder:
    """Builds the settlement view of a finished hand, for `viewer` (None: the referee)."""

    def __init__(
        self,
        table: Table,
        narrator: Narrator,
        compiled: CompiledRules,
        viewer: int | None,
        humans: frozenset[int],
        say: Messages | None = None,
    ) -> None:
        self.table = table
        self.narrator = narrator
        self.say = say or page_messages(narrator.say.lang)
        self.seat = narrator.seat
        self.compiled = compiled
        self.viewer = viewer
        self.humans = humans  # the seats the user plays
        self.faces = narrator.words.by_id

    def build(self) -> ResultView:
        table = self.table
        state = table.state
        say = self.say
        stories = win_stories(table, self.seat, say.lang)
        reckoner = self.narrator.reckoner()
        wins = [self.win_view(story) for story in stories]
        headline = say("result.separator").join(w.how for w in wins) or say("result.nobody")
        payments = [reckoner.payment(e) for e in table.events if e["type"] == "pay"]
        bonuses = []
        for event in table.events:
            if event["type"] == "bonus":
                bonuses.append(f"{self.narrator.phrase(event)}{cites_text(event.get('cites', []))}")
        totals = table.totals()
        seats = len(totals)
        order = [(state.dealer + step) % seats for step in range(seats)]
        money = " · ".join(
            say("result.money_seat", seat=self.seat(s), amount=sign(totals[s])) for s in order
        )
        following = state.next_dealer
        return ResultView(
            headline=headline,
            for_viewer=self.for_viewer(),
            wins=wins,
            bonuses=bonuses,
            payments=payments,
            money=money,
            next_dealer=say("result.next_dealer", seat=self.seat(following))
            if following is not None
            else "",
        )

    def win_view(self, story: WinStory) -> WinView:
        event = {
            "seat": story.seat,
            "owner": story.owner,
            "card": story.card,
            "context": story.context,
            "value": story.value,
        }
        how = (
            self.narrator.win_how(event)
            + self.narrator.value(event)
            + self.narrator.wilds_read(event)
        )
        groups = []
        for group in story.groups:
            value = f" {group.value}" if story.value_name else ""
            marked = set()
            if group.holds_winning_card and story.card in group.cards:
                marked = {group.cards.index(story.card)}
            kind = escape(self.narrator.word(group.kind))
            cards = row_html(self.compiled, list(group.cards), marked, faces=self.faces)
            groups.append(
                f'<span class="tr-group"><span class="tr-label">{kind}{value}</span>{cards}</span>'
            )
        return WinView(
            how=how,
            split_html='<div class="tr-split">' + "".join(groups) + "</div>",
            sum=story.sum,
            floor=story.floor,
            patterns=story.named,
            score=story.patterns,
            lets=story.lets,
            absent=story.absent,
        )

    def for_viewer(self) -> str:
        """What the end means for the seat the user plays (or views)."""
        seat = self.viewer
        if seat is None and self.humans:
            seat = min(self.humans)
        if seat is None:
            return ""
        state = self.table.state
        say = self.say
        name = self.seat(seat)
        total = sign(self.table.totals()[seat])
        if seat in state.winners:
            return say("result.you_win", name=name, total=total)
        wins = [e for e in self.table.events if e["type"] == "win"]
        winners = say.join(self.seat(e["seat"]) for e in wins)
        taken = [e for e in wins if e["owner"] == seat and e["seat"] != seat]
        if taken:  # on a card the seat drew (and showed) or discarded: said which
            how = f"context.{taken[0].get('context')}"
            if say.has(how):
                context = say(how)
                return say("result.dealt_in_on", name=name, winners=winners, context=context,
                           total=total)  # fmt: skip
            return say("result.dealt_in", name=name, winners=winners, total=total)
        if not wins:
            return say("result.drawn", name=name, total=total)
        return say("result.others_won", winners=winners, name=name, total=total)
