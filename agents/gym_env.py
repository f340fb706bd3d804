"""A Gymnasium environment for one learning seat, bots playing the other seats.

`reset` deals a hand and lets the bots play until the learner must choose; `step` takes
the learner's action id and plays on until the learner must choose again or the hand is
over. The reward of a step is the learner's money moved meanwhile (its own action's and the
bots'; the first step's also carries what was paid before the learner was first asked, on
the deal or by the bots), so the rewards of a hand add up to the learner's
`Table.totals()`. A hand that ends before the learner is first asked (won on the deal, or
by a bot at once) has nothing to learn from: `reset` deals the next one and lists the
learner's money in each skipped hand in `info["skipped"]`. The observation and the action
ids are those of the AEC environment.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from tablerules.agents.actions import ActionTable
from tablerules.agents.observation import ObservationEncoder
from tablerules.agents.payments import PaymentReader
from tablerules.agents.pettingzoo_env import BEFORE_RESET, IllegalActionId, NoHandInPlay
from tablerules.interpreter import Game
from tablerules.interpreter.bots.players import Bot, make_bot
from tablerules.interpreter.engine import Choice, Table


class SingleSeatEnv(gymnasium.Env):
    """One seat learns; bots play the rest (see the module)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": []}

    def __init__(
        self,
        game: Game,
        seat: int = 0,
        bots: str | Sequence[str] = "greedy",
        seed: int | None = None,
    ) -> None:
        self.game = game
        self.actions = ActionTable(game)
        self.encoder = ObservationEncoder(game)
        seats = self.encoder.seats
        if not 0 <= seat < seats:
            raise ValueError(f"seat must be from 0 to {seats - 1}, not {seat}")
        names = [bots] * seats if isinstance(bots, str) else list(bots)
        if len(names) == seats - 1:
            names.insert(seat, "")
        if len(names) != seats:
            raise ValueError(f"name one bot, or one for each of the {seats - 1} other seats")
        for other, name in enumerate(names):
            if other != seat:
                make_bot(name, 0)  # an unknown name is refused here, not mid-hand
        self.seat = seat
        self.bot_names = names
        self.action_space = spaces.Discrete(self.actions.size)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.actions.size,), np.int8),
            }
        )
        self._seeds = random.Random(seed)
        self.table: Table | None = None
        self._bots: list[Bot | None] = []
        self._payments: PaymentReader | None = None
        self._legal: dict[int, Choice] = {}
        # the learner's money paid before its first choice (on the deal, or by the bots'
        # moves), which Gymnasium's `reset` has no reward to give: the first step's reward
        # carries it, so that the rewards of a hand add up to the learner's totals
        self._carried = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal (with `seed`: `Table(game, seed=seed)`'s hand first) and play the bots
        until the learner is asked."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        skipped: list[int] = []
        hand_seed = seed if seed is not None else self._seeds.getrandbits(63)
        while True:
            self._deal(hand_seed)
            money = self._play_bots()
            if not self.table.finished:  # type: ignore[union-attr]
                self._carried = money
                break
            skipped.append(money)
            hand_seed = self._seeds.getrandbits(63)
        return self._observation(), {"skipped": skipped, "hand_seed": hand_seed}

    def _deal(self, hand_seed: int) -> None:
        self.table = Table(self.game, seed=hand_seed)
        seats = self.encoder.seats
        self._bots = [
            None if other == self.seat else make_bot(name, hand_seed * seats + other)
            for other, name in enumerate(self.bot_names)
        ]
        self._payments = PaymentReader(self.table)

    def step(
        self, action: int | np.integer
    ) -> tuple[dict[str, np.ndarray], int, bool, bool, dict[str, Any]]:
        """The learner takes id `action`; the bots play on. An id not legal now raises
        `IllegalActionId` and changes nothing."""
        if self.table is None:
            raise NoHandInPlay(BEFORE_RESET)
        if self.table.finished:
            raise NoHandInPlay("the hand is over: call reset() for the next hand")
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise IllegalActionId(f"act with an action id (an int), not {action!r}")
        choice = self._legal.get(int(action))
        if choice is None:
            legal = ", ".join(f"{n} ({self.actions.label(n)})" for n in self._legal)
            raise IllegalActionId(f"action {int(action)} is not legal now (legal: {legal})")
        self.table.apply(choice)
        reward = self._carried + self._play_bots()
        self._carried = 0
        finished = self.table.finished
        info: dict[str, Any] = {}
        if finished:
            info = {"totals": self.table.totals(), "winners": list(self.table.state.winners)}
        return self._observation(), reward, finished, False, info

    def _play_bots(self) -> int:
        """Let the bots choose until the learner is asked or the hand is over; the
        learner's money moved meanwhile (since the last read)."""
        table = self.table
        assert table is not None and self._payments is not None
        while not table.finished:
            seat = table.waiting_for()[0]
            bot = self._bots[seat]
            if bot is None:
                break
            table.apply(bot.choose(table, seat))
        self._legal = {} if table.finished else self.actions.legal(table, self.seat)
        return self._payments.new_money()[self.seat]

    def _observation(self) -> dict[str, np.ndarray]:
        assert self.table is not None
        mask = np.zeros(self.actions.size, np.int8)
        if self._legal:
            mask[list(self._legal)] = 1
        return {"observation": self.encoder.encode(self.table, self.seat), "action_mask": mask}

    def action_masks(self) -> np.ndarray:
        """The legal ids as a mask (the name maskable-policy libraries look for)."""
        return self._observation()["action_mask"]
