"""A hand as one seat might imagine it: every card that seat cannot see dealt again.

What is dealt again: the other seats' concealed cards, the hidden cards of their table
groups (each group again one its kind admits, with the cards it shows kept) and the wall.
What the seat sees stays: its own cards, every card shown, the history. A window the seat is
answering asks the same other seats as before, but with the choices their new cards give
(a seat that already answered has answered one of them at random: the seat cannot know
what it chose). This is a determinisation for search (IS-MCTS), not a draw from the exact
posterior: the cards are dealt uniformly, not weighted by how likely the history made them.
"""

from __future__ import annotations

import random

from tablerules.interpreter.engine import Choice, Table

GROUP_TRIES = 20  # attempts at dealing the hidden groups before they keep their cards
SHOWN = {"concealed": 0, "partly shown": 1}  # cards of a group the others see, by its lie


class Resampler:
    """Deals again the cards `seat` cannot see on `table` (changed in place)."""

    def __init__(self, table: Table, seat: int, rng: random.Random) -> None:
        self.table = table
        self.seat = seat
        self.rng = rng
        compiled = table.game.compiled
        self.kinds = compiled.kinds

    def resample(self) -> None:
        table = self.table
        state = table.state
        if table.waiting_for()[:1] != [self.seat]:
            raise ValueError(f"seat {self.seat} is not the seat to act: resample for that seat")
        pool: list[int] = []
        hidden_groups = []
        sizes: dict[int, int] = {}
        for index, seat in enumerate(state.seats):
            if index == self.seat:
                continue
            sizes[index] = sum(seat.hand)
            pool += [card for card, count in enumerate(seat.hand) for _ in range(count)]
            for group in seat.table:
                shown = 0 if group.concealed else SHOWN.get(self.kinds[group.kind].visibility)
                if shown is not None and shown < len(group.cards):
                    hidden_groups.append((group, shown))
                    pool += group.cards[shown:]
        pool += state.wall[state.head : state.tail]
        pool.sort()  # the new deal depends on which cards are hidden, never on where
        self.rng.shuffle(pool)
        self._deal_groups(hidden_groups, pool)
        for index, size in sizes.items():
            hand = [0] * len(state.seats[index].hand)
            for card in pool[:size]:
                hand[card] += 1
            del pool[:size]
            state.seats[index].set_hand(hand)
        state.wall[state.head : state.tail] = pool
        self._answer_again()

    def _deal_groups(self, groups: list, pool: list[int]) -> None:
        """Each hidden group a random instance of its kind whose shown cards are the ones
        seen, taken from `pool`; if no such deal is found, the groups keep their cards."""
        if not groups:
            return
        for _ in range(GROUP_TRIES):
            left = list(pool)
            chosen = []
            for group, shown in groups:
                cards = self._instance(group.kind, group.cards[:shown], left)
                if cards is None:
                    break
                chosen.append(cards)
            else:
                for (group, shown), cards in zip(groups, chosen, strict=True):
                    hidden_before = group.cards[shown:]
                    group.cards[shown:] = cards
                    if group.taken is not None and group.taken in hidden_before:
                        group.taken = cards[-1] if cards else group.taken
                pool[:] = left
                return
        for group, shown in groups:  # kept as they are: take their cards out of the pool
            for card in group.cards[shown:]:
                pool.remove(card)

    def _instance(self, kind: int, shown: list[int], left: list[int]) -> list[int] | None:
        """The hidden cards of a random instance of `kind` that holds `shown`, taken out of
        `left`; None when none can be made from it."""
        fits = []
        for instance in self.kinds[kind].instances:
            rest = list(instance)
            try:
                for card in shown:
                    rest.remove(card)
            except ValueError:
                continue
            fits.append(rest)
        self.rng.shuffle(fits)
        for rest in fits:
            taken = list(left)
            try:
                for card in rest:
                    taken.remove(card)
            except ValueError:
                continue
            left[:] = taken
            return rest
        return None

    def _answer_again(self) -> None:
        """The other seats of the window being answered, asked with their new cards."""
        table = self.table
        decision = table.state.decision
        if decision is None or decision.kind != "window":
            return
        maker = table.maker
        offer = decision.offer
        for seat in list(decision.options):
            if seat == self.seat:
                continue
            choices = self._choices(maker.choices(table.state, seat, offer), seat, offer.card)
            decision.options[seat] = choices
            if len(choices) == 1 and choices[0].forced:
                decision.chosen[seat] = choices[0]
            elif seat in decision.chosen:
                decision.chosen[seat] = self.rng.choice(choices)

    def _choices(self, found: list[Choice], seat: int, card: int | None) -> list[Choice]:
        """A seat's answers as the table offers them: a forced choice (or better) only when
        there is one, else everything and a pass."""
        floor = max((c.priority for c in found if c.forced), default=None)
        if floor is not None:
            return [c for c in found if c.forced or c.priority > floor]
        return [*found, self.table.maker.pass_choice(seat, card)]
