"""The observation of a seat as a flat vector, laid out from the rule file's card kinds,
group kinds, seats and offer contexts.

Everything is read from what the seat may see, by the engine's own rules of visibility
(`engine.views`): its own concealed cards; every seat's discards; the cards of the table
groups as they lie for this seat (a concealed group shows no card, a partly shown one its
first); the card on offer unless it is a draw kept unseen by another seat; how many cards
each seat hides; the wall's count; whose turn it is; the money paid so far. Another seat's
concealed cards, the order of the wall and a draw kept unseen never enter it.

Seats are counted from the viewer: block 0 is the viewer's own, block 1 the next seat's, and
so on. Counts are plain numbers (a card held twice reads 2.0); `segments` names each part.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from tablerules.agents.running_counts import LedgerTotals, PileCounts
from tablerules.interpreter import Game
from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.game import play_parts
from tablerules.interpreter.engine.state import HandState

HIDDEN_DRAWS = ("draw", "replacement")  # offers whose card may be its owner's alone
BASE_CONTEXTS = ("turn", "turn start", "draw", "replacement", "discard", "deal card")
DECISIONS = ("turn", "window")


@dataclass(frozen=True)
class Segment:
    """One named part of the observation: where it starts and how long it is."""

    name: str
    start: int
    size: int
    what: str


class ObservationEncoder:
    """Encodes `Table` states as one seat sees them (see the module)."""

    def __init__(self, game: Game) -> None:
        play = play_parts(game).play
        compiled = game.compiled
        self.seats = play.seats
        self.cards = len(compiled.cards)
        self.kinds = len(compiled.kinds)
        self._in_owner_hand = play.in_owner_hand
        self._draws_shown = play.turn.draws_shown
        # how each group kind lies for the others: 0 concealed, 1 its first card, 2 shown
        self._lies = [
            {"concealed": 0, "partly shown": 1}.get(kind.visibility, 2) for kind in compiled.kinds
        ]
        contexts = list(BASE_CONTEXTS)
        contexts += sorted(c for c in play.ways_by_context if c not in contexts)
        self.contexts = {context: number for number, context in enumerate(contexts)}
        self.restrictions = {name: number for number, name in enumerate(play.restrictions)}
        self.segments: list[Segment] = []
        cards, seats, kinds = self.cards, self.seats, self.kinds
        self._add("hand", cards, "the seat's own concealed cards, a count per card kind")
        self._add("discards", seats * cards, "each seat's discards, a count per card kind")
        self._add("table", seats * cards, "each seat's table-group cards this seat can see")
        self._add("groups", seats * kinds, "each seat's table groups, a count per group kind")
        self._add("hidden", seats, "each seat's cards this seat cannot see (hand and groups)")
        self._add("shown on deal", cards, "cards shown on the deal, a count per card kind")
        self._add("offer card", cards, "the card on offer, when this seat can see it")
        self._add("offer hidden", 1, "1 when a card is on offer that this seat cannot see")
        self._add("offer context", len(contexts), "how the card on offer came (one-hot)")
        self._add("offer owner", seats, "whose card or turn is on offer (one-hot)")
        self._add("decision", len(DECISIONS), "a turn or a window on a card (one-hot)")
        self._add("asked", 1, "1 when this seat must choose now")
        self._add("turn", seats, "whose turn it is (one-hot)")
        self._add("dealer", seats, "the dealer (one-hot)")
        self._add("restrictions", len(self.restrictions), "this seat's restrictions, by rule")
        self._add("wall", 1, "cards left in the wall")
        self._add("money", seats, "each seat's net money so far")
        self.size = sum(segment.size for segment in self.segments)
        self._at = {segment.name: segment.start for segment in self.segments}
        self._bytes = self._at["wall"]  # counts below this fit in a byte; the rest do not
        assert [s.name for s in self.segments[-2:]] == ["wall", "money"]  # stored last, as floats
        self._blocks = tuple(self._at[name] for name in ("discards", "table", "groups", "hidden"))
        discards_at, table_at, groups_at, hidden_at = self._blocks
        # for each viewer, the seats in its order: (step from the viewer, absolute seat, and
        # where the seat's discards, table cards, group kinds and hidden count go)
        self._order = [
            tuple(
                (
                    step,
                    (viewer + step) % seats,
                    discards_at + step * cards,
                    table_at + step * cards,
                    groups_at + step * kinds,
                    hidden_at + step,
                )
                for step in range(seats)
            )
            for viewer in range(seats)
        ]
        # the same, split: the viewer's own blocks, and the other seats' with their index
        self._own = [order[0][2:5] for order in self._order]
        self._others = [tuple(slot[1:] for slot in order[1:]) for order in self._order]
        self._steps = [
            tuple((seat - viewer) % seats for seat in range(seats)) for viewer in range(seats)
        ]
        self._offsets = tuple(
            self._at[name]
            for name in (
                "shown on deal",
                "offer card",
                "offer hidden",
                "offer context",
                "offer owner",
                "decision",
                "asked",
                "turn",
                "dealer",
                "restrictions",
            )
        )
        # counts kept between calls (see `running_counts`): each seat's discards, by
        # absolute seat, the ledger's totals, and the cards shown on the deal
        self._piles = [PileCounts(self.cards) for _ in range(self.seats)]
        self._money = LedgerTotals(self.seats)
        self._deal_events: list[dict] | None = None  # the events the deal's counts come from
        self._deal_shown = b""
        # a seat's cards in hand are the sum of the bytes of its packed hand, which is that
        # number modulo 255 (256 is 1 modulo 255) while fewer than 255 cards exist at all
        self._sum_by_modulo = sum(compiled.cards.copies_of) < 255
        # the bytes are counted in one buffer, zeroed per call, read through one NumPy view:
        # the caller gets the float32 copy, never the buffer
        self._buf = bytearray(self.size)
        self._zeros = bytes(self.size)
        self._view = np.frombuffer(self._buf, np.uint8)
        self._wall_at = self._at["wall"]  # the wall's count, a byte while below 256
        self._float32 = np.dtype(np.float32)  # a dtype, not a type: no lookup per call
        # the cards of a seat's groups are summed as packed integers (a byte per card kind,
        # as a packed hand), one per group's cards met, kept: a byte holds every copy of a
        # card (the checker allows far fewer), so no count carries into the next
        if max(compiled.cards.copies_of, default=0) > 255:
            raise ValueError("a card with more than 255 copies does not fit a byte")
        self._packs: dict[tuple[int, ...], int] = {}

    def _add(self, name: str, size: int, what: str) -> None:
        start = sum(segment.size for segment in self.segments)
        self.segments.append(Segment(name, start, size, what))

    def encode(self, table: Table, viewer: int) -> np.ndarray:
        """The observation of `viewer` now, as float32 (see `segments`)."""
        state = table.state
        cards, seats = self.cards, self.seats
        buf = self._buf  # the money at its end is set as floats (the wall too, past a byte)
        buf[:] = self._zeros
        everyone = state.seats
        own = everyone[viewer]
        buf[0:cards] = own.packed.to_bytes(cards, "little")  # the hand's counts, a byte each
        lies = self._lies
        piles = self._piles
        # the viewer's own seat: its discards, and its groups' cards all seen
        discards_at, table_at, kinds_at = self._own[viewer]
        pile = own.discards
        if pile:
            counted = piles[viewer]
            if pile != counted.seen:
                counted.update(pile)
            buf[discards_at : discards_at + cards] = counted.counts
        if own.table:
            packs = self._packs
            total = 0
            for group in own.table:
                buf[kinds_at + group.kind] += 1
                key = tuple(group.cards)
                pack = packs.get(key)
                total += self._pack(key) if pack is None else pack
            buf[table_at : table_at + cards] = total.to_bytes(cards, "little")
        # the other seats: their discards, their groups as they lie, their hidden count
        by_modulo = self._sum_by_modulo
        for index, discards_at, table_at, kinds_at, hidden_at in self._others[viewer]:
            seat = everyone[index]
            pile = seat.discards
            if pile:
                counted = piles[index]
                if pile != counted.seen:
                    counted.update(pile)
                buf[discards_at : discards_at + cards] = counted.counts
            hidden = seat.packed % 255 if by_modulo else sum(seat.hand)
            if seat.table:
                packs = self._packs
                total = 0
                for group in seat.table:
                    buf[kinds_at + group.kind] += 1
                    seen = group.cards
                    how = 0 if group.concealed else lies[group.kind]
                    if how < 2:
                        hidden += len(seen) - how
                        if not how:
                            continue
                        seen = seen[:how]
                    key = tuple(seen)
                    pack = packs.get(key)
                    total += self._pack(key) if pack is None else pack
                if total:
                    buf[table_at : table_at + cards] = total.to_bytes(cards, "little")
            buf[hidden_at] = hidden if hidden < 256 else 255
        shown_at = self._offsets[0]
        restrictions_at = self._offsets[-1]
        deal_events = state.events[1 : 1 + seats]  # the cards shown follow the deal
        if deal_events != self._deal_events:
            self._deal_shown = self._shown_on_deal(table, deal_events)
            self._deal_events = deal_events
        if self._deal_shown:
            buf[shown_at : shown_at + cards] = self._deal_shown
        self.write_header(buf, state, viewer)
        if own.restrictions:
            for active in own.restrictions:
                number = self.restrictions.get(active.name)
                if number is not None:
                    buf[restrictions_at + number] += 1
        wall = state.tail - state.head
        if 0 <= wall < 256:
            buf[self._wall_at] = wall
        out = self._view.astype(self._float32)
        if not 0 <= wall < 256:
            out[self._wall_at] = wall
        tail = self._bytes
        if state.ledger:
            totals = self._money.of(state.ledger)
            for step in range(seats):
                money = totals[(viewer + step) % seats]
                if money:
                    out[tail + 1 + step] = money
        return out

    def write_header(self, buf: bytearray, state: HandState, viewer: int, start: int = 0) -> None:
        """The offer, decision, turn and dealer blocks of `viewer`'s observation, written
        into `buf` as if it began at position `start` of the observation's bytes."""
        (
            _,
            card_at,
            hidden_offer_at,
            context_at,
            owner_at,
            decision_at,
            asked_at,
            turn_at,
            dealer_at,
            _,
        ) = self._offsets
        steps = self._steps[viewer]  # each absolute seat's step from the viewer
        decision = state.decision
        if decision is not None and not state.finished:
            offer = decision.offer
            card = offer.card
            if card is not None:
                context = offer.context
                if (
                    context in HIDDEN_DRAWS
                    and viewer != offer.owner
                    and (decision.hidden or not (context == "draw" and self._draws_shown))
                ):
                    buf[hidden_offer_at - start] = 1
                else:
                    buf[card_at - start + card] = 1
            number = self.contexts.get(offer.context)
            if number is not None:
                buf[context_at - start + number] = 1
            buf[owner_at - start + steps[offer.owner]] = 1
            buf[decision_at - start + (decision.kind == "window")] = 1
            if viewer in decision.options and viewer not in decision.chosen:
                buf[asked_at - start] = 1
        buf[turn_at - start + steps[state.turn]] = 1
        buf[dealer_at - start + steps[state.dealer]] = 1

    def _pack(self, cards: tuple[int, ...]) -> int:
        """`cards` counted as a packed integer (a byte per card kind), kept for next time."""
        pack = 0
        for card in cards:
            pack += 1 << (card << 3)
        self._packs[cards] = pack
        return pack

    def _shown_on_deal(self, table: Table, deal_events: list[dict]) -> bytearray:
        """A count per card kind of the cards shown on the deal (empty when none was)."""
        counts = bytearray(self.cards)
        index = table.game.compiled.cards.index
        for event in deal_events:
            if event["type"] == "shown":
                counts[index[event["card"]]] += 1
        return counts if any(counts) else bytearray()
