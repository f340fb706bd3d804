"""Where shards run: in this process, on a pool of processes, or as Ray tasks.

Each executor yields `(shard, tally)` as shards finish (in any order) and stops handing
out work as soon as `stop()` turns true; shards cut short are simply not yielded, so the
sums of the yielded ones are always whole hands of a known set of shards. Shards are taken
from the iterable a few at a time (`AHEAD` per worker waiting), so a simulation of any
size holds only the shards being played.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import queue
import signal
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from tablerules.interpreter.simulate.plan import Plan, Shard
from tablerules.interpreter.simulate.runner import Stopped, game_of, run_shard
from tablerules.interpreter.simulate.tally import Tally

POLL_SECONDS = 0.2
AHEAD = 2  # shards handed out per worker before the first comes back
Done = Iterator[tuple[Shard, Tally]]
StopCheck = Callable[[], bool]


class ExecutorError(RuntimeError):
    """The executor cannot run (Ray missing, a cluster unreachable): the message says why."""


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def run_here(plan: Plan, shards: Iterable[Shard], stop: StopCheck) -> Done:
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


def _work(shard: Shard) -> Tally:
    assert _WORKER_PLAN is not None
    return run_shard(_WORKER_PLAN, shard)


def run_pool(plan: Plan, shards: Iterable[Shard], jobs: int, stop: StopCheck) -> Done:
    """The shards spread over `jobs` worker processes (forked where the platform can)."""
    pending = iter(shards)
    first = list(itertools.islice(pending, AHEAD * jobs))
    if not first:
        return
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    processes = min(jobs, len(first))  # a process with no shard to play is never started
    pool = context.Pool(processes, initializer=_start_worker, initargs=(plan,))
    finished: queue.SimpleQueue[tuple[Shard, Tally] | BaseException] = queue.SimpleQueue()

    def hand_out(shard: Shard) -> None:
        pool.apply_async(
            _work,
            (shard,),
            callback=lambda tally: finished.put((shard, tally)),
            error_callback=finished.put,
        )

    try:
        for shard in first:
            hand_out(shard)
        playing = len(first)
        while playing:
            if stop():
                return
            try:
                result = finished.get(timeout=POLL_SECONDS)
            except queue.Empty:
                continue
            if isinstance(result, BaseException):
                raise result
            playing -= 1
            following = next(pending, None)
            if following is not None:
                hand_out(following)
                playing += 1
            yield result
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
    shards: Iterable[Shard],
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
        window = AHEAD * max(1, int(ray.cluster_resources().get("CPU", cpus or 1)))
        pending_shards = iter(shards)
        pending = {
            task.remote(plan_ref, shard): shard
            for shard in itertools.islice(pending_shards, window)
        }
        while pending:
            if stop():
                for ref in pending:
                    ray.cancel(ref, force=True)
                return
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=POLL_SECONDS)
            for ref in ready:
                shard = pending.pop(ref)
                following = next(pending_shards, None)
                if following is not None:
                    pending[task.remote(plan_ref, following)] = following
                yield shard, ray.get(ref)
    finally:
        if started:
            ray.shutdown()
