"""What the Statistics tab runs and shows: a simulation of the rules in use (and of another
file on the same deals) played on the server's own thread within a CPU budget, told as it
goes, and its rows made into a table and into chart data. Free of Streamlit, so it can be
tested alone.

The hands are those `tablerules simulate` plays with the same seed, hands and bots: the
page and the command give the same figures, and the command takes over where the page's
budget ends (the tab says which command).
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tablerules.interpreter.api import Game
from tablerules.interpreter.deadline import within
from tablerules.interpreter.messages import Messages
from tablerules.interpreter.narration.narrate import player_name
from tablerules.interpreter.simulate import Plan, Row, Simulation, Tally, Where, rows, side_for
from tablerules.interpreter.simulate.runner import Stopped
from tablerules.interpreter.simulate.wording import number, rule_ids, with_interval
from tablerules.playground.files.budget import CpuBudget
from tablerules.playground.words.page_messages import page_messages

HAND_COUNTS = (200, 500, 1000, 2000, 5000)  # what the tab offers
FIRST_HANDS = 1000
CHARTED = {  # chart title -> which rows, and how each is named on its axis
    "money per hand by ledger label": ("money by ledger label", ": money per hand"),
    "money per hand by position": ("per position from the dealer", ": money per hand"),
    "share of wins by value": ("value of a win", ""),
}

Progress = Callable[[int, float], None]  # hands done, CPU seconds spent


@dataclass
class Outcome:
    """A finished (or stopped) simulation: its plan, its sums, its rows, and how it ran."""

    plan: Plan
    tally: Tally
    rows: list[Row]
    seconds: float  # CPU seconds of this thread
    stopped: str = ""  # why it ended before its last hand ("" when it played them all)

    @property
    def hands(self) -> int:
        return self.tally.hands

    @property
    def paired(self) -> bool:
        return len(self.plan.sides) == 2


def plan_for(sides: list[tuple[str, Game]], seed: int, hands: int, bots: str) -> Plan:
    """The simulation of one or two (name, game) sides, on the same deals."""
    return Plan(tuple(side_for(name, game, bots) for name, game in sides), seed, hands)


def simulate(plan: Plan, budget: CpuBudget, told: Progress | None = None) -> Outcome:
    """Play the plan on this thread, one shard after another, until its last hand or the
    budget's end; `told` hears after each shard. The budget is asked before every move and
    checked by the engine inside each (at every decision and evaluation), so one slow move
    cannot run on past it; the shard cut short is not counted, the shards done are."""
    started = time.thread_time()

    def progress(done: int) -> None:
        if told is not None:
            told(done, time.thread_time() - started)

    simulation = Simulation(plan)
    try:
        with within(budget.deadline(Stopped)):
            simulation.run(Where(jobs=1), stop=budget.exhausted, on_progress=progress)
    except Stopped:  # should a check outside a shard's hands stop it: the sums are whole
        pass
    tally = simulation.tally
    seconds = time.thread_time() - started
    stopped = ""
    if tally.hands < plan.hands:
        stopped = (
            f"stopped after {budget.seconds:.0f} s of computing, the playground's budget for a "
            f"simulation: these are the statistics of the first {tally.hands:,} of "
            f"{plan.hands:,} hands"
        )
    return Outcome(plan, tally, rows(plan, tally), seconds, stopped)


def progress_text(done: int, hands: int, seconds: float, say: Messages | None = None) -> str:
    """`1,200 of 2,000 hands · 68 hands/s · about 12 s left` (in the language of `say`)."""
    say = say or page_messages()
    text = say("stats.progress", done=f"{done:,}", hands=f"{hands:,}")
    if done and seconds > 0:
        rate = done / seconds
        left = math.ceil((hands - done) / rate)
        text += say("stats.rate", rate=f"{rate:,.0f}", left=left)
    return text


def command(paths: list[tuple[str, list[str]]], seed: int, hands: int, bots: str) -> str:
    """The `tablerules simulate` command that plays the same hands (and more, given time):
    `paths` gives each side's file and its options (`NAME=VALUE`) that differ from the
    file's own."""
    (left, options), *others = paths
    words = ["tablerules", "simulate", left]
    words += [f"--option {option}" for option in options]
    for right, their_options in others:
        words += ["--compare", right]
        words += [f"--compare-option {option}" for option in their_options]
    words += ["--hands", str(hands), "--seed", str(seed), "--bots", bots, "--jobs", "auto"]
    return " ".join(words)


def option_flags(game: Game) -> list[str]:
    """A game's option values that differ from its rule file's own, as `NAME=VALUE`."""
    defaults = game.compiled.rules.option_values()
    flags = []
    for name, value in game.compiled.options.items():
        if said(value) != said(defaults.get(name)):
            flags.append(f"{name}={said(value)}")
    return flags


def said(value: object) -> str:
    """An option's value as a command line writes it (`true`, not `True`)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


SEAT_ROW = re.compile(r"^seat (\d+): ")


def seat_named(name: str) -> str:
    """A row's name with a seat as the Hand tab names it: `seat 0: win rate` (a seat of
    the command's report, numbered from 0) reads `player 1: win rate`. (Rows by position
    from the dealer already bear the rule file's seat names.)"""
    return SEAT_ROW.sub(lambda found: f"{player_name(int(found[1]))}: ", name)


def table(outcome: Outcome) -> list[dict[str, str]]:
    """The rows as the tab's table shows them: each side's estimate with its interval, the
    difference and its flag (two sides), the rule ids."""
    names = [side.name for side in outcome.plan.sides]
    shown = []
    for row in outcome.rows:
        line = {"section": row.section, "statistic": seat_named(row.name)}
        for name, value in zip(names, row.values, strict=True):
            line[name] = with_interval(value, row.measure)
        if outcome.paired:
            line["A − B"] = with_interval(row.difference, row.measure, signed=True)
            line["differs"] = "*" if row.significant else ""
        line["rule ids"] = rule_ids(row.cites)
        shown.append(line)
    return shown


def significant(outcome: Outcome) -> list[Row]:
    """The rows whose difference's interval excludes zero."""
    return [row for row in outcome.rows if row.significant]


def chart_data(outcome: Outcome, title: str) -> list[dict[str, Any]]:
    """One record per (row, side) for a chart of CHARTED[title]: the name on its axis, the
    side, the mean and the 95% interval (absent when one hand cannot give one)."""
    section, suffix = CHARTED[title]
    records = []
    for row in outcome.rows:
        if row.section != section or not row.name.endswith(suffix):
            continue
        if section == "value of a win" and row.measure != "share of wins":
            continue
        label = row.name.removesuffix(suffix) if suffix else row.name.removeprefix("value ")
        for side, value in zip(outcome.plan.sides, row.values, strict=True):
            if value is None or math.isnan(value.mean):
                continue
            record: dict[str, Any] = {
                "label": label,
                "side": side.name,
                "mean": value.mean,
                "shown": number(value.mean, row.measure),
            }
            if not math.isnan(value.low):
                record["low"], record["high"] = value.low, value.high
            records.append(record)
    if section == "value of a win" and len({r["label"] for r in records}) < 2:
        return []  # every win worth the same (or no win): nothing to chart
    return records
