"""Splitting a packed hand into groups, block by block.

Two searches over the same compiled instances:

* `signatures` answers "which (groups, pairs, triggers) totals can the whole hand reach?"
  as a bit set: each block's answer for its part of the hand, combined by shifting. This
  is the fast win test: one dictionary lookup per block once its table knows the part.
* `fragments` lists every way to split the hand, each with the sums a judge needs (total
  value, pairs, triggers): each block's splits of its part, the blocks' splits combined.
  `decompositions` is the same list without the sums.
* `best` keeps, for each reachable signature, only the split with the highest total (the
  first of the order of `fragments` among equals): what a judge needs to name the best
  split without listing them all. A split is carried as its instances' ranks in that
  order, sorted, so "first" is a comparison of tuples, and two parts' splits combine by
  merging their ranks.

Both are memoised per block (per half, for a block cut in two: see `blocks.py`), never on
the whole hand, so a new hand made of parts seen before is answered from the tables. Every
table keyed by parts is bounded (see the limits below): one that fills up is emptied and
fills again with what is asked next.
Within a block the lowest remaining card is placed first, so every partition is found;
hands are integers with one byte per card kind and a guard bit that makes "does this
group fit?" a single subtraction.
"""

from __future__ import annotations

from collections.abc import Callable

from tablerules.interpreter.blocks import Block, Region
from tablerules.interpreter.compiled import FIELD_BITS, FIELD_SHIFT, GUARD_BIT, CompiledRules

# Entries a table holds before it is emptied, bounding memory on long runs. Each bound is
# set by the table's working set (measured on self-play and evaluation of a deck whose block is
# cut twice), so that a long run fills its tables in its first few thousand hands and then
# holds steady:
# * A leaf's parts recur (a few cards that new hands share), so its tables earn their
#   room: a block solved whole, or the smallest regions of a cut block. They fill with the
#   parts there are and stop growing long before their bounds.
# * A half cut again meets parts of a few ranks, new ones for tens of thousands of hands;
#   its bounds hold what a few thousand hands ask again (twice as large saves a lookup or
#   two per hand, and doubles the climb of memory).
# * The cut of a whole block sees most of a hand, so its tables only serve the same hand
#   asked again (as play does, card after card) and stay small.
# * A cut's takings (the crossing groups that fit, `_Cut._takings`, kept by the counts
#   around the cut) recur in new hands and are costly to list again: a quarter of this
#   bound made the evaluation of new hands an eighth slower. The lists are shared
#   (`_Cut.takings_as`), so an entry costs a key and a reference.
SIGNATURE_LIMIT = 1 << 17  # signatures per leaf
SPLIT_LIMIT = 1 << 15  # lists of splits per leaf
HALF_SIGNATURE_LIMIT = 1 << 14  # signatures of a half cut again
HALF_SPLIT_LIMIT = 1 << 14  # lists (or best splits) of a half cut again
CUT_SIGNATURE_LIMIT = 1 << 14  # signatures of a cut block
CUT_SPLIT_LIMIT = 1 << 12  # lists (or best splits) of a cut block
TAKINGS_LIMIT = 1 << 15  # takings of any cut, by the counts around the cut
Split = tuple[int, ...]  # instance ids, sorted
# A split with what judging it needs: (ids, total value, pairs, triggers), the group kinds
# as the rules define them (the group holding a winning card may count as another).
Fragment = tuple[Split, int, int, int]
Facts = tuple[int, int, int]  # an instance's (value, is pair, is trigger)
NO_SPLIT: tuple[Fragment, ...] = (((), 0, 0, 0),)  # the one split of no cards
# The best split per signature bit index: (total value, the instances' ranks, sorted).
Best = dict[int, tuple[int, tuple[int, ...]]]
NO_CARDS_BEST: Best = {0: (0, ())}  # the one split of no cards
NO_SIGNATURE = -1  # in the win test's table of steps: the part cannot be split
SEVERAL_SIGNATURES = -2  # the part reaches more than one signature
NOTHING_TAKEN: list[tuple[int, int, Fragment]] = [(0, 0, ((), 0, 0, 0))]
# A part with one split, as a piece: its instance ids and its sums in one number,
# total << SUM_SHIFT | pairs << PAIR_SHIFT | triggers (pairs and triggers are counts of
# groups, far below 1 << PAIR_SHIFT), so the pieces of a hand join by one concatenation
# and one addition each; the shifts are small so that the sums of a hand whose total is
# below 1 << 13 fit one digit of Python's integers (the cheapest to add and take apart).
Piece = tuple[Split, int]
SUM_SHIFT = 16
PAIR_SHIFT = 8
COUNT_MASK = (1 << PAIR_SHIFT) - 1


def _lowest(packed: int) -> int:
    return ((packed & -packed).bit_length() - 1) >> FIELD_SHIFT


def keep_better(found: Best, signature: int, total: int, ranks: tuple[int, ...]) -> None:
    """Record a split of `signature` if it beats the one known: a higher total, or the same
    total and earlier in the order of `fragments`."""
    known = found.get(signature)
    if known is None or total > known[0] or (total == known[0] and ranks < known[1]):
        found[signature] = (total, ranks)


def merge_best(
    left: Best,
    right: Best,
    step: int,
    total: int,
    ranks: tuple[int, ...],
    found: Best | None = None,
) -> Best:
    """Every split of `left` with every split of `right`, plus groups taken whole (their
    signature step, total and ranks), the best per signature (added to `found`)."""
    if found is None:
        found = {}
    for one, (one_total, one_ranks) in left.items():
        for other, (other_total, other_ranks) in right.items():
            keep_better(
                found,
                step + one + other,
                total + one_total + other_total,
                tuple(sorted(one_ranks + other_ranks + ranks)),
            )
    return found


def combine(left: int, right: int) -> int:
    """All sums of a signature in `left` and one in `right` (bit sets of signatures)."""
    if right & (right - 1) == 0:
        return left << (right.bit_length() - 1)
    out = 0
    while right:
        low = right & -right
        out |= left << (low.bit_length() - 1)
        right ^= low
    return out


class _Leaf:
    """A region solved by placing its lowest card first, memoised on its part: its splits
    come lowest card first, smallest id first, as `fragments` lists them."""

    def __init__(
        self,
        guard: int,
        mask: int,
        by_low: list[list[tuple[int, int, int]]],
        facts: list[Facts],
        rank: list[int],
    ) -> None:
        self.guard = guard
        self.mask = mask
        # local position -> groups whose lowest card it is: (packed, signature shift, id)
        self.sig_by_low = [[(g, s) for g, s, _ in row] for row in by_low]
        self.id_by_low = [[(g, i, *facts[i]) for g, _, i in row] for row in by_low]
        self.best_by_low = [[(g, s, facts[i][0], rank[i]) for g, s, i in row] for row in by_low]
        self.signature_memo: dict[int, int] = {}
        self.split_memo: dict[int, tuple[Fragment, ...]] = {}
        self.best_memo: dict[int, Best] = {}
        self.slides = _slides(mask, self.sig_by_low)

    def signatures(self, part: int) -> int:
        found = self.signature_memo.get(part)
        if found is None:
            memo = self.signature_memo
            if len(memo) >= SIGNATURE_LIMIT:
                memo.clear()
            if self.slides:  # the part slid down to the lowest position reads the same
                low = ((part & -part).bit_length() - 1) & -FIELD_BITS
                if low:
                    slid = part >> low
                    found = memo.get(slid)
                    if found is None:
                        found = self._solve(slid)
                    memo[part] = found
                    return found
            found = self._solve(part)
        return found

    def _solve(self, packed: int) -> int:
        """Signatures of every full split of the part; fills the memo on the way."""
        memo = self.signature_memo
        guard = self.guard
        result = 0
        for group, shift in self.sig_by_low[((packed & -packed).bit_length() - 1) >> FIELD_SHIFT]:
            if ((packed | guard) - group) & guard == guard:
                rest = packed - group
                if rest:
                    sub = memo.get(rest)
                    if sub is None:
                        sub = self.signatures(rest)
                    if sub:
                        result |= sub << shift
                else:
                    result |= 1 << shift
        memo[packed] = result
        return result

    def splits(self, part: int) -> tuple[Fragment, ...]:
        found = self.split_memo.get(part)
        if found is None:
            if len(self.split_memo) >= SPLIT_LIMIT:
                self.split_memo.clear()
            found = self._enumerate(part)
        return found

    def best(self, part: int) -> Best:
        found = self.best_memo.get(part)
        if found is None:
            if len(self.best_memo) >= SPLIT_LIMIT:
                self.best_memo.clear()
            found = self._best(part)
        return found

    def _best(self, packed: int) -> Best:
        guard = self.guard
        found: Best = {}
        for group, step, value, rank in self.best_by_low[_lowest(packed)]:
            if ((packed | guard) - group) & guard != guard:
                continue
            rest = packed - group
            if not rest:
                keep_better(found, step, value, (rank,))
                continue
            for signature, (total, ranks) in self.best(rest).items():
                keep_better(found, signature + step, total + value, tuple(sorted((rank, *ranks))))
        self.best_memo[packed] = found
        return found

    def _enumerate(self, packed: int) -> tuple[Fragment, ...]:
        guard = self.guard
        seen: set[Split] = set()
        results: list[Fragment] = []
        for group, ident, value, pair, trigger in self.id_by_low[_lowest(packed)]:
            if ((packed | guard) - group) & guard != guard:
                continue
            rest = packed - group
            for ids, total, pairs, triggers in self.splits(rest) if rest else NO_SPLIT:
                split = tuple(sorted((ident, *ids)))
                if split not in seen:
                    seen.add(split)
                    results.append((split, total + value, pairs + pair, triggers + trigger))
        answer = tuple(results)
        self.split_memo[packed] = answer
        return answer


def _slides(mask: int, by_low: list[list[tuple[int, int]]]) -> bool:
    """Whether a part's signatures stay the same when its cards slide down together: the
    region's positions run unbroken from its first, and every group, moved to any lowest
    position where it still fits, is a group there too, with the same signature step (runs
    and sets of a suit are; groups tied to particular cards are not)."""
    if mask & (mask + 1) or not mask & 1:
        return False
    shapes = {
        (position, group >> (position * FIELD_BITS), step)
        for position, row in enumerate(by_low)
        for group, step in row
    }
    for _, shape, step in shapes:
        for position in range(len(by_low)):
            fits = not (shape << (position * FIELD_BITS)) & ~mask
            if fits and (position, shape, step) not in shapes:
                return False
    return True


class _Cut:
    """A region cut in two: some crossing groups taken whole, each half solved on its own.

    The cut of a whole block lists its splits in the order of `fragments` (sorted once,
    when its table learns the part); a half's splits are only combined again, unordered."""

    def __init__(
        self,
        guard: int,
        mask: int,
        halves: tuple[Node, Node],
        crossing: list[tuple[int, int, int]],
        facts: list[Facts],
        rank: list[int] | None,
        ranks: list[int],
    ) -> None:
        whole_block = rank is not None
        self.rank = rank
        self.ranks = ranks  # every instance's rank in the order of `fragments`
        self.best_memo: dict[int, Best] = {}
        self.guard = guard
        self.mask = mask
        self.left, self.right = halves
        self.crossing = [(g, s, i, facts[i]) for g, s, i in crossing]  # (packed, shift, id, facts)
        self.signature_memo: dict[int, int] = {}
        self.split_memo: dict[int, tuple[Fragment, ...]] = {}
        self.signature_limit = CUT_SIGNATURE_LIMIT if whole_block else HALF_SIGNATURE_LIMIT
        self.split_limit = CUT_SPLIT_LIMIT if whole_block else HALF_SPLIT_LIMIT
        # the positions the crossing groups use (see `_takings`)
        self.crossing_mask = 0
        for group, _, _ in crossing:
            for position in range(mask.bit_length() // FIELD_BITS + 1):
                if group >> (position * FIELD_BITS) & 0xFF:
                    self.crossing_mask |= 0xFF << (position * FIELD_BITS)
        self.takings_memo: dict[int, list[tuple[int, int, Fragment]]] = {}
        # Many counts around the cut allow the same takings (in a bundled game, 16k counts in
        # 8,000 hands, 140 lists of 80 multisets), so the lists and their items are made
        # once and shared: an entry of the table above is its key and a reference. Both
        # are bounded by the rules (the multisets of crossing groups that fit in a hand).
        self.taken_as: dict[tuple[int, ...], tuple[int, int, Fragment]] = {}  # by ids
        self.takings_as: dict[tuple[Split, ...], list[tuple[int, int, Fragment]]] = {}

    def _takings(self, part: int) -> list[tuple[int, int, Fragment]]:
        """Each multiset of crossing groups that fits the part, none first:
        (cards, signature shift, the groups as a fragment).

        They depend only on the part's counts of the crossing groups' cards, a few
        positions around the cut, so they are remembered by those counts: parts that
        differ elsewhere (a hand asked about card after card) share them."""
        key = part & self.crossing_mask
        found = self.takings_memo.get(key)
        if found is None:
            if len(self.takings_memo) >= TAKINGS_LIMIT:
                self.takings_memo.clear()
            found = self._list_takings(key)
            found = self.takings_as.setdefault(tuple(t[2][0] for t in found), found)
            self.takings_memo[key] = found
        return found

    def _list_takings(self, part: int) -> list[tuple[int, int, Fragment]]:
        """`_takings`, worked out."""
        guard = self.guard
        fits = [c for c in self.crossing if ((part | guard) - c[0]) & guard == guard]
        if not fits:
            return NOTHING_TAKEN
        known = self.taken_as
        nothing = NOTHING_TAKEN[0]
        found = [nothing]
        stack = [(0, part, nothing)]
        while stack:
            start, left, now = stack.pop()
            taken, shift, (ids, total, pairs, triggers) = now
            for index in range(start, len(fits)):
                group, step, ident, (value, pair, trigger) = fits[index]
                if ((left | guard) - group) & guard == guard:
                    key = (*ids, ident)
                    after = known.get(key)
                    if after is None:
                        fragment = (key, total + value, pairs + pair, triggers + trigger)
                        after = known[key] = (taken + group, shift + step, fragment)
                    found.append(after)
                    stack.append((index, left - group, after))
        return found

    def signatures(self, part: int) -> int:
        found = self.signature_memo.get(part)
        if found is not None:
            return found
        left, right = self.left, self.right
        left_mask = left.mask
        result = 0
        for taken, shift, _ in self._takings(part):
            rest = part - taken
            one = rest & left_mask
            other = rest - one
            mine = (left.signature_memo.get(one) or left.signatures(one)) if one else 1
            if not mine:
                continue
            theirs = (right.signature_memo.get(other) or right.signatures(other)) if other else 1
            if theirs:
                result |= combine(mine, theirs) << shift
        if len(self.signature_memo) >= self.signature_limit:
            self.signature_memo.clear()
        self.signature_memo[part] = result
        return result

    def splits(self, part: int) -> tuple[Fragment, ...]:
        found = self.split_memo.get(part)
        if found is not None:
            return found
        left, right = self.left, self.right
        left_mask = left.mask
        results: list[Fragment] = []
        for taken, _, (ids, total, pairs, triggers) in self._takings(part):
            rest = part - taken
            one = rest & left_mask
            other = rest - one
            if one:
                mine = left.split_memo.get(one)
                if mine is None:
                    mine = left.splits(one)
                if not mine:
                    continue
            else:
                mine = NO_SPLIT
            if other:
                theirs = right.split_memo.get(other)
                if theirs is None:
                    theirs = right.splits(other)
            else:
                theirs = NO_SPLIT
            for x, x_total, x_pairs, x_triggers in mine:
                for y, y_total, y_pairs, y_triggers in theirs:
                    results.append(
                        (
                            tuple(sorted(x + y + ids)),
                            total + x_total + y_total,
                            pairs + x_pairs + y_pairs,
                            triggers + x_triggers + y_triggers,
                        )
                    )
        if self.rank is not None and len(results) > 1:
            rank = self.rank
            results.sort(key=lambda fragment: sorted(rank[i] for i in fragment[0]))
        answer = tuple(results)
        if len(self.split_memo) >= self.split_limit:
            self.split_memo.clear()
        self.split_memo[part] = answer
        return answer

    def best(self, part: int) -> Best:
        found = self.best_memo.get(part)
        if found is not None:
            return found
        left, right = self.left, self.right
        left_mask = left.mask
        ranks = self.ranks
        found = {}
        for taken, step, (ids, total, _, _) in self._takings(part):
            rest = part - taken
            one = rest & left_mask
            other = rest - one
            if one:
                mine = left.best_memo.get(one)
                if mine is None:
                    mine = left.best(one)
                if not mine:
                    continue
            else:
                mine = NO_CARDS_BEST
            if other:
                theirs = right.best_memo.get(other)
                if theirs is None:
                    theirs = right.best(other)
                if not theirs:
                    continue
            else:
                theirs = NO_CARDS_BEST
            taken_ranks = tuple(ranks[i] for i in ids)
            merge_best(mine, theirs, step, total, taken_ranks, found)
        if len(self.best_memo) >= self.split_limit:
            self.best_memo.clear()
        self.best_memo[part] = found
        return found


Node = _Leaf | _Cut


def _piece_learner(node: Node, pieces: dict[int, Piece]) -> Callable[[int], Piece | None]:
    """What learns a block part's piece (None when the part has no split or several)
    from the block's splits, and keeps it in `pieces`, bounded as the splits' table."""
    known = node.split_memo.get
    limit = node.split_limit if isinstance(node, _Cut) else SPLIT_LIMIT

    def learn(part: int) -> Piece | None:
        splits = known(part)
        if splits is None:
            splits = node.splits(part)
        if len(splits) != 1:
            return None
        ids, total, pairs, triggers = splits[0]
        if len(pieces) >= limit:
            pieces.clear()
        piece = pieces[part] = (ids, (total << SUM_SHIFT) + (pairs << PAIR_SHIFT) + triggers)
        return piece

    return learn


class Searcher:
    """The searches for one compiled rule set, with their per-block tables."""

    def __init__(self, rules: CompiledRules) -> None:
        self.rules = rules
        self.facts: list[Facts] = []
        for instance in rules.instances:
            info = rules.kinds[instance.kind]
            value = rules.value_of(instance.kind, instance.cards)
            self.facts.append((value, int(info.is_pair), int(info.is_trigger)))
        # the order of `decompositions`: by each split's ids taken lowest card first
        ordered = sorted(rules.instances, key=lambda i: (i.cards[0], i.id))
        self._rank = [0] * len(rules.instances)
        for rank, instance in enumerate(ordered):
            self._rank[instance.id] = rank
        self._by_rank = [instance.id for instance in ordered]
        self.rank = self._rank  # each instance's place in that order
        groups = [(i.packed, i.signature_shift, i.id, i.cards) for i in rules.instances]
        self.nodes: list[Node] = []
        # signature tables of leaves of the same shape (the same groups at the same local
        # positions, with the same signature steps): one table serves them all, so the
        # part of a suit seen in another suit is already known
        self._shared_signatures: dict[tuple[object, ...], dict[int, int]] = {}
        self._steps: dict[int, dict[int, int]] = {}  # the win test's, by signature table
        self.blocks: list[tuple[Node, int, int]] = []  # (node, shift, mask)
        # per block: (its table's lookup, the solver that fills it, shift, mask); the tables
        # are only ever emptied in place, so their bound lookups stay valid
        self._signature_tables: list[
            tuple[Callable[[int], int | None], Callable[[int], int], int, int]
        ] = []
        self._split_tables: list[tuple[Callable, Node, int, int]] = []
        # per block: (its table of pieces' lookup, what learns a part's piece, shift, mask)
        self._piece_tables: list[
            tuple[Callable[[int], Piece | None], Callable[[int], Piece | None], int, int]
        ] = []
        for block in rules.blocks:
            inside = [
                i for i, g in enumerate(groups) if block.start <= g[3][0] < block.start + block.size
            ]
            node = self._node(block, block.region, groups, inside)
            shift = block.start * FIELD_BITS
            self.nodes.append(node)
            self.blocks.append((node, shift, node.mask))
            self._signature_tables.append(
                (node.signature_memo.get, node.signatures, shift, node.mask)
            )
            self._split_tables.append((node.split_memo.get, node, shift, node.mask))
            pieces: dict[int, Piece] = {}
            self._piece_tables.append((pieces.get, _piece_learner(node, pieces), shift, node.mask))
        self.block_of_card = [0] * len(rules.cards)
        for index, block in enumerate(rules.blocks):
            for card in range(block.start, block.start + block.size):
                self.block_of_card[card] = index
        # `completing_cards`: each block's signature table with its cards' guard bits
        block_bits = [0] * len(rules.blocks)
        for card, index in enumerate(self.block_of_card):
            block_bits[index] |= GUARD_BIT << (card * FIELD_BITS)
        self._every_card = sum(block_bits)
        self._completing_tables = [
            (*table, bits) for table, bits in zip(self._signature_tables, block_bits, strict=True)
        ]

    def _node(
        self,
        block: Block,
        region: Region,
        groups: list[tuple[int, int, int, tuple[int, ...]]],
        inside: list[int],
    ) -> Node:
        """The solver of a region, given the groups (indexes into `groups`) within it."""
        shift = block.start * FIELD_BITS
        guard = sum(GUARD_BIT << ((p - block.start) * FIELD_BITS) for p in region.positions)
        mask = sum(0xFF << ((p - block.start) * FIELD_BITS) for p in region.positions)
        if region.halves is None:
            by_low: list[list[tuple[int, int, int]]] = [[] for _ in range(block.size)]
            for i in inside:
                packed, step, ident, cards = groups[i]
                by_low[cards[0] - block.start].append((packed >> shift, step, ident))
            leaf = _Leaf(guard, mask, by_low, self.facts, self._rank)
            shape = (guard, mask, tuple(tuple(row) for row in leaf.sig_by_low))
            leaf.signature_memo = self._shared_signatures.setdefault(shape, leaf.signature_memo)
            return leaf
        left = set(region.halves[0].positions)
        crossing = set(region.crossing)
        own: tuple[list[int], list[int]] = ([], [])
        for i in inside:
            if i not in crossing:
                own[0 if groups[i][3][0] in left else 1].append(i)
        halves = (
            self._node(block, region.halves[0], groups, own[0]),
            self._node(block, region.halves[1], groups, own[1]),
        )
        cut = [(groups[i][0] >> shift, groups[i][1], groups[i][2]) for i in region.crossing]
        rank = self._rank if region is block.region else None
        return _Cut(guard, mask, halves, cut, self.facts, rank, self._rank)

    def signatures(self, packed: int) -> int:
        """Bit set of reachable (groups, pairs, triggers) signatures; 0 when none."""
        total = 1
        for known, solve, shift, mask in self._signature_tables:
            part = (packed >> shift) & mask
            if not part:
                continue
            found = known(part)
            if found is None:
                found = solve(part)
            if not found:
                return 0
            if found & (found - 1):
                total = combine(total, found)
            else:
                total <<= found.bit_length() - 1
        return total

    def win_test(self, accept: int) -> Callable[[int], bool]:
        """`signatures(packed) & accept`, as one function with its tables at hand: the
        whole win test of rules whose structure alone decides a win.

        Most parts of a hand reach one signature, so each block also keeps a table of steps:
        a part's one signature as a small number (`NO_SIGNATURE` when none,
        `SEVERAL_SIGNATURES` when more than one, then read from the signature table). A
        hand is then a few lookups and additions of small numbers, and one shift at the
        end; the bit sets, a thousand bits wide, are combined only for the rare part that
        reaches several signatures."""
        tables = tuple(
            (*self._step_table(node, known, solve), known, solve, shift, mask)
            for (known, solve, shift, mask), node in zip(
                self._signature_tables, self.nodes, strict=True
            )
        )
        sums = combine

        def wins(packed: int) -> bool:
            total = 1
            offset = 0  # the single signatures' steps, added up: one shift at the end
            for step_of, learn, known, solve, shift, mask in tables:
                part = (packed >> shift) & mask
                if part:
                    step = step_of(part)
                    if step is None:
                        step = learn(part)
                    if step >= 0:
                        offset += step
                    elif step == NO_SIGNATURE:
                        return False
                    else:
                        found = known(part)
                        total = sums(total, solve(part) if found is None else found)
            return bool((total << offset) & accept)

        return wins

    def _step_table(
        self, node: Node, known: Callable[[int], int | None], solve: Callable[[int], int]
    ) -> tuple[Callable[[int], int | None], Callable[[int], int]]:
        """The lookup of a block's table of steps (shared by blocks that share their
        signature table) and the function that learns a part's step."""
        steps = self._steps.setdefault(id(node.signature_memo), {})
        limit = node.signature_limit if isinstance(node, _Cut) else SIGNATURE_LIMIT  # its table's

        def learn(part: int) -> int:
            found = known(part)
            if found is None:
                found = solve(part)
            if not found:
                step = NO_SIGNATURE
            elif found & (found - 1):
                step = SEVERAL_SIGNATURES
            else:
                step = found.bit_length() - 1
            if len(steps) >= limit:
                steps.clear()
            steps[part] = step
            return step

        return steps.get, learn

    def completing_cards(self, packed: int) -> int:
        """The card kinds of which one more could complete the hand as far as its blocks
        tell, as guard bits of the packed form: every kind when each block's part splits
        into groups, a block's kinds when that block alone does not, none when two do not
        (one card more cannot complete two blocks). The play engine skips its win tests
        on the other cards."""
        found = self._every_card
        missing = False  # a block found that does not split
        for known, solve, shift, mask, bits in self._completing_tables:
            part = (packed >> shift) & mask
            if not part:
                continue
            signatures = known(part)  # 0 (no signature) is an answer too: solve the unknown
            if signatures is None:
                signatures = solve(part)
            if not signatures:
                if missing:
                    return 0
                missing = True
                found = bits
        return found

    def fragments(self, packed: int) -> tuple[Fragment, ...]:
        """Every split of the hand into in-hand instances (instance ids, sorted) with its
        total value, pairs and triggers, in the order of a search that places the lowest
        card first, the smallest id first.

        Nearly every part of a hand has one split: the hand's one split is then its
        blocks' pieces joined (see `Piece`), its ids gathered in one list and sorted once."""
        ids: list[int] = []
        sums = 0
        for known, learn, shift, mask in self._piece_tables:
            part = (packed >> shift) & mask
            if part:
                piece = known(part)
                if piece is None:
                    piece = learn(part)
                    if piece is None:  # no split, or several
                        return self._joined(packed)
                more, summed = piece
                ids += more
                sums += summed
        if not ids:
            return NO_SPLIT
        ids.sort()
        pairs_and_triggers = sums & ((1 << SUM_SHIFT) - 1)
        return (
            (
                tuple(ids),
                sums >> SUM_SHIFT,
                pairs_and_triggers >> PAIR_SHIFT,
                pairs_and_triggers & COUNT_MASK,
            ),
        )

    def _joined(self, packed: int) -> tuple[Fragment, ...]:
        """`fragments` of a hand where some part has no split or several.

        Each block's table lists its part's splits in that order already, and a block's
        instances rank after every earlier block's, so the blocks' splits are joined in
        order as they come: the one split of a part is added to every split of the hand,
        the parts with several multiply them, and nothing is sorted but each joined
        split's ids."""
        ids: Split = ()
        total = pairs = triggers = 0
        several: list[tuple[Fragment, ...]] = []
        for known, node, shift, mask in self._split_tables:
            part = (packed >> shift) & mask
            if not part:
                continue
            splits = known(part)
            if splits is None:
                splits = node.splits(part)
            if len(splits) == 1:
                more, value, pair, trigger = splits[0]
                ids += more
                total += value
                pairs += pair
                triggers += trigger
            elif not splits:
                return ()
            else:
                several.append(splits)
        if not ids and len(several) == 1:
            return several[0]
        combined: list[Fragment] = [(ids, total, pairs, triggers)]
        for splits in several:
            combined = [
                (x + y, x_total + y_total, x_pairs + y_pairs, x_triggers + y_triggers)
                for x, x_total, x_pairs, x_triggers in combined
                for y, y_total, y_pairs, y_triggers in splits
            ]
        return tuple([(tuple(sorted(f[0])), f[1], f[2], f[3]) for f in combined])

    def best(self, packed: int) -> Best:
        """The best split of the hand per reachable signature (see `Best`): the blocks'
        best splits combined; empty when the hand cannot be split."""
        found = NO_CARDS_BEST
        for node, shift, mask in self.blocks:
            part = (packed >> shift) & mask
            if not part:
                continue
            mine = node.best(part)
            if not mine:
                return {}
            found = merge_best(found, mine, 0, 0, ()) if found is not NO_CARDS_BEST else mine
        return found

    def ids_of(self, ranks: tuple[int, ...]) -> Split:
        """A split given as ranks, as instance ids (sorted, as `fragments` gives them)."""
        instance = self._by_rank
        return tuple(sorted(instance[r] for r in ranks))

    @property
    def cut(self) -> bool:
        """Whether some block is cut in two: its parts are most of a hand and rarely recur,
        so listing every split of a new hand costs a search each time."""
        return any(isinstance(node, _Cut) for node in self.nodes)

    def decompositions(self, packed: int) -> tuple[Split, ...]:
        """Every split of the hand, as in `fragments`, without the sums."""
        return tuple(fragment[0] for fragment in self.fragments(packed))

    def table_sizes(self) -> list[tuple[int, int]]:
        """(signature entries, split entries) held per block: what the tables cost (a
        signature table shared by blocks of one shape is counted with each)."""
        return [(len(n.signature_memo), len(n.split_memo)) for n in self.nodes]
