"""How far a concealed hand is from a winning form: the cards it still lacks.

A form that wins (`form … wins`) wins whatever the win clause says of groups, so a hand
near one is near a win even when its groups are far (pairs only, a set of cards). Two
shapes are measured, exactly as to cards lacking (surplus cards are set aside, as
`distance.py` does):

* a form of cards (`each of CARDS once, and N more`): each card of the set not held, plus
  the extra copies still lacking;
* a form of N groups (`N of GROUP …`) whose every group is copies of one card (pairs,
  threes alike): the N cheapest different cards to bring to that many copies.

Other forms (groups of different cards) are left out: the distance to them is not counted.
Forms are only looked at with no group on the table, as the win test does.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablerules.interpreter.compiling.compiled import CardForm, CompiledRules

Alike = tuple[int, dict[int, int]]  # (groups needed, card -> copies its group holds)


class FormDistance:
    """Cards lacking to the nearest winning form of one compiled rule set."""

    def __init__(self, rules: CompiledRules) -> None:
        self.card_forms: list[CardForm] = [f for f in rules.card_forms if f.wins]
        self.alike: list[Alike] = []
        for form in rules.forms:
            if not form.wins:
                continue
            sizes: dict[int, int] = {}
            plain = True
            for instance in rules.instances:
                if instance.kind not in form.kinds:
                    continue
                cards = instance.cards
                if len(set(cards)) != 1:
                    plain = False
                    break
                card = cards[0]
                sizes[card] = min(sizes.get(card, len(cards)), len(cards))
            if plain and len(sizes) >= form.count:
                self.alike.append((form.count, sizes))
        self.active = bool(self.card_forms or self.alike)

    def distance(self, counts: Sequence[int]) -> int | None:
        """Fewest cards `counts` lacks for some winning form (None: no form measured)."""
        best: int | None = None
        for form in self.card_forms:
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
        for needed, sizes in self.alike:
            costs = sorted(max(0, size - counts[card]) for card, size in sizes.items())
            lacking = sum(costs[:needed])
            best = lacking if best is None else min(best, lacking)
        return best
