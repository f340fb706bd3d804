"""What each seat may do in answer to an offer: the rule file's ways, checked against the
seat's cards, its restrictions, the options and the last-card rule."""

from __future__ import annotations

from itertools import compress

from tablerules.interpreter.compiling.compiled import FIELD_BITS
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.engine.phases.first_cards import FirstCards
from tablerules.interpreter.engine.phases.shown_cards import ready_after
from tablerules.interpreter.engine.play_rules import ActionRule, PlayRules, WayRule
from tablerules.interpreter.engine.restrictions import VALUE_CHANGES, RestrictionRules
from tablerules.interpreter.engine.screen import Entry, Screen
from tablerules.interpreter.engine.state import Choice, HandState, Offer, Seat
from tablerules.interpreter.engine.win_facts import win_conditions
from tablerules.interpreter.engine.win_offers import WinOffers
from tablerules.interpreter.hand.evaluate import Evaluator, TableGroup


class ChoiceMaker(WinOffers):
    """Enumerates the legal choices of a seat, and says why an action is not among them.
    Its bases each do one part: whether a seat wins with the card offered (`WinOffers`),
    which cards a choice may not split or must leave (`LockedCards`), a group-making way's
    choices (`GroupChoices`), and which seats may respond at all (`ResponseScreen`)."""

    def __init__(self, play: PlayRules, evaluator: Evaluator) -> None:
        super().__init__(play, evaluator)
        self._discard_rows: dict[int, list[Choice]] = {}
        self.first_cards = FirstCards(play.compiled)  # the discard clause's `first` cards
        self._first = self.first_cards.active
        self._never_by_seat = self.never_cards.by_seat
        self._win_choices: dict[tuple[int, str, int, int | None], Choice] = {}
        self._passes: dict[tuple[int, int | None], Choice] = {}
        self.restriction_rules = RestrictionRules(play)  # what a window's seats incur
        self._turn_offers = [Offer("turn", seat, None) for seat in range(play.seats)]
        # a drawer's own ways, by the draw's context (see `_drawer_plan`)
        self._drawer_steps: dict[str, list[tuple[bool, list[Entry], Screen]]] = {}
        # the offers of a card discarded or drawn, by context, seat and card: made once,
        # as the engine makes one every step
        self.card_offers = {
            context: [
                [Offer(context, seat, card) for card in range(len(self.cards))]
                for seat in range(play.seats)
            ]
            for context in ("discard", "draw", "replacement")
        }

    def name(self, card: int) -> str:
        return self.cards.display[card]

    # ── the seat's cards as the evaluator sees them ─────────────
    def table_value(self, seat: Seat) -> int:
        compiled = self.play.compiled
        return sum(compiled.value_of(g.kind, tuple(sorted(g.cards))) for g in seat.table)

    # ── enumeration ────────────────────────────────────────────
    def choices_if_any(self, state: HandState, seat_index: int, offer: Offer) -> list[Choice]:
        """`choices`, skipped when `responds` says the ways can give the seat nothing."""
        if seat_index == offer.owner:
            return self._own_choices(state, seat_index, offer)
        entries = self.play.ways_for(offer.context, seat_index, offer.owner)
        if not entries or not self.responds(state, seat_index, offer, entries):
            return []
        return self.choices(state, seat_index, offer, entries)

    def _own_choices(self, state: HandState, seat_index: int, offer: Offer) -> list[Choice]:
        """`choices_if_any` for the offer's own seat: its own ways for the offer's context."""
        own = self._own.get(offer.context)
        if own is None:
            return []
        entries, screen = own
        if not self.responds(state, seat_index, offer, entries, screen):
            return []
        return self.choices(state, seat_index, offer, entries)

    def drawer_choices(self, state: HandState, seat_index: int, offer: Offer) -> list[Choice]:
        """A seat's choices once the card it drew is in its hand: what it may do with the
        card, then on its turn, then its discards (the order a turn lists them). The ways
        of both contexts are the seat's own, screened before any is enumerated; most draws
        give nothing but the discards, which `quiet_draw` tells at once."""
        seat = state.seats[seat_index]
        if self.quiet_draw(seat, offer):
            return self.discards(seat_index, seat)
        found: list[Choice] = []
        steps = self._drawer_steps.get(offer.context)
        if steps is None:
            steps = self._drawer_steps[offer.context] = self._drawer_plan(offer.context)
        for on_turn, entries, screen in steps:
            asked = self._turn_offers[seat_index] if on_turn else offer
            if self.responds(state, seat_index, asked, entries, screen):
                found += self.choices(state, seat_index, asked, entries)
        # a hand of cards the discard rule forbids only discards one when it cannot win
        wins = any(self.play.actions[choice.action].win for choice in found)
        found += self.discards(seat_index, seat, forced=not wins)
        return found

    def _drawer_plan(self, context: str) -> list[tuple[bool, list[Entry], Screen]]:
        """The drawer's own ways (with their screens) a draw in `context` asks about, in
        order: the card's, then the turn's (marked True: asked of the turn's offer)."""
        steps = []
        for on_turn, asked in ((False, context), (True, "turn")):
            ways = self._own.get(asked)
            if ways is not None:
                entries, screen = ways
                steps.append((on_turn, entries, screen))
        return steps

    def choices(
        self,
        state: HandState,
        seat_index: int,
        offer: Offer,
        entries: list[tuple[WayRule, ActionRule]] | None = None,
    ) -> list[Choice]:
        """Every legal choice of a seat for this offer, passes excluded."""
        play = self.play
        if entries is None:
            entries = play.ways_for(offer.context, seat_index, offer.owner)
        if not entries:
            return []
        seat = state.seats[seat_index]
        hand = seat.hand
        card = offer.card
        in_hand = seat_index == offer.owner and play.in_owner_hand(offer.context)
        last = state.last_card_drawn and state.drawable <= 0
        barred = self._barred(seat, offer) if seat.restrictions else ()
        if seat.locked:  # a locked hand only wins (and draws and discards)
            entries = [(way, action) for way, action in entries if action.win]
        found: list[Choice] = []
        pending_win: tuple[WayRule, ActionRule] | None = None  # judged with forced groups
        for way, action in entries:
            # cheap refusals first: most seats hold nothing for most cards
            effect = way.effect
            if effect == "with_alike" and (card is None or hand[card] < way.count + in_hand):
                continue
            if (effect == "onto_table" or effect == "held_onto_table") and not seat.table:
                continue
            if effect == "from_hand" and max(hand) < way.count:
                continue
            if last and not self._allowed_now(state, action, offer):
                continue
            if action.name in barred:
                continue
            never = self.never_cards.of(action, seat) if self._never_by_seat else action.never_cards
            if never and card is not None and card in never:
                continue  # `never of`: not with this card
            if action.win:  # the common case, kept off the generator path
                if self.can_win(seat, offer, seat_index == offer.owner, state, seat_index):
                    found.append(self._win_choice(seat_index, action, way, card))
                elif action.win_with_forced and pending_win is None:
                    pending_win = (way, action)
                continue
            if action.shown and state.drawable < action.shown:
                continue  # too few cards left to show
            made = self._from_way(state, seat_index, seat, offer, action, way)
            if action.when_ready:  # only where the hand it leaves waits on a card
                made = [c for c in made if ready_after(self, state, seat_index, c, in_hand)]
            if never:  # `never of`: no group taking one of these cards
                made = [c for c in made if not never.intersection(c.from_hand)]
            found += made
        if found and (self._locks or self._keeps_discard):
            found = self._keeping(seat.packed, found, in_hand)
        if (
            pending_win is not None
            and found
            and card is not None
            and self._wins_with_forced(state, seat_index, offer, found, in_hand)
        ):  # a win that counts the group a forced action makes with the card
            way, action = pending_win
            found.insert(0, self._win_choice(seat_index, action, way, card))
        if len(found) > 1:
            unique: dict[tuple[object, ...], Choice] = {}
            for choice in found:
                key = (
                    choice.action,
                    choice.from_hand,
                    choice.table_index,
                    choice.kind,
                    choice.extra,
                )
                unique.setdefault(key, choice)
            found = list(unique.values())
        return found

    def pass_choice(self, seat: int, card: int | None) -> Choice:
        key = (seat, card)
        choice = self._passes.get(key)
        if choice is None:
            choice = Choice(seat=seat, action="pass", label="pass", card=card)
            self._passes[key] = choice
        return choice

    # ── groups a forced action makes ────────────────────────────
    def _hand_after(self, hand: list[int], choice: Choice, in_hand: bool) -> list[int]:
        """The concealed cards once the choice is carried out."""
        left = list(hand)
        if in_hand and choice.card is not None:
            left[choice.card] -= 1
        for card in choice.from_hand:
            left[card] -= 1
        for _, cards in choice.extra:
            for card in cards:
                left[card] -= 1
        return left

    def _forced_groups(self, found: list[Choice], card: int) -> list[Choice]:
        """The forced choices that make a group with the offered card."""
        return [
            c
            for c in found
            if c.forced
            and c.kind is not None
            and c.card == card
            and (c.from_hand or c.table_index is not None)
        ]

    def _wins_with_forced(
        self, state: HandState, seat_index: int, offer: Offer, found: list[Choice], in_hand: bool
    ) -> bool:
        """Whether the seat wins once one of the forced group-making choices is carried
        out, judged as the settlement judges it: under how the hand is won (the win
        clause's `when` lines and the hand patterns read it)."""
        assert offer.card is not None
        seat = state.seats[seat_index]
        conditions = win_conditions(state, self.play, seat_index, offer)
        return any(
            self._wins_with(seat, choice, in_hand, conditions)
            for choice in self._forced_groups(found, offer.card)
        )

    def _wins_with(
        self, seat: Seat, choice: Choice, in_hand: bool, conditions: WinConditions
    ) -> bool:
        """Whether the seat wins once the group-making choice is carried out."""
        if self._lonely is not None and self._prefilter and not self._card_forms:
            # the cards left must split into groups: none of them may be lonely
            packed = seat.packed
            if in_hand and choice.card is not None:
                packed -= 1 << (choice.card * FIELD_BITS)
            for card in choice.from_hand:
                packed -= 1 << (card * FIELD_BITS)
            for _, cards in choice.extra:
                for card in cards:
                    packed -= 1 << (card * FIELD_BITS)
            if not self._lonely.may_split(packed):
                return False
        hand, table = self.after_group(seat, choice, in_hand)
        return self.evaluator.evaluate(hand, table, conditions=conditions).wins

    def after_group(
        self, seat: Seat, choice: Choice, in_hand: bool
    ) -> tuple[list[int], list[TableGroup]]:
        """The concealed cards (as a list) and the table groups once a group-making choice
        is carried out: what a win counting that group is judged on."""
        card = choice.card
        assert card is not None and choice.kind is not None
        left = self._hand_after(seat.hand, choice, in_hand)
        table = self.table_groups(seat)
        if choice.table_index is not None:
            grown = tuple(sorted([*seat.table[choice.table_index].cards, card]))
            table[choice.table_index] = TableGroup(choice.kind, grown)
        else:
            table.append(TableGroup(choice.kind, tuple(sorted([*choice.from_hand, card]))))
        for kind, cards in choice.extra:
            table.append(TableGroup(kind, tuple(sorted(cards))))
        return [c for c, n in enumerate(left) for _ in range(n)], table

    def forced_group_outcomes(
        self, state: HandState, seat_index: int, offer: Offer
    ) -> list[tuple[list[int], list[TableGroup]]]:
        """For a win on the offered card that counts forced groups: each way the seat's
        forced actions would lay the card down, as (concealed cards, table groups)."""
        card = offer.card
        if card is None:
            return []
        entries = self.play.ways_for(offer.context, seat_index, offer.owner)
        if not any(action.win and action.win_with_forced for _, action in entries):
            return []
        seat = state.seats[seat_index]
        in_hand = seat_index == offer.owner and self.play.in_owner_hand(offer.context)
        found = self.choices(state, seat_index, offer, entries)
        return [self.after_group(seat, c, in_hand) for c in self._forced_groups(found, card)]

    def _win_choice(self, seat: int, action: ActionRule, way: WayRule, card: int | None) -> Choice:
        key = (seat, action.name, way.index, card)
        choice = self._win_choices.get(key)
        if choice is None:
            choice = Choice(
                seat=seat,
                action=action.name,
                label=action.name,
                card=card,
                way=way.index,
                forced=action.forced,
                priority=action.priority,
            )
            self._win_choices[key] = choice
        return choice

    def _allowed_now(self, state: HandState, action: ActionRule, offer: Offer) -> bool:
        """The last card and its discard allow only the actions the end clause names, and
        never an unforced action followed by a replacement: none can be drawn."""
        end = self.play.end
        if not state.last_card_drawn or state.drawable > 0:
            return True
        if action.needs_replacement:
            return False
        if offer.context == "discard" and end.last_discard_allows is not None:
            if end.last_discard_if and not self.play.options.get(end.last_discard_if):
                return False
            return action.name in end.last_discard_allows
        if end.last_card_allows is not None:
            return action.name in end.last_card_allows
        return True

    def _barred(self, seat: Seat, offer: Offer) -> set[str]:
        """The actions the seat's restrictions forbid on this offer: its restrictions are
        read once per offer, not once per way, and most bar another card."""
        barred: set[str] = set()
        value: int | None = None
        for active in seat.restrictions:
            if active.card is not None and active.card != offer.card:
                continue
            if active.context is not None and active.context != offer.context:
                continue
            if active.lifetime == VALUE_CHANGES:
                if value is None:
                    value = self.table_value(seat)
                if value != active.value_at:
                    continue
            barred.update(active.forbids)
        return barred

    def _restricted(self, state: HandState, seat: Seat, action: str, offer: Offer) -> str | None:
        """The name of the restriction that forbids this action now, if any."""
        for active in seat.restrictions:
            if action not in active.forbids:
                continue
            if active.context is not None and active.context != offer.context:
                continue
            if active.card is not None and active.card != offer.card:
                continue
            if active.lifetime == VALUE_CHANGES and self.table_value(seat) != active.value_at:
                continue
            return active.name
        return None

    def discards(self, seat_index: int, seat: Seat, forced: bool = True) -> list[Choice]:
        """The seat's legal discards. Where the discard rule forbids every card held, those
        cards, so that play goes on, unless not `forced`: none (the seat may win instead)."""
        row = self._discard_rows.get(seat_index)
        if row is None:
            row = [
                Choice(seat=seat_index, action="discard", label=f"discard {self.name(c)}", card=c)
                for c in range(len(self.cards))
            ]
            self._discard_rows[seat_index] = row
        if self._first:  # while it holds a card that goes first, only those
            first = [c for c in self.first_cards.held(seat) if not self.locked(seat.hand, c)]
            if first:
                return [row[card] for card in first]
        if self._locks:  # cards held as a 'never split' group may not be discarded
            below = self._locked_from
            found = [row[card] for card, count in enumerate(seat.hand) if 0 < count < below[card]]
        else:
            found = list(compress(row, seat.hand))
        limits = self.play.compiled.discard_limits
        if limits:  # the discard rule: never these cards; these first while held
            allowed = set(limits.allowed(list(seat.hand)))
            found = [choice for choice in found if choice.card in allowed] or found
            if not forced:  # every card held is one the rule forbids: none, not them all
                found = [choice for choice in found if choice.card not in limits.never]
        return found
