"""Real checkpoints to alter, and what resuming them must give.

A few small simulations (bundled games, random bots, two or three shards; one compares
two files): each is run whole once per worker for its statistics, and stopped after 0, 1
and 2 shards for its checkpoints. `forged` makes a checkpoint's digest again over altered
content, as anyone can: the checks on the content itself must then hold on their own.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from tablerules.cli.simulate import build_plan
from tablerules.dsl.loading.bundled import bundled_files
from tablerules.interpreter.simulate import Simulation, Where, checkpoint

from fuzz.harness import Finding, run_cli, scratch


@dataclass(frozen=True)
class Config:
    rules: str
    hands: int
    seed: int
    compare: str | None = None

    def argv(self, saved: Path, out: Path, spelling: int = 0) -> list[str]:
        """`simulate` resuming from `saved`, its statistics as JSON in `out`; the rule file
        named by its bundled name, its absolute path or a path relative to here (`spelling`
        0, 1, 2): a checkpoint follows the simulation, not how its file was named."""
        rules = spelled(self.rules, spelling)
        argv = ["simulate", rules, "--hands", str(self.hands), "--seed", str(self.seed)]
        argv += ["--bots", "random", "--checkpoint", str(saved), "--json", str(out)]
        return argv + (["--compare", self.compare] if self.compare else [])


def spelled(name: str, spelling: int) -> str:
    if spelling == 0:
        return name
    path = next(p for p in bundled_files() if p.stem == name)
    return str(path) if spelling == 1 else os.path.relpath(path)


def comparable(statistics: dict[str, Any]) -> dict[str, Any]:
    """The statistics without the sides' names (what the rule file was called)."""
    sides = [{k: v for k, v in side.items() if k != "name"} for side in statistics["sides"]]
    return {**statistics, "sides": sides}


CONFIGS = (
    Config("paomazai", 30, 5),
    Config("paohuzi", 25, 6),
    Config("paomazai", 20, 7, compare="paomazai-two-horses"),
)


def _namespace(config: Config) -> argparse.Namespace:
    return argparse.Namespace(
        rules=config.rules,
        option=[],
        bots="random",
        compare=config.compare,
        compare_option=[],
        compare_bots=None,
        seed=config.seed,
        samples=None,
        hands=config.hands,
    )


@cache
def genuine(index: int) -> tuple[str, ...]:
    """Checkpoints of simulation `index` after 0, 1 and 2 shards, and when complete."""
    config = CONFIGS[index]
    plan = build_plan(_namespace(config))
    if plan is None:
        raise Finding(f"the checkpoint seed {config} does not load")
    texts = []
    for shards in range(len(plan.shards()) + 1):
        path = scratch() / f"genuine-{index}-{shards}.json"
        path.unlink(missing_ok=True)
        simulation = Simulation(plan, path)
        simulation.run(Where(), _after(simulation, shards))
        texts.append(path.read_text(encoding="utf-8"))
    return tuple(texts)


def _after(simulation: Simulation, shards: int) -> Callable[[], bool]:
    """A stop check that holds once `shards` shards are done."""
    return lambda: len(simulation.progress.done) >= shards


@cache
def reference(index: int) -> dict[str, Any]:
    """The statistics of simulation `index` played whole, with no checkpoint."""
    folder = scratch()
    saved, out = folder / f"reference-{index}.ckpt", folder / f"reference-{index}.json"
    saved.unlink(missing_ok=True)
    run = run_cli(*CONFIGS[index].argv(saved, out))
    if run.status != 0:
        raise Finding(f"the reference simulation {CONFIGS[index]} failed: {run.stderr}")
    result: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return result


def forged(data: Any) -> Any:
    """`data` with its digest made again over its content (when it is a checkpoint's
    object and this version signs checkpoints)."""
    sign = getattr(checkpoint, "digest", None)
    if not isinstance(data, dict) or sign is None:
        return data
    return {**data, "digest": sign(data)}


def digest_holds(data: Any) -> bool:
    sign = getattr(checkpoint, "digest", None)
    return isinstance(data, dict) and sign is not None and data.get("digest") == sign(data)
