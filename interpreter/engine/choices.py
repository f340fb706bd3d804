"""What each seat may do in answer to an offer: the rule file's ways, checked against the
seat's cards, its restrictions, the options and the last-card rule."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import compress

from tablerules.interpreter.compiled import FIELD_BITS, GUARD_BIT, MAX_COUNT
from tablerules.interpreter.engine.play_rules import WIN_SOURCE, ActionRule, PlayRules, WayRule
from tablerules.interpreter.engine.state import Choice, HandState, Offer, Seat
from tablerules.interpreter.engine.win_facts import win_conditions
from tablerules.interpreter.evaluate import Evaluator, TableGroup

HAND_CACHE_LIMIT = 1 << 12  # hands remembered: the few a table asks about again and again
Entry = tuple[WayRule, ActionRule]
WIN_SOURCE_CONTEXTS = frozenset(context for context, _ in WIN_SOURCE)  # every card-offering one


class _Screen:
    """What a list of ways could ever offer for a card, in the cheapest terms to test."""

    def __init__(self, entries: list[Entry], kinds: int) -> None:
        alike = [way.count for way, _ in entries if way.effect == "with_alike"]
        self.alike: int | None = min(alike) if alike else None
        # (kinds of table group it adds to, the kind it makes) per way adding onto the table
        self.onto_table = tuple(
            (way.kinds, action.makes)
            for way, action in entries
            if way.effect == "onto_table" and action.makes is not None
        )
        self.with_cards = tuple(
            kind for way, _ in entries if way.effect == "with_cards" for kind in way.kinds
        )
        from_hand = [way.count for way, _ in entries if way.effect == "from_hand"]
        self.from_hand: int | None = min(from_hand) if from_hand else None
        # added to a packed hand, sets a guard bit where a card is held `from_hand` times
        self.from_hand_over: int | None = None
        if self.from_hand is not None and 0 < self.from_hand <= MAX_COUNT:
            over = GUARD_BIT - self.from_hand
            self.from_hand_over = sum(over << (c * FIELD_BITS) for c in range(kinds))
        self.win = any(action.win for _, action in entries)
        known = ("with_alike", "onto_table", "with_cards", "from_hand")
        # any other way is left to `choices`
        self.entries = entries  # kept alive: screens are found by the list's identity
        self.other = any(way.effect not in known and not action.win for way, action in entries)
        # only alike cards, groups on the table and wins: a few lookups per seat decide
        self.plain = not self.other and self.from_hand is None and not self.with_cards
        self.least_alike = self.alike if self.alike is not None else MAX_COUNT + 1


class ChoiceMaker:
    """Enumerates the legal choices of a seat, and says why an action is not among them."""

    def __init__(self, play: PlayRules, evaluator: Evaluator) -> None:
        self.play = play
        self.evaluator = evaluator
        self.cards = play.compiled.cards
        self._discard_rows: dict[int, list[Choice]] = {}
        self._win_choices: dict[tuple[int, str, int, int | None], Choice] = {}
        self._passes: dict[tuple[int, int | None], Choice] = {}
        # 'never split' groups lock the cards held that many times or more
        sizes = [k.keep_together for k in play.compiled.keep_together if k.keep_together]
        self._keep = min(sizes) if sizes else 0
        self._keeps_discard = any(a.keeps_discard for a in play.actions.values())
        self._signatures = evaluator.search.signatures
        self._incomplete_blocks = evaluator.search.incomplete_blocks
        # a hand's packed form and incomplete blocks, by its counts: a hand is asked about
        # every card shown while it waits
        self._hands: dict[int, tuple[int, ...]] = {}  # packed hand: its incomplete blocks
        self._screens: dict[int, _Screen] = {}  # by the (shared, lasting) list of ways
        self._added: dict[tuple[int, tuple[int, ...]], frozenset[int]] = {}
        self._packed_completions: dict[
            tuple[int, int], list[tuple[tuple[int, ...], tuple[int, ...], int]]
        ] = {}
        self._guard = int.from_bytes(bytes([GUARD_BIT]) * len(play.compiled.cards), "little")
        # the contexts whose offered card is already in its owner's hand
        self._in_owner_hand = frozenset(
            context for context in WIN_SOURCE_CONTEXTS if play.in_owner_hand(context)
        )
        self._forbiddable = frozenset(
            name for rule in play.restrictions.values() for name in rule.forbids
        )
        self._block_of_card = evaluator.search.block_of_card
        # without winning forms, the signature tables are a sound first test
        self._prefilter = not any(form.wins for form in play.compiled.forms)
        self._card_forms = [form for form in play.compiled.card_forms if form.wins]
        # a deck in one block gains nothing from the incomplete-block screen: its signature
        # test (quick, and needed anyway) screens the win instead
        self._several_blocks = len(evaluator.search.blocks) > 1  # else the block screen is idle
        self._signatures_decide = not self._several_blocks and self._prefilter
        self._judged = play.compiled.scoring.decides_wins  # a win may need a score or a condition
        # a win is screened by the incomplete blocks alone (see `responds`)
        self._blocks_screen_wins = not self._card_forms and not self._signatures_decide

    def name(self, card: int) -> str:
        return self.cards.display[card]

    # ── the seat's cards as the evaluator sees them ─────────────
    def table_groups(self, seat: Seat) -> list[TableGroup]:
        return [TableGroup(g.kind, tuple(sorted(g.cards)), g.claimed) for g in seat.table]

    def table_value(self, seat: Seat) -> int:
        compiled = self.play.compiled
        return sum(compiled.value_of(g.kind, tuple(sorted(g.cards))) for g in seat.table)

    # ── who can respond at all ─────────────────────────────────
    def askers(
        self,
        state: HandState,
        offer: Offer,
        steps: list[tuple[int, list[Entry]]],
        owner_answers: bool = False,
    ) -> list[tuple[int, list[Entry]]]:
        """The seats a window on `offer` must ask, each with its ways: the seats of `steps`
        (`PlayRules.ways_by_step`) that `responds`, the owner always when `owner_answers`.

        Most offers are answered by nobody: a seat whose ways only take alike cards, add
        to its table or win is screened here in a few lookups on its packed hand, in one
        pass over the table, rather than by a call to `responds` per seat."""
        owner = offer.owner
        card = offer.card
        seats = state.seats
        count = len(seats)
        block_of_card = self._block_of_card
        plain_wins = self._blocks_screen_wins
        found: list[tuple[int, list[Entry]]] = []
        for step, entries in steps:
            index = (owner + step) % count
            if step == 0 and owner_answers:
                found.append((index, entries))
                continue
            screen = self._screens.get(id(entries))
            if screen is None or not screen.plain or card is None or step == 0:
                if self.responds(state, index, offer, entries):
                    found.append((index, entries))
                continue
            seat = seats[index]
            if seat.hand[card] >= screen.least_alike or (
                screen.onto_table and seat.table and self._adds_onto(screen, seat, card)
            ):
                found.append((index, entries))
                continue
            if not screen.win:
                continue
            if not plain_wins:
                if self.responds(state, index, offer, entries):
                    found.append((index, entries))
                continue
            incomplete = self._hands.get(seat.packed)
            if incomplete is None:
                incomplete = self._incomplete(seat.packed)
            if not incomplete or (len(incomplete) == 1 and incomplete[0] == block_of_card[card]):
                found.append((index, entries))
        return found

    def responds(
        self, state: HandState, seat_index: int, offer: Offer, entries: list[Entry]
    ) -> bool:
        """A quick necessary condition for `choices`: False when none of the ways can give
        the seat anything for the offered card, so the window need not ask it. Refusals
        only (restrictions, the last card) are left to `choices`."""
        screen = self._screens.get(id(entries))
        if screen is None:
            screen = self._screens[id(entries)] = _Screen(entries, len(self.cards))
        seat = state.seats[seat_index]
        if screen.other:
            return True
        if screen.from_hand is not None:
            over = screen.from_hand_over
            if over is None or (seat.packed + over) & self._guard:
                return True
        card = offer.card
        if card is None:  # only groups from the hand, and other ways, take no card
            return False
        is_owner = seat_index == offer.owner
        held = is_owner and offer.context in self._in_owner_hand  # the card is in the hand
        hand = seat.hand
        if screen.alike is not None and hand[card] >= screen.alike + held:
            return True
        if screen.onto_table and seat.table and self._adds_onto(screen, seat, card):
            return True
        if screen.with_cards:
            have = seat.packed | self._guard
            if held:
                have -= 1 << (card * FIELD_BITS)
            guard = self._guard
            for kind in screen.with_cards:
                for _, _, need in self._completions(kind, card):
                    if (have - need) & guard == guard:
                        return True
        if not screen.win:
            return False
        if held and not hand[card]:
            return False  # the card it would win on is not there
        if self._card_forms and not seat.table:
            packed = self._hand(seat, offer, is_owner)[0] + (1 << (card * FIELD_BITS))
            if any(form.matches(packed) for form in self._card_forms):
                return True  # a form of cards wins whatever its groups
        if self._signatures_decide:  # the win test itself is as quick as any screen
            return self.can_win(seat, offer, is_owner, state, seat_index)
        packed = seat.packed
        if held:
            packed -= 1 << (card * FIELD_BITS)
        incomplete = self._hands.get(packed)
        if incomplete is None:
            incomplete = self._incomplete(packed)
        # one card cannot complete two blocks, nor a block it is not in
        return not incomplete or (
            len(incomplete) == 1 and incomplete[0] == self._block_of_card[card]
        )

    def _adds_onto(self, screen: _Screen, seat: Seat, card: int) -> bool:
        """Whether the card, added to one of the seat's table groups, makes a group that
        one of the screen's ways adds onto the table."""
        for kinds, makes in screen.onto_table:
            for group in seat.table:
                if group.kind in kinds and card in self._additions(makes, group.cards):
                    return True
        return False

    def _hand(self, seat: Seat, offer: Offer, is_owner: bool) -> tuple[int, tuple[int, ...]]:
        """The hand without the offered card, packed, and its incomplete blocks."""
        packed = seat.packed
        card = offer.card
        if is_owner and card is not None and offer.context in self._in_owner_hand:
            packed -= 1 << (card * FIELD_BITS)
        incomplete = self._hands.get(packed)
        if incomplete is None:
            incomplete = self._incomplete(packed)
        return packed, incomplete

    def _incomplete(self, packed: int) -> tuple[int, ...]:
        """The incomplete blocks of a packed hand, worked out and remembered."""
        if len(self._hands) > HAND_CACHE_LIMIT:
            self._hands.clear()
        found = self._hands[packed] = self._incomplete_blocks(packed)
        return found

    def can_win(
        self, seat: Seat, offer: Offer, is_owner: bool, state: HandState, seat_index: int
    ) -> bool:
        """Whether the seat wins with the offered card: the signature tables answer most
        cases in a few lookups; a full evaluation runs only for hands that pass them (with
        how the hand would be won, when hand patterns may decide)."""
        source = WIN_SOURCE.get((offer.context, is_owner))
        card = offer.card
        if source is None or card is None:
            return False
        compiled = self.play.compiled
        hand = seat.hand
        held = is_owner and offer.context in self._in_owner_hand
        if held and hand[card] == 0:
            return False
        packed = seat.packed  # with the card, whether it was held or offered
        if not held:
            packed += 1 << (card * FIELD_BITS)
        cards_form = (
            bool(self._card_forms)
            and not seat.table
            and any(form.matches(packed) for form in self._card_forms)
        )  # a form of cards wins whatever its groups: no test below may refuse it
        if not cards_form:
            if self._several_blocks:
                incomplete = self._hand(seat, offer, is_owner)[1]
                if len(incomplete) > 1 or (
                    incomplete and incomplete[0] != self._block_of_card[card]
                ):
                    return False  # one card cannot complete two blocks, nor a block it is not in
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
        conditions = None
        if self._judged:
            conditions = win_conditions(state, self.play, seat_index, offer)
        return self.evaluator.quick_wins(counts, self.table_groups(seat), card, source, conditions)

    # ── enumeration ────────────────────────────────────────────
    def choices_if_any(self, state: HandState, seat_index: int, offer: Offer) -> list[Choice]:
        """`choices`, skipped when `responds` says the ways can give the seat nothing."""
        if seat_index == offer.owner:
            entries = self.play.own_ways.get(offer.context)
        else:
            entries = self.play.ways_for(offer.context, seat_index, offer.owner)
        if not entries:
            return []
        if not self.responds(state, seat_index, offer, entries):
            return []
        return self.choices(state, seat_index, offer, entries)

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
        forbidden = self._forbiddable if seat.restrictions else ()
        found: list[Choice] = []
        pending_win: tuple[WayRule, ActionRule] | None = None  # judged with forced groups
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
                if self.can_win(seat, offer, seat_index == offer.owner, state, seat_index):
                    found.append(self._win_choice(seat_index, action, way, card))
                elif action.win_with_forced and pending_win is None:
                    pending_win = (way, action)
                continue
            found.extend(self._from_way(state, seat_index, seat, offer, action, way))
        if self._keep and found:
            found = [c for c in found if not self._breaks_locked(hand, c, in_hand)]
        if self._keeps_discard and found:
            found = [
                c
                for c in found
                if not play.actions[c.action].keeps_discard
                or self._leaves_discard(hand, c, in_hand)
            ]
        if (
            pending_win is not None
            and found
            and card is not None
            and any(self._wins_with(seat, c, in_hand) for c in self._forced_groups(found, card))
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

    # ── locked cards, discards left, groups a forced action makes ──
    def locked(self, hand: list[int], card: int) -> bool:
        """Whether the hand holds `card` as a 'never split' group: it may not be discarded,
        nor taken by a choice that does not take every copy into one group."""
        return bool(self._keep) and hand[card] >= self._keep

    def _breaks_locked(self, hand: list[int], choice: Choice, in_hand: bool) -> bool:
        """Whether a choice takes some, not all, of the copies of a locked card, or spreads
        them over several groups. A card just received (`in_hand`) does not lock."""
        taken: dict[int, int] = {}
        groups: dict[int, set[int]] = {}
        for card in choice.from_hand:
            taken[card] = taken.get(card, 0) + 1
            groups.setdefault(card, set()).add(0)
        for index, (_, cards) in enumerate(choice.extra, start=1):
            for card in cards:
                taken[card] = taken.get(card, 0) + 1
                groups.setdefault(card, set()).add(index)
        keep = self._keep
        for card, count in taken.items():
            held = hand[card] - (1 if in_hand and card == choice.card else 0)
            if held >= keep and (held > count or len(groups[card]) > 1):
                return True
        return False

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

    def _leaves_discard(self, hand: list[int], choice: Choice, in_hand: bool) -> bool:
        """Whether a card that may be discarded is left once the choice is carried out."""
        keep = self._keep
        left = self._hand_after(hand, choice, in_hand)
        return any(n and not (keep and n >= keep) for n in left)

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

    def _wins_with(self, seat: Seat, choice: Choice, in_hand: bool) -> bool:
        hand, table = self.after_group(seat, choice, in_hand)
        return self.evaluator.evaluate(hand, table).wins

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
            if self.can_win(seat, offer, seat_index == offer.owner, state, seat_index):
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
        have = seat.packed | self._guard  # counts, guard bits set
        if in_hand_already:
            have -= 1 << (card * FIELD_BITS)  # the offered card is not one of the rest
        guard = self._guard
        for kind in way.kinds:
            for cards, rest, need in self._completions(kind, card):
                if (have - need) & guard != guard:
                    continue  # the hand lacks some card of the rest
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

    def _additions(self, makes: int, cards: list[int]) -> frozenset[int]:
        """The cards that, added to a table group's `cards`, make a group of kind `makes`."""
        key = (makes, tuple(sorted(cards)))
        found = self._added.get(key)
        if found is None:
            instances = self.play.instance_sets[makes]
            found = self._added[key] = frozenset(
                card
                for card in range(len(self.cards))
                if tuple(sorted((*key[1], card))) in instances
            )
        return found

    def _completions(
        self, kind: int, card: int
    ) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
        """The play rules' completions of `card` into groups of `kind`, with what each
        needs from the hand packed (one byte per card kind), to test with one subtraction."""
        key = (kind, card)
        found = self._packed_completions.get(key)
        if found is None:
            found = self._packed_completions[key] = [
                (cards, rest, sum(n << (c * FIELD_BITS) for c, n in need))
                for cards, rest, need in self.play.completions.get(key, ())
            ]
        return found

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
        keep = self._keep
        if keep:  # cards held as a 'never split' group may not be discarded
            return [row[card] for card, count in enumerate(seat.hand) if count and count < keep]
        return list(compress(row, seat.hand))
