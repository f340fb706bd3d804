"""What a mutant that checks is put through besides play, replay and the log checker: the
reinforcement-learning environments stepped with random legal actions, hands told in every
language the rule file's `names` blocks may spell, and hands played under each option's
other values."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

ENV_HANDS = 2
ENV_STEPS = 5_000  # steps of one hand before it counts as never ending
LANGUAGES = ("en", "zh-Hant", "zh-Hans")


def env_steps(game: Any, seed: int) -> list[str]:
    """Two hands of the PettingZoo environment and one of the Gymnasium one, every seat
    choosing a random legal action id; the problems found (an exception is one too)."""
    from tablerules.agents.gym_env import SingleSeatEnv
    from tablerules.agents.pettingzoo_env import TableEnv

    rng = random.Random(seed)
    env = TableEnv(game, seed=seed)
    for _ in range(ENV_HANDS):
        env.reset()
        for _ in range(ENV_STEPS):
            if not env.agents:
                break
            _, _, ended, cut, _ = env.last()
            env.step(None if ended or cut else rng.choice(env.legal_ids()))
        else:
            return [f"the PettingZoo environment's hand went on past {ENV_STEPS} steps"]
    single = SingleSeatEnv(game, seat=0, bots="random", seed=seed)
    observation, _ = single.reset(seed=seed)
    for _ in range(ENV_STEPS):
        legal = [i for i, allowed in enumerate(observation["action_mask"]) if allowed]
        if not legal:
            return ["the Gymnasium environment offered no legal action"]
        observation, _, ended, cut, _ = single.step(rng.choice(legal))
        if ended or cut:
            return []
    return [f"the Gymnasium environment's hand went on past {ENV_STEPS} steps"]


def told(path: Path, seed: int) -> list[str]:
    """A hand played and replayed with its transcript in each language, and the file shown:
    the problems found."""
    from fuzz.harness import run_cli

    problems = []
    for language in LANGUAGES:
        log = path.with_name(f"{path.stem}-{language}.jsonl")
        argv = ["play", str(path), "--seed", str(seed), "--bots", "random", "--lang", language]
        run = run_cli(*argv, "--log", str(log))
        if run.status != 0:
            problems.append(f"play --lang {language}: status {run.status}: {run.stderr[-600:]}")
            continue
        run = run_cli("replay", str(log), "--lang", language)
        if run.status != 0:
            said = (run.stdout + run.stderr)[-600:]
            problems.append(f"replay --lang {language}: status {run.status}: {said}")
    run = run_cli("show", str(path))
    if run.status != 0:
        problems.append(f"show: status {run.status}: {run.stderr[-600:]}")
    return problems


def other_values(option: Any) -> list[str]:
    """The values of a declared option besides its default, as `--option` writes them:
    the other truth value, every other choice, an int's bounds."""
    if option.type == "bool":
        return [str(not option.default).lower()]
    if option.type == "choice":
        return [str(value) for value in option.choices if value != option.default]
    bounds = [option.minimum, option.maximum]
    return [str(value) for value in bounds if value is not None and value != option.default]


def options_played(path: Path, options: dict[str, Any], seed: int) -> list[str]:
    """Each option set to each of its other values in turn: where the file checks so, two
    hands played with random bots and replayed; the problems found."""
    from tablerules.interpreter.api import check

    from fuzz.harness import run_cli

    problems = []
    for name, option in options.items():
        for value in other_values(option):
            if not check(path, options={name: value}).ok:
                continue
            log = path.with_name(f"{path.stem}-option.jsonl")
            setting = ["--option", f"{name}={value}"]
            run = run_cli(
                "play",
                str(path),
                *setting,
                "--seed",
                str(seed),
                "--hands",
                "2",
                "--bots",
                "random",
                "--quiet",
                "--log",
                str(log),
            )
            if run.status != 0:
                problems.append(f"play {name}={value}: status {run.status}: {run.stderr[-600:]}")
                continue
            run = run_cli("replay", str(log), "--quiet")
            if run.status != 0:
                said = (run.stdout + run.stderr)[-600:]
                problems.append(f"replay {name}={value}: status {run.status}: {said}")
    return problems
