"""Where a split's (groups, pairs, triggers) counts lie in a signature's bit index.

The fast win test (`search/searcher.py`) answers with a bit set: bit `index(groups, pairs,
triggers)` is set when some split of the hand has that many groups, pairs and trigger
groups. Two parts' signatures add by adding their indexes, so each count must stay within
its field: a count that overflowed would carry into the next field and name another
signature.

The fields are as wide as the counts a hand can reach, worked out from the rules: the
triggers in the lowest bits, then the pairs, then the groups, which are highest and have no
bound. A hand of at most `SIGNED_CARDS` concealed cards fits; a larger one (possible
only where a seat may go on drawing without discarding) is judged split by split instead
(`fits`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from tablerules.dsl.limits import MAX_DEALT

# The most concealed cards a signature counts: a full deal with one card more, the most a
# seat holds concealed in play. A larger hand given to `evaluate` is judged split by split.
SIGNED_CARDS = MAX_DEALT + 1


def _bits(largest: int) -> int:
    """Bits a field needs to hold every count from 0 to `largest`."""
    return largest.bit_length()


@dataclass(frozen=True)
class SignatureLayout:
    """The fields of a signature index for one compiled rule set."""

    max_groups: int  # groups a hand of `SIGNED_CARDS` cards can split into
    max_pairs: int  # pair groups among them
    max_triggers: int  # trigger groups among them
    pair_shift: int  # the pairs field starts here (the triggers field's width)
    group_shift: int  # the groups field starts here
    pair_cards: int = 0  # the fewest cards of a pair group (0: no pair kind in hand)
    trigger_cards: int = 0  # the fewest cards of a trigger group (0: no trigger kind)

    @classmethod
    def of_groups(cls, groups: Sequence[tuple[int, bool, bool]]) -> SignatureLayout:
        """The layout for in-hand groups given as (cards, is pair, is trigger)."""
        smallest = min((size for size, _, _ in groups), default=SIGNED_CARDS + 1)
        pairs = min((size for size, pair, _ in groups if pair), default=SIGNED_CARDS + 1)
        triggers = min((size for size, _, trigger in groups if trigger), default=SIGNED_CARDS + 1)
        max_pairs = SIGNED_CARDS // pairs
        max_triggers = SIGNED_CARDS // triggers
        pair_shift = _bits(max_triggers)
        return cls(
            max_groups=SIGNED_CARDS // smallest,
            max_pairs=max_pairs,
            max_triggers=max_triggers,
            pair_shift=pair_shift,
            group_shift=pair_shift + _bits(max_pairs),
            pair_cards=pairs if pairs <= SIGNED_CARDS else 0,
            trigger_cards=triggers if triggers <= SIGNED_CARDS else 0,
        )

    def index(self, groups: int, pairs: int, triggers: int) -> int:
        """The bit index of a signature."""
        return (groups << self.group_shift) | (pairs << self.pair_shift) | triggers

    def step(self, is_pair: bool, is_trigger: bool) -> int:
        """What one group of a kind adds to a signature's index."""
        return self.index(1, int(is_pair), int(is_trigger))

    def counts(self, groups_only: int | None = None) -> Iterator[tuple[int, int, int]]:
        """Every (groups, pairs, triggers) a hand that fits can reach (pairs and trigger
        groups are groups too, so neither exceeds the groups); those of `groups_only`
        groups alone when it is given."""
        every: range | tuple[int, ...] = range(self.max_groups + 1)
        if groups_only is not None:
            every = (groups_only,) if 0 <= groups_only <= self.max_groups else ()
        for groups in every:
            for pairs in range(min(groups, self.max_pairs) + 1):
                for triggers in range(min(groups, self.max_triggers) + 1):
                    yield groups, pairs, triggers

    @staticmethod
    def fits(cards: int) -> bool:
        """Whether a hand of this many concealed cards (the winning card included) is
        counted exactly by its signatures."""
        return cards <= SIGNED_CARDS

    def counts_exactly(self, cards: int, groups_needed: int | None) -> bool:
        """Whether the win test may read the signatures of a hand of `cards` concealed
        cards, more than `fits` allows (draws kept without a discard), when the win clause
        asks `groups_needed` groups: no split of it can overflow a field (the pairs and
        trigger groups it can hold stay within their fields' widths; the groups field is
        the highest and has no bound), and the accepted signatures (`counts` of that many
        groups) name every count of pairs and triggers such a split can have. False where
        the clause names no number of groups: its accepted signatures stop at
        `max_groups`."""
        if self.fits(cards):
            return True
        if groups_needed is None or groups_needed > self.max_groups:
            return False
        pairs = cards // self.pair_cards if self.pair_cards else 0
        triggers = cards // self.trigger_cards if self.trigger_cards else 0
        pair_room = (1 << (self.group_shift - self.pair_shift)) - 1
        trigger_room = (1 << self.pair_shift) - 1
        if pairs > pair_room or triggers > trigger_room:
            return False  # a split holding that many would carry into the next field
        return (
            min(groups_needed, pairs) <= self.max_pairs
            and min(groups_needed, triggers) <= self.max_triggers
        )
