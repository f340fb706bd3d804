"""What the Hand tab shows, built without Streamlit: the table, the move list, the user's
prompt and choices, and the settlement explained (by `hand_result`) — for the referee, or
cut down to what one seat may see (everything about play is told by the interpreter's
`Narrator`), in the language chosen (`page_messages`). The page's view types are in
`page_views`.

The move list and the counter go one event at a time (`steps`): a step part way through
a move shows the table as it stood after that event, with no prompt (the decision comes
at the move's end).

Each part is text or HTML (escaped), so a test can read all of a seat's page and check
that it names no card the seat cannot see. This module builds the page and its status
line; the table is drawn by `hand_table` (its seats by `hand_seats`), the move list by
`hand_moves`, the user's prompt and the claim windows by `hand_choice`.
"""

from __future__ import annotations

from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.phases.flow import PHASE, game_phases
from tablerules.interpreter.messages import DEFAULT
from tablerules.interpreter.narration.narrate import Narrator
from tablerules.playground.files.budget import OverBudget
from tablerules.playground.play.hand_choice import ChoiceText
from tablerules.playground.play.hand_moves import MoveList
from tablerules.playground.play.hand_result import ResultBuilder
from tablerules.playground.play.hand_seats import SeatHtml
from tablerules.playground.play.hand_table import TableHtml
from tablerules.playground.play.hands import HandSession
from tablerules.playground.play.steps import Step, current_step, hand_steps, show_step, table_at
from tablerules.playground.words.cards import HIDDEN
from tablerules.playground.words.page_messages import page_messages
from tablerules.playground.words.page_views import HandPage


class PageBuilder(TableHtml, SeatHtml, MoveList, ChoiceText):
    """Builds the page of one hand at its cursor, for `viewer` (None: the referee), in
    language `lang`."""

    def __init__(self, session: HandSession, viewer: int | None, lang: str = DEFAULT) -> None:
        self.session = session
        self.viewer = viewer
        self.end = session.end
        self.compiled = session.game.compiled
        dealer = session.table.state.dealer
        self.narrator = Narrator(session.game, dealer, viewer, table=session.end, lang=lang)
        self.say = page_messages(lang)
        self.seat = self.narrator.seat
        self.faces = {**self.narrator.words.by_id, HIDDEN: self.say("page.hidden_card")}
        self.steps = hand_steps(session, self.narrator)
        self.step = current_step(session, self.steps)
        self.table = self._table_at_step()
        self.partial = self.table is not session.table

    def _table_at_step(self) -> Table:
        """The table of the step shown: part way through its move, or at its end."""
        session = self.session
        if session.partial is None:
            return session.table
        try:
            return table_at(session, session.partial)
        except OverBudget as stopped:  # the replay ran out of time: the move's end
            session.error = stopped.said
            session.partial = None
            return session.table

    # ── the page ──────────────────────────────────────────────────
    def build(self) -> HandPage:
        session = self.session
        human = None if self.partial else session.waiting_human()
        mine = human is not None and self.viewer in (None, human)
        claims = [c for c in self.table.legal_actions(human)] if mine and human is not None else []
        discards = {c.card: c.label for c in claims if c.action == "discard" and c.card is not None}
        page = HandPage(
            counter=self.counter(),
            status=self.status(),
            table_html=self.table_html(human if mine else None, discards),
            moves=self.moves(),
            current=self.step.number,
            last=len(self.steps) - 1,
            seat_names=[self.seat(seat) for seat in range(session.seats)],
            prompt=self.prompt(human if mine else None, bool(discards)),
            claims=[c for c in claims if c.action != "discard"],
            claim_names=[self.narrator.choice(c.label) for c in claims if c.action != "discard"],
            asker=None if self.partial else self.asker(human),
            windows=self.windows(),
        )
        if self.table.finished:
            page.result = ResultBuilder(
                self.table,
                self.narrator,
                self.compiled,
                self.viewer,
                self.session.humans,
                self.say,
            ).build()
        return page

    def counter(self) -> str:
        session = self.session
        number = self.step.number
        if self.viewer is not None:  # a seat knows the moves made, not how many are to come
            return self.say("page.counter", n=number)
        total = len(self.steps) - 1
        more = "" if session.end.finished or session.waiting_human() is not None else "+"
        return self.say("page.counter_of", n=number, total=total, more=more)

    def status(self) -> str:
        table = self.table
        state = table.state
        session = self.session
        say = self.say
        deal = (
            session.rigged.name
            if session.rigged is not None
            else say("page.seed", seed=session.seed)
        )
        parts = [deal, say("page.deals", seat=self.seat(state.dealer))]
        if table.finished:
            winners = say.join(self.seat(w) for w in state.winners)
            parts.append(say("page.won", seats=winners) if winners else say("page.drawn"))
        else:
            if state.left:  # a hand that goes on after wins: who has left it
                parts.append(say("page.out", seats=say.join(self.seat(s) for s in state.left)))
            parts.append(self.waiting())
        parts.append(say("page.left", n=state.wall_left))
        return " · ".join(part for part in parts if part)

    def waiting(self) -> str:
        """Who the hand waits for, as far as the viewer may know (part way through a move:
        whose turn the step is of)."""
        say = self.say
        if self.partial:
            seat = self.step.seat
            return say("page.to_play", seat=self.seat(seat)) if seat is not None else ""
        decision = self.table.state.decision
        if decision is None:
            return ""
        if decision.kind == "turn":
            return say("page.to_play", seat=self.seat(decision.offer.owner))
        if decision.kind == PHASE:
            return self.phase_waiting()
        offer = decision.offer
        whose = say(
            "page.whose", seat=self.seat(offer.owner), context=self.narrator.context(offer.context)
        )
        asked = self.table.waiting_for()
        if self.viewer is None:
            return say("page.to_answer", seats=say.join(self.seat(s) for s in asked), whose=whose)
        if self.viewer in asked:
            return say("page.to_answer", seats=self.seat(self.viewer), whose=whose)
        return say("page.awaited", whose=whose)

    def phase_waiting(self) -> str:
        """Who a phase before play waits for, named by the phase (every seat chooses at
        once: a seat knows whether it is asked, not whether the others have chosen)."""
        say = self.say
        phase = self.narrator.word(game_phases(self.table)[self.table.state.phase_step].name)
        asked = self.table.waiting_for()
        if self.viewer is None:
            seats = say.join(self.seat(s) for s in asked)
            return say("page.phase_to_choose", phase=phase, seats=seats)
        if self.viewer in asked:
            return say("page.phase_to_choose", phase=phase, seats=self.seat(self.viewer))
        return say("page.phase_awaited", phase=phase)

    def turn_seat(self) -> int | None:
        """Whose turn it is, as every seat may know: the seat of a turn decision, or the
        owner of the card a window is open on."""
        decision = self.table.state.decision
        if decision is None or self.table.finished:
            return None
        if decision.kind == "turn":
            return decision.offer.owner
        return None

    def acting(self) -> set[int]:
        """Seats shown as acting: the referee sees every seat asked; a seat sees whose turn
        it is and whether it is asked itself (who else may claim is not its to know)."""
        if self.partial:  # part way through a move: the seat whose turn it is
            return {self.step.seat} if self.step.seat is not None else set()
        waiting = set(self.table.waiting_for())
        if self.viewer is None:
            return waiting
        turn = self.turn_seat()
        return {s for s in waiting if s == self.viewer or s == turn}


def build_page(session: HandSession, viewer: int | None, lang: str = DEFAULT) -> HandPage:
    return PageBuilder(session, viewer, lang).build()


def page_steps(session: HandSession, viewer: int | None) -> tuple[list[Step], Step]:
    """The steps of the hand as `viewer` reads them, and the one shown (the page's move
    list and counter), without building the page."""
    narrator = Narrator(session.game, session.table.state.dealer, viewer, table=session.end)
    steps = hand_steps(session, narrator)
    return steps, current_step(session, steps)


def go_to_step(session: HandSession, viewer: int | None, number: int) -> None:
    """Show step `number` of the hand as `viewer` reads it (the nearest there is)."""
    steps, _ = page_steps(session, viewer)
    show_step(session, steps[max(0, min(number, len(steps) - 1))])
