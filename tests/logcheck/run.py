"""Checking hands played on the spot, as many as wanted: a plan is cut into stretches, each
played and checked in memory (no log on disk) on any core, their reports merged.

The stretches are fixed by the plan and the stretch size, not by the number of processes:
a run gives the same report on one core or on many. A stretch starting at hand K plays
what `tablerules play RULES --seed SEED+K-1 --hands SIZE` plays (see `Plan`).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed

from logcheck.check import Report, check_hands, reads_choices, selected
from logcheck.games import profile_for
from logcheck.play import Plan, header_of, play_hands

STRETCH = 250  # hands per stretch: a few seconds of play, the unit of work of a process


def stretches(plan: Plan, size: int = STRETCH) -> list[Plan]:
    """The plan cut into stretches of `size` hands (the last one shorter)."""
    first, last = plan.first, plan.first + plan.hands
    return [plan.stretch(start, min(size, last - start)) for start in range(first, last, size)]


def check_stretch(
    plan: Plan, names: list[str] | None = None, checked_as: str | None = None
) -> Report:
    """Play a plan's hands in memory and check them; `checked_as` names the bundled rule
    file whose game the hands are checked against, for a file the documents do not name."""
    header, hands = play_hands(plan, reads_choices(names))
    return check_hands(header, hands, names, None, profile_for(header, checked_as))


def _checked(job: tuple[Plan, list[str] | None, str | None]) -> Report:
    return check_stretch(*job)


def check_plan(
    plan: Plan,
    names: Iterable[str] | None = None,
    jobs: int = 1,
    size: int = STRETCH,
    progress: Callable[[Report], None] | None = None,
    checked_as: str | None = None,
) -> Report:
    """Play and check every hand of a plan, on `jobs` processes; `progress` is called with
    the report so far after each stretch; `checked_as` as for `check_stretch`."""
    wanted = list(names) if names is not None else None
    header = header_of(plan)  # loads the game once, before any process is forked
    report = Report(header, [cls.name for cls in selected(profile_for(header, checked_as), wanted)])
    parts = stretches(plan, size)
    if jobs <= 1 or len(parts) == 1:
        for part in parts:
            report.merge(check_stretch(part, wanted, checked_as))
            if progress is not None:
                progress(report)
        return report
    context = multiprocessing.get_context("fork")  # workers share the compiled game
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        futures = [pool.submit(_checked, (part, wanted, checked_as)) for part in parts]
        try:
            for future in as_completed(futures):
                report.merge(future.result())
                if progress is not None:
                    progress(report)
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    return report
