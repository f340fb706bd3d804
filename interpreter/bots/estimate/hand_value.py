"""What a hand may be paid, estimated from the compiled scoring before it is complete.

Roll-outs see the money of a hand only once it wins, so a choice many cards before the end
— keep this card or that one, claim with these cards or those — looks the same to them
whatever the hand's scores will be. This estimate reads the scores the settlement pays by
(the `score` lines a `settle` or `bonus` clause names): it judges the seat's cards as they
would be after a choice (its concealed cards and its table groups, the card given away or
taken), with some of the concealed cards dealt again from the cards the seat has not seen
— a few imagined ways the hand may end — and averages the scores the hand patterns make.
A choice that keeps the hand nearer a pattern the money rewards (ten cards of a colour,
one suit) scores higher than one as near to complete that leaves it.

Where a pattern counts the cards of a set (`cards ITEMS`), such a count is met or missed by
a card or two, which a few random ends seldom show: there the ends are not sampled but
worked out exactly over the ways the counted sets may end (`count_reach.py`), the loose
cards given away, as long as those ways are few enough.

Where the settlement reads no score, or the file has no hand patterns, there is nothing to
estimate (`active` is False) and the bot falls back on the greedy choice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tablerules.interpreter.api import Game
from tablerules.interpreter.bots.estimate.count_reach import CountReach
from tablerules.interpreter.bots.estimate.in_sight import unseen
from tablerules.interpreter.bots.measure.distance import distance_for
from tablerules.interpreter.compiling.conditions import RELATIONS, WinConditions
from tablerules.interpreter.compiling.hand_quantities import HandView
from tablerules.interpreter.engine import Choice, Table

PAYMENT_SECTIONS = ("settles", "bonuses")  # the clauses that turn a win into money


def _words(data: Any, found: set[str]) -> set[str]:
    """Every text the dumped clauses hold (the names they refer to among them)."""
    if isinstance(data, dict):
        for value in data.values():
            _words(value, found)
    elif isinstance(data, list):
        for value in data:
            _words(value, found)
    elif isinstance(data, str):
        found.add(data)
    return found


class HandValue:
    """The estimate of one game (see the module), made once and shared by its bots."""

    def __init__(self, game: Game) -> None:
        compiled = game.compiled
        self.compiled = compiled
        self.scoring = compiled.scoring
        dumped = compiled.rules.model_dump(mode="json")
        read = set()
        for section in PAYMENT_SECTIONS:
            read |= _words(dumped.get(section), set())
        self.scores = [score.name for score in self.scoring.scores if score.name in read]
        self.active = bool(self.scores and self.scoring.patterns)
        self.copies = compiled.cards.copies_of
        self.kinds = len(compiled.cards)
        self.names = dict(compiled.numbers)
        self.conditions = WinConditions(context="draw", relation=RELATIONS["self"])
        self.reach = CountReach(self.scoring, self.kinds, self.conditions)
        self.distance = distance_for(compiled)

    def of_choices(
        self,
        table: Table,
        seat: int,
        choices: Sequence[Choice],
        lacking: int,
        samples: int,
        rng: random.Random,
    ) -> list[float]:
        """The estimate after each choice: the mean, over `samples` imagined ends (the same
        for every choice), of the scores the settlement reads, with `lacking` concealed
        cards dealt again."""
        holder = table.state.seats[seat]
        groups = [
            (self.compiled.kinds[g.kind].name, tuple(sorted(g.cards)), True, g.claimed)
            for g in holder.table
        ]
        unseen = self._unseen(table, seat)
        seeds = [rng.randrange(1 << 30) for _ in range(samples)]
        exact = self._exact(table, seat, choices, groups, unseen, lacking)
        if exact is not None:
            return exact
        return [
            self._mean(self._after(table, seat, choice), groups, unseen, lacking, seeds)
            for choice in choices
        ]

    def _exact(
        self,
        table: Table,
        seat: int,
        choices: Sequence[Choice],
        groups: list[tuple[str, tuple[int, ...], bool, bool]],
        unseen: list[int],
        lacking: int,
    ) -> list[float] | None:
        """The estimate worked out over the ways the counted cells may end (`count_reach`),
        where the scoring counts cards and those ways are few enough; else None."""
        if not self.reach.usable:
            return None
        found = []
        for choice in choices:
            hand, shown = self._after(table, seat, choice)
            loose = self._loose(table, seat, choice, hand)
            value = self.reach.value(hand, loose, shown, groups, unseen, lacking, self._read)
            if value is None:
                return None
            found.append(value)
        return found

    def _loose(self, table: Table, seat: int, choice: Choice, hand: list[int]) -> list[int]:
        """The concealed cards after the choice that the hand is no further from complete
        without (every copy of such a kind): those it may give away as it goes on."""
        kinds = [group.kind for group in table.state.seats[seat].table]
        kinds += [kind for kind, _ in choice.extra]
        if choice.kind is not None and choice.table_index is not None:
            kinds[choice.table_index] = choice.kind
        elif choice.kind is not None:
            kinds.append(choice.kind)
        counts = [max(count, 0) for count in hand]
        now = self.distance.distance(counts, kinds)
        without = self.distance.without_each(counts, kinds)
        return [
            count if without.get(card, now + 1) <= now else 0 for card, count in enumerate(counts)
        ]

    def _read(self, view: HandView) -> float:
        """The scores the settlement reads, on one imagined end."""
        judgement = self.scoring.judge(view, dict(self.names))
        return float(sum(judgement.value(name) for name in self.scores))

    def _after(self, table: Table, seat: int, choice: Choice) -> tuple[list[int], list[int]]:
        """(concealed cards, cards in table groups) of the seat once the choice is made."""
        holder = table.state.seats[seat]
        hand = list(holder.hand)
        shown = [0] * self.kinds
        for group in holder.table:
            for card in group.cards:
                shown[card] += 1
        if choice.action == "discard" and choice.card is not None:
            hand[choice.card] -= 1
            return hand, shown
        if choice.action == "pass":
            return hand, shown
        moved = list(choice.from_hand) + [c for _, cards in choice.extra for c in cards]
        for card in moved:
            hand[card] -= 1
            shown[card] += 1
        card = choice.card
        if card is not None and choice.table_index is None:
            offer = table.state.decision.offer if table.state.decision is not None else None
            in_hand = offer is not None and offer.owner == seat and hand[card] > 0
            if in_hand:
                hand[card] -= 1
            shown[card] += 1
        elif card is not None:
            shown[card] += 1
            if hand[card] > 0:
                hand[card] -= 1
        return hand, shown

    def _unseen(self, table: Table, seat: int) -> list[int]:
        """Copies of each card the seat has not seen (`in_sight`)."""
        return unseen(table, seat)

    def _mean(
        self,
        after: tuple[list[int], list[int]],
        groups: list[tuple[str, tuple[int, ...], bool, bool]],
        unseen: list[int],
        lacking: int,
        seeds: list[int],
    ) -> float:
        hand, shown = after
        held = [card for card, count in enumerate(hand) for _ in range(max(count, 0))]
        pool = [card for card, count in enumerate(unseen) for _ in range(count)]
        conditions = WinConditions(context="draw", relation=RELATIONS["self"])
        total = 0.0
        for seed in seeds:
            rng = random.Random(seed)
            counts = [a + b for a, b in zip(hand, shown, strict=True)]
            for _ in range(min(lacking, len(held), len(pool))):
                counts[held[rng.randrange(len(held))]] -= 1
                counts[pool[rng.randrange(len(pool))]] += 1
            counts = [max(count, 0) for count in counts]
            view = HandView(counts=counts, groups=groups, conditions=conditions)
            judgement = self.scoring.judge(view, dict(self.names))
            total += sum(judgement.value(name) for name in self.scores)
        return total / len(seeds) if seeds else 0.0


def hand_value_for(game: Game) -> HandValue:
    """The estimate of a game, made once and shared by every bot."""
    existing = getattr(game, "_hand_value", None)
    if existing is None:
        existing = HandValue(game)
        game._hand_value = existing  # type: ignore[attr-defined]
    return existing
