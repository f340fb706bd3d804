"""What each seat may do in answer to an offer: the rule file's ways, checked against the
seat's cards, its restrictions, the options and the last-card rule."""

from __future__ import annotations

from collections.abc import Iterator

from interpreter.engine.play_rules import WIN_SOURCE, ActionRule, PlayRules, WayRule
from interpreter.engine.state import Choice, HandState, Offer, Seat
from interpreter.evaluate import Evaluator, TableGroup


class ChoiceMaker:
    """Enumerates the legal choices of a seat, and says why an action is not among them."""

    def __init__(self, play: PlayRules, evaluator: Evaluator) -> None:
        self.play = play
        self.evaluator = evaluator
        self.cards = play.compiled.cards

    def name(self, card: int) -> str:
        return self.cards.display[card]

    # ── the seat's cards as the evaluator sees them ─────────────
    def table_groups(self, seat: Seat) -> list[TableGroup]:
        return [TableGroup(g.kind, tuple(sorted(g.cards))) for g in seat.table]

    def table_value(self, seat: Seat) -> int:
        compiled = self.play.compiled
        return sum(compiled.value_of(g.kind, tuple(sorted(g.cards))) for g in seat.table)

    def can_win(self, seat: Seat, offer: Offer, is_owner: bool) -> bool:
        source = WIN_SOURCE.get((offer.context, is_owner))
        if source is None or offer.card is None:
            return False
        hand = list(seat.hand)
        if is_owner and self.play.in_owner_hand(offer.context):
            if hand[offer.card] == 0:
                return False
            hand[offer.card] -= 1  # the winning card is the one just received
        return self.evaluator.quick_wins(hand, self.table_groups(seat), offer.card, source)

    # ── enumeration ────────────────────────────────────────────
    def choices(self, state: HandState, seat_index: int, offer: Offer) -> list[Choice]:
        """Every legal choice of a seat for this offer, passes excluded."""
        play = self.play
        relation = play.relation(seat_index, offer.owner)
        seat = state.seats[seat_index]
        found: list[Choice] = []
        seen: set[tuple[object, ...]] = set()
        for way in play.ways_by_context.get(offer.context, ()):
            if way.who not in relation:
                continue
            action = play.actions[way.action]
            if not self._allowed_now(state, action, offer):
                continue
            if self._restricted(state, seat, action.name, offer) is not None:
                continue
            for choice in self._from_way(state, seat_index, seat, offer, action, way):
                key = (
                    choice.action,
                    choice.from_hand,
                    choice.table_index,
                    choice.kind,
                    choice.extra,
                )
                if key not in seen:
                    seen.add(key)
                    found.append(choice)
        return found

    def _allowed_now(self, state: HandState, action: ActionRule, offer: Offer) -> bool:
        """The last card and its discard allow only the actions the end clause names."""
        end = self.play.end
        if not state.last_card_drawn or state.wall_left > 0:
            return True
        if offer.context == "discard" and end.last_discard_allows is not None:
            if end.last_discard_if and not self.play.options.get(end.last_discard_if):
                return False
            return action.name in end.last_discard_allows
        if end.last_card_allows is not None:
            return action.name in end.last_card_allows
        return True

    def _restricted(self, state: HandState, seat: Seat, action: str, offer: Offer) -> str | None:
        """The name of the restriction that forbids this action now, if any."""
        for active in seat.restrictions:
            if action not in active.forbids:
                continue
            if active.context is not None and active.context != offer.context:
                continue
            if active.card is not None and active.card != offer.card:
                continue
            if active.lifetime == "value changes" and self.table_value(seat) != active.value_at:
                continue
            return active.name
        return None

    def _from_way(
        self,
        state: HandState,
        seat_index: int,
        seat: Seat,
        offer: Offer,
        action: ActionRule,
        way: WayRule,
    ) -> Iterator[Choice]:
        card = offer.card
        base = {
            "seat": seat_index,
            "action": action.name,
            "way": way.index,
            "forced": action.forced,
            "priority": action.priority,
            "card": card,
        }
        if action.win:
            if self.can_win(seat, offer, seat_index == offer.owner):
                yield Choice(label=action.name, **base)
            return
        hand = seat.hand
        is_owner = seat_index == offer.owner
        # a kept draw is already in its owner's hand; a shown card is not
        in_hand_already = is_owner and self.play.in_owner_hand(offer.context)
        if way.effect == "with_alike" and card is not None:
            need = way.count + (1 if in_hand_already else 0)
            if hand[card] >= need:
                cards = (card,) * way.count
                yield self._group_choice(base, seat, action, cards, card, offer)
        elif way.effect == "onto_table" and card is not None:
            if in_hand_already and hand[card] == 0:
                return
            for index, group in enumerate(seat.table):
                if group.kind not in way.kinds or action.makes is None:
                    continue
                upgraded = tuple(sorted([*group.cards, card]))
                if upgraded in self.play.instance_sets[action.makes]:
                    label = f"{action.name} {self._names(upgraded)}"
                    yield Choice(label=label, table_index=index, kind=action.makes, **base)
        elif way.effect == "from_hand":
            for held, count in enumerate(hand):
                if count < way.count or action.makes is None:
                    continue
                cards = (held,) * way.count
                if cards in self.play.instance_sets[action.makes]:
                    fields = {**base, "card": None}
                    label = f"{action.name} {self._names(cards)}"
                    yield Choice(
                        label=label,
                        from_hand=cards,
                        kind=action.makes,
                        concealed=action.concealed,
                        **fields,
                    )
        elif way.effect == "with_cards" and card is not None:
            yield from self._with_cards(base, seat, action, way, card, in_hand_already)

    def _group_choice(
        self,
        base: dict[str, object],
        seat: Seat,
        action: ActionRule,
        from_hand: tuple[int, ...],
        card: int,
        offer: Offer,
    ) -> Choice:
        kind = action.makes
        if action.alternative is not None and action.alternative_under:
            for active in seat.restrictions:
                if active.name == action.alternative_under and active.card in (None, card):
                    kind = action.alternative
        cards = tuple(sorted((*from_hand, card)))
        label = f"{action.name} {self._names(cards)}"
        return Choice(
            label=label,
            from_hand=from_hand,
            kind=kind,
            concealed=action.concealed and kind == action.makes,
            **base,  # type: ignore[arg-type]
        )

    def _with_cards(
        self,
        base: dict[str, object],
        seat: Seat,
        action: ActionRule,
        way: WayRule,
        card: int,
        in_hand_already: bool,
    ) -> Iterator[Choice]:
        hand = list(seat.hand)
        if in_hand_already:
            hand[card] -= 1
        for kind in way.kinds:
            for cards in self.play.instances_with.get((kind, card), ()):
                rest = list(cards)
                rest.remove(card)
                need = _counts(rest)
                if any(hand[c] < n for c, n in need.items()):
                    continue
                left = list(hand)
                for c in rest:
                    left[c] -= 1
                extras = list(self._clear_copies(left, card, action.also_kinds))
                if action.also_kinds and not extras:
                    continue  # 比-style: the remaining copies cannot all be laid down too
                for extra in extras or [()]:
                    label = f"{action.name} {self._names(cards)}"
                    if extra:
                        label += " + " + " + ".join(self._names(c) for _, c in extra)
                    yield Choice(
                        label=label,
                        from_hand=tuple(rest),
                        kind=kind,
                        extra=extra,
                        **base,  # type: ignore[arg-type]
                    )

    def _clear_copies(
        self, hand: list[int], card: int, kinds: tuple[int, ...]
    ) -> Iterator[tuple[tuple[int, tuple[int, ...]], ...]]:
        """Ways to lay down every copy of `card` still in `hand` in groups of `kinds`."""
        if not kinds or hand[card] == 0:
            yield ()
            return
        for kind in kinds:
            for cards in self.play.instances_with.get((kind, card), ()):
                need = _counts(cards)
                if any(hand[c] < n for c, n in need.items()):
                    continue
                left = list(hand)
                for c in cards:
                    left[c] -= 1
                for more in self._clear_copies(left, card, kinds):
                    yield ((kind, tuple(cards)), *more)

    def _names(self, cards: tuple[int, ...]) -> str:
        return "".join(self.cards.display[c] for c in cards)

    def discards(self, seat_index: int, seat: Seat) -> list[Choice]:
        return [
            Choice(seat=seat_index, action="discard", label=f"discard {self.name(c)}", card=c)
            for c, count in enumerate(seat.hand)
            if count
        ]


def _counts(cards: tuple[int, ...] | list[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts
