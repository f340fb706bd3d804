"""What the Hand tab shows, built without Streamlit: the table, the move list, the user's
prompt and choices, and the settlement explained (by `hand_result`) — for the referee, or
cut down to what one seat may see (everything about play is told by the interpreter's
`Narrator`). The page's view types are in `page_views`.

Each part is text or HTML (escaped), so a test can read all of a seat's page and check
that it names no card the seat cannot see.
"""

from __future__ import annotations

from html import escape
from typing import Any

from tablerules.interpreter.narration.narrate import Narrator
from tablerules.interpreter.narration.reckoning import cites_text
from tablerules.playground.cards import HIDDEN, card_html, row_html
from tablerules.playground.hand_result import ResultBuilder
from tablerules.playground.hands import HandSession
from tablerules.playground.page_views import HandPage, MoveRow, sign

# the events whose rule ids a move shows (a draw or a discard cites the turn clause only)
CITED = frozenset({"action", "restricted", "immediate win", "win", "bonus", "drawn hand", "pay"})
KEPT = ("draw", "replacement")  # a kept draw is ringed in its owner's hand
LIES = {"concealed": "face down", "partly shown": "one card shown"}  # groups not face up
POSITIONS = {
    2: ["bottom", "top"],
    3: ["bottom", "right", "left"],
    4: ["bottom", "right", "top", "left"],
}


class PageBuilder:
    """Builds the page of one hand at its cursor, for `viewer` (None: the referee)."""

    def __init__(self, session: HandSession, viewer: int | None) -> None:
        self.session = session
        self.viewer = viewer
        self.table = session.table
        self.end = session.end
        self.compiled = session.game.compiled
        dealer = self.table.state.dealer
        self.narrator = Narrator(session.game, dealer, viewer, table=session.end)
        self.seat = self.narrator.seat

    # ── the page ──────────────────────────────────────────────────
    def build(self) -> HandPage:
        session = self.session
        human = session.waiting_human()
        mine = human is not None and self.viewer in (None, human)
        claims = [c for c in self.table.legal_actions(human)] if mine and human is not None else []
        discards = {c.card: c.label for c in claims if c.action == "discard" and c.card is not None}
        page = HandPage(
            counter=self.counter(),
            status=self.status(),
            table_html=self.table_html(human if mine else None, discards),
            moves=self.moves(),
            current=session.cursor,
            prompt=self.prompt(human if mine else None, bool(discards)),
            claims=[c for c in claims if c.action != "discard"],
            asker=self.asker(human),
            windows=self.windows(),
        )
        if self.table.finished:
            page.result = ResultBuilder(
                self.table, self.narrator, self.compiled, self.viewer, self.session.humans
            ).build()
        return page

    def counter(self) -> str:
        session = self.session
        if self.viewer is not None:  # a seat knows the moves made, not how many are to come
            return f"move {session.cursor}"
        total = session.last
        more = "" if session.end.finished or session.waiting_human() is not None else "+"
        return f"move {session.cursor} of {total}{more}"

    def status(self) -> str:
        table = self.table
        state = table.state
        session = self.session
        deal = session.rigged.name if session.rigged is not None else f"seed {session.seed}"
        parts = [deal, f"{self.seat(state.dealer)} deals"]
        if table.finished:
            winners = ", ".join(self.seat(w) for w in state.winners)
            parts.append(f"{winners} won" if winners else "drawn hand")
        else:
            parts.append(self.waiting())
        parts.append(f"{state.wall_left} left to draw")
        return " · ".join(parts)

    def waiting(self) -> str:
        """Who the hand waits for, as far as the viewer may know."""
        decision = self.table.state.decision
        if decision is None:
            return ""
        if decision.kind == "turn":
            return f"{self.seat(decision.offer.owner)} to play"
        offer = decision.offer
        whose = f"{self.seat(offer.owner)}'s {offer.context}"
        asked = self.table.waiting_for()
        if self.viewer is None:
            return f"{', '.join(self.seat(s) for s in asked)} to answer {whose}"
        if self.viewer in asked:
            return f"{self.seat(self.viewer)} to answer {whose}"
        return f"answers awaited on {whose}"

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
        move = self.session.cursor  # lets a reader (or a test) tell which move is drawn
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
        badges = []
        if seat == table.state.dealer:
            badges.append('<span class="tr-badge">dealer</span>')
        if acting:
            badges.append('<span class="tr-badge tr-turn">to act</span>')
        if seat in table.state.winners:
            badges.append('<span class="tr-badge tr-gold">wins</span>')
        if seat in self.session.humans:
            badges.append('<span class="tr-badge">you</span>')
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
            row = row_html(compiled, data["discards"], marked)
            parts.append(f'<div class="tr-pile"><div class="tr-label">discards</div>{row}</div>')
        if data["restrictions"]:  # only the viewer's own (or all, for the referee)
            said = "; ".join(self.restrictions(seat))
            parts.append(f'<div class="tr-label">may not: {escape(said)}</div>')
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
        for (name, forbids), barred in cards.items():
            what = " ".join(forbids)
            of = f" of {', '.join(barred)}" if barred else ""
            phrases.append(f"{what}{of} ({name})")
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
        row = row_html(compiled, cards, self.drawn(seat, cards), choices)
        if winning is not None:
            row += " " + card_html(compiled, winning, mark=True)
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
        taken = group.get("from")
        source = f" from {self.seat(taken)}" if taken is not None else ""
        how = LIES.get(group.get("lies", ""), "")
        lies = f" · {how}" if how else ""
        marked = set()
        if group.get("taken") is not None:
            marked = {group["cards"].index(group["taken"])}
        said = f"{group['by'] or group['kind']}{source}{lies}"
        caption = f'<span class="tr-label">{escape(said)}</span>'
        return (
            f'<span class="tr-group">{caption}'
            f"{row_html(self.compiled, group['cards'], marked)}</span>"
        )

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
        lines = [
            f"<div>{view['wall'] if isinstance(view['wall'], int) else len(view['wall'])}"
            " cards left to draw</div>"
        ]
        pending = view["pending"]
        if pending and pending["card"] and pending["context"] not in ("discard", *KEPT):
            owner = self.seat(pending["owner"])
            what = escape(f"{owner}'s {pending['context']}")
            lines.append(
                f'<div class="tr-offer">{what}<br>'
                + card_html(self.compiled, pending["card"], mark=True)
                + "</div>"
            )
        last = self.last_sentence()
        if last:
            lines.append(f'<div class="tr-label">{escape(last)}</div>')
        if table.finished:
            winners = ", ".join(self.seat(w) for w in table.state.winners)
            said = f"{winners} wins" if winners else "drawn hand: nobody wins"
            lines.append(f"<div><b>{escape(said)}</b></div>")
        return '<div class="tr-center">' + "".join(lines) + "</div>"

    def last_actor(self) -> int | None:
        for event in reversed(self.table.events):
            if event["type"] in ("discard", "action", "win", "shown") and "seat" in event:
                return event["seat"]
        return None

    def last_sentence(self) -> str:
        session = self.session
        return self.narrator.sentence(session.move_events(session.cursor)) if session.cursor else ""

    # ── the move list ─────────────────────────────────────────────
    def moves(self) -> list[MoveRow]:
        session = self.session
        shown = session.last if self.viewer is None else session.cursor
        rows = []
        for move in range(shown + 1):
            events = session.move_events(move)
            text = self.narrator.sentence(events, money=True) or self.quiet(move)
            cites: list[str] = []
            for event in events:
                visible = self.narrator.visible(event)
                if visible is not None and event["type"] in CITED:
                    cites += [c for c in event.get("cites", []) if c not in cites]
            rows.append(MoveRow(move, text, cites_text(cites).strip(), move > session.cursor))
        return rows

    def quiet(self, move: int) -> str:
        """A move with nothing this viewer may read: who was asked is not its to know."""
        return "the deal" if move == 0 else "play goes on"

    # ── the user's choice ─────────────────────────────────────────
    def prompt(self, human: int | None, can_discard: bool) -> str:
        if self.table.finished or human is None:
            return ""
        me = self.seat(human)
        decision = self.table.state.decision
        assert decision is not None
        if decision.kind == "window":
            offer = decision.offer
            card = self.narrator.card(self.table.card_id(offer.card))
            whose = "your" if offer.owner == human else f"{self.seat(offer.owner)}'s"
            return f"{me}, {whose} {offer.context} {card}: take it, or pass?"
        if can_discard:
            return f"Your turn, {me}: click a card in your hand to discard it."
        return f"Your turn, {me}: choose."

    def asker(self, human: int | None) -> int | None:
        waiting = self.table.waiting_for()
        if self.viewer is not None:
            return self.viewer if self.viewer in waiting else None
        if human is not None:
            return human
        return waiting[0] if waiting else None

    def windows(self) -> list[str]:
        """Every claim window so far, as the viewer may read it."""
        found = []
        for event in self.table.events:
            if event["type"] != "window":
                continue
            shown = self.narrator.visible(event)
            if shown is None or not shown["offered"]:
                continue
            card = self.narrator.card(shown.get("card"))
            offers = "; ".join(
                f"{self.seat(seat)} could {', '.join(labels)}" for seat, labels in shown["offered"]
            )
            chose = "; ".join(f"{self.seat(seat)} chose {label}" for seat, label in shown["chosen"])
            taken = ", ".join(self.seat(s) for s in shown["taken_by"]) or "nobody"
            found.append(
                f"{self.narrator.seat(shown['owner'])}'s {shown['context']} {card}: {offers} — "
                f"{chose} — taken by {taken} ({shown['why']})"
            )
        return found


def build_page(session: HandSession, viewer: int | None) -> HandPage:
    return PageBuilder(session, viewer).build()
