"""Whether a seat wins with the card offered: the screens that answer most offers in a
few lookups, and the win test for the rest, judged as the hand would be won."""

from __future__ import annotations

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.compiled import FIELD_BITS
from tablerules.interpreter.compiling.signature_layout import SignatureLayout
from tablerules.interpreter.engine.locked_cards import LockedCards
from tablerules.interpreter.engine.play_rules import WIN_SOURCE, PlayRules
from tablerules.interpreter.engine.state import HandState, Offer, Seat
from tablerules.interpreter.engine.win_facts import win_conditions, with_sight
from tablerules.interpreter.hand.evaluate import Evaluator, TableGroup

COMPLETABLE_LIMIT = 1 << 16  # hands kept by `_completable_by_some_card` before emptied


class WinOffers(LockedCards):
    """A base of `ChoiceMaker`: the wins a seat may take on an offered card, and the
    screens a drawn hand's settlement asks before its win tests."""

    def __init__(self, play: PlayRules, evaluator: Evaluator) -> None:
        super().__init__(play, evaluator)
        self._signatures = evaluator.search.signatures
        self._judged = play.compiled.scoring.decides_wins  # a win may need a score or a condition
        self._wild = bool(play.compiled.wilds)
        # a hand that a wild in the offered card's place does not complete is completed by
        # no card (`completing_wild`): one win test per hand and table answers every offer
        completing = getattr(evaluator, "completing_wild", None)
        self._completing_wild: int | None = completing() if completing is not None else None
        self._completable: dict[tuple[object, ...], bool] = {}
        self._refuses = getattr(evaluator, "refuses", None)

    def table_groups(self, seat: Seat) -> list[TableGroup]:
        return [TableGroup(g.kind, tuple(sorted(g.cards)), g.claimed) for g in seat.table]

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
        hand = seat.hand
        held = is_owner and offer.context in self._in_owner_hand
        if held and hand[card] == 0:
            return False
        packed = seat.packed  # with the card, whether it was held or offered
        if not held:
            packed += 1 << (card * FIELD_BITS)
        counts = list(hand)
        if held:
            counts[card] -= 1  # the winning card is the one just received
        table = self.table_groups(seat) if seat.table else []
        screened = self._screen_win(seat, packed, card, counts, table, source)
        if screened is not None:
            return screened
        conditions = None
        if self._judged:
            conditions = win_conditions(state, self.play, seat_index, offer)
        if self._wild:  # copies in sight elsewhere: no wild is read as one more (P2-1)
            conditions = with_sight(state, self.play, seat_index, offer, counts, source, conditions)
        return self.evaluator.quick_wins(counts, table, card, source, conditions)

    def may_complete(self, seat: Seat, card: int, table: list[TableGroup]) -> bool:
        """Whether `card` added to the seat's concealed cards (`table`: its table groups, as
        `table_groups` gives them) may make a win, as the screens of `can_win` tell: False
        only where no way of winning with it can succeed (what a drawn hand's settlement
        asks of every card before judging it)."""
        counts = list(seat.hand)
        packed = seat.packed + (1 << (card * FIELD_BITS))
        return self._screen_win(seat, packed, card, counts, table, "discard") is not False

    def _screen_win(
        self,
        seat: Seat,
        packed: int,
        card: int,
        counts: list[int],
        table: list[TableGroup],
        source: ir.Source,
    ) -> bool | None:
        """What the screens say of the seat winning with `card` (`packed`: its concealed
        cards with the card; `counts`: without it): False where no win can come of it, True
        where the signatures alone make it a win, None where the win test must tell."""
        compiled = self.play.compiled
        card_bit = 1 << (card * FIELD_BITS)
        completions, prefilter, prefilter_laid = (
            self._plain_screens
            if self._wild and not packed & self._wild_fields
            else (self._completions_screen, self._prefilter, self._prefilter_laid)
        )  # a hand holding a wild: no plain screen holds, the ready test below tells
        laid = prefilter_laid and bool(seat.table)
        if (completions or prefilter or laid) and not (
            self._card_forms and any(form.holds(packed, seat.table) for form in self._card_forms)
        ):  # a form of cards wins whatever its groups: no screen here may refuse it
            if completions and not self._may_complete(packed - card_bit, card):
                return False  # not one of the hand's completing cards (see `screen.py`)
            if (prefilter or laid) and SignatureLayout.fits(sum(counts) + 1):
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
        if self._completing_wild is not None and not self._completable_by_some_card(
            packed - card_bit, counts, table, source
        ):
            return False  # the wild in the card's place completes nothing: no card does
        return None

    def _completable_by_some_card(
        self, packed: int, counts: list[int], table: list[TableGroup], source: ir.Source
    ) -> bool:
        """Whether the hand (`counts`, packed: without the offered card) with its table may
        win with some card: it wins with the wild kind `completing_wild` as the winning card.
        Kept by the hand, its table and how the card comes; a hand holding every copy of the
        wild is not screened."""
        wild = self._completing_wild
        assert wild is not None
        if counts[wild] >= self.play.compiled.cards.copies_of[wild]:
            return True
        key = (packed, tuple(table), source) if table else (packed, source)
        known = self._completable.get(key)
        if known is None:
            # most hands are refused at once by what their blocks lack (packed as held)
            wild_field = wild * FIELD_BITS
            held = (packed >> wild_field) & 0xFF
            plain = packed & ~self._wild_fields
            assert self._refuses is not None  # an evaluator of wild cards
            if self._refuses(plain, sum(counts) - held, held + 1, table):
                known = False
            else:
                known = self.evaluator.quick_wins(counts, table, wild, source, None)
            if len(self._completable) >= COMPLETABLE_LIMIT:
                self._completable.clear()
            self._completable[key] = known
        return known
