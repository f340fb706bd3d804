"""The cards a seat's choices may not take apart or must leave: a 'never split' group (a
card its pattern admits, held that many times or more) may be neither discarded nor split
by a choice, and an action that must leave a card to discard may not take the last one.

A hand and a choice's cards are tested in their packed form (`Choice.packed_taken`,
`Choice.kinds_touched`), a few integer operations per choice.
"""

from __future__ import annotations

from tablerules.interpreter.compiling.compiled import FIELD_BITS, MAX_COUNT
from tablerules.interpreter.engine.group_choices import GroupChoices
from tablerules.interpreter.engine.play_rules import PlayRules
from tablerules.interpreter.engine.state import Choice, at_least_mask
from tablerules.interpreter.hand.evaluate import Evaluator
from tablerules.interpreter.search.never_split import kept_mask, kept_sizes


class LockedCards(GroupChoices):
    """The part of `ChoiceMaker` that keeps 'never split' groups whole and leaves a card to
    discard (see the module); a group-making way's choices are its base's job
    (`GroupChoices`)."""

    def __init__(self, play: PlayRules, evaluator: Evaluator) -> None:
        super().__init__(play, evaluator)
        # 'never split' groups lock the cards they admit held that many times or more:
        # a card is locked from `_locked_from[card]` copies (past any count: never);
        # added to a packed hand, `_locking` sets the guard bit of every card locked
        sizes = kept_sizes(play.compiled)
        self._locks = any(sizes)
        self._locked_from = [size or MAX_COUNT + 1 for size in sizes]
        self._locking = kept_mask(sizes)
        self._keeps_discard = any(a.keeps_discard for a in play.actions.values())
        # added to a packed hand, sets the guard bit of every kind held at all
        self._held = at_least_mask(1, len(play.compiled.cards))
        # the fields of the kinds the discard rule ever allows (`discard { never … }`)
        never = play.compiled.discard_limits.never
        kinds = range(len(play.compiled.cards))
        self._free_fields = sum(0xFF << (c * FIELD_BITS) for c in kinds if c not in never)

    def locked(self, hand: list[int], card: int) -> bool:
        """Whether the hand holds `card` as a 'never split' group: it may not be discarded,
        nor taken by a choice that does not take every copy into one group."""
        return hand[card] >= self._locked_from[card]

    def _keeping(self, packed: int, found: list[Choice], in_hand: bool) -> list[Choice]:
        """`found` less the choices that split a 'never split' group, and those of actions
        that must leave a card to discard which leave none (`in_hand`: the offered card is
        already in the hand, so not the seat's to keep). The hand is tested in its packed
        form, a choice by the cards it takes as one packed number."""
        locked = (packed + self._locking) & self._guard if self._locks else 0
        actions = self.play.actions
        kept: list[Choice] = []
        for choice in found:
            taken = choice.packed_taken
            touched = choice.kinds_touched
            held = packed
            if in_hand and choice.card is not None:
                held -= 1 << (choice.card * FIELD_BITS)  # a card just received does not lock
            if touched & locked and self._breaks_locked(held, choice, taken):
                continue
            if actions[choice.action].keeps_discard and not self._leaves_discard(held - taken):
                continue
            kept.append(choice)
        return kept

    def _leaves_discard(self, left: int) -> bool:
        """Whether a hand (packed) holds a card that may be discarded: one held fewer times
        than makes a 'never split' group of it, and not one the discard rule forbids."""
        if not self._locks:
            return left & self._free_fields != 0
        free = (left + self._held) & ~(left + self._locking) & self._guard
        return bool(free & self._free_fields)

    def _breaks_locked(self, packed: int, choice: Choice, taken: int) -> bool:
        """Whether a choice takes some, not all, of the copies of a locked card, or spreads
        them over several groups (`packed`: the hand, less a card just received, which
        does not lock)."""
        locked_from = self._locked_from
        groups: dict[int, set[int]] = {}
        for card in choice.from_hand:
            groups.setdefault(card, set()).add(0)
        for index, (_, cards) in enumerate(choice.extra, start=1):
            for card in cards:
                groups.setdefault(card, set()).add(index)
        for card, where in groups.items():
            shift = card * FIELD_BITS
            held = (packed >> shift) & MAX_COUNT
            if held < locked_from[card]:
                continue
            if held > (taken >> shift) & MAX_COUNT or len(where) > 1:
                return True
        return False
