"""Where shards run: in this process, on a pool of processes, or as Ray tasks.

Each executor yields `(shard, tally)` as shards finish (in any order) and stops handing
out work as soon as `stop()` turns true; shards cut short are simply not yielded, so the
sums of the yielded ones are always whole hands of a known set of shards.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from tablerules.interpreter.simulate.plan import Plan, Shard
from tablerules.interpreter.simulate.runner import Stopped, game_of, run_shard
from tablerules.interpreter.simulate.tally import Tally

POLL_SECONDS = 0.2
Done = Iterator[tuple[Shard, Tally]]
StopCheck = Callable[[], bool]


class ExecutorError(RuntimeError):
    """The executor cannot run (Ray missing, a cluster unreachable): the message says why."""


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def run_here(plan: Plan, shards: Sequence[Shard], stop: StopCheck) -> Done:
    """One shard after another in this process."""
    for shard in shards:
        if stop():
            return
        try:
            yield shard, run_shard(plan, shard, stop)
        except Stopped:
            return


# ── a pool of processes ───────────────────────────────────────────────

_WORKER_PLAN: Plan | None = None


def _start_worker(plan: Plan) -> None:
    global _WORKER_PLAN
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _WORKER_PLAN = plan
    for side in plan.sides:
        game_of(side)


def _work(shard: Shard) -> tuple[int, Tally]:
    assert _WORKER_PLAN is not None
    return shard.index, run_shard(_WORKER_PLAN, shard)


def run_pool(plan: Plan, shards: Sequence[Shard], jobs: int, stop: StopCheck) -> Done:
    """The shards spread over `jobs` worker processes (forked where the platform can)."""
    if not shards:
        return
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    by_index = {shard.index: shard for shard in shards}
    processes = min(jobs, len(shards))  # a process with no shard to play is never started
    pool = context.Pool(processes, initializer=_start_worker, initargs=(plan,))
    try:
        results = pool.imap_unordered(_work, shards)
        for _ in range(len(shards)):
            while True:
                if stop():
                    return
                try:
                    index, tally = results.next(timeout=POLL_SECONDS)
                    break
                except multiprocessing.TimeoutError:
                    continue
            yield by_index[index], tally
    finally:
        pool.terminate()
        pool.join()


# ── Ray ───────────────────────────────────────────────────────────────


def _ray_shard(plan: Plan, shard: Shard) -> Tally:
    return run_shard(plan, shard)


def ray_module() -> Any:
    try:
        import ray  # an optional extra: pip install 'tablerules[ray]'
    except ImportError:
        raise ExecutorError(
            "Ray is not installed; install it with: pip install 'tablerules[ray]'"
        ) from None
    return ray


def run_ray(
    plan: Plan,
    shards: Sequence[Shard],
    address: str | None,
    stop: StopCheck,
    cpus: int | None = None,
) -> Done:
    """The shards as Ray tasks: on the cluster at `address`, or on a local Ray runtime
    started for the run (with `cpus` CPUs) and shut down after it."""
    ray = ray_module()
    started = False
    if not ray.is_initialized():
        options: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "configure_logging": False,
        }
        if address:
            options["address"] = address
        else:  # a runtime of our own, even where another one is running
            options["address"] = "local"
            if cpus:
                options["num_cpus"] = cpus
        try:
            ray.init(**options)
        except Exception as error:  # Ray reports an unreachable cluster in many ways
            raise ExecutorError(
                f"cannot start Ray at {address or 'this machine'}: {error}"
            ) from None
        started = True
    try:
        task = ray.remote(_ray_shard)
        plan_ref = ray.put(plan)
        pending = {task.remote(plan_ref, shard): shard for shard in shards}
        while pending:
            if stop():
                for ref in pending:
                    ray.cancel(ref, force=True)
                return
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=POLL_SECONDS)
            for ref in ready:
                shard = pending.pop(ref)
                yield shard, ray.get(ref)
    finally:
        if started:
            ray.shutdown()
