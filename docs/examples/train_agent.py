"""Train a small agent, numpy only, to beat random bots at a rule file, then measure it.

    python docs/examples/train_agent.py --train 20000 --test 4000

The agent plays seat 0 of the single-seat environment (`tablerules.agents.single_seat_env`)
against random bots. Its policy is a softmax over the legal action ids of a linear score,
`W[a] · x + b[a]` (x: the observation, counts scaled down); it learns by REINFORCE, each
choice reinforced by the money the seat makes from it to the end of the hand, less a running
mean. Then the trained policy (its most likely legal id) and a random policy each play the
same test deals against random bots, and the script prints the money per hand of both, and
their difference with a 95% confidence interval.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
from tablerules.agents import single_seat_env


class LinearPolicy:
    """A softmax over the legal ids of `W[a] · x + b[a]`."""

    def __init__(self, actions: int, features: int, rng: np.random.Generator) -> None:
        self.weights = np.zeros((actions, features))
        self.bias = np.zeros(actions)
        self.rng = rng

    def probabilities(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        scores = self.weights[legal] @ x + self.bias[legal]
        scores -= scores.max()
        odds = np.exp(scores)
        return odds / odds.sum()

    def sample(self, x: np.ndarray, legal: np.ndarray) -> tuple[int, np.ndarray]:
        chances = self.probabilities(x, legal)
        return int(self.rng.choice(len(legal), p=chances)), chances

    def best(self, x: np.ndarray, legal: np.ndarray) -> int:
        return int(legal[np.argmax(self.weights[legal] @ x + self.bias[legal])])

    def reinforce(self, steps: list, rate: float, advantage: float) -> None:
        """One REINFORCE update for every step of a hand: (x, legal ids, pick, chances)."""
        for x, legal, pick, chances in steps:
            push = -chances
            push[pick] += 1.0
            self.weights[legal] += rate * advantage * np.outer(push, x)
            self.bias[legal] += rate * advantage * push


def features(observation: dict[str, np.ndarray]) -> np.ndarray:
    """The observation with counts scaled to about 0…1 (money and the wall left out)."""
    return np.minimum(observation["observation"][:-5], 4.0) / 4.0


def play(env, choose, seed: int) -> float:
    """One hand from `seed`: the learner's money (including hands over before its turn)."""
    observation, info = env.reset(seed=seed)
    money = float(sum(info["skipped"]))
    done = False
    while not done:
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, done, _, _ = env.step(choose(observation, legal))
        money += reward
    return money


def train(env, policy: LinearPolicy, hands: int, rate: float, seed: int) -> None:
    mean, spread = 0.0, 1.0  # running mean and spread of a hand's money
    for hand in range(hands):
        observation, _ = env.reset(seed=seed + hand)
        steps, rewards, done = [], [], False
        while not done:
            legal = np.flatnonzero(observation["action_mask"])
            x = features(observation)
            pick, chances = policy.sample(x, legal)
            observation, reward, done, _, _ = env.step(int(legal[pick]))
            steps.append((x, legal, pick, chances))
            rewards.append(reward)
        to_go = np.cumsum(rewards[::-1])[::-1]  # each choice's money to the end of the hand
        for step, money in zip(steps, to_go, strict=True):
            policy.reinforce([step], rate, (money - mean) / spread)
        total = float(to_go[0]) if len(to_go) else 0.0
        mean += 0.01 * (total - mean)
        spread += 0.01 * (abs(total - mean) - spread)
        spread = max(spread, 1.0)


def interval(values: np.ndarray) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval."""
    half = 1.96 * values.std(ddof=1) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return float(values.mean()), float(half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="paomazai")
    parser.add_argument("--train", type=int, default=20_000, help="training hands")
    parser.add_argument("--test", type=int, default=4_000, help="test hands for each policy")
    parser.add_argument("--rate", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.process_time()
    env = single_seat_env(args.rules, seat=0, bots="random", seed=args.seed)
    size = env.observation_space["observation"].shape[0] - 5
    policy = LinearPolicy(env.action_space.n, size, np.random.default_rng(args.seed))
    train(env, policy, args.train, args.rate, seed=args.seed * 1_000_000)
    rng = np.random.default_rng(args.seed + 1)
    deals = range(10**9, 10**9 + args.test)  # deals the training never saw

    def trained(observation, legal):
        return policy.best(features(observation), legal)

    def uniform(_, legal):
        return int(rng.choice(legal))

    ours = np.array([play(env, trained, seed) for seed in deals])
    theirs = np.array([play(env, uniform, seed) for seed in deals])
    mean, half = interval(ours - theirs)
    print(
        f"{args.rules}: trained on {args.train:,} hands, tested on {args.test:,} deals against "
        f"random bots: {interval(ours)[0]:+.2f} a hand (a random policy: "
        f"{interval(theirs)[0]:+.2f}); trained − random {mean:+.2f} ± {half:.2f} "
        f"(95%); {time.process_time() - start:.0f} s CPU"
    )


if __name__ == "__main__":
    main()
