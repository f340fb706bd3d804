"""What each seat may do in answer to an offer: the rule file's ways, checked against the
seat's cards, its restrictions, the options and the last-card rule."""

from __future__ import annotations

from collections.abc import Iterator

from tablerules.interpreter.compiled import FIELD_BITS
from tablerules.interpreter.engine.play_rules import WIN_SOURCE, ActionRule, PlayRules, WayRule
from tablerules.interpreter.engine.state import Choice, HandState, Offer, Seat
from tablerules.interpreter.evaluate import Evaluator, TableGroup

HAND_CACHE_LIMIT = 200_000


class ChoiceMaker:
    """Enumerates the legal choices of a seat, and says why an action is not among them."""

    def __init__(self, play: PlayRules, evaluator: Evaluator) -> None:
        self.play = play
        self.evaluator = evaluator
        self.cards = play.compiled.cards
        self._discard_rows: dict[int, list[Choice]] = {}
        self._win_choices: dict[tuple[int, str, int, int | None], Choice] = {}
        self._passes: dict[tuple[int, int | None], Choice] = {}
        self._keep_sizes = tuple(k.keep_together or 0 for k in play.compiled.keep_together)
        self._signatures = evaluator.search.signatures
        self._incomplete_blocks = evaluator.search.incomplete_blocks
        # a hand's packed form and incomplete blocks, by its counts: a hand is asked about
        # every card shown while it waits
        self._hands: dict[bytes, tuple[int, tuple[int, ...]]] = {}
        self._block_of_card = evaluator.search.block_of_card
        # without winning forms, the signature tables are a sound first test
        self._prefilter = not any(form.wins for form in play.compiled.forms)

    def name(self, card: int) -> str:
        return self.cards.display[card]

    # ── the seat's cards as the evaluator sees them ─────────────
    def table_groups(self, seat: Seat) -> list[TableGroup]:
        return [TableGroup(g.kind, tuple(sorted(g.cards))) for g in seat.table]

    def table_value(self, seat: Seat) -> int:
        compiled = self.play.compiled
        return sum(compiled.value_of(g.kind, tuple(sorted(g.cards))) for g in seat.table)

    def can_win(self, seat: Seat, offer: Offer, is_owner: bool) -> bool:
        """Whether the seat wins with the offered card: the signature tables answer most
        cases in a few lookups; a full evaluation runs only for hands that pass them."""
        source = WIN_SOURCE.get((offer.context, is_owner))
        card = offer.card
        if source is None or card is None:
            return False
        compiled = self.play.compiled
        hand = seat.hand
        held = is_owner and self.play.in_owner_hand(offer.context)
        if held and hand[card] == 0:
            return False
        if held:  # the winning card is the one just received: judge the hand without it
            without = bytearray(hand)
            without[card] -= 1
            key = bytes(without)
        else:
            key = bytes(hand)
        known = self._hands.get(key)
        if known is None:
            if len(self._hands) > HAND_CACHE_LIMIT:
                self._hands.clear()
            packed = int.from_bytes(key, "little")
            known = self._hands[key] = (packed, self._incomplete_blocks(packed))
        packed, incomplete = known
        if len(incomplete) > 1 or (incomplete and incomplete[0] != self._block_of_card[card]):
            return False  # one card cannot complete two blocks, nor a block it is not in
        packed += 1 << (card * FIELD_BITS)
        if self._prefilter:
            kinds = compiled.kinds
            pairs = triggers = 0
            for group in seat.table:
                info = kinds[group.kind]
                pairs += info.is_pair
                triggers += info.is_trigger
            mask = compiled.accept_mask(len(seat.table), pairs, triggers)
            if not self._signatures(packed) & mask:
                return False
            if compiled.structural_exact:
                return True
        counts = list(hand)
        if held:
            counts[card] -= 1  # the winning card is the one just received
        return self.evaluator.quick_wins(counts, self.table_groups(seat), card, source)

    # ── enumeration ────────────────────────────────────────────
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
        last = state.last_card_drawn and state.wall_left <= 0
        forbidden = {a for r in seat.restrictions for a in r.forbids} if seat.restrictions else ()
        found: list[Choice] = []
        for way, action in entries:
            # cheap refusals first: most seats hold nothing for most cards
            effect = way.effect
            if effect == "with_alike" and (card is None or hand[card] < way.count + in_hand):
                continue
            if effect == "onto_table" and not seat.table:
                continue
            if effect == "from_hand" and max(hand) < way.count:
                continue
            if last and not self._allowed_now(state, action, offer):
                continue
            if action.name in forbidden and self._restricted(state, seat, action.name, offer):
                continue
            if action.win:  # the common case, kept off the generator path
                if self.can_win(seat, offer, seat_index == offer.owner):
                    found.append(self._win_choice(seat_index, action, way, card))
                continue
            found.extend(self._from_way(state, seat_index, seat, offer, action, way))
        if self._keep_sizes and found:
            found = [c for c in found if not self._splits_kept_group(hand, c)]
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

    def _splits_kept_group(self, hand: list[int], choice: Choice) -> bool:
        """Whether a choice takes some, not all, of the cards of a 'never split' group held."""
        taken: dict[int, int] = {}
        for card in choice.from_hand:
            taken[card] = taken.get(card, 0) + 1
        for _, cards in choice.extra:
            for card in cards:
                taken[card] = taken.get(card, 0) + 1
        for card, count in taken.items():
            held = hand[card]
            if held - count > 0 and any(held >= size for size in self._keep_sizes):
                return True
        return False

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
        hand = seat.hand
        held = hand[card] - (1 if in_hand_already else 0)
        for kind in way.kinds:
            for cards, rest, need in self.play.completions.get((kind, card), ()):
                if any((hand[c] if c != card else held) < n for c, n in need):
                    continue
                left = list(hand)
                if in_hand_already:
                    left[card] -= 1
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
            for cards, need in self.play.instance_needs.get((kind, card), ()):
                if any(hand[c] < n for c, n in need):
                    continue
                left = list(hand)
                for c in cards:
                    left[c] -= 1
                for more in self._clear_copies(left, card, kinds):
                    yield ((kind, tuple(cards)), *more)

    def _names(self, cards: tuple[int, ...]) -> str:
        return "".join(self.cards.display[c] for c in cards)

    def discards(self, seat_index: int, seat: Seat) -> list[Choice]:
        row = self._discard_rows.get(seat_index)
        if row is None:
            row = [
                Choice(seat=seat_index, action="discard", label=f"discard {self.name(c)}", card=c)
                for c in range(len(self.cards))
            ]
            self._discard_rows[seat_index] = row
        return [row[card] for card, count in enumerate(seat.hand) if count]
