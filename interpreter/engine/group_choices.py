"""The choices of a way that makes a group: the offered card with alike cards from the
hand, onto a table group, from the hand alone, or with the rest of a group of given kinds
(and, when the action asks it, the groups that lay the card's remaining copies down).

Each choice is made once and kept (`_offer`): a seat is offered the same few claims again
and again, and a choice is a value. The cards it takes from the hand are kept on it
(`Choice.packed_taken`, and the guard bits of their kinds in `kinds_touched`), for the
'never split' and leave-a-discard tests of `LockedCards`.
"""

from __future__ import annotations

from tablerules.interpreter.compiling.compiled import FIELD_BITS, MAX_COUNT
from tablerules.interpreter.engine.phases.never_cards import NeverCards
from tablerules.interpreter.engine.play_rules import ActionRule, PlayRules, WayRule
from tablerules.interpreter.engine.screen import ResponseScreen
from tablerules.interpreter.engine.state import Choice, HandState, Offer, Seat
from tablerules.interpreter.hand.evaluate import Evaluator

MADE_LIMIT = 1 << 14  # choices kept for reuse: every claim a game's seats are offered


class GroupChoices(ResponseScreen):
    """The part of `ChoiceMaker` that turns a group-making way into its choices (see the
    module); which seats may respond at all is its base's job (`ResponseScreen`)."""

    def __init__(self, play: PlayRules, evaluator: Evaluator) -> None:
        super().__init__(play, evaluator)
        self._made: dict[tuple[object, ...], Choice] = {}  # see `_offer`
        self.never_cards = NeverCards(play.compiled)  # `never of`, by the seat's declaration
        self._instance_rows: dict[
            tuple[int, ...], list[list[tuple[int, tuple[int, ...], int]]]
        ] = {}  # see `instance_rows`

    def _taken(
        self, from_hand: tuple[int, ...], extra: tuple[tuple[int, tuple[int, ...]], ...]
    ) -> tuple[int, int]:
        """The cards a choice takes from the hand (`from_hand` and its `extra` groups),
        packed, and the guard bits of their kinds."""
        taken = touched = 0
        bits = self._card_bit
        for card in from_hand:
            taken += 1 << (card * FIELD_BITS)
            touched |= bits[card]
        for _, cards in extra:
            for card in cards:
                taken += 1 << (card * FIELD_BITS)
                touched |= bits[card]
        return taken, touched

    def _from_way(
        self,
        state: HandState,
        seat_index: int,
        seat: Seat,
        offer: Offer,
        action: ActionRule,
        way: WayRule,
    ) -> list[Choice]:
        """The choices one way of a (not winning) action gives the seat for the offer."""
        card = offer.card
        hand = seat.hand
        is_owner = seat_index == offer.owner
        # a kept draw is already in its owner's hand; a shown card is not
        in_hand_already = is_owner and self.play.in_owner_hand(offer.context)
        effect = way.effect
        if effect == "with_alike" and card is not None:
            if hand[card] >= way.count + in_hand_already:
                made = self._group_choice(seat_index, seat, action, way, card)
                return [made] if made is not None else []
        elif effect == "onto_table" and card is not None and action.makes is not None:
            if in_hand_already and hand[card] == 0:
                return []
            found = []
            partners = self._partners[action.makes]
            for index, group in enumerate(seat.table):
                if group.kind not in way.kinds or card not in partners[group.cards[0]]:
                    continue
                upgraded = tuple(sorted([*group.cards, card]))
                if self.play.compiled.admits(action.makes, upgraded):
                    found.append(
                        self._offer(
                            seat_index, action, way, card, upgraded, (), index, action.makes
                        )
                    )
            return found
        elif effect == "from_hand" and action.makes is not None:
            found = []
            for held, count in enumerate(hand):
                if count < way.count:
                    continue
                cards = (held,) * way.count
                if self.play.compiled.admits(action.makes, cards):
                    found.append(
                        self._offer(
                            seat_index,
                            action,
                            way,
                            None,
                            cards,
                            cards,
                            None,
                            action.makes,
                            concealed=action.concealed,
                        )
                    )
            return found
        elif effect == "with_cards" and card is not None:
            return self._with_cards(seat_index, seat, action, way, card, in_hand_already)
        elif effect == "held_onto_table" and action.makes is not None:
            return self._held_onto(seat_index, seat, action, way)
        return []

    def _held_onto(
        self, seat_index: int, seat: Seat, action: ActionRule, way: WayRule
    ) -> list[Choice]:
        """`any card in hand onto table KIND`: each card held (drawn now or earlier) that
        makes one of the seat's table groups of those kinds the action's kind, taken from
        the hand (no card is offered: it is the seat's own turn)."""
        found = []
        makes = action.makes
        assert makes is not None
        partners = self._partners[makes]
        never = self.never_cards.of(action, seat)  # `never of`, the seat's declaration read
        hand = seat.hand
        for index, group in enumerate(seat.table):
            if group.kind not in way.kinds:
                continue
            for held in sorted(partners[group.cards[0]]):
                if not hand[held] or (never and held in never):
                    continue
                upgraded = tuple(sorted([*group.cards, held]))
                if self.play.compiled.admits(makes, upgraded):
                    found.append(
                        self._offer(seat_index, action, way, held, upgraded, (held,), index, makes)
                    )
        return found

    def _offer(
        self,
        seat_index: int,
        action: ActionRule,
        way: WayRule,
        card: int | None,
        named: tuple[int, ...],
        from_hand: tuple[int, ...] = (),
        table_index: int | None = None,
        kind: int | None = None,
        extra: tuple[tuple[int, tuple[int, ...]], ...] = (),
        concealed: bool = False,
    ) -> Choice:
        """The choice of a way that makes a group (its cards `named` in its label), made
        once: a seat is offered the same few claims again and again, and a choice is a
        value."""
        key = (seat_index, action.name, way.index, card, named, table_index, kind, extra)
        made = self._made.get(key)
        if made is None:
            label = f"{action.name} {self._names(named)}"
            if extra:
                label += " + " + " + ".join(self._names(c) for _, c in extra)
            if len(self._made) >= MADE_LIMIT:
                self._made.clear()
            taken, touched = self._taken(from_hand, extra)
            made = self._made[key] = Choice(
                seat=seat_index,
                action=action.name,
                label=label,
                card=card,
                from_hand=from_hand,
                table_index=table_index,
                kind=kind,
                extra=extra,
                way=way.index,
                forced=action.forced,
                priority=action.priority,
                concealed=concealed,
                packed_taken=taken,
                kinds_touched=touched,
            )
        return made

    def _group_choice(
        self, seat_index: int, seat: Seat, action: ActionRule, way: WayRule, card: int
    ) -> Choice | None:
        """The card with `way.count` alike from the hand, as the action's group (or its
        alternative, under the restriction that calls for it); None when the kind does
        not admit those cards (a `where` in its pattern leaves them out)."""
        kind = action.makes
        if action.alternative is not None and action.alternative_under:
            for active in seat.restrictions:
                if active.name == action.alternative_under and active.card in (None, card):
                    kind = action.alternative
        cards = (card,) * (way.count + 1)
        if kind is not None and not self.play.compiled.admits(kind, cards):
            return None
        return self._offer(
            seat_index,
            action,
            way,
            card,
            cards,
            (card,) * way.count,
            None,
            kind,
            concealed=action.concealed and kind == action.makes,
        )

    def _with_cards(
        self,
        seat_index: int,
        seat: Seat,
        action: ActionRule,
        way: WayRule,
        card: int,
        in_hand_already: bool,
    ) -> list[Choice]:
        """The card with the rest of a group of the way's kinds from the hand, each with
        every way to lay down the copies of the card left (when the action asks it)."""
        have = seat.packed | self._guard  # counts, guard bits set
        if in_hand_already:
            have -= 1 << (card * FIELD_BITS)  # the offered card is not one of the rest
        guard = self._guard
        shift = card * FIELD_BITS
        also = action.also_kinds
        found: list[Choice] = []
        for kind, cards, rest, need in self.completion_rows(way.kinds)[card]:
            left = have - need
            if left & guard != guard:
                continue  # the hand lacks some card of the rest
            if not also or not (left >> shift) & MAX_COUNT:  # no copy of the card is left
                found.append(self._offer(seat_index, action, way, card, cards, rest, None, kind))
                continue
            # 比-style: the remaining copies must all be laid down too
            for extra in self._clear_copies(left, card, also):
                found.append(
                    self._offer(seat_index, action, way, card, cards, rest, None, kind, extra)
                )
        return found

    def _clear_copies(
        self, have: int, card: int, kinds: tuple[int, ...]
    ) -> list[tuple[tuple[int, tuple[int, ...]], ...]]:
        """Ways to lay down every copy of `card` still in the hand (`have`: packed, guard
        bits set) in groups of `kinds`, each group tested with one subtraction."""
        if not (have >> (card * FIELD_BITS)) & MAX_COUNT:
            return [()]
        guard = self._guard
        found: list[tuple[tuple[int, tuple[int, ...]], ...]] = []
        for kind, cards, need in self.instance_rows(kinds)[card]:
            left = have - need
            if left & guard != guard:
                continue
            for more in self._clear_copies(left, card, kinds):
                found.append(((kind, cards), *more))
        return found

    def instance_rows(self, kinds: tuple[int, ...]) -> list[list[tuple[int, tuple[int, ...], int]]]:
        """Per card: the groups of `kinds` (in that order) holding it, as (kind, cards, the
        cards packed); worked out once per tuple of kinds."""
        rows = self._instance_rows.get(kinds)
        if rows is None:
            needs = self.play.instance_needs
            rows = self._instance_rows[kinds] = [
                [
                    (kind, tuple(cards), sum(n << (c * FIELD_BITS) for c, n in need))
                    for kind in kinds
                    for cards, need in needs.get((kind, card), ())
                ]
                for card in range(len(self.cards))
            ]
        return rows

    def _names(self, cards: tuple[int, ...]) -> str:
        return "".join(self.cards.display[c] for c in cards)
