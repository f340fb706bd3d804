"""How far a concealed hand is from a winning form: the cards it still lacks.

A form that wins (`form … wins`) wins whatever the win clause says of groups, so a hand
near one is near a win even when its groups are far (pairs only, a set of cards). Two
shapes are measured, exactly as to cards lacking:

* a form of cards (`each of CARDS once, and N more`): each card of the set not held, plus
  the extra copies still lacking (surplus cards are set aside, as `distance.py` does: the
  form holds a whole hand); for `N cards of CARDS`, the cards of the set still lacking;
* a form of N groups (`N of GROUP …`) whose every group is copies of one card (pairs,
  fours alike): N different cards brought to their groups' sizes. Such a form splits the
  whole winning hand, so where the deal fixes its size the groups' sizes must add up to it:
  `6 of 對 四` in a hand of 14 is one four and five pairs, not six pairs and two cards
  set aside (which would read every hand of six pairs as complete). The held counts and
  the sizes are matched largest to largest, which no other choice of cards beats.

Other forms (groups of different cards, cards that allow different sizes, a size no
group count adds up to) are left out: the distance to them is not counted. With groups on
the table only `N cards of CARDS` is measured, as the win test holds only it there
(`CardForm.beside`): the concealed cards lack what the table does not count, and a table
group with a card outside the set makes the form unreachable.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement

from tablerules.interpreter.compiling.compiled import CardForm, CompiledRules
from tablerules.interpreter.compiling.forms import LaidGroup

Alike = tuple[tuple[int, ...], list[tuple[int, ...]]]  # (cards, ways: group sizes, largest first)


class FormDistance:
    """Cards lacking to the nearest winning form of one compiled rule set."""

    def __init__(self, rules: CompiledRules) -> None:
        self.card_forms: list[CardForm] = [f for f in rules.card_forms if f.wins]
        dealt = rules.dealt_per_seat()
        whole = min(dealt) + 1 if dealt and min(dealt) > 0 else None  # a winning hand's cards
        self.alike: list[Alike] = []
        for form in rules.forms:
            if not form.wins:
                continue
            sizes = _sizes_by_card(rules, form.kinds)
            if sizes is None or len(sizes) < form.count:
                continue
            allowed = set(sizes.values())
            if len(allowed) != 1:
                continue  # cards that allow different sizes: left out
            ways = _ways(form.count, sorted(allowed.pop()), whole)
            if ways:
                self.alike.append((tuple(sizes), ways))
        self.active = bool(self.card_forms or self.alike)

    def distance(self, counts: Sequence[int], laid: Sequence[LaidGroup] = ()) -> int | None:
        """Fewest cards the concealed `counts` lack for some winning form, with the groups
        `laid` on the table (None: no form measured)."""
        best: int | None = None
        for form in self.card_forms:
            size = form.beside(laid)  # None: a table group rules the form out
            if size is None:
                continue
            if not form.each:  # any number of each: every card held outside the set
                inside = sum(counts[card] for card in form.cards)
                lacking = max(0, size - inside)
                best = lacking if best is None else min(best, lacking)
                continue
            lacking = 0
            spare = 0
            for card in form.cards:
                held = counts[card]
                if held:
                    spare += held - 1
                else:
                    lacking += 1
            lacking += max(0, form.more - spare)
            best = lacking if best is None else min(best, lacking)
        for cards, ways in self.alike if not laid else ():
            held = sorted((counts[card] for card in cards), reverse=True)
            for way in ways:
                lacking = 0
                for size, count in zip(way, held, strict=False):
                    if size > count:
                        lacking += size - count
                best = lacking if best is None else min(best, lacking)
        return best


def _sizes_by_card(
    rules: CompiledRules, kinds: frozenset[int]
) -> dict[int, tuple[int, ...]] | None:
    """Card -> the sizes a group of the form's kinds may have of it; None where a group of
    those kinds holds different cards (not a form of cards alike)."""
    found: dict[int, set[int]] = {}
    for instance in rules.instances:
        if instance.kind not in kinds:
            continue
        cards = instance.cards
        if len(set(cards)) != 1:
            return None
        found.setdefault(cards[0], set()).add(len(cards))
    return {card: tuple(sorted(sizes)) for card, sizes in found.items()}


def _ways(groups: int, sizes: list[int], whole: int | None) -> list[tuple[int, ...]]:
    """The group sizes, largest first, a form of `groups` groups may take: those that add
    up to the winning hand's `whole` cards; where the deal does not fix that, the smallest
    size for every group (surplus cards set aside)."""
    if whole is None:
        return [(sizes[0],) * groups]
    return [
        tuple(sorted(way, reverse=True))
        for way in combinations_with_replacement(sizes, groups)
        if sum(way) == whole
    ]
