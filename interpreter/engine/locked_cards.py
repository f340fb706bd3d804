"""The cards a seat's choices may not take apart or must leave: a 'never split' group (the
cards held that many times or more) may be neither discarded nor split by a choice, and
an action that must leave a card to discard may not take the last one.

A hand and a choice's cards are tested in their packed form (`Choice.packed_taken`,
`Choice.kinds_touched`), a few integer operations per choice.
"""

from __future__ import annotations

from tablerules.interpreter.compiled import FIELD_BITS, MAX_COUNT
from tablerules.interpreter.engine.group_choices import GroupChoices
from tablerules.interpreter.engine.play_rules import PlayRules
from tablerules.interpreter.engine.state import Choice, at_least_mask
from tablerules.interpreter.evaluate import Evaluator


class LockedCards(GroupChoices):
    """The part of `ChoiceMaker` that keeps 'never split' groups whole and leaves a card to
    discard (see the module); a group-making way's choices are its base's job
    (`GroupChoices`)."""

    def __init__(self, play: PlayRules, evaluator: Evaluator) -> None:
        super().__init__(play, evaluator)
        # 'never split' groups lock the cards held that many times or more
        sizes = [k.keep_together for k in play.compiled.keep_together if k.keep_together]
        self._keep = min(sizes) if sizes else 0
        self._keeps_discard = any(a.keeps_discard for a in play.actions.values())
        # added to a packed hand, `_at_least[n]` sets the guard bit of every kind held n times
        kinds = len(play.compiled.cards)
        self._at_least = [at_least_mask(n, kinds) for n in range(MAX_COUNT + 1)]

    def locked(self, hand: list[int], card: int) -> bool:
        """Whether the hand holds `card` as a 'never split' group: it may not be discarded,
        nor taken by a choice that does not take every copy into one group."""
        return bool(self._keep) and hand[card] >= self._keep

    def _keeping(self, packed: int, found: list[Choice], in_hand: bool) -> list[Choice]:
        """`found` less the choices that split a 'never split' group, and those of actions
        that must leave a card to discard which leave none (`in_hand`: the offered card is
        already in the hand, so not the seat's to keep). The hand is tested in its packed
        form, a choice by the cards it takes as one packed number."""
        keep = self._keep
        locked = (packed + self._at_least[keep]) & self._guard if keep else 0  # held `keep`
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
        than a 'never split' group."""
        keep = self._keep
        if not keep:
            return left != 0
        at_least = self._at_least
        return bool((left + at_least[1]) & ~(left + at_least[keep]) & self._guard)

    def _breaks_locked(self, packed: int, choice: Choice, taken: int) -> bool:
        """Whether a choice takes some, not all, of the copies of a locked card, or spreads
        them over several groups (`packed`: the hand, less a card just received, which
        does not lock)."""
        keep = self._keep
        groups: dict[int, set[int]] = {}
        for card in choice.from_hand:
            groups.setdefault(card, set()).add(0)
        for index, (_, cards) in enumerate(choice.extra, start=1):
            for card in cards:
                groups.setdefault(card, set()).add(index)
        for card, where in groups.items():
            shift = card * FIELD_BITS
            held = (packed >> shift) & MAX_COUNT
            if held >= keep and (held > (taken >> shift) & MAX_COUNT or len(where) > 1):
                return True
        return False
