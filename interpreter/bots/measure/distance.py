"""How far a hand is from a complete one: the fewest cards it still lacks.

The distance of a concealed hand (with some groups already on the table) is the smallest
number of cards that, added to the hand, let its cards split into in-hand groups that
satisfy the win clause's group count and pair rule, with any surplus cards set aside, or
that make a winning form (`form_distance.py`), whichever is nearer. Values, 'never split'
and the number of copies left are ignored: this guides bots, it is not a win test (0 means
the hand has a complete shape; `winning_waits.py` tells which complete shapes win).

It is computed like the win test in `search/searcher.py`: each block of card kinds (no group
crosses a block) is solved once per packed sub-hand and memoised. A block's answer maps
a signature (groups, pairs, whether a trigger group is among them) to the fewest missing
cards; blocks combine by adding signatures, and groups of no held card are added last.

While a block is solved, its tables are packed into one integer, a field of COST_BITS bits
per signature (ABSENT where there is no way to it): adding a group to every entry is a mask
and a shift, and keeping the cheaper of two tables a few integer operations on all fields
at once (as `compiling/compiled.py` packs card counts), instead of a loop over the entries.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from tablerules.interpreter import deadline
from tablerules.interpreter.bots.measure.distance_memo import RememberedDistance
from tablerules.interpreter.bots.measure.form_distance import FormDistance
from tablerules.interpreter.bots.measure.implied_groups import implied_groups
from tablerules.interpreter.bots.measure.jokers import JokerDistance
from tablerules.interpreter.bots.measure.plans import PlannedDistance, find_plans
from tablerules.interpreter.bots.measure.set_aside import SetAside
from tablerules.interpreter.compiling.compiled import (
    FIELD_BITS,
    FIELD_SHIFT,
    GUARD_BIT,
    CompiledRules,
)
from tablerules.interpreter.compiling.forms import LaidGroup

UNREACHABLE = 1 << 30
MAX_COUNT = 15  # groups tracked at most where the win clause says no number
TABLE_LIMIT = 1 << 16  # entries per block table before it is emptied (a bound on memory)
UNPACKED_LIMIT = 1 << 12  # tables kept unpacked: those one hand asks for again and again

COST_BITS = 16  # bits per signature in a packed table
COST_GUARD = 1 << (COST_BITS - 1)  # above every field's value: a subtraction never borrows
COST_MASK = (1 << COST_BITS) - 1
ABSENT = 1 << 12  # a packed field at or above this: no way to that signature (costs stay far
# below: the groups of a signed hand, a few cards each, plus one group's cards while adding)

Costs = dict[int, int]  # signature index -> fewest missing cards
Packed = int  # a table of costs, one COST_BITS field per signature index
Move = tuple[int, int, int, int]  # (fields kept, ABSENT for the others, shift, ABSENT below)
Partial = tuple[int, int, list[Move]]  # (packed cards held, cards missing in every field, moves)


def _lowest(packed: int) -> int:
    return ((packed & -packed).bit_length() - 1) >> FIELD_SHIFT


class _Block:
    """One block of card kinds: its partial groups by lowest held card, and its memo."""

    def __init__(self, start: int, size: int, partials: list[list[Partial]]) -> None:
        self.start = start
        self.size = size
        self.shift = start * FIELD_BITS
        self.mask = (1 << (size * FIELD_BITS)) - 1
        self.guard = int.from_bytes(bytes([GUARD_BIT]) * size, "little")
        self.partials = partials
        self.memo: dict[int, Packed] = {}
        self.tables: dict[int, Costs] = {}  # the memo's tables asked for, unpacked


class Distance:
    """Distances to a complete hand under one compiled rule set."""

    def __init__(self, rules: CompiledRules, keep: frozenset[int] | None = None) -> None:
        """`keep`: the ids of the group instances hands may be completed with (a plan,
        `plans.py`); all of them where None. Winning forms are measured only without one."""
        self.rules = rules
        self.instances = (
            rules.instances
            if keep is None
            else [instance for instance in rules.instances if instance.id in keep]
        )
        layout = rules.signature
        needed = rules.groups_needed
        # without a `groups N` line, the groups a hand of the winning size splits into
        self.implied = implied_groups(rules) if needed is None else None
        if needed is None and self.implied is not None:
            needed = self.implied
        self.group_cap = min(needed if needed is not None else MAX_COUNT, layout.max_groups)
        rule = rules.pair_rule
        self.pair_cap = (
            min(max(rule.count, rule.otherwise or 0), layout.max_pairs)
            if rule is not None
            else layout.max_pairs
        )
        self.pair_kinds = {k.index for k in rules.kinds if k.is_pair}
        self.trigger_kinds = {k.index for k in rules.kinds if k.is_trigger}
        # signature index = (groups * (pair_cap + 1) + pairs) * triggers + trigger seen
        self.triggers = 2 if self.trigger_kinds else 1
        self.size = (self.group_cap + 1) * (self.pair_cap + 1) * self.triggers
        self.plus = [[self._add(a, b) for b in range(self.size)] for a in range(self.size)]
        self._steps: dict[tuple[bool, bool], list[int]] = {}
        self.ones = int.from_bytes(b"\x01\x00" * self.size, "little")  # 1 in every field
        self.full = (1 << (COST_BITS * self.size)) - 1
        self.guards = COST_GUARD * self.ones
        self.absent = ABSENT * self.ones
        self.nothing = self.absent & ~COST_MASK  # no cards: signature 0 at no cost
        self._moves: dict[tuple[bool, bool], list[Move]] = {}
        self.blocks = [self._block(b.start, b.size) for b in rules.blocks]
        # smaller tables pay off when blocks are combined; one block goes straight to the end
        self.prune = len(self.blocks) > 1
        self._empty = self._empty_groups()
        self._completion: dict[tuple[int, int, int], list[int]] = {}
        self._set_aside = SetAside(self)
        # put off to here: it reads this module's tables
        from tablerules.interpreter.bots.measure.lacking import Lacking

        self.ways = Lacking(self)  # the ways of least cost: what they lack, what they set aside
        # one block (twenty kinds or so): a card's distance set aside is read off those ways,
        # where solving each smaller hand's table costs more; several: by the tables
        self.by_ways = len(self.blocks) == 1
        forms = FormDistance(rules) if keep is None else None
        self.forms = forms if forms is not None and forms.active else None  # forms measured

    # ── signatures ─────────────────────────────────────────────
    def _split(self, index: int) -> tuple[int, int, int]:
        rest, trigger = divmod(index, self.triggers)
        groups, pairs = divmod(rest, self.pair_cap + 1)
        return groups, pairs, trigger

    def _join(self, groups: int, pairs: int, trigger: int) -> int:
        if groups > self.group_cap or pairs > self.pair_cap:
            return -1
        return (groups * (self.pair_cap + 1) + pairs) * self.triggers + trigger

    def _add(self, left: int, right: int) -> int:
        """The index of the sum of two signatures, or -1 past the caps on groups or pairs."""
        g1, p1, t1 = self._split(left)
        g2, p2, t2 = self._split(right)
        return self._join(g1 + g2, p1 + p2, t1 | t2)

    def _step(self, pair: bool, trigger: bool) -> list[int]:
        """Signature index -> index after one more group of this shape (-1 past the caps)."""
        key = (pair, trigger)
        if key not in self._steps:
            one = self._join(1, int(pair), int(trigger))
            self._steps[key] = [self.plus[index][one] for index in range(self.size)]
        return self._steps[key]

    # ── compiling the partial groups ───────────────────────────
    def _block(self, start: int, size: int) -> _Block:
        """Every non-empty part of every in-hand group of the block, cheapest first."""
        best: dict[tuple[int, bool, bool], int] = {}
        for instance in self.instances:
            if not start <= instance.cards[0] < start + size:
                continue
            info = self.rules.kinds[instance.kind]
            cards = instance.cards
            for taken in range(1, len(cards) + 1):
                for held in set(combinations(cards, taken)):
                    packed = sum(1 << ((c - start) * FIELD_BITS) for c in held)
                    key = (packed, info.is_pair, info.is_trigger)
                    best[key] = min(best.get(key, UNREACHABLE), len(cards) - taken)
        partials: list[list[Partial]] = [[] for _ in range(size)]
        for (packed, pair, trigger), missing in sorted(best.items(), key=lambda i: i[1]):
            moves = self._packed_step(pair, trigger)
            partials[_lowest(packed)].append((packed, missing * self.ones, moves))
        block = _Block(start, size, partials)
        block.memo[0] = self.nothing
        return block

    def _packed_step(self, pair: bool, trigger: bool) -> list[Move]:
        """`_step` on a packed table: the signatures that move by the same number of
        places, each group of them as one mask and one shift."""
        key = (pair, trigger)
        found = self._moves.get(key)
        if found is not None:
            return found
        by_shift: dict[int, int] = {}
        for index, after in enumerate(self._step(pair, trigger)):
            if after >= 0:  # a group only adds: it moves a signature to a later index
                by_shift[after - index] = by_shift.get(after - index, 0) | (
                    COST_MASK << (index * COST_BITS)
                )
        moves = []
        for shift, kept in sorted(by_shift.items()):
            bits = shift * COST_BITS
            below = self.absent & ((1 << bits) - 1)
            moves.append((kept, self.absent & ~kept, bits, below))
        self._moves[key] = moves
        return moves

    def _empty_groups(self) -> list[tuple[int, list[int]]]:
        """(cards missing, signature step) of a group made of no held card, per shape."""
        smallest: dict[tuple[bool, bool], int] = {}
        for instance in self.instances:
            info = self.rules.kinds[instance.kind]
            key = (info.is_pair, info.is_trigger)
            smallest[key] = min(smallest.get(key, UNREACHABLE), len(instance.cards))
        return [(size, self._step(*key)) for key, size in sorted(smallest.items())]

    def laid_key(self, table_kinds: Sequence[int]) -> tuple[int, int, int]:
        """What `completion` reads of the laid kinds: groups, pairs and triggers."""
        groups = len(table_kinds)
        pairs = sum(kind in self.pair_kinds for kind in table_kinds)
        triggers = sum(kind in self.trigger_kinds for kind in table_kinds)
        return groups, pairs, triggers

    def completion(self, table_kinds: Sequence[int]) -> list[int]:
        """Signature index of the concealed part -> fewest cards to finish it with groups of
        no held card (UNREACHABLE when no such groups complete it)."""
        key = self.laid_key(table_kinds)
        groups, pairs, triggers = key
        found = self._completion.get(key)
        if found is not None:
            return found
        accept = self.rules.accept_mask(groups, pairs, triggers)
        best = [UNREACHABLE] * self.size
        for index in range(self.size):
            g, p, t = self._split(index)
            if self.implied is not None and g + groups != self.implied:
                continue
            if accept >> self.rules.signature.index(g, p, t) & 1:
                best[index] = 0
        changed = True  # relax backwards: a signature is as close as its best successor
        while changed:
            changed = False
            for missing, step in self._empty:
                for index, after in enumerate(step):
                    if after >= 0 and best[after] + missing < best[index]:
                        best[index] = best[after] + missing
                        changed = True
        self._completion[key] = best
        return best

    # ── solving ────────────────────────────────────────────────
    def _solve(self, block: _Block, packed: int) -> Packed:
        """Fewest missing cards per signature for one block's cards, packed; fills the memo."""
        deadline.check()  # a sub-hand not seen yet: a hand may have very many
        memo = block.memo
        low = _lowest(packed)
        rest = packed - (1 << (low * FIELD_BITS))  # the lowest card set aside
        child = memo.get(rest)
        if child is None:
            child = self._solve(block, rest)
        result = child
        guard = block.guard
        full, guards = self.full, self.guards
        for group, missing, moves in block.partials[low]:
            if ((packed | guard) - group) & guard != guard:
                continue
            rest = packed - group
            child = memo.get(rest)
            if child is None:
                child = self._solve(block, rest)
            for kept, others, bits, below in moves:
                moved = (((((child & kept) | others) << bits) | below) & full) + missing
                # the cheaper of `result` and `moved`, field by field
                cheaper = (((result | guards) - moved) & guards) >> (COST_BITS - 1)
                cheaper = (cheaper << COST_BITS) - cheaper
                result = (moved & cheaper) | (result & (full ^ cheaper))
        absent = self.absent  # fields past ABSENT (no way there, plus a group) back to ABSENT
        over = (((result | guards) - absent) & guards) >> (COST_BITS - 1)
        over = (over << COST_BITS) - over
        result = (absent & over) | (result & (full ^ over))
        if len(memo) > TABLE_LIMIT:
            memo.clear()
            memo[0] = self.nothing
        memo[packed] = result
        return result

    def _unpacked(self, table: Packed) -> Costs:
        costs: Costs = {}
        for index in range(self.size):
            cost = table & COST_MASK
            if cost < ABSENT:
                costs[index] = cost
            table >>= COST_BITS
        return self._prune(costs) if self.prune else costs

    def _prune(self, table: Costs) -> Costs:
        """Drop entries no cheaper than another entry plus groups of no held card: adding
        such groups is what `completion` does anyway, so the distance is unchanged."""
        via: dict[int, int] = {}  # index -> cheapest way there through another entry
        for index in range(self.size):  # a group only adds, so successors come later
            best = min(table.get(index, UNREACHABLE), via.get(index, UNREACHABLE))
            if best >= UNREACHABLE:
                continue
            for missing, step in self._empty:
                after = step[index]
                if after >= 0 and best + missing < via.get(after, UNREACHABLE):
                    via[after] = best + missing
        return {i: c for i, c in table.items() if c < via.get(i, UNREACHABLE)}

    def table(self, block: _Block, part: int) -> Costs:
        """The table of one block's cards, unpacked (and pruned when blocks combine)."""
        costs = block.tables.get(part)
        if costs is None:
            packed = block.memo.get(part)
            costs = self._unpacked(packed if packed is not None else self._solve(block, part))
            if len(block.tables) > UNPACKED_LIMIT:
                block.tables.clear()
            block.tables[part] = costs
        return costs

    def _combine(self, left: Costs, right: Costs) -> Costs:
        if len(right) == 1 and 0 in right:
            return left
        if len(left) == 1 and 0 in left:
            return right
        deadline.check()  # the rows: at most `size` squared steps, under a second
        out: Costs = {}
        plus = self.plus
        for s1, c1 in left.items():
            row = plus[s1]
            for s2, c2 in right.items():
                after = row[s2]
                if after >= 0 and c1 + c2 < out.get(after, UNREACHABLE):
                    out[after] = c1 + c2
        return out

    def needs(self, rest: Costs, completion: list[int], wanted: set[int]) -> dict[int, int]:
        """Signature index of one more part -> fewest missing cards for the whole hand, for
        the indexes in `wanted` alone (those the part's tables reach: no other is read)."""
        deadline.check()  # as in `_combine`
        needs: dict[int, int] = {}
        plus = self.plus
        entries = list(rest.items())
        for s2 in wanted:
            best = UNREACHABLE
            for s1, c1 in entries:
                after = plus[s1][s2]
                if after >= 0:
                    cost = c1 + completion[after]
                    if cost < best:
                        best = cost
            needs[s2] = best
        return needs

    # ── public ─────────────────────────────────────────────────
    def distance(
        self,
        counts: Sequence[int],
        table_kinds: Sequence[int] = (),
        laid: Sequence[LaidGroup] | None = None,
    ) -> int:
        """Fewest cards the concealed `counts` lack, with groups of `table_kinds` laid down
        (the groups themselves `laid`, where known: only then are forms measured with groups
        laid, `FormDistance`)."""
        packed = self.rules.pack_counts(counts)
        total: Costs = {0: 0}
        for block in self.blocks:
            total = self._combine(total, self.table(block, (packed >> block.shift) & block.mask))
        completion = self.completion(table_kinds)
        found = min(cost + completion[index] for index, cost in total.items())
        if self.measures_forms(table_kinds, laid):
            form = self.forms.distance(counts, laid or ())  # type: ignore[union-attr]
            if form is not None and form < found:
                return form
        return found

    def measures_forms(self, table_kinds: Sequence[int], laid: Sequence[LaidGroup] | None) -> bool:
        """Whether winning forms are measured: the file has some, and either no group is laid
        or the laid groups' cards are known (`FormDistance` reads them)."""
        return self.forms is not None and (laid is not None or not table_kinds)

    def without_each(
        self,
        counts: Sequence[int],
        table_kinds: Sequence[int] = (),
        laid: Sequence[LaidGroup] | None = None,
        cards: frozenset[int] | None = None,
    ) -> dict[int, int]:
        """Distance after setting aside one copy of each held card (of `cards` alone, where
        given): card -> distance (`laid` as in `distance`).

        With one block, a card set aside leaves the distance as it is exactly where some way
        of least cost sets a copy of it aside, else one more (`lacking.py`). Otherwise only
        the block of the card set aside changes, so the rest is combined once a block, and
        remembered by the tables the blocks make (`set_aside.py`).
        """
        if self.by_ways:
            found = self.ways.without_each(counts, table_kinds, cards)
            if found is not None:
                if self.measures_forms(table_kinds, laid):
                    self.nearer_forms(counts, found, laid or ())
                return found
        return self._set_aside.without_each(counts, table_kinds, laid, cards)

    def rest(self, tables: list[Costs]) -> Costs:
        """Block tables combined: what the blocks' cards make together."""
        rest: Costs = {0: 0}
        for table in tables:
            rest = self._combine(rest, table)
        return rest

    def nearer_forms(
        self, counts: Sequence[int], result: dict[int, int], laid: Sequence[LaidGroup]
    ) -> None:
        """Lower each card's distance to its nearest winning form's, where that is nearer.
        A card set aside never brings a form nearer, so the whole hand's form distance
        bounds them all: at or past every card's distance, none is looked at."""
        assert self.forms is not None
        whole = self.forms.distance(counts, laid)
        if whole is None or whole >= max(result.values(), default=0):
            return
        smaller = list(counts)
        for card in result:
            smaller[card] -= 1
            form = self.forms.distance(smaller, laid)
            smaller[card] += 1
            if form is not None and form < result[card]:
                result[card] = form


def shape_distance_for(rules: CompiledRules) -> Distance:
    """The distance to a complete shape alone (no plans), created once and shared."""
    existing = getattr(rules, "_shape_distance", None)
    if existing is None:
        existing = RememberedDistance(Distance(rules))  # type: ignore[assignment]
        if rules.wilds:  # wild cards held count as jokers (`jokers.py`)
            existing = JokerDistance(existing, rules.wilds.kinds)  # type: ignore[assignment]
        rules._shape_distance = existing  # type: ignore[attr-defined]
    return existing


def distance_for(rules: CompiledRules) -> Distance:
    """The distance measure of a compiled rule set, created once and shared by every bot:
    to the nearest sound plan where the win clause asks a score most shapes miss
    (`plans.py`), else to a complete shape."""
    existing = getattr(rules, "_distance", None)
    if existing is None:
        plans = find_plans(rules)
        if not plans:
            existing = shape_distance_for(rules)
        else:
            shapes = Distance(rules)
            measures = [
                (plan, RememberedDistance(Distance(rules, plan.instances))) for plan in plans
            ]
            penalty = min(rules.dealt_per_seat()) + 1
            existing = PlannedDistance(  # type: ignore[assignment]
                RememberedDistance(shapes), measures, penalty, shapes
            )
            if rules.wilds:
                existing = JokerDistance(existing, rules.wilds.kinds)  # type: ignore[assignment]
        rules._distance = existing  # type: ignore[attr-defined]
    return existing
