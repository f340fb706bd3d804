"""Wrong use of the environments is refused with a message that says what to do, never
with an internal error: acting before the first reset, after every agent has left the
hand, naming an agent that is none, reading an action id that is none."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from tablerules.agents import single_seat_env
from tablerules.agents.pettingzoo_env import NoHandInPlay

import tablerules


def test_env_before_reset_says_to_reset() -> None:
    env = tablerules.env("paomazai", seed=1)
    for call in (
        env.last,
        lambda: env.step(0),
        lambda: env.observe("seat_0"),
        env.legal_ids,
        env.snapshot,
    ):
        with pytest.raises(NoHandInPlay, match=r"call reset\(\) first"):
            call()


def test_env_after_every_agent_left_says_so() -> None:
    env = tablerules.env("paomazai", seed=1)
    env.reset(seed=1)
    for _agent in env.agent_iter():
        observation, _, terminated, _, _ = env.last()
        env.step(None if terminated else int(np.flatnonzero(observation["action_mask"])[0]))
    assert env.agents == []
    for call in (env.last, lambda: env.step(None), lambda: env.step(0)):
        with pytest.raises(NoHandInPlay, match="every agent has left"):
            call()
    env.reset(seed=2)  # and the next hand deals as usual
    assert env.agents == env.possible_agents


def test_an_unknown_agent_is_named() -> None:
    env = tablerules.env("paomazai", seed=1)
    env.reset(seed=1)
    for call in (lambda: env.observe("seat_9"), lambda: env.legal_ids("seat_9")):
        with pytest.raises(ValueError, match="no agent 'seat_9': the agents are seat_0"):
            call()


def test_an_id_out_of_range_has_no_label() -> None:
    env = tablerules.env("paomazai", seed=1)
    size = env.actions.size
    assert env.actions.label(size - 1)
    for number in (-1, size, True):
        with pytest.raises(ValueError, match=f"ids run from 0 to {size - 1}"):
            env.actions.label(number)


def test_single_seat_env_before_reset_and_after_the_hand() -> None:
    env = single_seat_env("paomazai", seat=0, bots="greedy", seed=1)
    with pytest.raises(NoHandInPlay, match=r"call reset\(\) first"):
        env.step(0)
    observation, _ = env.reset(seed=5)
    done = False
    while not done:
        legal = observation["action_mask"].nonzero()[0]
        observation, _, done, _, _ = env.step(int(legal[0]))
    with pytest.raises(NoHandInPlay, match="the hand is over"):
        env.step(0)
