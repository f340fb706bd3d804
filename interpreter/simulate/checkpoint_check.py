"""What a checkpoint's content must be to be resumed: shards this simulation has, each
named once, and sums whose counts are those of the hands of those shards.

The digest (`checkpoint.digest`) tells a file altered since it was saved; these checks
hold on their own, so even a file whose digest was made again over other content cannot
claim hands it does not count, count hands of no shard, or end a run short of its hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tablerules.interpreter.simulate.plan import Plan
from tablerules.interpreter.simulate.tally import Sums, Tally


class CheckpointError(ValueError):
    """The file cannot be resumed from: the message says why."""


@dataclass
class Progress:
    done: set[int]  # indices of the shards whose hands are in `tally`
    tally: Tally


def check_progress(done: Any, tally: Any, plan: Plan) -> Progress:
    """The progress a checkpoint's `done` and `tally` hold, if they are this plan's."""
    shards = plan.shards()
    indices = _shard_indices(done, len(shards))
    try:
        sums = Tally.from_json(tally)
    except ValueError as error:
        raise CheckpointError(f"unreadable sums ({error})") from None
    if len(sums.sides) != len(plan.sides):
        raise CheckpointError(f"sums of {len(sums.sides)} sides for {len(plan.sides)}")
    hands = sum(shards[index].hands for index in indices)
    for side in sums.sides:
        if side.hands != hands:
            counted = f"{side.hands:,} hands where its shards hold {hands:,}"
            raise CheckpointError(f"its sums count {counted}")
        _check_sums(side.sums, hands)
        for n, total, squares in side.samples.values():
            _check_spread(n, total, squares)
        for histogram in side.histograms.values():
            if 0 in histogram.values():
                raise CheckpointError("a value counted no times")
    if len(sums.sides) == 2:
        _check_sums(sums.differences, hands)
    return Progress(indices, sums)


def _shard_indices(done: Any, count: int) -> set[int]:
    if not isinstance(done, list) or not all(type(index) is int for index in done):
        raise CheckpointError("its shards done are not a list of shard numbers")
    indices = set(done)
    if len(indices) != len(done):
        raise CheckpointError("names a shard twice")
    if not all(0 <= index < count for index in indices):
        raise CheckpointError("names shards this simulation does not have")
    return indices


def _check_sums(sums: Sums, hands: int) -> None:
    for total, squares in sums.values():
        _check_spread(hands, total, squares)


def _check_spread(n: int, total: int, squares: int) -> None:
    """n values summing to `total` have squares summing to at least total² / n."""
    if squares * n < total * total or (n == 0 and (total or squares)):
        raise CheckpointError("sums no set of hands can have")
