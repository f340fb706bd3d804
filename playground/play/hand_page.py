"""What the Hand tab shows, built without Streamlit: the table, the move list, the user's
prompt and choices, and the settlement explained (by `hand_result`) — for the referee, or
cut down to what one seat may see (everything about play is told by the interpreter's
`Narrator`), in the language chosen (`page_messages`). The page's view types are in
`page_views`.

The move list and the counter go one event at a time (`steps`): a step part way through
a move shows the table as it stood after that event, with no prompt (the decision comes
at the move's end).

Each part is text or HTML (escaped), so a test can read all of a seat's page and check
that it names no card the seat cannot see.
"""

from __future__ import annotations

from html import escape
from typing import Any

from tablerules.interpreter.engine import Table
from tablerules.interpreter.messages import DEFAULT
from tablerules.interpreter.narration.narrate import Narrator
from tablerules.interpreter.narration.reckoning import cites_text
from tablerules.playground.files.budget import OverBudget
from tablerules.playground.play.hand_result import ResultBuilder
from tablerules.playground.play.hands import HandSession
from tablerules.playground.play.steps import Step, current_step, hand_steps, show_step, table_at
from tablerules.playground.words.cards import HIDDEN, card_html, row_html
from tablerules.playground.words.page_messages import page_messages
from tablerules.playground.words.page_views import HandPage, MoveRow, sign

# the events whose rule ids a move shows (a draw or a discard cites the turn clause only)
CITED = frozenset({"action", "restricted", "immediate win", "win", "bonus", "drawn hand", "pay"})
CITED |= {"shown win"}  # a win shown on the deal while play goes on
KEPT = ("draw", "replacement")  # a kept draw is ringed in its owner's hand
LIES = {"concealed": "page.face_down", "partly shown": "page.one_shown"}  # not face up
SHOWING = frozenset({"draw", "replacement", "shown"})  # events that may put a card on view
POSITIONS = {
    2: ["bottom", "top"],
    3: ["bottom", "right", "left"],
    4: ["bottom", "right", "top", "left"],
}


class PageBuilder:
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
            session.error = str(stopped)
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

    # ── the table ─────────────────────────────────────────────────
    def table_html(self, human: int | None, discards: dict[int, str]) -> str:
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

    def seat_html(
        self,
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

    def restrictions(self, seat: int) -> list[str]:
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

    def hand_html(self, seat: int, data: dict[str, Any], discards: dict[int, str]) -> str:
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

    def drawn(self, seat: int, cards: list[str]) -> set[int]:
        """The position of the card `seat` just drew and keeps, to ring it in its hand."""
        decision = self.table.state.decision
        if decision is None or self.table.finished or decision.offer.owner != seat:
            return set()
        offer = decision.offer
        if offer.context not in KEPT or offer.card is None:
            return set()
        card = self.table.card_id(offer.card)
        return {cards.index(card)} if card in cards else set()

    def winning_hand(self, seat: int) -> tuple[list[str], str | None]:
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

    def group_html(self, group: dict[str, Any]) -> str:
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

    def offered_discard(self, seat: int, discards: list[str]) -> set[int]:
        """Ring the last discard while seats are answering it."""
        decision = self.table.state.decision
        if decision is None or self.table.finished:
            return set()
        offer = decision.offer
        if offer.context == "discard" and offer.owner == seat and discards:
            return {len(discards) - 1}
        return set()

    def center_html(self, view: dict[str, Any]) -> str:
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

    def turned_html(self, turned: str, wild: str) -> str:
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

    def pending_card(self, view: dict[str, Any]) -> tuple[int, str, str] | None:
        """The card a decision is open on, when it lies in the middle of the table."""
        pending = view["pending"]
        if pending and pending["card"] and pending["context"] not in ("discard", *KEPT):
            return pending["owner"], self.narrator.context(pending["context"]), pending["card"]
        return None

    def step_card(self) -> tuple[int, str, str] | None:
        """The card the step shown puts on view (a card drawn and shown, or shown on the
        deal), as far as the viewer may see it."""
        event = self.end.events[self.step.end - 1]
        if event["type"] not in SHOWING or not event.get("shown", event["type"] == "shown"):
            return None
        shown = self.narrator.visible(event)
        if shown is None or shown.get("card") in (None, HIDDEN):
            return None
        return shown["seat"], self.narrator.context(shown["type"]), shown["card"]

    def last_actor(self) -> int | None:
        for event in reversed(self.table.events):
            if event["type"] in ("discard", "action", "win", "shown") and "seat" in event:
                return event["seat"]
        return None

    def last_sentence(self) -> str:
        step = self.step
        if step.number == 0:
            return ""
        return self.narrator.sentence(self.end.events[step.start : step.end])

    # ── the move list ─────────────────────────────────────────────
    def moves(self) -> list[MoveRow]:
        """One row per step: all played for the referee, up to the one shown for a seat."""
        current = self.step.number
        shown = self.steps if self.viewer is None else self.steps[: current + 1]
        events = self.end.events
        rows = []
        for step in shown:
            part = events[step.start : step.end]
            text = self.narrator.sentence(part, money=True) or self.quiet(step)
            cites: list[str] = []
            for event in part:
                visible = self.narrator.visible(event)
                if visible is not None and event["type"] in CITED:
                    cites += [c for c in event.get("cites", []) if c not in cites]
            seat = self.seat(step.seat) if step.seat is not None else ""
            rows.append(
                MoveRow(
                    step.number,
                    text,
                    cites_text(cites).strip(),
                    step.number > current,
                    step.turn,
                    seat,
                )
            )
        return rows

    def quiet(self, step: Step) -> str:
        """A step with nothing this viewer may read: who was asked is not its to know."""
        return self.say("page.the_deal") if step.move == 0 else self.say("page.goes_on")

    # ── the user's choice ─────────────────────────────────────────
    def prompt(self, human: int | None, can_discard: bool) -> str:
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

    def asker(self, human: int | None) -> int | None:
        waiting = self.table.waiting_for()
        if self.viewer is not None:
            return self.viewer if self.viewer in waiting else None
        if human is not None:
            return human
        return waiting[0] if waiting else None

    def windows(self) -> list[str]:
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
