"""The end of a finished hand explained for the Hand tab: each win (how, the split of the
winning hand, the arithmetic of its score), the bonuses, the payments, the money and what
it all means for the seat the user plays or views.

Kept apart from `hand_page`, which builds the table and the move list around it.
"""

from __future__ import annotations

from html import escape

from tablerules.interpreter.compiling.compiled import CompiledRules
from tablerules.interpreter.engine import Table
from tablerules.interpreter.narration.narrate import Narrator
from tablerules.interpreter.narration.reckoning import WinStory, cites_text, win_stories
from tablerules.playground.cards import row_html
from tablerules.playground.page_views import ResultView, WinView, sign


class ResultBuilder:
    """Builds the settlement view of a finished hand, for `viewer` (None: the referee)."""

    def __init__(
        self,
        table: Table,
        narrator: Narrator,
        compiled: CompiledRules,
        viewer: int | None,
        humans: frozenset[int],
    ) -> None:
        self.table = table
        self.narrator = narrator
        self.seat = narrator.seat
        self.compiled = compiled
        self.viewer = viewer
        self.humans = humans  # the seats the user plays

    def build(self) -> ResultView:
        table = self.table
        state = table.state
        stories = win_stories(table, self.seat)
        reckoner = self.narrator.reckoner()
        wins = [self.win_view(story) for story in stories]
        headline = "; ".join(w.how for w in wins) if stories else "Drawn hand: nobody wins"
        payments = [reckoner.payment(e) for e in table.events if e["type"] == "pay"]
        bonuses = []
        for event in table.events:
            if event["type"] == "bonus":
                bonuses.append(f"{self.narrator.phrase(event)}{cites_text(event.get('cites', []))}")
        totals = table.totals()
        seats = len(totals)
        order = [(state.dealer + step) % seats for step in range(seats)]
        money = " · ".join(f"{self.seat(s)} {sign(totals[s])}" for s in order)
        following = state.next_dealer
        return ResultView(
            headline=headline,
            for_viewer=self.for_viewer(),
            wins=wins,
            bonuses=bonuses,
            payments=payments,
            money=money,
            next_dealer=f"next dealer: {self.seat(following)}" if following is not None else "",
        )

    def win_view(self, story: WinStory) -> WinView:
        event = {
            "seat": story.seat,
            "owner": story.owner,
            "card": story.card,
            "context": story.context,
            "value": story.value,
        }
        how = self.narrator.win_how(event) + self.narrator.value(event)
        groups = []
        for group in story.groups:
            value = f" {group.value}" if story.value_name else ""
            marked = set()
            if group.holds_winning_card and story.card in group.cards:
                marked = {group.cards.index(story.card)}
            groups.append(
                f'<span class="tr-group"><span class="tr-label">{escape(group.kind)}{value}'
                f"</span>{row_html(self.compiled, list(group.cards), marked)}</span>"
            )
        return WinView(
            how=how,
            split_html='<div class="tr-split">' + "".join(groups) + "</div>",
            sum=story.sum,
            floor=story.floor,
            patterns=story.named,
            score=story.patterns,
            lets=story.lets,
        )

    def for_viewer(self) -> str:
        """What the end means for the seat the user plays (or views)."""
        seat = self.viewer
        if seat is None and self.humans:
            seat = min(self.humans)
        if seat is None:
            return ""
        state = self.table.state
        name = self.seat(seat)
        total = self.table.totals()[seat]
        if seat in state.winners:
            return f"You win, {name}: {sign(total)}."
        wins = [e for e in self.table.events if e["type"] == "win"]
        if any(e["owner"] == seat and e["seat"] != seat for e in wins):
            winners = ", ".join(self.seat(e["seat"]) for e in wins)
            return f"You dealt in, {name}: {winners} won on your card ({sign(total)})."
        if not wins:
            return f"Drawn hand, {name}: {sign(total)}."
        return f"{', '.join(self.seat(e['seat']) for e in wins)} won; {name} {sign(total)}."
