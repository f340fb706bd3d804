"""Benchmark the command line as a user meets it: whole processes, CPU time, interleaved.

(d) Cold start: `tablerules evaluate RULES --hand ...` from process start to exit, in units
    of `python -c pass` (the interpreter's own start), for both bundled games.
(e) Bulk checks: `tablerules evaluate rules/paomazai.rules --hands-file F`, with every
    split (`--detail full`), the best split (`--detail best`) or the verdict alone
    (`--detail wins`), against a plain script that parses each line with a regular
    expression, asks `mahjong`'s `Agari.is_agari` and prints JSON (`peers/agari_script.py`):
    lines per second of CPU, start-up included on both sides.

Each round runs every command once, in rotating order; the CPU time is the child's user +
system time. One untimed run first leaves what an installed copy has: compiled modules
(children run with Python's default bytecode cache) and the cached parse tables.
Run with --help for the options.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench_hands import TILE_KINDS, mahjong_hands, random_counts
from bench_report import machine, progress
from bench_timing import Figures, Ratio, child_cpu_ns, child_env, interleave

ROOT = Path(__file__).resolve().parent.parent
PEER_SCRIPT = ROOT / "benchmarks" / "peers" / "agari_script.py"
HONOUR_IDS = "ESWNCFP"  # 跑馬仔's honour ids, in its deck order
SEED = 2_718

FULL = {"rounds": 15, "lines": 20_000, "file_rounds": 5}
QUICK = {"rounds": 1, "lines": 100, "file_rounds": 1}

TARGETS = {"cold_start_units": 10.0, "hands_file_ratio": 1.0}

HANDS = {
    "跑馬仔": ("rules/paomazai.rules", "111222333444m55m"),
    "跑胡子": ("rules/paohuzi.rules", "一二三壹貳叁二七十四四四五五"),
}


def tablerules_command() -> list[str]:
    """The installed `tablerules` script next to this Python, else `python -m tablerules`."""
    script = Path(sys.executable).with_name("tablerules")
    return [str(script)] if script.exists() else [sys.executable, "-m", "tablerules"]


def notation(counts: list[int]) -> str:
    """A 34-count 跑馬仔 hand in the rule file's compact notation: `123m456p EES`."""
    parts = []
    for suit_index, suit in enumerate("mps"):
        digits = "".join(str(rank + 1) * counts[suit_index * 9 + rank] for rank in range(9))
        if digits:
            parts.append(digits + suit)
    honours = "".join(HONOUR_IDS[i] * counts[27 + i] for i in range(7))
    if honours:
        parts.append(honours)
    return " ".join(parts)


def write_hands_file(path: Path, lines: int) -> None:
    """Half complete hands, half random 14-tile hands, shuffled, from a fixed seed."""
    complete, _ = mahjong_hands(SEED, lines // 2)
    rng = random.Random(SEED)
    rand = [random_counts(rng, TILE_KINDS, 14) for _ in range(lines - len(complete))]
    hands = complete + rand
    rng.shuffle(hands)
    path.write_text("".join(notation(h) + "\n" for h in hands), encoding="utf-8")


def run_once(command: list[str], calls: int = 1) -> tuple[int, int]:
    return child_cpu_ns(command), calls


@dataclass
class ColdStart:
    figures: dict[str, Figures]

    def units(self, side: str) -> tuple[float, float]:
        ours, unit = self.figures[side], self.figures["python -c pass"]
        return ours.min_ns / unit.min_ns, ours.median_ns / unit.median_ns

    def to_json(self) -> dict[str, Any]:
        return {
            "sides": {name: f.to_json() for name, f in self.figures.items()},
            "units_of_python_c_pass": {
                name: {
                    "at_min": round(self.units(name)[0], 2),
                    "at_median": round(self.units(name)[1], 2),
                }
                for name in self.figures
                if name != "python -c pass"
            },
        }


def bench_cold_start(rounds: int, folder: Path) -> ColdStart:
    tablerules = tablerules_command()
    sides = {"python -c pass": lambda _: run_once([sys.executable, "-c", "pass"])}
    for name, (rules, hand) in HANDS.items():
        command = [*tablerules, "evaluate", str(ROOT / rules), "--hand", hand]
        child_cpu_ns(command)  # untimed: compiled modules and caches written, as installed
        sides[f"evaluate {name}"] = lambda _, command=command: run_once(command)
    # the very first run: nothing cached yet (an empty cache folder every time)
    rules, hand = HANDS["跑馬仔"]
    first = [*tablerules, "evaluate", str(ROOT / rules), "--hand", hand]

    def uncached(index: int) -> tuple[int, int]:
        empty = folder / f"empty-{index}"
        return child_cpu_ns(first, env=child_env(TABLERULES_CACHE_DIR=str(empty))), 1

    sides["evaluate 跑馬仔, nothing cached"] = uncached
    progress(f"(d) cold start: {rounds} rounds")
    return ColdStart(interleave(rounds, sides))


@dataclass
class HandsFile:
    lines: int
    figures: dict[str, Figures]

    def ratio(self, side: str) -> Ratio:
        return Ratio.of(self.figures[side], self.figures["regex + is_agari + json script"])

    def to_json(self) -> dict[str, Any]:
        return {
            "lines": self.lines,
            "sides": {
                name: {**f.to_json(), "lines_per_s_at_median": round(f.per_second("median"))}
                for name, f in self.figures.items()
            },
            "ratio_to_script": {
                name: self.ratio(name).to_json()
                for name in self.figures
                if name != "regex + is_agari + json script"
            },
        }


def bench_hands_file(rounds: int, lines: int, folder: Path) -> HandsFile:
    path = folder / "hands.txt"
    write_hands_file(path, lines)
    tablerules = tablerules_command()
    base = [*tablerules, "evaluate", str(ROOT / "rules" / "paomazai.rules"), "--hands-file"]
    commands = {
        "regex + is_agari + json script": [sys.executable, str(PEER_SCRIPT), str(path)],
        "--hands-file (full)": [*base, str(path)],
        "--hands-file --detail best": [*base, str(path), "--detail", "best"],
        "--hands-file --detail wins": [*base, str(path), "--detail", "wins"],
    }
    sides = {
        name: (lambda _, command=command: run_once(command, lines))
        for name, command in commands.items()
    }
    progress(f"(e) --hands-file: {rounds} rounds of {lines:,} lines")
    return HandsFile(lines, interleave(rounds, sides))


def mark(ok: bool) -> str:
    return "✓" if ok else "✗"


def print_report(
    info: dict[str, Any], cold: ColdStart, bulk: HandsFile, rounds: int, file_rounds: int
) -> None:
    print()
    print(f"Python   {info['python']}")
    print(f"Machine  {info['platform']}, {info['cpu']}, {info['cpu_count']} CPUs")
    print("Process CPU time (user + system) from start to exit, commands interleaved.")
    print()
    print(f"(d) Cold start — ms of CPU per run, {rounds} rounds, and in units of python -c pass")
    for side, figures in cold.figures.items():
        times = f"min {figures.min_ns / 1e6:7.1f}  median {figures.median_ns / 1e6:7.1f}"
        if side == "python -c pass":
            print(f"      {side:<28} {times}")
            continue
        at_min, at_median = cold.units(side)
        print(
            f"      {side:<28} {times}   {at_min:5.1f} units (min)  {at_median:5.1f} units (median)"
        )
    worst = max(
        cold.units(side)[1]
        for side in cold.figures
        if side != "python -c pass" and "nothing cached" not in side
    )
    print(
        f"    target: ≤ {TARGETS['cold_start_units']:g} units (median, once installed and run)"
        f" {mark(worst <= TARGETS['cold_start_units'])}"
    )
    print()
    print(
        f"(e) --hands-file, {bulk.lines:,} 跑馬仔 lines (half complete) — lines per CPU"
        f" second, {file_rounds} rounds"
    )
    for side, figures in bulk.figures.items():
        per_s = (
            f"at min {figures.per_second('min'):9,.0f}/s"
            f"  median {figures.per_second('median'):9,.0f}/s"
        )
        if side.startswith("regex"):
            print(f"      {side:<32} {per_s}")
            continue
        ratio = bulk.ratio(side)
        print(
            f"      {side:<32} {per_s}   ×{ratio.at_min:5.2f} (min)"
            f"  ×{ratio.at_median:5.2f} (median)"
        )
    verdicts = bulk.ratio("--hands-file --detail wins").at_median
    print(
        f"    target: ≥ {TARGETS['hands_file_ratio']:g}× the script (median) with --detail wins,"
        f" a verdict per line as the script prints {mark(verdicts >= TARGETS['hands_file_ratio'])}"
    )
    print()


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Time the tablerules command as whole processes: cold start in units of "
        "`python -c pass`, and --hands-file against a regex + is_agari + JSON script.",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help=f"smoke run: {QUICK['rounds']} rounds, {QUICK['lines']} lines",
    )
    parser.add_argument("--json", metavar="FILE", type=Path, help="also write the figures here")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    plan = QUICK if args.quick else FULL
    info = machine()
    with tempfile.TemporaryDirectory() as folder:
        cold = bench_cold_start(plan["rounds"], Path(folder))
        bulk = bench_hands_file(plan["file_rounds"], plan["lines"], Path(folder))
    print_report(info, cold, bulk, plan["rounds"], plan["file_rounds"])
    if args.json is not None:
        result = {
            "machine": info,
            "rounds": plan["rounds"],
            "cold_start": cold.to_json(),
            "hands_file": bulk.to_json(),
            "targets": TARGETS,
        }
        args.json.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
        print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
