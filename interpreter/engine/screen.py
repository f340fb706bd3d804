"""Which seats could respond to an offered card at all: a quick necessary test, so that a
window asks for choices only the seats that may have some.

Nearly every card shown is answered by nobody, so the test must cost far less than the
choices themselves. For a list of ways (one per seat and context, shared and lasting), a
`Screen` holds what they could ever offer in the cheapest terms to test on a hand's counts
and packed form (`Seat.packed`, a byte per card kind). Whether the card could complete the
hand is kept per hand: its *completing cards*, one integer in the packed form with the
guard bit set on every card kind that could complete the hand as far as its incomplete
blocks tell (every kind when no block is incomplete, a block's kinds when that block alone
is, none when two are: `Searcher.completing_cards`) and, for a deck with a block cut in two
(whose searches are costly), as far as its lonely cards tell (`search/lonely_cards.py`). A
hand's completing cards are worked out once and kept by its packed counts: the seats that
wait on a discard have not changed since the last one, and a drawer's hand before its draw
was screened on the discards before, so screening a seat is a lookup and a bit test.
Refusals only (restrictions, the last card) are left to the choices.
"""

from __future__ import annotations

from tablerules.interpreter.compiling.compiled import FIELD_BITS, GUARD_BIT, MAX_COUNT
from tablerules.interpreter.engine.play_rules import WIN_SOURCE, ActionRule, PlayRules, WayRule
from tablerules.interpreter.engine.quiet_draws import UNPLANNED, QuietDraws, plan_quiet_draws
from tablerules.interpreter.engine.state import HandState, Offer, Seat, at_least_mask
from tablerules.interpreter.hand.evaluate import Evaluator
from tablerules.interpreter.search.lonely_cards import LonelyCardBound

# A hand's completing cards are kept by the hand, so nearly every hand of a long run is new:
# the table is emptied when full, and holds the few hands a table asks about again and
# again (the seats waiting on the discards). The screen's other tables are keyed by the
# rules' own finite sets (a list of ways, a group kind and cards, a card) and need no bound.
HAND_CACHE_LIMIT = 1 << 12  # hands remembered
Entry = tuple[WayRule, ActionRule]
WIN_SOURCE_CONTEXTS = frozenset(context for context, _ in WIN_SOURCE)  # every card-offering one
# a group's kind, its cards, the rest of them once one is given, and that rest packed
Completion = tuple[int, tuple[int, ...], tuple[int, ...], int]


class Screen:
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
        self.with_rows: list[list[Completion]] = []  # `ResponseScreen.completion_rows`
        self.onto_by_kind: list[tuple[tuple[list[frozenset[int]], int], ...]] = []  # `_screen`
        from_hand = [way.count for way, _ in entries if way.effect == "from_hand"]
        self.from_hand: int | None = min(from_hand) if from_hand else None
        # added to a packed hand, sets a guard bit where a card is held `from_hand` times
        self.from_hand_over: int | None = None
        if self.from_hand is not None and 0 < self.from_hand <= MAX_COUNT:
            self.from_hand_over = at_least_mask(self.from_hand, kinds)
        self.least_alike = self.alike if self.alike is not None else MAX_COUNT + 1
        # added to a packed hand, sets a guard bit where a card is held `alike` times
        self.alike_over: int | None = None
        if self.alike is not None and 0 <= self.alike <= MAX_COUNT:
            self.alike_over = at_least_mask(self.alike, kinds)
        self.win = any(action.win for _, action in entries)
        known = ("with_alike", "onto_table", "with_cards", "from_hand")
        # any other way is left to `choices`
        self.entries = entries  # kept alive: screens are found by the list's identity
        self.other = any(way.effect not in known and not action.win for way, action in entries)
        # only alike cards, groups on the table and wins: a few bit tests on the hand and a
        # look at its table groups decide for another seat's card (`ResponseScreen.askers`)
        self.plain = not self.other and self.from_hand is None and not self.with_cards


class ResponseScreen:
    """The part of `ChoiceMaker` that says which seats may respond (see the module)."""

    def __init__(self, play: PlayRules, evaluator: Evaluator) -> None:
        self.play = play
        self.evaluator = evaluator
        self.cards = play.compiled.cards
        kinds = len(self.cards)
        self._completing_of = evaluator.search.completing_cards
        self._guard = sum(GUARD_BIT << (c * FIELD_BITS) for c in range(kinds))
        self._card_bit = [GUARD_BIT << (c * FIELD_BITS) for c in range(kinds)]
        # a hand's completing cards, by its packed counts: a hand is asked about every card
        # shown while it waits
        self._completing: dict[int, int] = {}  # packed hand: its completing cards
        self._screens: dict[int, Screen] = {}  # by the (shared, lasting) list of ways
        # a window's steps with their screens, each marked plain or not, by the (lasting)
        # list of steps
        self._plans: dict[
            int, list[list[tuple[int, list[Entry], Screen, dict[int, int] | None]]]
        ] = {}
        # the cards a hand answers (`_answers`), by the screen's facts, then packed hand
        # (the screen's alike count when it tests one, whether it has a win)
        self._answer_caches: dict[tuple[int | None, bool], dict[int, int]] = {}
        self._planned: list[list[tuple[int, list[Entry]]]] = []
        self._added: dict[tuple[int, tuple[int, ...]], frozenset[int]] = {}
        # per kind of group, per card: the cards found with it in some group of the kind. A
        # card added to a table group to make one is among the partners of any card of it
        self._partners: list[list[frozenset[int]]] = []
        for info in play.compiled.kinds:
            rows: list[set[int]] = [set() for _ in range(kinds)]
            for cards in play.instance_sets[info.index]:
                for card in cards:
                    rows[card].update(cards)
            self._partners.append([frozenset(row) for row in rows])
        self._completion_rows: dict[tuple[int, ...], list[list[Completion]]] = {}
        # the contexts whose offered card is already in its owner's hand
        self._in_owner_hand = frozenset(
            context for context in WIN_SOURCE_CONTEXTS if play.in_owner_hand(context)
        )
        self._quiet: dict[str, QuietDraws | None] = {}  # by context (`quiet_draw`)
        # a seat's own ways per context with their screen (`ChoiceMaker.drawer_choices`)
        self._own: dict[str, tuple[list[Entry], Screen]] = {
            context: (entries, self._screen(entries))
            for context, entries in play.own_ways.items()
            if entries
        }
        search = evaluator.search
        self._several_blocks = len(search.blocks) > 1  # else the block screen is idle
        # a block cut in two is searched at a cost: its hands' lonely cards screen first
        self._lonely: LonelyCardBound | None = None
        if search.cut:
            groups = [(i.packed, i.cards) for i in search.rules.instances]
            self._lonely = LonelyCardBound(groups, kinds)
        self._completions_screen = self._several_blocks or self._lonely is not None
        # without winning forms, the signature tables are a sound first test
        self._prefilter = not any(form.wins for form in play.compiled.forms)
        # with groups on the table no winning form holds (`WinClause._add_forms`), so there
        # the signature tables are a sound first test even with winning forms
        self._prefilter_laid = True
        self._card_forms = [form for form in play.compiled.card_forms if form.wins]
        # a deck in one small block gains nothing from the completing cards: its signature
        # test (quick, and needed anyway) screens the win instead
        self._signatures_decide = not self._completions_screen and self._prefilter
        # a win is screened by the completing cards alone
        self._blocks_screen_wins = not self._card_forms and not self._signatures_decide
        # a hand that holds no wild card, the offered card counted, is judged as without
        # wilds: these screens still hold for it (`WinOffers.can_win`)
        self._plain_screens = (self._completions_screen, self._prefilter, self._prefilter_laid)
        self._wild_fields = 0
        for wild in play.compiled.wilds.kinds:
            self._wild_fields |= 0xFF << (wild * FIELD_BITS)
        # with wild cards, a hand's completing cards are the plain ones where it holds no
        # wild (with the wild kinds, and the cards of a form of cards within reach), and
        # every card where it holds one (`_completing_cards`); the win test itself tells
        # the rest
        self._wild_completions = bool(play.compiled.wilds)
        self._wild_bits = 0
        for wild in play.compiled.wilds.kinds:
            self._wild_bits |= self._card_bit[wild]
        self._form_bits = [
            (form.outside, sum(self._card_bit[card] for card in form.cards))
            for form in self._card_forms
        ]
        if play.compiled.wilds:
            self._completions_screen = self._prefilter = False
            self._prefilter_laid = False
            self._signatures_decide = True
            self._blocks_screen_wins = True

    def askers(
        self,
        state: HandState,
        offer: Offer,
        steps: list[tuple[int, list[Entry]]],
        owner_answers: bool = False,
    ) -> list[tuple[int, list[Entry]]]:
        """The seats a window on `offer` must ask, each with its ways: the seats of `steps`
        (`PlayRules.ways_by_step`) that `responds`, the owner always when `owner_answers`."""
        owner = offer.owner
        card = offer.card
        seats = state.seats
        plan = self._plans.get(id(steps))
        if plan is None:
            plan = self._plan(steps, len(seats))
        found: list[tuple[int, list[Entry]]] = []
        card_bit = 0 if card is None else self._card_bit[card]
        for index, entries, screen, answers in plan[owner]:
            if answers is None or not card_bit:
                if (index == owner and owner_answers) or self.responds(
                    state, index, offer, entries, screen
                ):
                    found.append((index, entries))
                continue
            # another seat's card and only alike cards, table groups and wins: the cards
            # its hand answers, and its table, say
            seat = seats[index]
            answered = answers.get(seat.packed)
            if answered is None:
                answered = self._answers(screen, seat.packed, answers)
            if answered & card_bit or (
                screen.onto_table and seat.table and self._adds_onto(screen, seat, card)
            ):
                found.append((index, entries))
        return found

    def _plan(
        self, steps: list[tuple[int, list[Entry]]], count: int
    ) -> list[list[tuple[int, list[Entry], Screen, dict[int, int] | None]]]:
        """For each owner, the seats a window's steps ask with their ways and screens, and
        for a plain screen (a few tests on the hand decide) on a seat but the owner, the
        screen's answers by hand (`_answers`); worked out once per list of steps."""
        rows = []
        for step, entries in steps:
            screen = self._screens.get(id(entries))
            if screen is None:
                screen = self._screen(entries)
            # a win the completing cards do not screen is left to `responds`
            plain = bool(step) and screen.plain and (self._blocks_screen_wins or not screen.win)
            answers = None
            if plain:  # shared by the screens that answer alike (e.g. the next seat's, others')
                alike = screen.alike if screen.alike_over is not None else None
                answers = self._answer_caches.get((alike, screen.win))
                if answers is None:
                    answers = self._answer_caches[(alike, screen.win)] = {}
                    self._quiet.clear()  # it may serve the quiet draws: plan them again
            rows.append((step, entries, screen, answers))
        plan = [
            [
                ((owner + step) % count, entries, screen, answers)
                for step, entries, screen, answers in rows
            ]
            for owner in range(count)
        ]
        self._plans[id(steps)] = plan
        self._planned.append(steps)  # kept alive: plans are found by the list's identity
        return plan

    def quiet_draw(self, seat: Seat, offer: Offer) -> bool:
        """Whether the drawer's own ways can give it nothing for the card it just drew
        (`offer`, the card in its hand): every screen of `ChoiceMaker.drawer_choices` would
        refuse, so its choices are its discards alone. A few additions on the hand before
        the draw and its completing cards answer (`quiet_draws`); False (ask the screens)
        where they cannot."""
        context = offer.context
        quiet = self._quiet.get(context, UNPLANNED)
        if quiet is UNPLANNED:
            quiet = self._quiet[context] = plan_quiet_draws(
                context,
                context in self._in_owner_hand,
                self._own,
                len(self.cards),
                self._blocks_screen_wins,
                self._answer_caches,
            )
        card = offer.card
        if quiet is None or card is None:
            return False
        card_bit = self._card_bit[card]
        before = seat.packed - (1 << (card * FIELD_BITS))  # the hand before the draw
        if quiet.any_over is not None and (before + quiet.any_over) & self._guard:
            return False
        answered = quiet.answered.get(before)
        if answered is None or answered & card_bit:  # not screened, or maybe a choice
            if quiet.alike_over is not None and (before + quiet.alike_over) & card_bit:
                return False
            if quiet.completing and self._may_complete(before, card):
                return False
        onto = quiet.onto_table
        return onto is None or not seat.table or not self._adds_onto(onto, seat, card)

    def _answers(self, screen: Screen, packed: int, answers: dict[int, int]) -> int:
        """The cards of other seats a hand may answer under a plain screen, as guard bits
        of the packed form: those it holds alike enough of, and, when the screen has a
        win, its completing cards (table groups are the caller's to look at). Remembered
        per hand in `answers`, as the completing cards are."""
        answered = 0
        if screen.alike_over is not None:
            answered = (packed + screen.alike_over) & self._guard
        if screen.win:
            completing = self._completing.get(packed)
            if completing is None:
                completing = self._completing_cards(packed)
            answered |= completing
        if len(answers) >= HAND_CACHE_LIMIT:
            answers.clear()
        answers[packed] = answered
        return answered

    def responds(
        self,
        state: HandState,
        seat_index: int,
        offer: Offer,
        entries: list[Entry],
        screen: Screen | None = None,
    ) -> bool:
        """A quick necessary condition for `choices`: False when none of the ways can give
        the seat anything for the offered card, so the window need not ask it (`screen`:
        the ways' screen, when the caller holds it)."""
        if screen is None:
            screen = self._screens.get(id(entries))
            if screen is None:
                screen = self._screen(entries)
        if screen.other:
            return True
        seat = state.seats[seat_index]
        if screen.from_hand is not None:
            over = screen.from_hand_over
            if over is None or (seat.packed + over) & self._guard:
                return True
        card = offer.card
        if card is None:  # only groups from the hand, and other ways, take no card
            return False
        is_owner = seat_index == offer.owner
        held = is_owner and offer.context in self._in_owner_hand  # the card is in the hand
        if seat.hand[card] >= screen.least_alike + held:  # the cheapest test first
            return True
        if screen.onto_table and seat.table and self._adds_onto(screen, seat, card):
            return True
        if screen.with_cards and self._completes(screen, seat, card, held):
            return True
        packed = seat.packed
        if held:
            if not seat.hand[card]:
                return False  # the card it would take or win on is not there
            packed -= 1 << (card * FIELD_BITS)
        if not screen.win:
            return False
        if self._blocks_screen_wins:
            return self._may_complete(packed, card)
        if self._card_forms:
            with_card = packed + (1 << (card * FIELD_BITS))
            if any(form.holds(with_card, seat.table) for form in self._card_forms):
                return True  # a form of cards wins whatever its groups
        if self._signatures_decide:  # the win test itself is as quick as any screen
            return self.can_win(seat, offer, is_owner, state, seat_index)
        return self._may_complete(packed, card)

    def can_win(
        self, seat: Seat, offer: Offer, is_owner: bool, state: HandState, seat_index: int
    ) -> bool:
        """The win test itself (`WinOffers.can_win`): what a one-block deck screens with."""
        raise NotImplementedError

    def _screen(self, entries: list[Entry]) -> Screen:
        screen = self._screens[id(entries)] = Screen(entries, len(self.cards))
        screen.with_rows = self.completion_rows(screen.with_cards)
        # per kind of table group: the (partners, kind made) of each way adding onto it
        screen.onto_by_kind = [
            tuple(
                (self._partners[makes], makes)
                for kinds, makes in screen.onto_table
                if kind in kinds
            )
            for kind in range(len(self.play.compiled.kinds))
        ]
        return screen

    def _completes(self, screen: Screen, seat: Seat, card: int, held: bool) -> bool:
        """Whether the hand holds the rest of a group of the screen's `with_cards` kinds."""
        guard = self._guard
        have = seat.packed | guard
        if held:
            have -= 1 << (card * FIELD_BITS)
        for _, _, _, need in screen.with_rows[card]:  # noqa: SIM110 - no generator per call
            if (have - need) & guard == guard:
                return True
        return False

    def _adds_onto(self, screen: Screen, seat: Seat, card: int) -> bool:
        """Whether the card, added to one of the seat's table groups, makes a group that
        one of the screen's ways adds onto the table."""
        onto = screen.onto_by_kind
        for group in seat.table:
            for partners, makes in onto[group.kind]:
                if (
                    card in partners[group.cards[0]]  # a quick necessary test
                    and card in self._additions(makes, group.cards)
                ):
                    return True
        return False

    def _may_complete(self, packed: int, card: int) -> bool:
        """Whether `card` is one of the hand's completing cards (see the module)."""
        completing = self._completing.get(packed)
        if completing is None:
            completing = self._completing_cards(packed)
        return bool(completing & self._card_bit[card])

    def _completing_cards(self, packed: int) -> int:
        """A hand's completing cards (see the module), worked out and remembered."""
        found = self._guard
        if self._wild_completions and packed & self._wild_fields:
            pass  # a hand holding a wild: every card, the win test tells
        else:
            if self._several_blocks:
                found = self._completing_of(packed)
            if found and self._lonely is not None:
                found &= self._lonely.completing(packed)
            if self._wild_completions:
                found |= self._wild_bits  # a wild drawn or offered: the win test tells
                for outside, bits in self._form_bits:
                    if not packed & outside:
                        found |= bits  # one card more may make the form of cards
        if len(self._completing) >= HAND_CACHE_LIMIT:
            self._completing.clear()
        self._completing[packed] = found
        return found

    def _additions(self, makes: int, cards: list[int]) -> frozenset[int]:
        """The cards that, added to a table group's `cards`, make a group of kind `makes`."""
        key = (makes, tuple(sorted(cards)))
        found = self._added.get(key)
        if found is None:
            admits = self.play.compiled.admits
            found = self._added[key] = frozenset(
                card for card in range(len(self.cards)) if admits(makes, (*key[1], card))
            )
        return found

    def completion_rows(self, kinds: tuple[int, ...]) -> list[list[Completion]]:
        """Per card: the play rules' completions of the card into groups of `kinds` (in
        that order), each with what the rest needs from the hand packed (one byte per card
        kind), to test with one subtraction. Worked out once per tuple of kinds: a claim
        of several cards is then a walk down one short list."""
        rows = self._completion_rows.get(kinds)
        if rows is None:
            rows = self._completion_rows[kinds] = [
                [
                    (kind, cards, rest, sum(n << (c * FIELD_BITS) for c, n in need))
                    for kind in kinds
                    for cards, rest, need in self.play.completions.get((kind, card), ())
                ]
                for card in range(len(self.cards))
            ]
        return rows
