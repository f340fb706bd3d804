"""Every seat's observation kept as bytes, brought up to date from the table's log.

`ObservationEncoder.encode` reads the whole table for each observation. An environment
observes after every step, and most steps move one or two cards: a discard changes one
seat's hand and pile, a draw one seat's hand. `KeptObservations` keeps what each seat
shows the others (its discards, its table groups as they lie, how many of its cards are
hidden) and, when an observation is asked for, reads the events logged since it last
looked: a seat named by an event that moves only that seat's cards (`DRAWS`, `DISCARD`)
has its hand and pile counted again; an action (`ACTION`) has its seat and the card's
owner counted again, groups too; an event that moves no card (`QUIET_EVENTS`) changes
nothing; any other event, another hand or a restored state (another state object) has
every seat counted again.

Those blocks are kept in seat order twice over, so that a viewer's blocks, counted from
itself, are one run of them, copied whole. The part about the offer, the decision, the
turn and the dealer is made once for each such situation and viewer and kept; the wall,
the viewer's own hand, its restrictions and the money are read on every call. The caller
gets its own float32 copy.

The observations are the encoder's, bit for bit (tests/test_agents_observation_counts.py
holds them to the plain encoder on every state of random hands of every bundled file). What
this relies on is the environment's own contract: its table changes only through
`Table.apply`, which logs every move of a card, or by a state put in its place (a reset, a
restore). A state changed by hand is for `ObservationEncoder.encode`, which reads it all.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from tablerules.agents.observation import ObservationEncoder
from tablerules.agents.running_counts import LedgerTotals
from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.state import HandState, Seat

# a card to the discards of the seat named: from its hand, or left on offer
TO_DISCARDS = frozenset({"discard", "untaken"})
# they move a card into or out of the hand of the seat named, or into its discards
CARD_EVENTS = frozenset({"draw", "replacement"}) | TO_DISCARDS
ACTION = "action"  # cards of the seat named and of the card's owner: hands, piles, groups
# they move no card at all
QUIET_EVENTS = frozenset(
    {"window", "restricted", "pay", "outranked", "turn passes", "drawn hand", "end"}
)
MAX_KEPT_HEADERS = 4096  # situations kept per viewer before the kept ones are let go


class KeptObservations:
    """The observations of one table's seats, kept between calls (see the module)."""

    def __init__(self, encoder: ObservationEncoder) -> None:
        self.encoder = encoder
        seats, cards, kinds = encoder.seats, encoder.cards, encoder.kinds
        self._seats, self._cards = seats, cards
        self._by_modulo = encoder._sum_by_modulo
        self._bufs = [bytearray(encoder.size) for _ in range(seats)]
        self._views = [np.frombuffer(buf, np.uint8) for buf in self._bufs]
        self._state: HandState | None = None  # the state the blocks were made from
        self._read = 0  # how many of its events were read
        self._seen_piles: list[list[int]] = [[] for _ in range(seats)]  # as last counted
        self._hidden_in_groups = [0] * seats  # group cards the others cannot see
        self._grouped = [True] * seats  # the seat's group blocks may hold a count
        self._money = LedgerTotals(seats)
        # each seat's discard counts and hidden count (as the others see it), in seat order
        # twice over: a viewer's, counted from itself, are one run of each, copied whole
        self._discards = bytearray(2 * seats * cards)
        self._counts = bytearray(2 * seats)
        self._pile_at = [seat * cards for seat in range(seats)]  # its first time over
        self._second = seats * cards  # from the first time over to the second
        self._pile_places = [
            (
                slice(seat * cards, (seat + 1) * cards),
                slice((seat + seats) * cards, (seat + seats + 1) * cards),
            )
            for seat in range(seats)
        ]
        self._runs = [
            (slice(viewer * cards, (viewer + seats) * cards), slice(viewer + 1, viewer + seats))
            for viewer in range(seats)
        ]
        # where each seat's groups lie in every viewer's bytes: (bytes, cards, kinds)
        self._fan_groups: list[tuple[tuple[bytearray, slice, slice], ...]] = []
        for seat in range(seats):
            groups = []
            for viewer in range(seats):
                _, _, _, table_at, kinds_at, _ = encoder._order[viewer][(seat - viewer) % seats]
                groups.append(
                    (
                        self._bufs[viewer],
                        slice(table_at, table_at + cards),
                        slice(kinds_at, kinds_at + kinds),
                    )
                )
            self._fan_groups.append(tuple(groups))
        at = encoder._at
        self._hand = slice(0, cards)
        self._own_seen_at = slice(at["table"], at["table"] + cards)
        self._discards_at = slice(at["discards"], at["discards"] + seats * cards)
        self._counts_at = slice(at["hidden"] + 1, at["hidden"] + seats)  # the viewer's: 0
        shown_at = at["shown on deal"]
        self._shown = slice(shown_at, shown_at + cards)
        # the offer, decision, turn and dealer blocks, kept per viewer and situation
        self._header = slice(at["offer card"], encoder._wall_at)
        self._headers: list[dict[tuple[Any, ...], bytes]] = [{} for _ in range(seats)]
        self._restrictions_at = at["restrictions"]
        self._wall_at = encoder._wall_at
        self._float32 = encoder._float32
        # what `observe` reads for a viewer, in one tuple: its bytes, their NumPy view, its
        # runs of discard counts and hidden counts, its kept header blocks
        self._viewers = [
            (self._bufs[viewer], self._views[viewer], *self._runs[viewer], self._headers[viewer])
            for viewer in range(seats)
        ]

    def observe(self, table: Table, viewer: int) -> np.ndarray:
        """The observation of `viewer` now, as float32: `ObservationEncoder.encode`'s."""
        state = table.state
        if state is not self._state or len(state.events) != self._read:
            self._catch_up(table)
        buf, view, discards, counts, headers = self._viewers[viewer]
        held = state.seats[viewer]
        buf[self._hand] = held.packed.to_bytes(self._cards, "little")
        buf[self._discards_at] = self._discards[discards]
        buf[self._counts_at] = self._counts[counts]
        decision = state.decision
        if decision is None or state.finished:
            key: tuple[Any, ...] = (None, state.turn, state.dealer)
        else:
            key = (
                decision.offer,
                decision.kind,
                decision.hidden,
                viewer in decision.options and viewer not in decision.chosen,
                state.turn,
                state.dealer,
            )
        header = headers.get(key)
        if header is None:
            header = self._keep_header(headers, key, state, viewer)
        buf[self._header] = header
        if held.restrictions:
            self._write_restrictions(buf, held)
        wall = state.tail - state.head
        if 0 <= wall < 256:
            buf[self._wall_at] = wall
            out = view.astype(self._float32)
        else:
            buf[self._wall_at] = 0
            out = view.astype(self._float32)
            out[self._wall_at] = wall
        if state.ledger:
            self._write_money(out, state, viewer)
        return out

    def _keep_header(
        self,
        headers: dict[tuple[Any, ...], bytes],
        key: tuple[Any, ...],
        state: HandState,
        viewer: int,
    ) -> bytes:
        """The header blocks of a situation met for the first time, made and kept."""
        header = self._make_header(state, viewer)
        if len(headers) >= MAX_KEPT_HEADERS:
            headers.clear()
        headers[key] = header
        return header

    def _write_restrictions(self, buf: bytearray, held: Seat) -> None:
        """The viewer's restrictions, counted by rule into its bytes."""
        at = self._restrictions_at
        numbers = self.encoder.restrictions
        for active in held.restrictions:
            number = numbers.get(active.name)
            if number is not None:
                buf[at + number] += 1

    def _write_money(self, out: np.ndarray, state: HandState, viewer: int) -> None:
        """Each seat's net money so far, counted from the viewer, into its floats."""
        totals = self._money.of(state.ledger)
        seats = self._seats
        money_at = self._wall_at + 1
        for step in range(seats):
            money = totals[(viewer + step) % seats]
            if money:
                out[money_at + step] = money

    def _make_header(self, state: HandState, viewer: int) -> bytes:
        """The offer, decision, turn and dealer blocks for `viewer` (not its restrictions:
        those are read on every call), as `ObservationEncoder.encode` writes them."""
        start = self._header.start
        header = bytearray(self._header.stop - start)
        self.encoder.write_header(header, state, viewer, start)
        return bytes(header)

    def _catch_up(self, table: Table) -> None:
        """Read the events logged since last time; count again what they moved. A step
        logs a card discarded and one drawn, mostly: those two are counted here, inline."""
        state = table.state
        events = state.events
        start = self._read
        if state is not self._state or len(events) < start:
            self._everything(table)
            return
        self._read = len(events)
        if start <= self._seats:  # the cards shown on the deal may still be logged
            self._write_shown(table)
        seats = state.seats
        counts = self._counts
        second = self._seats  # from a seat's hidden count to its second copy
        in_groups = self._hidden_in_groups
        by_modulo = self._by_modulo
        for event in events[start:]:
            kind = event["type"]
            if kind in CARD_EVENTS:
                seat = event["seat"]
                held = seats[seat]
                if by_modulo:  # fewer than 255 cards in all: the count fits a byte
                    hidden = held.packed % 255 + in_groups[seat]
                else:
                    hidden = min(sum(held.hand) + in_groups[seat], 255)
                counts[seat] = counts[seat + second] = hidden
                if kind not in TO_DISCARDS:
                    continue
                pile = held.discards
                seen = self._seen_piles[seat]
                if len(pile) == len(seen) + 1:  # a card more, the common case
                    card = pile[-1]
                    seen.append(card)
                    if seen == pile:  # and nothing else changed: its count goes up by one
                        at = self._pile_at[seat] + card
                        discards = self._discards
                        discards[at] += 1
                        discards[at + self._second] += 1
                        continue
                self._count_pile(held.discards, seat)
            elif kind == ACTION:
                for seat in {event["seat"], event["owner"]}:
                    self._write_groups(seats[seat], seat)
                    self._write_cards(seats[seat], seat)
            elif kind not in QUIET_EVENTS:  # any other: every seat counted again
                self._everything(table)
                return

    def _everything(self, table: Table) -> None:
        """Count every seat again and write all of it, as for a new state."""
        state = table.state
        self._state = state
        self._read = len(state.events)
        self._write_shown(table)
        for seat, held in enumerate(state.seats):
            self._write_groups(held, seat)
            self._write_cards(held, seat)

    def _write_shown(self, table: Table) -> None:
        """The cards shown on the deal, into every viewer's bytes."""
        encoder = self.encoder
        shown = encoder._shown_on_deal(table, table.state.events[1 : 1 + self._seats])
        counts = bytes(shown) if shown else bytes(self._cards)
        for buf in self._bufs:
            buf[self._shown] = counts

    def _write_cards(self, held: Seat, seat: int) -> None:
        """Seat `seat`'s hidden count and discard counts, counted afresh."""
        hidden = held.packed % 255 if self._by_modulo else sum(held.hand)
        hidden += self._hidden_in_groups[seat]
        counts = self._counts
        counts[seat] = counts[seat + self._seats] = hidden if hidden < 256 else 255
        self._count_pile(held.discards, seat)

    def _count_pile(self, pile: list[int], seat: int) -> None:
        """Seat `seat`'s discards counted afresh, both times over."""
        counted = bytearray(self._cards)
        for card in pile:
            counted[card] += 1
        first, second = self._pile_places[seat]
        self._discards[first] = self._discards[second] = counted
        self._seen_piles[seat] = pile[:]

    def _write_groups(self, held: Seat, seat: int) -> None:
        """Seat `seat`'s table groups into every viewer's bytes: their cards as they lie
        for the others (all of them for the seat itself) and their kinds; and how many of
        their cards the others cannot see (`_hidden_in_groups`)."""
        if not held.table and not self._grouped[seat]:  # no group, none written
            return
        self._grouped[seat] = bool(held.table)
        encoder = self.encoder
        cards, kinds = self._cards, encoder.kinds
        lies = encoder._lies
        packs = encoder._packs
        counted = bytearray(kinds)
        mine = theirs = hidden = 0
        for group in held.table:
            counted[group.kind] += 1
            key = tuple(group.cards)
            pack = packs.get(key)
            if pack is None:
                pack = encoder._pack(key)
            mine += pack
            how = 0 if group.concealed else lies[group.kind]
            if how == 2:
                theirs += pack
                continue
            hidden += len(key) - how
            if how:
                key = key[:how]
                pack = packs.get(key)
                theirs += encoder._pack(key) if pack is None else pack
        self._hidden_in_groups[seat] = hidden
        seen = theirs.to_bytes(cards, "little")
        for buf, place, kinds_place in self._fan_groups[seat]:
            buf[place] = seen
            buf[kinds_place] = counted
        if mine != theirs:  # the seat sees all its cards
            self._bufs[seat][self._own_seen_at] = mine.to_bytes(cards, "little")
