"""A bot that searches: determinised Monte Carlo over the engine.

On its own turn, once its hand is a card from complete (`CLOSE`), `SamplingBot` takes
the choices the greedy bot rates best (at most `width` of them; the greedy bot would pick
one of them at random), imagines the cards it cannot see (the other hands and the wall)
dealt again at random, plays each candidate on that imagined table, lets greedy bots play
the hand out, and reads its own money at the end. Over `samples` such deals (the same
deals for every candidate, so they are compared on equal luck) it takes the choice with
the most money: which card to keep waiting on, which to give away. Earlier in the hand,
in claim windows, for forced choices and wins it plays as the greedy bot does.

It knows no game: only the legal choices, the engine, and what its seat can see. Its
budget is a number of samples, not a time, so a simulation stays reproducible.
"""

from __future__ import annotations

import random

from tablerules.interpreter.bots.players import PLAIN, GreedyBot, rank_choices
from tablerules.interpreter.engine import Choice, Table
from tablerules.interpreter.engine.determinise import clone, determinise

SAMPLES = 8
WIDTH = 4
MARGIN = 0  # candidates: only the choices as near to complete as the best
CLOSE = 1  # search only when the hand is at most this many cards from complete
SEARCH_WINDOWS = True  # also weigh claiming against passing when no other seat may respond


class SamplingBot:
    def __init__(self, seed: int | None = None, samples: int = SAMPLES, width: int = WIDTH) -> None:
        self.rng = random.Random(seed)
        self.greedy = GreedyBot(seed)
        self.samples = samples
        self.width = width

    def choose(self, table: Table, seat: int) -> Choice:
        decision = table.state.decision
        choices = table.legal_actions(seat)
        alone = decision is not None and len(decision.options) == 1  # no other seat's choice
        if not alone or len(choices) == 1 or (decision.kind != "turn" and not SEARCH_WINDOWS):
            return self.greedy.choose(table, seat)
        actions = table.play.actions
        if any(c.forced or (c.action in actions and actions[c.action].win) for c in choices):
            return self.greedy.choose(table, seat)
        if any(c.action not in actions and c.action not in PLAIN for c in choices):
            return self.greedy.choose(table, seat)  # a question of the engine's own
        candidates = self.candidates(table, seat, choices)
        if candidates is None:
            return self.greedy.choose(table, seat)
        if len(candidates) == 1:
            return candidates[0]
        money = [0] * len(candidates)
        for _ in range(self.samples):
            world_seed = self.rng.randrange(1 << 62)
            world = determinise(table, seat, random.Random(world_seed))
            for index, choice in enumerate(candidates):
                money[index] += self.play_out(clone(world), choice, seat, world_seed)
        best = max(range(len(candidates)), key=lambda i: (money[i], -i))
        return candidates[best]

    def candidates(self, table: Table, seat: int, choices: list[Choice]) -> list[Choice] | None:
        """The choices worth playing out; None while the hand is far from complete (the
        greedy bot's choice is as good there, and the budget is kept for the end)."""
        ranked = rank_choices(table, seat, choices)
        best = ranked[0][1]
        if best > CLOSE:
            return None
        close = [choice for choice, distance in ranked if distance <= best + MARGIN]
        return close[: self.width]

    @staticmethod
    def play_out(table: Table, choice: Choice, seat: int, seed: int) -> int:
        """The seat's money once `choice` is taken and greedy bots finish the hand."""
        seats = table.play.seats
        bots = [GreedyBot(seed * seats + s) for s in range(seats)]
        table.apply(choice)
        while not table.finished:
            waiting = table.waiting_for()[0]
            table.apply(bots[waiting].choose(table, waiting))
        return table.totals()[seat]
