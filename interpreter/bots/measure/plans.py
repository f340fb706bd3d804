"""Plans: the cards and group kinds a hand keeps to where most complete shapes do not win.

Where the win clause asks more than a shape — a minimum score — a bot that plays for the
nearest complete shape seldom wins: most shapes it completes are refused (where three
points are needed and most patterns are worth one, a hand of mixed cards rarely wins).
Players plan from the deal instead, keeping to the cards or groups a pattern worth enough
asks. A plan here is such a restriction, read from the compiled rules alone: the cards of
one or two attribute values (`suit=m`, or `suit=m` or `kind=honor`), and every group kind
of the hand or all but one (no runs). It is *sound* when at least `SOUND` of the complete
hands made within it win, which is found once per game by dealing complete hands within
each plan at random (the same deals every time) and asking the evaluator's win test.

`PlannedDistance` measures a hand against the sound plans: the least of their distances
(`distance.Distance` completed only with the plan's groups: the other cards are set aside),
among the plans the seat's laid groups still allow. Only the largest sound plans are kept
(a plan within another is never nearer). Where no plan is left open, the hand is measured
by its shape plus a whole hand's cards, so a choice that keeps a plan open ranks first.
Files whose complete shapes mostly win have no plans, and their distance is unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Protocol

from tablerules.interpreter import deadline
from tablerules.interpreter.bots.measure.form_distance import FormDistance
from tablerules.interpreter.bots.measure.implied_groups import hand_shape
from tablerules.interpreter.bots.measure.jokers import PlainDistance
from tablerules.interpreter.compiling.compiled import CompiledRules, Instance
from tablerules.interpreter.compiling.conditions import RELATIONS, WinConditions
from tablerules.interpreter.compiling.forms import LaidGroup
from tablerules.interpreter.hand.copies import in_play
from tablerules.interpreter.hand.evaluate import Evaluator, HandError
from tablerules.interpreter.hand.wild_readings import make_evaluator

SOUND = 0.9  # a plan is sound when at least this share of its complete hands win
DEALS = 80  # complete hands dealt to judge a plan, at most
SEED = 0  # the deals are the same every time: a game's plans do not vary from run to run
TRIES = 20  # draws of a hand's groups before a deal is given up (too few copies)
MAX_VALUES = 40  # attribute values beyond which pairs of them are not tried
MAX_TRIED = 400  # restrictions judged at most, largest first (a file with very many
# attribute values would otherwise try each pair of them)
# win tests, and the readings of wild cards and splits judged within them, spent on the
# plans of one game at most: where wilds or splits judged by many patterns make each test
# cost a millisecond, 400 restrictions took seconds before a bot's first choice
MAX_WORK = 10_000

Laid = Sequence[LaidGroup] | None


class Shapes(Protocol):
    """The plain distance's winning forms (`distance.Distance`)."""

    forms: FormDistance | None

    def measures_forms(self, table_kinds: Sequence[int], laid: Laid) -> bool: ...

    def nearer_forms(
        self, counts: Sequence[int], result: dict[int, int], laid: Sequence[LaidGroup]
    ) -> None: ...


@dataclass(frozen=True)
class Plan:
    """Cards and group kinds a hand keeps to, and the group instances they leave."""

    label: str
    cards: frozenset[int]
    dropped: frozenset[int]  # group kinds left out
    instances: frozenset[int]  # ids of the instances within the plan

    def allows(self, kind: int, cards: Sequence[int]) -> bool:
        """Whether a laid group of this kind and these cards keeps the plan open."""
        return kind not in self.dropped and all(card in self.cards for card in cards)


class _Dealer:
    """Complete hands of the winning size dealt at random from a set of instances."""

    def __init__(self, rules: CompiledRules) -> None:
        self.rules = rules
        self.copies = in_play(rules)  # the card turned up at the deal is out of play
        shape = hand_shape(rules)  # pairs, pair size, groups, size
        self.shape = shape if shape is not None and shape[2] > 0 else None

    def deal(self, instances: Sequence[Instance], rng: random.Random) -> list[int] | None:
        """A complete hand's counts made of `instances`, or None where none was found."""
        assert self.shape is not None
        pairs_needed, pair_size, groups_needed, size = self.shape
        kinds = self.rules.kinds
        pairs = [i for i in instances if kinds[i.kind].is_pair and len(i.cards) == pair_size]
        groups = [i for i in instances if not kinds[i.kind].is_pair and len(i.cards) == size]
        if (pairs_needed and not pairs) or not groups:
            return None
        for _ in range(TRIES):
            counts = [0] * len(self.copies)
            chosen = [rng.choice(pairs) for _ in range(pairs_needed)]
            chosen += [rng.choice(groups) for _ in range(groups_needed)]
            for instance in chosen:
                for card in instance.cards:
                    counts[card] += 1
            if all(count <= most for count, most in zip(counts, self.copies, strict=True)):
                return counts
        return None


def _candidates(rules: CompiledRules) -> Iterator[tuple[str, frozenset[int], frozenset[int]]]:
    """(label, cards, group kinds dropped) of every plan tried, the whole deck first."""
    values: dict[tuple[str, str], set[int]] = {}
    for card, attributes in enumerate(rules.cards.attributes):
        for name, value in attributes.items():
            values.setdefault((name, str(value)), set()).add(card)
    everything = frozenset(range(len(rules.cards)))
    sets: dict[frozenset[int], str] = {everything: "every card"}
    for (name, value), cards in sorted(values.items()):
        sets.setdefault(frozenset(cards), f"{name}={value}")
    if len(sets) <= MAX_VALUES:
        for (one, left), (other, right) in combinations(list(sets.items())[1:], 2):
            sets.setdefault(one | other, f"{left} or {right}")
    in_hand = sorted(
        {instance.kind for instance in rules.instances if not rules.kinds[instance.kind].is_pair}
    )
    for cards, label in sets.items():
        yield label, cards, frozenset()
        if len(in_hand) > 1:
            for kind in in_hand:
                yield f"{label}, no {rules.kinds[kind].name}", cards, frozenset({kind})


def _work(evaluator: Evaluator, tests: int) -> int:
    """The work spent: win tests, the readings of wild cards and the splits judged by
    hand patterns within them."""
    return tests + getattr(evaluator, "judged", 0) + evaluator.splits_judged


def _sound(
    evaluator: Evaluator, dealer: _Dealer, instances: list[Instance], rng: random.Random
) -> tuple[bool, int]:
    """Whether at least `SOUND` of the complete hands dealt within `instances` win (on
    another seat's discard or on the seat's own draw), and the win tests asked; not sound
    once the work spent reaches `MAX_WORK`."""
    quick = evaluator.quick_wins
    seats = dealer.rules.rules.seats.count if dealer.rules.rules.seats else 1
    needed = SOUND * DEALS
    won = lost = tests = 0
    while won < needed and lost <= DEALS - needed:
        if _work(evaluator, tests) >= MAX_WORK:
            return False, tests
        counts = dealer.deal(instances, rng)
        if counts is None:
            return False, tests
        card = rng.choice([c for c, n in enumerate(counts) for _ in range(n)])
        counts[card] -= 1
        seat = rng.randrange(seats)
        own = WinConditions(context="draw", relation=RELATIONS["self"], seat=seat)
        other = WinConditions(context="discard", relation=RELATIONS["other"], seat=seat)
        try:
            tests += 1
            wins = quick(counts, (), card, "self", own)
            if not wins:
                tests += 1
                wins = quick(counts, (), card, "discard", other)
        except HandError:  # a card the deck holds fewer of in play: counted as not won
            wins = False
        if wins:
            won += 1
        else:
            lost += 1
    return won >= needed, tests


def find_plans(rules: CompiledRules) -> list[Plan]:
    """The largest sound plans of a compiled rule set; none where its win clause asks no
    more than a shape, or where complete hands made of any cards mostly win."""
    win = rules.rules.win
    if win is None or win.score is None:
        return []
    dealer = _Dealer(rules)
    if dealer.shape is None:
        return []
    evaluator = make_evaluator(rules)
    rng = random.Random(SEED)
    everything = frozenset(range(len(rules.cards)))
    tried: dict[frozenset[int], Plan] = {}
    for label, cards, dropped in _candidates(rules):
        ids = frozenset(
            i.id
            for i in rules.instances
            if i.kind not in dropped and all(card in cards for card in i.cards)
        )
        tried.setdefault(ids, Plan(label, cards, dropped, ids))
    found: list[Plan] = []
    judged = tests = 0
    for ids, plan in sorted(tried.items(), key=lambda item: -len(item[0])):  # largest first
        if any(ids <= kept.instances for kept in found):
            continue  # never nearer than a sound plan it lies within
        judged += 1
        if judged > MAX_TRIED or _work(evaluator, tests) >= MAX_WORK:
            break
        deadline.check()  # a few dozen win tests each
        instances = [i for i in rules.instances if i.id in ids]
        sound, asked = _sound(evaluator, dealer, instances, rng)
        tests += asked
        if sound:
            if plan.cards == everything and not plan.dropped:
                return []  # any complete hand mostly wins: no plan is needed
            found.append(plan)
    return found


class PlannedDistance:
    """The distance to the nearest sound plan's complete hand (see the module)."""

    def __init__(
        self,
        base: PlainDistance,
        plans: list[tuple[Plan, PlainDistance]],
        penalty: int,
        shapes: Shapes | None = None,
    ) -> None:
        """`shapes`: the plain distance whose winning forms are measured too (a form wins
        whatever the plans say)."""
        self.base = base
        self.plans = plans
        self.penalty = penalty
        self.shapes = shapes if shapes is not None and shapes.forms is not None else None
        self.forms = None
        self.reads_laid_cards = True  # a choice's new table groups are given with their cards

    def _open(self, table_kinds: Sequence[int], laid: Laid) -> list[PlainDistance]:
        """The distances of the plans the laid groups leave open (by kind alone where
        their cards are not given)."""
        cards: Sequence[Sequence[int]] = (
            [group.cards for group in laid] if laid is not None else [()] * len(table_kinds)
        )
        groups = list(zip(table_kinds, cards, strict=False))
        return [
            measure
            for plan, measure in self.plans
            if all(plan.allows(kind, cards) for kind, cards in groups)
        ]

    def distance(
        self, counts: Sequence[int], table_kinds: Sequence[int] = (), laid: Laid = None
    ) -> int:
        open_plans = self._open(table_kinds, laid)
        if not open_plans:
            found = self.base.distance(counts, table_kinds, laid) + self.penalty
        else:
            found = min(measure.distance(counts, table_kinds, laid) for measure in open_plans)
        if self.shapes is not None and self.shapes.measures_forms(table_kinds, laid):
            form = self.shapes.forms.distance(counts, laid or ())  # type: ignore[union-attr]
            if form is not None and form < found:
                return form
        return found

    def without_each(
        self,
        counts: Sequence[int],
        table_kinds: Sequence[int] = (),
        laid: Laid = None,
        cards: frozenset[int] | None = None,
    ) -> dict[int, int]:
        open_plans = self._open(table_kinds, laid)
        best: dict[int, int] = {}
        if not open_plans:
            found = self.base.without_each(counts, table_kinds, laid, cards)
            best = {card: value + self.penalty for card, value in found.items()}
        for measure in open_plans:
            for card, value in measure.without_each(counts, table_kinds, laid, cards).items():
                if value < best.get(card, value + 1):
                    best[card] = value
        if self.shapes is not None and self.shapes.measures_forms(table_kinds, laid):
            self.shapes.nearer_forms(counts, best, laid or ())
        return best
