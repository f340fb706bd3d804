"""A PettingZoo AEC environment playing one hand of any rule file.

Agents are `seat_0` … `seat_{n-1}` (absolute seats of the table). One agent acts at a
time: the seat a turn waits for, or, in a window on a card several seats may answer, each
of them in turn by seat order from the card's owner (the order of `Table.waiting_for()`);
each answers without seeing the others' answers, which the table settles together by
priority once the last has chosen. Observations, action ids and rewards are described in
`observation.py`, `actions.py` and `payments.py`; docs/agents.md has the whole story.
"""

from __future__ import annotations

import copy
import random
import warnings
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from tablerules.agents.actions import ActionTable
from tablerules.agents.kept_observations import KeptObservations
from tablerules.agents.observation import ObservationEncoder
from tablerules.agents.payments import PaymentReader
from tablerules.interpreter import Game
from tablerules.interpreter.engine import Choice, IllegalAction, Table
from tablerules.interpreter.engine.state import HandState

RESET_OPTIONS = ("dealer",)
MAX_SKIPPED = 1000  # hands won on the deal in a row before `reset` gives up


class HandsWonOnTheDeal(RuntimeError):
    """Every hand `reset` dealt was won on the deal: the rule file leaves no choice to any
    seat, so there is nothing to step."""

    def __init__(self, hands: int) -> None:
        super().__init__(
            f"{hands} hands in a row were won on the deal, before any seat chose: these rules "
            "leave the agents nothing to play (check the file's immediate wins)"
        )


INT8 = np.dtype(np.int8)  # the mask's dtype, given as a dtype: no lookup per call


class IllegalActionId(IllegalAction):
    """An action id that is not legal for the acting seat now; nothing was changed."""


class NoHandInPlay(RuntimeError):
    """The environment was asked to act or observe with no hand in play: before the first
    `reset`, or once the hand is over and every agent has left it."""


BEFORE_RESET = "no hand has been dealt: call reset() first"
ALL_LEFT = "the hand is over and every agent has left it: call reset() for the next hand"


@dataclass
class EnvSnapshot:
    """What `TableEnv.restore` needs to put the environment back as it was."""

    state: HandState
    paid: int
    seed: int | None
    bookkeeping: dict[str, Any]


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class AgentTurns:
    """What `TableEnv.agent_iter` returns: each iteration of it yields the acting agent while
    any agent is left, at most `max_iter` times (PettingZoo's `AECIterable`, as a generator:
    resuming one costs less than calling an iterator's `__next__` method)."""

    def __init__(self, env: TableEnv, max_iter: int) -> None:
        self.env = env
        self.max_iter = max_iter

    def __iter__(self) -> Iterator[str]:
        env = self.env
        for _ in range(self.max_iter):
            if not env.agents:
                return
            yield env.agent_selection


class TableEnv(AECEnv):
    """One hand of a rule file as a PettingZoo AEC environment (see the module)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "tablerules_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(self, game: Game, seed: int | None = None, render_mode: str | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.game = game
        self.render_mode = render_mode
        self.actions = ActionTable(game)
        self.encoder = ObservationEncoder(game)
        self._observations = KeptObservations(self.encoder)  # each seat's, kept up to date
        seats = self.encoder.seats
        self.possible_agents = [agent_name(seat) for seat in range(seats)]
        self._seat = {name: seat for seat, name in enumerate(self.possible_agents)}
        self._action_space = spaces.Discrete(self.actions.size)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.actions.size,), np.int8),
            }
        )
        self._seeds: random.Random | None = None  # the hand seeds, made when first needed
        self._seeded_by = seed  # what they are made from
        self.table: Table | None = None
        self.hand_seed: int | None = None
        self._payments: PaymentReader | None = None
        # the choices offered to the acting seat and the id of each (a list, not a dict: the
        # few ids of a step are found faster by `list.index` than a dict is built), worked
        # out once a step; empty when the acting agent's hand is over
        self._offered: Sequence[Choice] = ()
        self._ids: list[int] = []
        self._no_rewards = False  # `rewards` is all zeros, made for these agents this hand
        self._mask_size = self.actions.size
        self._known_id = self.actions.known_id
        # `last` writes `observe` out for the acting agent, unless a subclass has its own
        self._plain_observe = type(self).observe is TableEnv.observe

    # ── spaces ─────────────────────────────────────────────────
    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    # ── the hand ───────────────────────────────────────────────
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a hand: with `seed`, the very hand `Table(game, seed=seed)` deals (and the
        hands after it follow from that seed); without, the next of the seed's sequence.
        `options` may name the `dealer` (a seat); PettingZoo's own keys are ignored.

        Every agent is live after a reset, as PettingZoo expects: a hand won on the deal
        (before anyone chooses) is skipped for the next of the sequence, and listed in each
        agent's `infos[agent]["skipped"]` (its `hand_seed` and `totals`)."""
        options = dict(options or {})
        unknown = sorted(set(options) - set(RESET_OPTIONS))
        if unknown:
            warnings.warn(f"reset ignores the options {unknown}", stacklevel=2)
        if seed is not None:
            self._seeds, self._seeded_by = None, seed
            self.hand_seed = seed
        else:
            self.hand_seed = self._next_seed()
        skipped = []
        while True:
            self.table = Table(self.game, seed=self.hand_seed, dealer=options.get("dealer"))
            if not self.table.finished:
                break
            skipped.append({"hand_seed": self.hand_seed, "totals": self.table.totals()})
            if len(skipped) >= MAX_SKIPPED:
                raise HandsWonOnTheDeal(len(skipped))
            self.hand_seed = self._next_seed()
        self._payments = PaymentReader(self.table)
        self.agents = list(self.possible_agents)
        money = self._payments.new_money()  # paid on the deal, if the rules pay anything there
        self.rewards = {agent: money[self._seat[agent]] for agent in self.agents}
        self._no_rewards = False
        self._cumulative_rewards = dict(self.rewards)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {"skipped": list(skipped)} for agent in self.agents}
        self._skip_agent_selection = None
        self._next_agent()

    def _next_seed(self) -> int:
        """The next hand seed of the sequence: its generator is seeded only when a hand is
        dealt without a seed of its own (seeding costs as much as dozens of steps)."""
        if self._seeds is None:
            self._seeds = random.Random(self._seeded_by)
        return self._seeds.getrandbits(63)

    def step(self, action: int | np.integer | None) -> None:
        """Take action id `action` for the acting agent (None for an agent whose hand is
        over). An id that is not legal now raises `IllegalActionId` and changes nothing."""
        ids = self._ids  # empty while the acting agent's hand is over
        if type(action) is int and action in ids:  # a legal id, the common case, first
            choice = self._offered[ids.index(action)]
            agent = self.agent_selection
        else:  # no hand in play is refused here, with what to do
            agent = self._live_agent()
            if agent is None:  # its hand is over: it leaves (None is the only action)
                self._was_dead_step(action)
                return
            choice = self._choice(agent, action)
        table = self.table
        assert table is not None and self._payments is not None
        self._cumulative_rewards[agent] = 0
        table.apply(choice)
        state = table.state
        if len(state.ledger) == self._payments.read:  # most steps pay nothing
            if not self._no_rewards:  # else the zeros of the step before stand
                self.rewards = dict.fromkeys(self.agents, 0)
                self._no_rewards = True
        else:
            money = self._payments.new_money()
            self.rewards = {name: money[self._seat[name]] for name in self.agents}
            self._no_rewards = False
            self._accumulate_rewards()
        if state.finished:
            self._hand_over()
            return
        # `_next_agent`, written out: the first seat of `Table.waiting_for()` and its
        # `Table.offered`, read from the decision (it runs every step)
        decision = state.decision
        chosen = decision.chosen
        for seat in decision.options:
            if seat not in chosen:
                break
        else:
            raise RuntimeError("the hand is not over, yet no seat is left to choose")
        self.agent_selection = self.possible_agents[seat]
        self._offered = offered = decision.options[seat]
        try:  # `ActionTable.ids_of`, written out for the choices met before (nearly all)
            self._ids = list(map(self._known_id, map(id, offered)))
        except KeyError:
            self._ids = self.actions.ids_of(table, offered)

    def agent_iter(self, max_iter: int = 2**63) -> AgentTurns:
        """The acting agent, again and again until no agent is left (or `max_iter` times),
        as PettingZoo's own `agent_iter`, each turn resumed from a generator."""
        return AgentTurns(self, max_iter)

    def _live_agent(self) -> str | None:
        """The acting agent, None when its hand is over; with no hand in play (before the
        first reset, or once every agent has left) `NoHandInPlay` says so."""
        if self.table is None:
            raise NoHandInPlay(BEFORE_RESET)
        agent = self.agent_selection
        if agent not in self.terminations:
            raise NoHandInPlay(ALL_LEFT)
        if self.terminations[agent] or self.truncations[agent]:
            return None
        return agent

    def _seat_of(self, agent: str) -> int:
        """The seat of an agent's name, refused with the names when it is none of them."""
        if self.table is None:
            raise NoHandInPlay(BEFORE_RESET)
        seat = self._seat.get(agent)  # type: ignore[call-overload]
        if seat is None:
            names = ", ".join(self.possible_agents)
            raise ValueError(f"no agent {agent!r}: the agents are {names}")
        return seat

    def _choice(self, agent: str, action: int | np.integer | None) -> Choice:
        """The choice an id stands for, refused with a reason when it is not legal."""
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise IllegalActionId(f"{agent} must act with an action id (an int), not {action!r}")
        number = int(action)
        if number not in self._ids:
            if 0 <= number < self.actions.size:
                what = f"{number} ({self.actions.label(number)})"
            else:
                what = f"{number} (ids run from 0 to {self.actions.size - 1})"
            legal = ", ".join(f"{n} ({self.actions.label(n)})" for n in self.legal_ids())
            raise IllegalActionId(f"action {what} is not legal for {agent} now (legal: {legal})")
        return self._offered[self._ids.index(number)]

    def _next_agent(self) -> None:
        assert self.table is not None
        self._ask(self.table.waiting_for()[0])

    def _ask(self, seat: int) -> None:
        """Make `seat` the acting agent, with the choices offered to it and their ids."""
        assert self.table is not None
        self.agent_selection = self.possible_agents[seat]
        self._offered = self.table.offered(seat)
        self._ids = self.actions.ids_of(self.table, self._offered)

    def _hand_over(self) -> None:
        assert self.table is not None
        self._offered, self._ids = (), []
        totals = self.table.totals()
        winners = list(self.table.state.winners)
        for agent in self.agents:
            self.terminations[agent] = True
            self.infos[agent] = {"totals": totals[self._seat[agent]], "winners": winners}
        self.agent_selection = self.agents[0]

    # ── what a seat sees ───────────────────────────────────────
    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The acting agent's observation (None without `observe`), cumulative reward,
        termination, truncation and info, as PettingZoo's `last`."""
        if self.table is None:
            raise NoHandInPlay(BEFORE_RESET)
        agent = self.agent_selection
        if agent not in self._cumulative_rewards:
            raise NoHandInPlay(ALL_LEFT)
        if not observe:
            observation = None
        elif self._plain_observe:  # `observe` for the acting agent, written out
            marks = bytearray(self._mask_size)  # made anew: the caller's own
            for number in self._ids:
                marks[number] = 1
            observation = {
                "observation": self._observations.observe(self.table, self._seat[agent]),
                "action_mask": np.frombuffer(marks, INT8),
            }
        else:  # a subclass's own `observe`
            observation = self.observe(agent)
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation and its action mask (its legal ids, when the table
        waits for it; all zeros otherwise)."""
        seat = self._seat_of(agent)  # refuses an unknown agent, or no hand dealt yet
        table = self.table
        assert table is not None
        legal: Iterable[int] = ()
        if agent == self.agent_selection:  # its ids were worked out by the last step
            legal = self._ids
        elif not table.finished and seat in table.waiting_for():
            legal = self.actions.legal(table, seat)
        marks = bytearray(self._mask_size)  # made anew: the caller's own
        for number in legal:
            marks[number] = 1
        return {
            "observation": self._observations.observe(table, seat),
            "action_mask": np.frombuffer(marks, INT8),
        }

    def legal_ids(self, agent: str | None = None) -> list[int]:
        """The legal ids of `agent` (default: the acting agent), in the engine's order."""
        if self.table is None:
            raise NoHandInPlay(BEFORE_RESET)
        if agent is None or agent == self.agent_selection:
            return list(dict.fromkeys(self._ids))  # an id two choices share, once
        return list(self.actions.legal(self.table, self._seat_of(agent)))

    # ── snapshot and restore ───────────────────────────────────
    def snapshot(self) -> EnvSnapshot:
        """The whole environment now (the table's state and the agents' bookkeeping)."""
        if self.table is None or self._payments is None:
            raise NoHandInPlay(BEFORE_RESET)
        kept = {
            name: copy.deepcopy(getattr(self, name))
            for name in (
                "agents",
                "rewards",
                "_cumulative_rewards",
                "terminations",
                "truncations",
                "infos",
                "agent_selection",
                "_skip_agent_selection",
            )
        }
        return EnvSnapshot(self.table.snapshot(), self._payments.read, self.hand_seed, kept)

    def restore(self, snapshot: EnvSnapshot) -> None:
        """Put the environment back as it was at `snapshot` (which stays usable)."""
        if self.table is None or self._payments is None:
            raise NoHandInPlay(BEFORE_RESET)
        self.table.restore(snapshot.state)
        self._payments.read = snapshot.paid
        self.hand_seed = snapshot.seed
        for name, value in snapshot.bookkeeping.items():
            setattr(self, name, copy.deepcopy(value))
        self._no_rewards = False  # `rewards` is the snapshot's copy, whatever it holds
        live = not self.table.finished and not self.terminations.get(self.agent_selection, True)
        self._offered, self._ids = (), []
        if live:
            self._ask(self._seat[self.agent_selection])

    # ── rendering ──────────────────────────────────────────────
    def render(self) -> str | None:
        """The table as text, every card shown (a referee's view), in `ansi` mode."""
        if self.render_mode != "ansi" or self.table is None:
            return None
        view = self.table.view()
        lines = [f"wall {len(view['wall'])}, turn seat {view['turn']}"]
        for seat, data in enumerate(view["seats"]):
            groups = " ".join("".join(g["cards"]) for g in data["table"])
            lines.append(
                f"seat {seat}: {' '.join(data['hand'])} | {groups} | "
                f"discards {' '.join(data['discards'])}"
            )
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release: the environment holds no outside resource."""
