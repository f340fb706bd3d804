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

Both are memoised per block (per half, for a block cut in two: see `compiling/blocks.py`),
never on the whole hand, so a new hand made of parts seen before is answered from the
tables. A block's part is solved by its region's search: card by card (`leaf.py`), or cut in
two (`cut.py`). Every table keyed by parts is bounded (see the limits in `splits.py`): one
that fills up is emptied and fills again with what is asked next. Hands are integers with
one byte per card kind and a guard bit that makes "does this group fit?" a single
subtraction.
"""

from __future__ import annotations

from collections.abc import Callable

from tablerules.interpreter.compiling.blocks import Block, Region
from tablerules.interpreter.compiling.compiled import FIELD_BITS, GUARD_BIT, CompiledRules
from tablerules.interpreter.search.cut import Cut, Node
from tablerules.interpreter.search.leaf import Leaf
from tablerules.interpreter.search.split_count import LISTED_SPLITS, SplitCounter, joined
from tablerules.interpreter.search.splits import (
    NO_CARDS_BEST,
    NO_SPLIT,
    Best,
    Facts,
    Fragment,
    Split,
    combine,
    merge_best,
)

NO_SIGNATURE = -1  # in the win test's table of steps: the part cannot be split
SEVERAL_SIGNATURES = -2  # the part reaches more than one signature
# A part with one split, as a piece: its instance ids and its sums in one number,
# total << SUM_SHIFT | pairs << PAIR_SHIFT | triggers (pairs and triggers are counts of
# groups, far below 1 << PAIR_SHIFT), so the pieces of a hand join by one concatenation
# and one addition each; the shifts are small so that the sums of a hand whose total is
# below 1 << 13 fit one digit of Python's integers (the cheapest to add and take apart).
Piece = tuple[Split, int]
SUM_SHIFT = 16
PAIR_SHIFT = 8
COUNT_MASK = (1 << PAIR_SHIFT) - 1


def _piece_learner(
    node: Node, pieces: dict[int, Piece], counter: SplitCounter
) -> Callable[[int], Piece | None]:
    """What learns a block part's piece (None when the part has no split or several)
    from the block's splits, and keeps it in `pieces`, bounded as the splits' table; a
    part with too many splits to list is counted, never listed."""
    known = node.split_memo.get
    limit = node.split_limit

    def learn(part: int) -> Piece | None:
        splits = known(part)
        if splits is None:
            if not counter.few_cards(node, part) and counter.count(node, part) > LISTED_SPLITS:
                return None
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
        # hands with more splits than are listed: their splits counted, a few listed
        self.counter = SplitCounter()
        self._capped: tuple[int, tuple[Fragment, ...]] = (0, NO_SPLIT)  # the last hand's
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
            learner = _piece_learner(node, pieces, self.counter)
            self._piece_tables.append((pieces.get, learner, shift, node.mask))
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
            leaf = Leaf(guard, mask, by_low, self.facts, self._rank)
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
        return Cut(guard, mask, halves, cut, self.facts, rank, self._rank)

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
        limit = node.signature_limit  # its table's

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

    @property
    def signature_tables(
        self,
    ) -> list[tuple[Callable[[int], int | None], Callable[[int], int], int, int]]:
        """Per block, in deck order: its signature table's lookup, the solver that fills
        it, and the block's shift and mask in the packed form."""
        return self._signature_tables

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
        if self.count(packed) > LISTED_SPLITS:
            return self._listed_in_part(packed)
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

    def count(self, packed: int) -> int:
        """How many splits the hand has (what `fragments` would list), counted block by
        block without listing a block's splits unless its table holds them already."""
        total = 1
        for known, node, shift, mask in self._split_tables:
            part = (packed >> shift) & mask
            if part:
                splits = known(part)
                total *= len(splits) if splits is not None else self.counter.count(node, part)
                if not total:
                    return 0
        return total

    def left_out(self, packed: int) -> int:
        """How many splits of the hand `fragments` leaves out (0 for nearly every hand)."""
        for known, _, shift, mask in self._piece_tables:
            part = (packed >> shift) & mask
            if part and known(part) is None:
                break  # a part of no split or several (or not met yet): count them
        else:
            return 0  # each part has one split, so the hand has one, listed
        total = self.count(packed)
        if total <= LISTED_SPLITS:
            return 0
        return total - len(self._listed_in_part(packed))

    def _listed_in_part(self, packed: int) -> tuple[Fragment, ...]:
        """`fragments` of a hand with more splits than are listed: its first
        `LISTED_SPLITS` splits and the best split of each signature (what judging the
        winning splits needs), in the order of `fragments`. The last hand's is kept."""
        known, found = self._capped
        if known == packed and found is not NO_SPLIT:
            return found
        parts = [
            (node, (packed >> shift) & mask)
            for node, shift, mask in self.blocks
            if (packed >> shift) & mask
        ]
        listed: dict[Split, Fragment] = {}
        for ids, total, pairs, triggers in joined(self.counter, parts):
            split = tuple(sorted(ids))
            listed[split] = (split, total, pairs, triggers)
            if len(listed) >= LISTED_SPLITS:
                break
        facts = self.facts
        for _, ranks in self.best(packed).values():
            split = self.ids_of(ranks)
            if split not in listed:
                listed[split] = (
                    split,
                    sum(facts[i][0] for i in split),
                    sum(facts[i][1] for i in split),
                    sum(facts[i][2] for i in split),
                )
        rank = self._rank
        found = tuple(sorted(listed.values(), key=lambda f: sorted(rank[i] for i in f[0])))
        self._capped = (packed, found)
        return found

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
        return any(isinstance(node, Cut) for node in self.nodes)

    def decompositions(self, packed: int) -> tuple[Split, ...]:
        """Every split of the hand, as in `fragments`, without the sums."""
        return tuple(fragment[0] for fragment in self.fragments(packed))

    def table_sizes(self) -> list[tuple[int, int]]:
        """(signature entries, split entries) held per block: what the tables cost (a
        signature table shared by blocks of one shape is counted with each)."""
        return [(len(n.signature_memo), len(n.split_memo)) for n in self.nodes]
