"""The single-seat Gymnasium environment: bots at the other seats, the learner's rewards
adding up to its money, seeded hands reproduced, illegal ids and unknown bots refused."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from tablerules.agents import single_seat_env
from tablerules.agents.pettingzoo_env import IllegalActionId


def play(env, seed: int, rng: random.Random) -> tuple[int, list[int], list[int]]:
    """One hand with random legal ids: the learner's rewards summed, the skipped hands'
    money and the hand's totals."""
    observation, info = env.reset(seed=seed)
    total = 0
    while True:
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) > 0
        observation, reward, terminated, _, step_info = env.step(int(rng.choice(legal)))
        total += reward
        if terminated:
            return total, info["skipped"], step_info["totals"]


@pytest.mark.parametrize("name", ["paomazai", "paohuzi"])
def test_the_learners_rewards_add_up_to_its_money(name: str) -> None:
    env = single_seat_env(name, seat=1, bots="greedy", seed=0)
    rng = random.Random(0)
    for seed in range(15):
        total, skipped, totals = play(env, seed, rng)
        assert total == totals[1]
        assert skipped == []  # these hands all reach the learner


def test_a_seed_reproduces_the_hand() -> None:
    env = single_seat_env("paomazai", bots=["random", "greedy", "greedy"], seed=0)
    first = play(env, 21, random.Random(1))
    assert play(env, 21, random.Random(1)) == first


def test_an_illegal_id_is_refused_and_unknown_bots_are_named() -> None:
    env = single_seat_env("paomazai", seed=0)
    observation, _ = env.reset(seed=4)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = env.table.snapshot()
    with pytest.raises(IllegalActionId, match="is not legal now"):
        env.step(illegal)
    assert env.table.state == before
    with pytest.raises(ValueError, match="no bot named 'smart'"):
        single_seat_env("paomazai", bots="smart")
    with pytest.raises(ValueError, match="seat must be"):
        single_seat_env("paomazai", seat=9)


def test_money_paid_before_the_learner_is_asked_is_in_its_rewards() -> None:
    """長沙's 起手胡 are paid on the deal, before the learner's first choice: the learner's
    rewards over the hand still add up to its totals."""
    env = single_seat_env("changsha", seat=0, bots="greedy", seed=3)
    observation, _ = env.reset(seed=0)
    before = env.table.totals()[0]
    assert before != 0  # paid on the deal
    total, done = 0, False
    while not done:
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, done, _, info = env.step(int(legal[0]))
        total += reward
    assert total == info["totals"][0]
