"""How likely a hand far from complete is to end with the card counts the scoring pays for.

A hand pattern that reads how many cards of a set the winning hand holds (`cards ITEMS`:
ten of a colour, none of a kind) is met or missed by a card or two, so a choice that keeps
one such card more or less moves its chance. A few imagined ends sampled at random rarely
land on the pattern's count, and seldom tell two choices apart by it. This module works
that chance out exactly instead: it splits the card kinds into cells by the sets the
patterns count (a red card, a black one), and takes the seat's cards after a choice with
`lacking` of its loose cards given away at random and as many drawn at random from the
cards it has not seen — both without replacement, so the counts of each cell follow a
hypergeometric law. A loose card is one the hand is no further from complete without: the
cards of its groups and partial groups stay, as a player keeps them. Every way the cells'
counts may end is judged once by the compiled scoring, on the seat's own cards moved to
those counts, and weighed by its probability.

It stands aside (`usable` is False) where no pattern reads a card count, or where the sets
cut the cards into more cells than `MAX_CELLS` (the ways to end would be too many to judge
within a decision's budget); the sampled estimate then serves alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from math import comb

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.compiling.hand_patterns import Scoring
from tablerules.interpreter.compiling.hand_quantities import HandView

MAX_CELLS = 4  # at most this many cells of card kinds; beyond, the sampled estimate alone
MAX_ENDS = 200  # at most this many ways to end judged for one choice
Groups = list[tuple[str, tuple[int, ...], bool, bool]]


def _counted_sets(scoring: Scoring) -> list[list[ir.CardSelector]]:
    """The card sets (`cards ITEMS`) the patterns' tests and counts read, each once."""
    found: list[list[ir.CardSelector]] = []
    seen: set[str] = set()
    for rule in scoring.patterns:
        stack = [*rule.written, *([rule.counts_written] if rule.counts_written else [])]
        while stack:
            expression = stack.pop()
            if expression.op == "cards" and expression.items:
                key = repr(expression.items)
                if key not in seen:
                    seen.add(key)
                    found.append(list(expression.items))
            stack.extend(expression.args)
    return found


def _compositions(total: int, limits: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to take `total` cards from cells holding `limits` cards."""
    if len(limits) == 1:
        if total <= limits[0]:
            yield (total,)
        return
    for first in range(min(total, limits[0]) + 1):
        for rest in _compositions(total - first, limits[1:]):
            yield (first, *rest)


def _hypergeometric(total: int, held: list[int]) -> list[tuple[tuple[int, ...], float]]:
    """Each way `total` cards drawn without replacement from the cells' `held` cards fall
    into the cells, with its probability."""
    ways = comb(sum(held), total)
    if ways == 0:
        return [(tuple(0 for _ in held), 1.0)]
    found = []
    for taken in _compositions(total, held):
        count = 1
        for cell, number in zip(held, taken, strict=True):
            count *= comb(cell, number)
        if count:
            found.append((taken, count / ways))
    return found


class CountReach:
    """The exact estimate of one game's scores over the ways a hand's counted cells may end
    (see the module); made once with the sampled estimate."""

    def __init__(self, scoring: Scoring, kinds: int, conditions: WinConditions) -> None:
        self.scoring = scoring
        self.conditions = conditions
        sets = []
        for items in _counted_sets(scoring):
            chosen = scoring.quantities.card_set(items)
            if chosen is not None:
                sets.append(chosen(conditions))
        signatures: dict[tuple[bool, ...], int] = {}
        self.cell_of: list[int] = []
        for card in range(kinds):
            signature = tuple(card in members for members in sets)
            self.cell_of.append(signatures.setdefault(signature, len(signatures)))
        self.cells = len(signatures)
        self.usable = bool(sets) and 1 < self.cells <= MAX_CELLS

    def value(
        self,
        hand: list[int],
        loose: list[int],
        shown: list[int],
        groups: Groups,
        unseen: list[int],
        lacking: int,
        read: Callable[[HandView], float],
    ) -> float | None:
        """The expected `read` of the hand's end after a choice (`hand` concealed, `loose`
        the part of it that may go, `shown` in table groups) with `lacking` loose cards
        replaced by unseen ones; None when the ways to end are more than `MAX_ENDS`."""
        held = self._by_cell(hand)
        spare = self._by_cell(loose)
        pool = self._by_cell(unseen)
        lacking = max(min(lacking, sum(spare), sum(pool)), 0)
        ends: dict[tuple[int, ...], float] = {}
        for given, chance in _hypergeometric(lacking, spare):
            for drawn, odds in _hypergeometric(lacking, pool):
                end = tuple(h - g + d for h, g, d in zip(held, given, drawn, strict=True))
                ends[end] = ends.get(end, 0.0) + chance * odds
            if len(ends) > MAX_ENDS:
                return None
        total = 0.0
        for end, chance in ends.items():
            counts = self._moved(hand, loose, unseen, held, end)
            counts = [a + b for a, b in zip(counts, shown, strict=True)]
            total += chance * read(
                HandView(counts=counts, groups=groups, conditions=self.conditions)
            )
        return total

    def _by_cell(self, counts: list[int]) -> list[int]:
        cells = [0] * self.cells
        for card, count in enumerate(counts):
            cells[self.cell_of[card]] += max(count, 0)
        return cells

    def _moved(
        self,
        hand: list[int],
        loose: list[int],
        unseen: list[int],
        held: list[int],
        end: tuple[int, ...],
    ) -> list[int]:
        """The concealed cards moved to `end` cards in each cell: a cell with fewer gives up
        loose cards (the fewest held of a kind first), one with more takes the kinds most
        left unseen, so the rest of the hand reads as it is."""
        counts = [max(count, 0) for count in hand]
        spare = [max(count, 0) for count in loose]
        room = list(unseen)
        for cell, (now, wanted) in enumerate(zip(held, end, strict=True)):
            members = [card for card in range(len(counts)) if self.cell_of[card] == cell]
            change = wanted - now
            while change < 0:
                card = min((c for c in members if spare[c] > 0), key=lambda c: counts[c])
                counts[card] -= 1
                spare[card] -= 1
                change += 1
            while change > 0:
                card = max(members, key=lambda c: room[c])
                counts[card] += 1
                room[card] -= 1
                change -= 1
        return counts
