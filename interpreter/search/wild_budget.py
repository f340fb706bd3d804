"""Splits of a hand whose wild cards fill the missing cards of its groups: a wild budget.

A hand holding `w` wild cards wins when some reading of the wilds (a card each may stand
for) makes a plain hand that wins. Instead of judging every reading, the search places the
wilds itself: block by block (no group crosses a block, `compiling/blocks.py`), a block's
part may take `j` extra cards, each one a card some wild may stand for and never a copy
more than the deck has (`room`: the copies of each card kind still free, 0 for a kind no
wild may stand for). The answers, all exact:

* `signatures` / `accepted` — the (groups, pairs, triggers) signatures (`searcher.py`) of
  every split of every reading that uses all `w` wilds, as a bit set: the signature test of
  a hand with wilds, as `Searcher.signatures` is for a plain hand. Each block answers every
  number of extra cards at once (`BlockBudget.reach`: bit `j * stride + signature`), so a
  hand costs one table lookup per block and the blocks combine by shifts;
* `fills` — the readings themselves (the extra cards, packed as a hand is) whose plain hand
  has a split of a signature in `accept`, listed in the order of their cards;
* `ordered_fills` — the same readings in the same order, found one at a time by a descent
  over their cards (lowest first), for a reader that stops at the first it wants.

A part new to a block's tables (`BlockBudget.reach`) is looked for under its mirror image,
then cut where it falls into two pieces whose room cannot bind, or read from the two
halves of the block and the groups that cross its middle (`wild_halves.py`), or solved
position by position (`wild_sweep.py`); with one wild, by trying each card it may stand
for against the plain signature tables. A group always takes the cards the part holds
before wilds fill the rest (taking fewer held cards and filling more would only swap a
held copy with a wild's copy of the same card kind: the same plain hand). For the readings
in order (`fills`), a part is solved lowest held card first: that card lies in some group.
Answers are memoised by (part, room, wilds); the tables are bounded as the plain ones are.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from heapq import merge

from tablerules.interpreter.compiling.compiled import FIELD_BITS, FIELD_SHIFT, GUARD_BIT
from tablerules.interpreter.search.searcher import Searcher
from tablerules.interpreter.search.splits import SIGNATURE_LIMIT, combine
from tablerules.interpreter.search.wild_halves import Halves
from tablerules.interpreter.search.wild_sweep import Sweep

# a group of a block as the budget search reads it: its packed cards (local to the block),
# its signature step, and each of its card kinds as (bit shift, copies, one copy packed)
BudgetGroup = tuple[int, int, tuple[tuple[int, int, int], ...]]
Fills = dict[int, int]  # the extra cards of a reading (packed) -> the signatures they reach
# A block's extra cards with the signatures they reach, keyed by where they place a reading
# in the listing of readings (card by card, rising): the cards' positions, then one past
# every position, so that more cards in an earlier block come first (the cards of later
# blocks are higher) and no extra cards come last.
Order = tuple[int, ...]
Filled = tuple[Order, int, int]
LAST = (1 << 16,)  # past every card position
Tables = tuple[dict, dict, dict, dict]  # a shape's answers: reaches, fills, sweeps, moves


def _joined(one: int, other: int) -> int:
    """`combine` of two bit sets, looping over the one with fewer bits."""
    if one.bit_count() < other.bit_count():
        return combine(other, one)
    return combine(one, other)


def _meets(one: int, other: int, target: int) -> bool:
    """Whether some bit of `one` and some bit of `other` add up to a bit of `target` (as
    `combine(one, other) & target`), trying the bits of the one with fewer, one by one,
    and stopping at the first that does."""
    if one.bit_count() > other.bit_count():
        one, other = other, one
    while one:
        low = one & -one
        one ^= low
        if (target >> (low.bit_length() - 1)) & other:
            return True
    return False


def _stride(searcher: Searcher, cards: int | None) -> int:
    """Past every signature of a hand that fits the signature tables, or of a hand of at
    most `cards` concealed cards: its groups, pairs and trigger groups are no more than so
    many cards make (`SignatureLayout.of_groups` counts them as for the largest hand)."""
    layout = searcher.rules.signature
    groups, pairs, triggers = layout.max_groups, layout.max_pairs, layout.max_triggers
    if cards is not None:
        smallest = min((len(instance.cards) for instance in searcher.rules.instances), default=1)
        groups = min(groups, cards // max(smallest, 1))
        if layout.pair_cards:
            pairs = min(pairs, cards // layout.pair_cards)
        if layout.trigger_cards:
            triggers = min(triggers, cards // layout.trigger_cards)
    return layout.index(groups, min(pairs, groups), min(triggers, groups)) + 1


def _lowest(packed: int) -> int:
    return ((packed & -packed).bit_length() - 1) >> FIELD_SHIFT


class BlockBudget:
    """The wild budget search of one block. Blocks of one shape (the same groups at the
    same positions, the same signature steps: the suits of a deck) share their tables."""

    def __init__(
        self, searcher: Searcher, index: int, shared: dict[object, Tables], stride: int
    ) -> None:
        node, shift, mask = searcher.blocks[index]
        block = searcher.rules.blocks[index]
        self.shift = shift
        self.mask = mask
        self.size = block.size
        self.plain = node.signatures  # the block's plain signature search, memoised
        self.guard = int.from_bytes(bytes([GUARD_BIT]) * block.size, "little")
        self.ones = [1 << (position * FIELD_BITS) for position in range(block.size)]
        self.containing: list[list[BudgetGroup]] = [[] for _ in range(block.size)]
        self.by_low: list[list[BudgetGroup]] = [[] for _ in range(block.size)]
        for instance in searcher.rules.instances:
            low = instance.cards[0] - block.start
            if not 0 <= low < block.size:
                continue
            kinds = sorted(set(instance.cards))
            cards = tuple(
                (
                    (card - block.start) * FIELD_BITS,
                    instance.cards.count(card),
                    1 << ((card - block.start) * FIELD_BITS),
                )
                for card in kinds
            )
            group = (instance.packed >> shift, instance.signature_shift, cards)
            self.by_low[low].append(group)
            for card in kinds:
                self.containing[card - block.start].append(group)
        # the widest reach of a group over the block's positions (0: sets of one card kind)
        self.span = max(
            (
                cards[-1][0] // FIELD_BITS - cards[0][0] // FIELD_BITS
                for row in self.by_low
                for _, _, cards in row
            ),
            default=0,
        )
        # the groups read from the block's last position down are the same groups (runs and
        # sets of a suit): a part and its mirror image split alike, with the same steps
        placed = {
            (step, tuple((shift // FIELD_BITS, copies) for shift, copies, _ in cards))
            for row in self.by_low
            for _, step, cards in row
        }
        self.mirrors = placed == {
            (step, tuple(sorted((block.size - 1 - at, copies) for at, copies in cards)))
            for step, cards in placed
        }
        shape = (block.size, mask, tuple(tuple((g, s) for g, s, _ in row) for row in self.by_low))
        tables = shared.setdefault(shape, ({}, {}, {}, {}))
        self._reaches, self._fills = tables[0], tables[1]
        self.stride = stride
        # each byte's excess over 1…4 copies, found by one subtraction (see `_clamped`)
        self._levels = [int.from_bytes(bytes([level]) * block.size, "little") for level in range(5)]
        starting = [[(step, cards) for _, step, cards in row] for row in self.by_low]
        self._sweep = Sweep(
            block.size, self.guard, starting, self.plain, self._clamped, stride, tables[2:]
        )
        self._halves = Halves(block.size, self.guard, self.by_low)

    def _clamped(self, room: int, most: int) -> int:
        """The room with each card kind's count cut to `most` (no more wilds are left):
        answers for rooms that differ only above it are the same, and shared."""
        if most >= len(self._levels):
            return room
        guard = self.guard
        above = (room | guard) - self._levels[most]  # a byte keeps its guard where above
        kept = (above & guard) >> (FIELD_BITS - 1)  # 1 in each byte above `most`
        excess = above & ~guard & (kept * 0xFF)
        return room - excess

    # ── every number of wilds at once ──────────────────────────
    def reach(self, part: int, room: int, wilds: int) -> int:
        """Signatures of every split of the part with up to `wilds` cards added, as one bit
        set: bit `added * stride + signature` for a split with `added` cards added (see
        `WildBudget.stride`). One table lookup answers every number of wilds."""
        if not wilds:
            return self.plain(part) if part else 1
        key = (part, room, wilds)
        found = self._reaches.get(key)
        if found is not None:
            return found
        if self.mirrors:  # the part read from its last position down, known already?
            size = self.size
            mirrored = int.from_bytes(part.to_bytes(size, "little"), "big")
            turned = int.from_bytes(room.to_bytes(size, "little"), "big")
            found = self._reaches.get((mirrored, turned, wilds))
            if found is not None:
                self._reaches[key] = found
                return found
        stride = self.stride
        cut = self._cut(part, room, wilds)
        if cut is not None:
            found = self._reach_cut(cut, wilds)
        elif wilds == 1:
            found = self.plain(part) if part else 1
            plain = self.plain
            for position, one in enumerate(self.ones):
                if (room >> (position * FIELD_BITS)) & 0xFF:
                    found |= plain(part + one) << stride
        elif self._halves.spans(part, room):
            found = self._reach_halves(part, room, wilds)
        else:
            found = self._sweep.reach(part, room, wilds)
        if len(self._reaches) >= SIGNATURE_LIMIT:
            self._reaches.clear()
        self._reaches[key] = found
        return found

    def _cut(self, part: int, room: int, wilds: int) -> tuple[int, int, int, int] | None:
        """Where the part falls into two pieces that may be solved apart: after its first
        held position `low` followed by `span` empty positions (no group reaches from one
        piece's cards to the other's) and more cards after them, and only where the room
        of those empty positions cannot bind (each 0, or as many as the wilds: the pieces
        cannot both fill one of them past its room). The pieces, each with the room of the
        positions its groups may reach: (lower piece, its room, upper piece, its room)."""
        span = self.span
        if not part or span >= self.size:
            return None
        counts = part.to_bytes(self.size, "little")
        rooms = room.to_bytes(self.size, "little")
        last = self.size - span - 1  # a cut after a later position leaves nothing above
        low = -1
        for position in range(self.size):
            if counts[position]:
                low = position
                continue
            if low < 0 or position - low != span:
                continue
            # positions low+1 … low+span are empty
            if low >= last or not any(counts[position + 1 :]):
                return None  # no cards above: nothing to cut
            if all(free == 0 or free >= wilds for free in rooms[low + 1 : position + 1]):
                split_at = (position + 1) * FIELD_BITS
                lower = part & ((1 << split_at) - 1)
                lower_room = room & ((1 << split_at) - 1)
                upper_room = room & ~((1 << ((low + 1) * FIELD_BITS)) - 1)
                return lower, lower_room, part - lower, upper_room
        return None

    def _reach_cut(self, cut: tuple[int, int, int, int], wilds: int) -> int:
        """`reach` of a part cut in two (`_cut`): every split of the lower piece with every
        split of the upper one, no more than `wilds` cards added in all."""
        lower, lower_room, upper, upper_room = cut
        below = self.reach(lower, lower_room, wilds)
        if not below:
            return 0
        above = self.reach(upper, upper_room, wilds)
        if not above:
            return 0
        within = (1 << ((wilds + 1) * self.stride)) - 1
        return _joined(below, above) & within

    def _reach_halves(self, part: int, room: int, wilds: int) -> int:
        """`reach` of a part on both sides of the block's middle (`wild_halves.py`): each
        multiset of the groups that cross it, with every split of what is left of the lower
        half and every split of what is left of the upper half, each half with the room
        of its own positions."""
        halves = self._halves
        lower, upper = halves.lower, halves.upper
        stride = self.stride
        found = 0
        for taken, need, count, steps in halves.placed(part, room, wilds):
            left = wilds - count
            rest = part - taken
            free = self._clamped(room - need, left)
            below = self.reach(rest & lower, free & lower, left)
            if not below:
                continue
            above = self.reach(rest & upper, free & upper, left)
            if not above:
                continue
            both = _joined(below, above) & ((1 << ((left + 1) * stride)) - 1)
            found |= combine(both, steps) << (count * stride)
        return found

    def _moves(self, part: int, room: int, wilds: int) -> Iterator[tuple[int, int, int, int]]:
        """The groups that may hold the part's lowest card (every group of wilds alone when
        the part is empty): (cards the wilds fill, how many, signature step, part left)."""
        guard = self.guard
        if not part:
            for position, groups in enumerate(self.by_low):
                if not (room >> (position * FIELD_BITS)) & 0xFF:
                    continue
                for packed, step, cards in groups:
                    count = sum(copies for _, copies, _ in cards)
                    if count <= wilds and ((room | guard) - packed) & guard == guard:
                        yield packed, count, step, 0
            return
        for _, step, cards in self.containing[_lowest(part)]:
            taken = need = count = 0
            for shift, copies, one in cards:
                have = (part >> shift) & 0xFF
                if have >= copies:
                    taken += copies * one
                else:
                    taken += have * one
                    need += (copies - have) * one
                    count += copies - have
            if count <= wilds and ((room | guard) - need) & guard == guard:
                yield need, count, step, part - taken

    # ── the readings ───────────────────────────────────────────
    def fills(self, part: int, room: int, wilds: int) -> list[Filled]:
        """Every set of exactly `wilds` cards added to the part with which it splits, with
        the signatures each reaches, in the order of their cards (see `Filled`)."""
        if not wilds:
            found = self.plain(part) if part else 1
            return [(LAST, 0, found)] if found else []
        key = (part, room, wilds)
        known = self._fills.get(key)
        if known is not None:
            return known
        result: Fills = {}
        if wilds == 1:
            plain = self.plain
            for position, one in enumerate(self.ones):
                if (room >> (position * FIELD_BITS)) & 0xFF:
                    found = plain(part + one)
                    if found:
                        result[one] = found
        else:
            found = self.plain(part) if part else 1
            for need, count, step, rest in self._moves(part, room, wilds):
                left = wilds - count
                for _, fill, below in self.fills(rest, self._clamped(room - need, left), left):
                    added = fill + need
                    result[added] = result.get(added, 0) | (below << step)
        listed = sorted((self._order(fill), fill, found) for fill, found in result.items())
        if len(self._fills) >= SIGNATURE_LIMIT:
            self._fills.clear()
        self._fills[key] = listed
        return listed

    def _order(self, fill: int) -> tuple[int, ...]:
        """Where a block's extra cards place a reading in the listing (see `Filled`)."""
        cards: list[int] = []
        for position in range(self.size):
            cards += [position] * ((fill >> (position * FIELD_BITS)) & 0xFF)
        return (*cards, LAST[0])


class WildBudget:
    """The wild budget search of a hand, block by block (see the module's docstring)."""

    def __init__(self, searcher: Searcher, cards: int | None = None) -> None:
        """The budget search of the rules' hands, or of those of at most `cards` concealed
        cards (the wilds counted): their signatures are fewer, so its bit sets are
        narrower and every table operation cheaper."""
        shared: dict[object, Tables] = {}
        # `BlockBudget.reach` sets bit `added * stride + signature`: the stride is past
        # every signature of a hand that fits the signature tables, so two blocks' bits
        # combine (`combine`) into the sum of their cards added and of their signatures.
        # While the cards added stay within the wilds held the hand fits and its signature
        # stays below the stride; a signature that grew past it only comes of more cards
        # added than wilds held, and only adds to the count of cards added, so it is masked
        # off with them.
        layout = searcher.rules.signature
        self.stride = _stride(searcher, cards)
        self._signature_mask = (1 << self.stride) - 1
        self._layout = layout
        self._below_memo: dict[tuple[int, int], int] = {}
        self.blocks = [
            BlockBudget(searcher, index, shared, self.stride)
            for index in range(len(searcher.blocks))
        ]

    def _parts(self, packed: int, room: int) -> list[tuple[BlockBudget, int, int]]:
        """Each block that holds cards or may take a wild: (block, its part, its room)."""
        parts = []
        for block in self.blocks:
            part = (packed >> block.shift) & block.mask
            free = (room >> block.shift) & block.mask
            if part or free:
                parts.append((block, part, free))
        return parts

    def signatures(self, packed: int, room: int, wilds: int) -> int:
        """Signatures of every split of every reading of `wilds` wilds: `packed` the plain
        cards, `room` the copies free of each card kind a wild may stand for (packed)."""
        return self._reach(self._parts(packed, room), wilds) >> (wilds * self.stride)

    def accepted(self, packed: int, room: int, wilds: int, accept: int) -> int:
        """The signatures in `accept` of every split of every reading of `wilds` wilds:
        `signatures(...) & accept`, with the blocks' splits that no signature of `accept`
        holds left out before they are combined."""
        parts = self._parts(packed, room)
        found = self._reach(parts, wilds, self._below(accept, wilds))
        return (found >> (wilds * self.stride)) & accept

    def accepts(self, packed: int, room: int, wilds: int, accept: int) -> bool:
        """`bool(accepted(...))`, without building the whole hand's bit set: the blocks
        but the last are combined, and the last block's bits are then tried against them
        (`_meets`), stopping at the first that makes a signature of `accept` with every
        wild used."""
        useful = self._below(accept, wilds)
        within = (1 << ((wilds + 1) * self.stride)) - 1
        total = 1
        last = 0
        for block, part, free in self._parts(packed, room):
            bits = block.reach(part, free, wilds if free else 0) & useful
            if not bits:
                return False
            if last:
                total = _joined(total, last) & within if total != 1 else last
                if not total:
                    return False
            last = bits
        if not last:  # no cards and no room: only the empty split
            return not wilds and bool(accept & 1)
        return _meets(total, last, accept << (wilds * self.stride))

    def _below(self, accept: int, wilds: int) -> int:
        """The signatures some signature of `accept` holds (no more groups, pairs and
        triggers), at every number of cards added up to `wilds` (see `BlockBudget.reach`):
        a part's split outside them is never in a split of the hand that `accept` takes,
        since the blocks' counts only add up."""
        key = (accept, wilds)
        known = self._below_memo.get(key)
        if known is not None:
            return known
        layout = self._layout
        triggers_mask = (1 << layout.pair_shift) - 1
        pairs_mask = (1 << (layout.group_shift - layout.pair_shift)) - 1
        held = 0
        bits = accept
        while bits:
            low = bits & -bits
            bits ^= low
            index = low.bit_length() - 1
            groups = index >> layout.group_shift
            pairs = (index >> layout.pair_shift) & pairs_mask
            triggers = index & triggers_mask
            for fewer in range(groups + 1):
                for paired in range(min(pairs, fewer) + 1):
                    for triggered in range(min(triggers, fewer) + 1):
                        held |= 1 << layout.index(fewer, paired, triggered)
        known = sum(held << (count * self.stride) for count in range(wilds + 1))
        if len(self._below_memo) >= SIGNATURE_LIMIT:
            self._below_memo.clear()
        self._below_memo[key] = known
        return known

    def _reach(
        self, parts: list[tuple[BlockBudget, int, int]], wilds: int, useful: int = -1
    ) -> int:
        """The blocks' `reach` combined: bit `added * stride + signature` for the splits of
        their parts with `added` cards added in all, at most `wilds`; each block's bits
        outside `useful` left out."""
        within = (1 << ((wilds + 1) * self.stride)) - 1
        total = 1
        for block, part, free in parts:
            found = block.reach(part, free, wilds if free else 0) & useful
            if not found:
                return 0
            total = _joined(total, found) & within
            if not total:
                return 0
        return total

    def fills(self, packed: int, room: int, wilds: int, accept: int) -> Iterator[tuple[int, int]]:
        """The readings (the cards the wilds stand for, packed) whose plain hand has a
        split of a signature in `accept`, each once with the signatures its splits reach,
        in the order of their cards (rising, compared card by card)."""
        parts = self._parts(packed, room)
        # what the blocks after each one can reach with each number of wilds
        stride, signature_mask = self.stride, self._signature_mask
        after: list[dict[int, int]] = []
        for index in range(len(parts) + 1):
            reached = self._reach(parts[index:], wilds)
            after.append(
                {
                    count: (reached >> (count * stride)) & signature_mask
                    for count in range(wilds + 1)
                    if (reached >> (count * stride)) & signature_mask
                }
            )
        if not after[0].get(wilds, 0) & accept:
            return

        def place(index: int, left: int, bits: int, filled: int) -> Iterator[tuple[int, int]]:
            if index == len(parts):
                if not left and bits & accept:
                    yield filled, bits
                return
            block, part, free = parts[index]
            rest = after[index + 1]
            # the block's fills of each number of cards the blocks after it can complete,
            # merged in the order of their cards
            counts = [c for c in range(left + 1 if free else 1) if rest.get(left - c, 0)]
            if len(counts) == 1:
                listed: Iterable[tuple[Order, int, int]] = block.fills(part, free, counts[0])
            else:
                listed = merge(*(block.fills(part, free, count) for count in counts))
            for order, fill, found in listed:
                count = len(order) - 1
                tail = rest[left - count]
                reached = combine(bits, found)
                if combine(reached, tail) & accept:
                    yield from place(
                        index + 1, left - count, reached, filled + (fill << block.shift)
                    )

        yield from place(0, wilds, 1, 0)

    # ── the readings in order, one at a time ───────────────────
    def ordered_fills(
        self, packed: int, room: int, wilds: int, accept: int
    ) -> Iterator[tuple[int, int]]:
        """What `fills` yields, in the same order, found one at a time: a descent over the
        cards of a reading, lowest first, each card tried only where the budget tables
        say the cards after it can still complete a split of a signature in `accept`. A
        reader that stops at the first reading it wants pays for that one alone."""
        parts = self._parts(packed, room)
        if wilds == 1:
            yield from self._one_card(parts, accept)
            return
        useful = self._below(accept, wilds)
        tails = self._tails(parts, wilds, accept, useful)
        if tails is None:
            return
        yield from self._enter(parts, tails, 0, 1, wilds, 0, (accept, useful))

    def _tails(
        self, parts: list[tuple[BlockBudget, int, int]], wilds: int, accept: int, useful: int
    ) -> list[int] | None:
        """What the blocks from each one on reach with up to `wilds` cards added in all
        (bit `j × stride + signature`, the splits no accepted signature holds left out), or
        None where no reading with every wild used has an accepted split."""
        stride = self.stride
        within = (1 << ((wilds + 1) * stride)) - 1
        tails = [1] * (len(parts) + 1)
        for index in range(len(parts) - 1, -1, -1):
            block, part, free = parts[index]
            found = block.reach(part, free, wilds if free else 0) & useful
            tails[index] = _joined(tails[index + 1], found) & within if found else 0
            if not tails[index]:
                return None
        if not (tails[0] >> (wilds * stride)) & accept:
            return None
        return tails

    def _one_card(
        self, parts: list[tuple[BlockBudget, int, int]], accept: int
    ) -> Iterator[tuple[int, int]]:
        """`ordered_fills` of one wild: block by block, the cards with which the block's
        part splits (its table of one card added, lowest first), each with the plain
        splits of the other blocks; the signatures of every split of the reading."""
        plains = [block.plain(part) if part else 1 for block, part, _ in parts]
        # the splits of the blocks before each one, and of those after it
        before = [1] * (len(parts) + 1)
        for index, plain in enumerate(plains):
            before[index + 1] = plain and before[index] and combine(before[index], plain)
        after = [1] * (len(parts) + 1)
        for index in range(len(parts) - 1, -1, -1):
            plain = plains[index]
            after[index] = plain and after[index + 1] and combine(after[index + 1], plain)
        for index, (block, part, free) in enumerate(parts):
            if not free or not before[index] or not after[index + 1]:
                continue
            others = combine(before[index], after[index + 1])
            for _, one, found in block.fills(part, free, 1):
                bits = _joined(others, found)
                if bits & accept:
                    yield one << block.shift, bits

    def _enter(
        self,
        parts: list[tuple[BlockBudget, int, int]],
        tails: list[int],
        index: int,
        head: int,
        left: int,
        filled: int,
        wanted: tuple[int, int],
    ) -> Iterator[tuple[int, int]]:
        """`_descend` from the start of the block `index`, its cards tried one by one only
        where the block's table says it may take some of the `left` cards."""
        block, part, free = parts[index]
        if left and free:
            accept, useful = wanted
            stride = self.stride
            some = block.reach(part, free, left) & useful
            some = (some >> stride) << stride  # a card or more added in this block
            taking = some and combine(_joined(tails[index + 1], some), head)
            if not (taking >> (left * stride)) & accept:
                free = 0  # no reading adds a card here: the block is split as it is
        yield from self._descend(parts, tails, index, head, part, free, left, filled, wanted)

    def _descend(
        self,
        parts: list[tuple[BlockBudget, int, int]],
        tails: list[int],
        index: int,
        head: int,
        part: int,
        free: int,
        left: int,
        filled: int,
        wanted: tuple[int, int],
    ) -> Iterator[tuple[int, int]]:
        """The readings that add `left` more cards, none below the block `index`'s
        positions that `free` leaves open, in order: the block's next card first (lowest
        position first), then none more in this block. `head` is the signatures of the
        blocks before (their cards final), `part` the block's cards with those added;
        `wanted` the signatures accepted and those they hold (`_below`)."""
        accept = wanted[0]
        stride = self.stride
        block, start, whole = parts[index]
        after = tails[index + 1]
        if left == 1:
            yield from self._last(parts, tails, index, head, part, free, filled, accept)
        elif left:
            below = left - 1
            wants = self._wants(head, after, below, accept)
            for position, one in enumerate(block.ones):
                if not (free >> (position * FIELD_BITS)) & 0xFF:
                    continue
                # whether some cards complete the split is asked with every position open
                # (as the tables know the part, from any hand): a reading it lets through
                # wrongly is refused below, where no card is left to add
                held = part + one
                room = block._clamped(whole - (held - start), below)
                found = block.reach(held, room, below)
                if found & wants:
                    # the next cards are at this position or above
                    opened = (free >> (position * FIELD_BITS)) << (position * FIELD_BITS)
                    rest = block._clamped(opened - one, below)
                    yield from self._descend(
                        parts,
                        tails,
                        index,
                        head,
                        part + one,
                        rest,
                        below,
                        filled + (one << block.shift),
                        wanted,
                    )
        # no more cards in this block: its part is split as it is
        plain = block.plain(part) if part else 1
        if not plain:
            return
        head = combine(head, plain)
        if index + 1 == len(parts):
            if not left and head & accept:
                yield filled, head
            return
        if not left:
            bits = combine(head, after & self._signature_mask)
            if bits & accept:
                yield filled, bits
            return
        if (combine(after, head) >> (left * stride)) & accept:
            yield from self._enter(parts, tails, index + 1, head, left, filled, wanted)

    def _wants(self, head: int, after: int, added: int, accept: int) -> int:
        """What a block's part must reach (bit `j * stride + signature`, see `reach`) for
        the hand to reach a signature of `accept` with `added` cards added in all: the
        blocks before it reach `head` (no cards added), those after it `after`."""
        stride = self.stride
        mask = self._signature_mask
        wants = 0
        bits = after & ((1 << ((added + 1) * stride)) - 1)
        while bits:
            low = bits & -bits
            bits ^= low
            level, signature = divmod(low.bit_length() - 1, stride)
            heads = head
            while heads:
                first = heads & -heads
                heads ^= first
                reached = signature + first.bit_length() - 1
                wants |= ((accept >> reached) & mask) << ((added - level) * stride)
        return wants

    def _last(
        self,
        parts: list[tuple[BlockBudget, int, int]],
        tails: list[int],
        index: int,
        head: int,
        part: int,
        free: int,
        filled: int,
        accept: int,
    ) -> Iterator[tuple[int, int]]:
        """`_descend` with one card left to add in the block `index`: the block's table of
        the cards with which its part splits (`fills`, known for the part from any hand),
        those at the positions `free` leaves open, lowest first."""
        block, start, whole = parts[index]
        rest = tails[index + 1] & self._signature_mask  # the blocks after add no card
        if not rest:
            return
        room = block._clamped(whole - (part - start), 1)
        for order, one, found in block.fills(part, room, 1):
            if not (free >> (order[0] * FIELD_BITS)) & 0xFF:
                continue
            bits = combine(_joined(rest, found), head)
            if bits & accept:
                yield filled + (one << block.shift), bits
