"""The action mask the environment hands out, made from the legal ids it keeps each step: on
every step of random hands it marks exactly the ids of `legal_ids()` (which `ActionTable`
works out afresh), is int8, and is the caller's own copy."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import tablerules


def mask_of(ids: list[int], size: int) -> np.ndarray:
    mask = np.zeros(size, np.int8)
    mask[ids] = 1
    return mask


@pytest.mark.parametrize("name", ["paomazai", "paohuzi", "hongkong", "paohuzi-3p"])
def test_the_mask_marks_the_legal_ids_and_belongs_to_the_caller(name: str) -> None:
    env = tablerules.env(name, seed=3)
    size = env.actions.size
    rng = random.Random(name)
    steps = 0
    for hand in range(3):
        env.reset(seed=hand)
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            mask = observation["action_mask"]
            assert mask.dtype == np.int8 and mask.shape == (size,)
            if terminated or truncated:
                assert not mask.any()
                env.step(None)
                continue
            seat = env.possible_agents.index(agent)
            afresh = list(env.actions.legal(env.table, seat))
            assert np.array_equal(mask, mask_of(afresh, size))
            mask[:] = 0  # the caller's copy: the next observation is whole again
            again = env.observe(agent)["action_mask"]
            assert np.array_equal(again, mask_of(afresh, size))
            env.step(int(rng.choice(afresh)))
            steps += 1
    assert steps > 50


def test_a_restored_snapshot_gives_the_mask_of_its_moment() -> None:
    env = tablerules.env("paohuzi", seed=6)
    env.reset(seed=6)
    rng = random.Random(6)
    kept = []
    while not env.table.finished:
        agent = env.agent_selection
        kept.append((env.snapshot(), agent, env.observe(agent)["action_mask"].copy()))
        env.step(rng.choice(env.legal_ids()))
    for snapshot, agent, mask in rng.sample(kept, min(len(kept), 10)):
        env.restore(snapshot)
        assert env.agent_selection == agent
        assert np.array_equal(env.observe(agent)["action_mask"], mask)
