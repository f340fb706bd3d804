"""Benchmark what the server does for one click on the playground (issue 25).

The playground is loaded as a server holds it (Streamlit's AppTest: the page run once, so
every module is imported and every bundled game compiled), then, over interleaved rounds:

(p1) The full garbage collection Streamlit ran after every run of the page, a fragment's
     included (`runner.postScriptGC`), against the same collection once the objects of
     the first page are frozen (`gc.freeze`, what `playground.page.heap` does); each
     after a step of the page, as it would follow one.
(p2) The Hand tab's page built for one step (`hand_page.build_page`: the table, the
     narrated move list, the settlement): the table part's own work on a click.
(p3) One run of the whole page after a click on "next" (AppTest runs the whole script;
     in the browser the click reruns only the Hand tab's table part).

CPU time of the process (`time.process_time_ns`: AppTest runs the page in a thread of
its own), min and median over the rounds. Run with --help; --json prints the figures.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
from pathlib import Path
from time import process_time_ns

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_timing import interleave
from streamlit.testing.v1 import AppTest
from tablerules.playground.play.hand_page import build_page, go_to_step

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "playground" / "app.py"


def loaded() -> AppTest:
    """The playground after its first run, stepped into its hand."""
    at = AppTest.from_file(str(APP), default_timeout=300)
    at.run()
    if at.exception:
        raise SystemExit(f"the playground failed: {at.exception}")
    return at


def collect(at: AppTest, frozen: bool) -> tuple[int, int]:
    """One full collection after a step of the page (not timed), with the objects of the
    first page frozen or not."""
    if frozen:
        gc.freeze()
    else:
        gc.unfreeze()
    page_run(at)
    start = process_time_ns()
    gc.collect()
    return process_time_ns() - start, 1


def page_built(at: AppTest, step: int) -> tuple[int, int]:
    """The Hand tab's page built for the referee at `step`, ten times."""
    hand = at.session_state["hand"]
    go_to_step(hand, None, step)
    start = process_time_ns()
    for _ in range(10):
        build_page(hand, None)
    return process_time_ns() - start, 10


def page_run(at: AppTest) -> tuple[int, int]:
    """One run of the whole page after a click on "next" (back to the deal at the end)."""
    at.button(key="next").click()
    start = process_time_ns()
    at.run()
    spent = process_time_ns() - start
    if at.session_state["hand"].cursor >= at.session_state["hand"].last:
        at.button(key="reset").click()
        at.run()
    return spent, 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    at = loaded()
    figures = interleave(
        args.rounds,
        {
            "p1 full collection (as after every run)": lambda r: collect(at, frozen=False),
            "p1 full collection, first page frozen": lambda r: collect(at, frozen=True),
            "p2 the Hand tab's page built": lambda r: page_built(at, 5 + r % 20),
            "p3 the whole page run after next": lambda r: page_run(at),
        },
    )
    gc.freeze()  # as the playground leaves it
    objects = gc.get_freeze_count()  # the first page's objects, and what the rounds made
    if args.json:
        report = {name: f.to_json() for name, f in figures.items()}
        print(json.dumps({"objects": objects, **report}, indent=2))
        return
    print(f"objects frozen at the end: {objects:,}")
    print(f"{'side':44s} {'min ms':>8s} {'median ms':>10s}")
    for name, found in figures.items():
        print(f"{name:44s} {found.min_us / 1000:8.2f} {found.median_us / 1000:10.2f}")


if __name__ == "__main__":
    main()
