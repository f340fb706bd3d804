"""The distance after setting aside one copy of each held card (`Distance.without_each`),
worked out from what each block's cards make, remembered by that.

A block's cards reduce to a small table (signature -> fewest missing cards), and many
different cards make the same table: the 2-3-4 and the 5-6-7 of one block both make one
group. So each table is named by its entries (`_name`); two tables combined, what the
rest of a hand needs, and what a block's cards less one make with it are remembered by
those names (and the laid kinds): a hand whose blocks make tables met before, whatever
its cards, is answered by lookups. The answers are those of working it all out again:
they read nothing but the tables' entries and the completion of the laid kinds.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import count
from typing import TYPE_CHECKING

from tablerules.interpreter.compiling.compiled import FIELD_BITS
from tablerules.interpreter.compiling.forms import LaidGroup

if TYPE_CHECKING:
    from tablerules.interpreter.bots.measure.distance import Costs, Distance

LIMIT = 1 << 14  # names, parts or rests remembered before the memory is emptied
UNNAMED = -1  # a block's table not worked out yet (names count up from 0)

# a block's cards: (the name of their table, the cards held, the names of their tables
# each less one copy of a card held)
Part = tuple[int, list[int], list[int]]
# a block's rest: (the whole hand's need per signature of the block, so far; the distance
# by the name of the block's table less a card)
Rest = tuple[dict[int, int], dict[int, int]]


class _Memory:
    """What a `SetAside` remembers; emptied by being replaced, so a question asked while
    another empties it keeps the memory it began with, names and tables together."""

    def __init__(self, blocks: int, names: Iterator[int]) -> None:
        self.next_name = names  # shared by every memory: a name is never given twice
        self.names: dict[tuple[tuple[int, int], ...], int] = {}
        self.tables: dict[int, Costs] = {}  # name -> table
        self.parts: list[dict[int, Part]] = [{} for _ in range(blocks)]
        self.parted = 0  # parts remembered, every block's
        self.combined: dict[tuple[int, int], int] = {}  # two names -> their tables combined
        self.rests: dict[tuple[int, ...], Rest] = {}  # (rest's name, laid key) -> Rest
        self.laid: dict[tuple[int, ...], tuple[int, int, int]] = {}  # laid kinds -> key
        self.nothing = self.name({0: 0})  # the table of no cards

    def full(self) -> bool:
        return len(self.names) > LIMIT or len(self.laid) > LIMIT or self.parted > LIMIT

    def name(self, table: Costs) -> int:
        entries = tuple(table.items())
        name = self.names.get(entries)
        if name is None:
            name = next(self.next_name)
            self.tables[name] = table
            self.names[entries] = name
        return name


class SetAside:
    """`without_each` of one `Distance`, remembered by the tables the blocks make."""

    def __init__(self, distance: Distance) -> None:
        self.distance = distance
        self._names = count()
        self._memory = _Memory(len(distance.blocks), self._names)

    def _part(
        self,
        memory: _Memory,
        index: int,
        part: int,
        counts: Sequence[int],
        cards: frozenset[int] | None = None,
    ) -> Part:
        """The block's table and those less each held card (of `cards` alone, where given:
        such a part is not remembered, as it lists fewer cards than the block holds)."""
        distance = self.distance
        block = distance.blocks[index]
        start = block.start
        held = [c for c in range(start, start + block.size) if counts[c]]
        if cards is not None:
            held = [c for c in held if c in cards]
        smaller = [
            memory.name(distance.table(block, part - (1 << ((c - start) * FIELD_BITS))))
            for c in held
        ]
        if cards is not None:  # the block's own table only if another block reads it
            return UNNAMED, held, smaller
        found = (memory.name(distance.table(block, part)), held, smaller)
        memory.parts[index][part] = found
        memory.parted += 1
        return found

    def without_each(
        self,
        counts: Sequence[int],
        table_kinds: Sequence[int] = (),
        laid: Sequence[LaidGroup] | None = None,
        cards: frozenset[int] | None = None,
    ) -> dict[int, int]:
        """As `Distance.without_each`."""
        distance = self.distance
        memory = self._memory
        if memory.full():
            memory = self._memory = _Memory(len(distance.blocks), self._names)
        packed = distance.rules.pack_counts(counts)
        parts: list[Part] = []
        raw: list[int] = []
        for index, block in enumerate(distance.blocks):
            part = (packed >> block.shift) & block.mask
            found = memory.parts[index].get(part) if cards is None else None
            if found is None:
                found = self._part(memory, index, part, counts, cards)
            parts.append(found)
            raw.append(part)
        names = [name for name, _, _ in parts]
        kinds = tuple(table_kinds)
        laid_key = memory.laid.get(kinds)
        if laid_key is None:
            laid_key = memory.laid[kinds] = distance.laid_key(kinds)
        combined = memory.combined
        result: dict[int, int] = {}
        for index, (_, held, smaller) in enumerate(parts):
            if not held:
                continue
            rest = memory.nothing
            for other, name in enumerate(names):
                if other != index:
                    if name == UNNAMED:
                        table = distance.table(distance.blocks[other], raw[other])
                        name = names[other] = memory.name(table)
                    found = combined.get((rest, name))
                    rest = found if found is not None else self._combine(memory, rest, name)
            key = (rest, *laid_key)
            known = memory.rests.get(key)
            if known is None:
                if len(memory.rests) > LIMIT:
                    memory.rests.clear()
                known = memory.rests[key] = ({}, {})
            needs, done = known
            for card, name in zip(held, smaller, strict=True):
                found = done.get(name)
                if found is None:
                    found = done[name] = self._finish(memory, name, rest, needs, table_kinds)
                result[card] = found
        if distance.measures_forms(table_kinds, laid):
            distance.nearer_forms(counts, result, laid or ())
        return result

    def _combine(self, memory: _Memory, left: int, right: int) -> int:
        """The name of two named tables combined."""
        if len(memory.combined) > LIMIT:
            memory.combined.clear()
        tables = [memory.tables[left], memory.tables[right]]
        name = memory.combined[left, right] = memory.name(self.distance.rest(tables))
        return name

    def _finish(
        self,
        memory: _Memory,
        name: int,
        rest: int,
        needs: dict[int, int],
        table_kinds: Sequence[int],
    ) -> int:
        """The whole hand's distance with the block's cards making the table `name` and
        the other blocks' the table `rest`."""
        table = memory.tables[name]
        wanted = [index for index in table if index not in needs]
        if wanted:
            completion = self.distance.completion(table_kinds)
            needs.update(self.distance.needs(memory.tables[rest], completion, set(wanted)))
        return min([cost + needs[index] for index, cost in table.items()])
