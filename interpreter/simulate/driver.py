"""Running a simulation: the shards not yet done, on the chosen executor, summed as they
finish, saved to a checkpoint now and then, stoppable at any moment."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tablerules.interpreter.simulate import checkpoint
from tablerules.interpreter.simulate.executors import (
    StopCheck,
    available_cores,
    run_here,
    run_pool,
    run_ray,
)
from tablerules.interpreter.simulate.plan import Plan
from tablerules.interpreter.simulate.tally import Tally

SAVE_SECONDS = 5.0


@dataclass(frozen=True)
class Where:
    """How to run: `jobs` local processes (0 = every core), or Ray (local or a cluster)."""

    jobs: int = 1
    ray: bool = False
    address: str | None = None

    @property
    def workers(self) -> int:
        return self.jobs if self.jobs > 0 else available_cores()


def never() -> bool:
    return False


class Simulation:
    """One simulation's progress: which shards are done and their sums."""

    def __init__(self, plan: Plan, checkpoint_path: str | Path | None = None) -> None:
        self.plan = plan
        self.checkpoint_path = checkpoint_path
        self.progress = checkpoint.Progress(set(), Tally.empty(len(plan.sides)))
        self.resumed = 0  # hands found already done in the checkpoint
        if checkpoint_path is not None:
            saved = checkpoint.load(checkpoint_path, plan)
            if saved is not None:
                self.progress = saved
                self.resumed = saved.tally.hands

    @property
    def tally(self) -> Tally:
        return self.progress.tally

    @property
    def complete(self) -> bool:
        return self.tally.hands == self.plan.hands

    def run(
        self,
        where: Where,
        stop: StopCheck = never,
        on_progress: Callable[[int], None] | None = None,
    ) -> Tally:
        """Play the shards not done yet; return the sums so far (all of them unless
        stopped). `on_progress` gets the number of hands done after each shard."""
        done = self.progress.done
        shards = (s for s in self.plan.shards() if s.index not in done)
        left = len(self.plan.shards()) - len(done)
        if where.ray:
            finished = run_ray(self.plan, shards, where.address, stop, where.workers)
        elif where.workers > 1 and left > 1:
            finished = run_pool(self.plan, shards, where.workers, stop)
        else:
            finished = run_here(self.plan, shards, stop)
        saved = 0.0  # the first shard done is saved at once, then every SAVE_SECONDS
        try:
            for shard, tally in finished:
                self.tally.merge(tally)
                self.progress.done.add(shard.index)
                if on_progress is not None:
                    on_progress(self.tally.hands)
                if self.checkpoint_path and time.monotonic() - saved >= SAVE_SECONDS:
                    self.save()
                    saved = time.monotonic()
        finally:
            finished.close()  # ends the workers of a pool or the tasks of Ray at once
            if self.checkpoint_path:
                self.save()
        return self.tally

    def save(self) -> None:
        if self.checkpoint_path is not None:
            checkpoint.save(self.checkpoint_path, self.plan, self.progress)
