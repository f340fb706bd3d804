"""Benchmark whole games: our engine against RLCard's mahjong, the CLI against the API, memory.

(f) Random self-play: every side plays full games (one game = one hand, deal to win or
    empty wall) with a random bot at every seat. Sides interleave over rounds, each round
    a new stretch of seeds; CPU time per game, min and median over the rounds, and each
    side's ratio to RLCard's `mahjong` env with 4 `RandomAgent`s (`peers/rlcard_mahjong.py`).
    Our sides (`peers/ours_play.py`) play 跑馬仔 and 跑胡子 with `RandomBot`s; with
    `--regional`, the six regional files of rule language v3 instead (target ≥ 10×), and
    (h) plays them too.
(g) Engine CPU per bot decision, from the same rounds: a side's CPU time over its steps.
(h) `tablerules play --hands N --log F --quiet` against the same hands played through
    the API by a script (`children/play_api.py`): whole processes, CPU time, interleaved.
(i) Resident memory of one process playing 40,000 跑胡子 hands (`children/play_memory.py`).
(j) The scoring presets against their base files: 跑馬仔番 beside 跑馬仔, 跑胡子名堂
    beside 跑胡子 and 跑胡子名堂3人 beside 跑胡子3人, the same hands on both (same seeds and
    bots), with random bots and with greedy bots (which win most hands, so the hand
    patterns are judged often); each
    preset's speed as a share of its base's (base CPU per game / preset CPU per game).

Run with --help for the options.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench_report import machine, progress
from bench_timing import Figures, Ratio, Share, child_cpu_ns, child_env, interleave
from peers import REQUIRED_KEYS, PlayFigures, PlayRunner
from peers.ours_play import REGIONAL, our_sides, preset_sides
from peers.rlcard_mahjong import SIDE as RLCARD_SIDE
from peers.rlcard_mahjong import RLCardMissingError, rlcard_games_per_second

ROOT = Path(__file__).resolve().parent.parent
CHILDREN = ROOT / "benchmarks" / "children"
SEED = 2_024  # any fixed seed: every side gets the same ones, so runs repeat

FULL = {
    "rounds": 12,
    "rlcard_games": 40,
    "our_games": 200,
    "cli_rounds": 3,
    "cli_hands": 1_000,
    "memory_hands": 40_000,
    "memory_every": 5_000,
    "preset_random_games": 100,
    "preset_greedy_games": 30,
}
QUICK = {
    "rounds": 2,
    "rlcard_games": 5,
    "our_games": 10,
    "cli_rounds": 1,
    "cli_hands": 5,
    "memory_hands": 40,
    "memory_every": 20,
    "preset_random_games": 5,
    "preset_greedy_games": 3,
}
TARGETS = {
    "ratio_to_rlcard": 20.0,  # our games per CPU second vs RLCard's, each game
    "regional_ratio_to_rlcard": 10.0,  # the same, each regional file (issue 23)
    "paomazai_us_per_decision": 18.0,
    "cli_log_vs_api": 0.8,
    "memory_mb": 120.0,
    "preset_vs_base": 0.7,  # a scoring preset's games per CPU second / its base file's
}
CLI_GAMES = {"跑馬仔": "rules/paomazai.rules", "跑胡子": "rules/paohuzi.rules"}
REGIONAL_CLI_GAMES = {side: f"rules/{name}" for side, name in REGIONAL}
MEMORY_GAME = ("跑胡子", "rules/paohuzi.rules")


def pad(text: str, width: int) -> str:
    """Left-align `text` in `width` columns, counting CJK characters as two (跑馬仔 is 6)."""
    used = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    return text + " " * max(0, width - used)


def mark(ok: bool) -> str:
    return "✓" if ok else "✗"


# ── (f, g) self-play ───────────────────────────────────────────────
@dataclass
class Side:
    """One side's rounds: figures per game and per step, and what its games came to."""

    name: str
    rounds: list[PlayFigures] = field(default_factory=list)

    def add(self, result: PlayFigures) -> None:
        missing = REQUIRED_KEYS - set(result)
        if missing:
            raise TypeError(f"side {self.name!r} returned no {', '.join(sorted(missing))}")
        self.rounds.append(result)

    @property
    def games(self) -> int:
        return sum(r["games"] for r in self.rounds)

    @property
    def steps(self) -> float:
        return sum(r["steps_per_game"] * r["games"] for r in self.rounds)

    @property
    def won(self) -> float:
        return sum(r["won_share"] * r["games"] for r in self.rounds)

    def per_game(self, figures: Figures) -> Figures:
        return figures

    def to_json(self, per_game: Figures, per_step: Figures) -> dict[str, Any]:
        return {
            "games": self.games,
            "per_game": per_game.to_json(),
            "games_per_cpu_s_at_median": round(per_game.per_second("median"), 2),
            "per_decision": per_step.to_json(),
            "steps_per_game": round(self.steps / self.games, 2),
            "won_share": round(self.won / self.games, 4),
            "details": self.rounds[-1].get("details", {}),
        }


def _share(side: Side, runner: PlayRunner, games: int, per_step: dict[str, list[float]]) -> Share:
    def run(index: int) -> tuple[int, int]:
        result = runner(games, SEED + index * 7_919)
        if result["games"] != games:
            raise ValueError(f"side {side.name!r} played {result['games']:,} games, not {games:,}")
        side.add(result)
        steps = result["steps_per_game"] * games
        per_step.setdefault(side.name, []).append(result["seconds"] * 1e9 / steps)
        return int(result["seconds"] * 1e9), games

    return run


@dataclass
class SelfPlay:
    sides: dict[str, Side]
    per_game: dict[str, Figures]
    per_step: dict[str, Figures]

    def ratio(self, name: str) -> Ratio:
        return Ratio.of(self.per_game[name], self.per_game[RLCARD_SIDE])

    def to_json(self) -> dict[str, Any]:
        return {
            "sides": {
                name: side.to_json(self.per_game[name], self.per_step[name])
                for name, side in self.sides.items()
            },
            "ratio_to_rlcard": {
                name: self.ratio(name).to_json() for name in self.sides if name != RLCARD_SIDE
            },
        }


def bench_self_play(plan: dict[str, int], regional: bool = False) -> SelfPlay:
    sides = {RLCARD_SIDE: Side(RLCARD_SIDE)}
    runners: dict[str, tuple[PlayRunner, int]] = {
        RLCARD_SIDE: (rlcard_games_per_second, plan["rlcard_games"])
    }
    for name, runner in our_sides(regional):
        sides[name] = Side(name)
        runners[name] = (runner, plan["our_games"])
    per_step: dict[str, list[float]] = {}
    shares = {
        name: _share(sides[name], runner, games, per_step)
        for name, (runner, games) in runners.items()
    }
    progress(
        f"(f) self-play: {plan['rounds']} rounds; RLCard {plan['rlcard_games']} games a round,"
        f" ours {plan['our_games']}"
    )
    per_game = interleave(plan["rounds"], shares, progress)
    steps = {name: Figures(tuple(values), 1) for name, values in per_step.items()}
    return SelfPlay(sides, per_game, steps)


# ── (h) play --log against the API ─────────────────────────────────
@dataclass
class CliVersusApi:
    hands: int
    figures: dict[str, dict[str, Figures]]  # game -> side -> figures
    same_totals: bool

    def ratio(self, game: str) -> Ratio:
        # the CLI's speed as a share of the API's: API time / CLI time
        sides = self.figures[game]
        return Ratio.of(sides["play --log"], sides["API"])

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "games": {
                game: {
                    "sides": {name: f.to_json() for name, f in sides.items()},
                    "cli_speed_vs_api": self.ratio(game).to_json(),
                }
                for game, sides in self.figures.items()
            },
            "same_totals": self.same_totals,
        }


def _tablerules() -> list[str]:
    script = Path(sys.executable).with_name("tablerules")
    return [str(script)] if script.exists() else [sys.executable, "-m", "tablerules"]


def bench_cli_play(plan: dict[str, int], folder: Path, regional: bool = False) -> CliVersusApi:
    hands = plan["cli_hands"]
    figures: dict[str, dict[str, Figures]] = {}
    same = True
    for game, rules in (REGIONAL_CLI_GAMES if regional else CLI_GAMES).items():
        path = str(ROOT / rules)
        common = ["--seed", str(SEED), "--hands", str(hands), "--bots", "random"]
        log = folder / "play.jsonl"
        cli = [*_tablerules(), "play", path, *common, "--quiet", "--log", str(log)]
        api = [sys.executable, str(CHILDREN / "play_api.py"), path, *common]
        outputs = [  # untimed first runs: they also check that both play the same hands
            subprocess.run(c, capture_output=True, text=True, check=True, env=child_env()).stdout
            for c in (cli, api)
        ]
        same = same and outputs[0].strip().splitlines()[-1] == outputs[1].strip().splitlines()[-1]
        progress(
            f"(h) {game}: play --log against the API,"
            f" {plan['cli_rounds']} rounds of {hands:,} hands"
        )
        figures[game] = interleave(
            plan["cli_rounds"],
            {
                "play --log": lambda _, c=cli: (child_cpu_ns(c), hands),
                "API": lambda _, c=api: (child_cpu_ns(c), hands),
            },
        )
    return CliVersusApi(hands, figures, same)


# ── (i) memory ─────────────────────────────────────────────────────
def start_memory(plan: dict[str, int]) -> subprocess.Popen[str]:
    """Start the memory run in a process of its own: it measures memory, not time, so it
    runs beside the timed parts (on the other core) rather than after them."""
    name, rules = MEMORY_GAME
    progress(f"(i) memory: {plan['memory_hands']:,} {name} hands in one process, started")
    command = [
        sys.executable,
        str(CHILDREN / "play_memory.py"),
        str(ROOT / rules),
        "--hands",
        str(plan["memory_hands"]),
        "--every",
        str(plan["memory_every"]),
    ]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish_memory(run: subprocess.Popen[str]) -> dict[str, Any]:
    progress("(i) memory: waiting for the run to finish")
    out, err = run.communicate()
    if run.returncode:
        raise subprocess.CalledProcessError(run.returncode, run.args, out, err)
    result = json.loads(out)
    result["game"] = MEMORY_GAME[0]
    return result


# ── (j) scoring presets against their base files ───────────────────
PRESET_BOTS = ("random", "greedy")


@dataclass
class PresetPlay:
    """Per bot kind: each side's rounds and figures; a preset's side names its base's."""

    bases: dict[str, str]  # preset side -> base side
    sides: dict[str, dict[str, Side]] = field(default_factory=dict)  # bot -> side name -> Side
    figures: dict[str, dict[str, Figures]] = field(default_factory=dict)

    def ratio(self, bot: str, preset: str) -> Ratio:
        """The preset's speed as a share of its base's: base time / preset time."""
        per_game = self.figures[bot]
        return Ratio.of(per_game[preset], per_game[self.bases[preset]])

    def to_json(self) -> dict[str, Any]:
        return {
            bot: {
                "sides": {
                    name: {
                        "games": side.games,
                        "per_game": self.figures[bot][name].to_json(),
                        "won_share": round(side.won / side.games, 4),
                        "rules": side.rounds[-1].get("details", {}).get("rules"),
                    }
                    for name, side in sides.items()
                },
                "preset_vs_base": {
                    preset: {"base": base, **self.ratio(bot, preset).to_json()}
                    for preset, base in self.bases.items()
                },
            }
            for bot, sides in self.sides.items()
        }


def bench_presets(plan: dict[str, int]) -> PresetPlay:
    """Each preset and its base on the same seeds, sides interleaved, for each bot kind."""
    result = PresetPlay({})
    for bot in PRESET_BOTS:
        games = plan[f"preset_{bot}_games"]
        sides: dict[str, Side] = {}
        shares: dict[str, Share] = {}
        for preset, base, preset_runner, base_runner in preset_sides(bot):
            result.bases[preset] = base
            for name, runner in ((base, base_runner), (preset, preset_runner)):
                sides[name] = Side(name)
                shares[name] = _share(sides[name], runner, games, {})
        progress(f"(j) presets and their bases, {bot} bots: {plan['rounds']} rounds of {games}")
        result.sides[bot] = sides
        result.figures[bot] = interleave(plan["rounds"], shares, progress)
    return result


# ── report ────────────────────────────────────────────────────────
def print_report(
    info: dict[str, Any],
    plan: dict[str, int],
    play: SelfPlay,
    cli: CliVersusApi | None,
    memory: dict[str, Any] | None,
    presets: PresetPlay | None,
) -> None:
    print()
    print(f"Python   {info['python']}")
    print(f"Machine  {info['platform']}, {info['cpu']}, {info['cpu_count']} CPUs")
    print()
    print(
        f"(f) Whole games, a random bot at every seat — CPU time per game, {plan['rounds']} rounds"
        " (sides interleaved); min and median over the rounds"
    )
    print(
        f"    {'side':<16} {'games':>6} {'ms min':>8} {'ms median':>10} {'games/s':>9}"
        f" {'steps/game':>11} {'won':>6} {'× RLCard min':>13} {'× median':>9}"
    )
    for name, side in play.sides.items():
        figures = play.per_game[name]
        ratio = play.ratio(name) if name != RLCARD_SIDE else Ratio(1.0, 1.0)
        print(
            f"    {pad(name, 16)} {side.games:>6,} {figures.min_ns / 1e6:>8.3f}"
            f" {figures.median_ns / 1e6:>10.3f} {figures.per_second('median'):>9,.1f}"
            f" {side.steps / side.games:>11.1f} {side.won / side.games:>6.1%}"
            f" {ratio.at_min:>12.2f}× {ratio.at_median:>8.2f}×"
        )
    ours = [name for name in play.sides if name != RLCARD_SIDE]
    regional = any(name in REGIONAL_CLI_GAMES for name in ours)
    target = TARGETS["regional_ratio_to_rlcard" if regional else "ratio_to_rlcard"]
    shown = ", ".join(f"{name} {mark(play.ratio(name).at_median >= target)}" for name in ours)
    print(f"    target: ≥ {target:g}× RLCard (median) — {shown}")
    print()
    print("(g) CPU per bot decision (a side's CPU time over its steps), µs")
    for name in play.sides:
        figures = play.per_step[name]
        print(f"    {pad(name, 16)} min {figures.min_us:7.2f}  median {figures.median_us:7.2f}")
    if "跑馬仔" in play.per_step:
        us = play.per_step["跑馬仔"].median_us
        print(
            f"    target: 跑馬仔 ≤ {TARGETS['paomazai_us_per_decision']:g} µs (median)"
            f" {mark(us <= TARGETS['paomazai_us_per_decision'])}"
        )
    print()
    if cli is not None:
        print(
            f"(h) play --hands {cli.hands:,} --log F --quiet against the same hands through the"
            " API — process CPU, ms per hand"
        )
        for game, sides in cli.figures.items():
            ratio = cli.ratio(game)
            parts = "   ".join(
                f"{side} min {f.min_ns / 1e6:6.3f} median {f.median_ns / 1e6:6.3f}"
                for side, f in sides.items()
            )
            print(
                f"    {pad(game, 8)} {parts}   CLI at ×{ratio.at_min:.2f} (min)"
                f" ×{ratio.at_median:.2f} (median) of the API's speed"
            )
        worst = min(cli.ratio(game).at_median for game in cli.figures)
        print(
            f"    same hands on both sides (final totals) {mark(cli.same_totals)};"
            f" target ≥ {TARGETS['cli_log_vs_api']:g}× {mark(worst >= TARGETS['cli_log_vs_api'])}"
        )
        print()
    if memory is not None:
        samples = ", ".join(f"{s['hands']:,}: {s['rss_mb']:.0f}" for s in memory["samples"])
        print(
            f"(i) Resident memory playing {memory['game']} hands in one process, MB after N hands"
        )
        print(f"    {samples}; peak {memory['peak_mb']:.0f}")
        print(
            f"    target: ≤ {TARGETS['memory_mb']:g} MB"
            f" {mark(memory['peak_mb'] <= TARGETS['memory_mb'])}"
        )
        print()
    if presets is not None:
        print_presets(plan, presets)


def print_presets(plan: dict[str, int], presets: PresetPlay) -> None:
    target = TARGETS["preset_vs_base"]
    print(
        f"(j) Scoring presets beside their base files, the same hands — CPU time per game,"
        f" {plan['rounds']} rounds (sides interleaved)"
    )
    for bot, sides in presets.sides.items():
        print(f"    {bot} bots")
        for name, side in sides.items():
            figures = presets.figures[bot][name]
            print(
                f"      {pad(name, 12)} {side.games:>6,} games  ms min {figures.min_ns / 1e6:8.3f}"
                f"  median {figures.median_ns / 1e6:8.3f}  won {side.won / side.games:6.1%}"
            )
        for preset, base in presets.bases.items():
            ratio = presets.ratio(bot, preset)
            print(
                f"      {pad(preset, 12)} plays at ×{ratio.at_min:.2f} (min)"
                f" ×{ratio.at_median:.2f} (median) of {base}'s speed; target ≥ {target:g}"
                f" {mark(ratio.at_median >= target)}"
            )
    print()


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=(
            "Time whole games played by random bots (RLCard's mahjong and our two games, "
            "interleaved rounds, CPU time), the CPU per bot decision, `play --log` against the "
            "API, the memory of a long run, and the scoring presets beside their base files; "
            "print the figures."
        ),
        epilog="Progress goes to stderr, the report to stdout. Exit status 1 without RLCard.",
    )
    parser.add_argument("--quick", action="store_true", help="smoke run: a few games per part")
    parser.add_argument(
        "--rounds", type=int, metavar="N", help=f"self-play rounds (default {FULL['rounds']})"
    )
    parser.add_argument("--skip-cli", action="store_true", help="leave out (h), the CLI runs")
    parser.add_argument("--skip-memory", action="store_true", help="leave out (i), the memory run")
    parser.add_argument(
        "--skip-presets", action="store_true", help="leave out (j), the scoring presets"
    )
    parser.add_argument(
        "--presets-only", action="store_true", help="run (j) alone: the scoring presets"
    )
    parser.add_argument(
        "--regional",
        action="store_true",
        help="(f) and (h) on the six regional files instead of 跑馬仔 and 跑胡子 (≥ 10× RLCard)",
    )
    parser.add_argument("--json", metavar="FILE", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    if args.presets_only and args.skip_presets:
        parser.error("--presets-only and --skip-presets leave nothing to run")
    args.plan = dict(QUICK if args.quick else FULL)
    if args.rounds is not None:
        if args.rounds < 1:
            parser.error("--rounds must be at least 1")
        args.plan["rounds"] = args.rounds
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    plan = args.plan
    info = machine()
    if args.presets_only:
        return presets_only(info, plan, args.json)
    running = None if args.skip_memory else start_memory(plan)
    try:
        play = bench_self_play(plan, args.regional)
    except RLCardMissingError as error:
        print(error, file=sys.stderr)
        if running is not None:
            running.kill()
            running.wait()
        return 1
    cli = None
    if not args.skip_cli:
        with tempfile.TemporaryDirectory() as folder:
            cli = bench_cli_play(plan, Path(folder), args.regional)
    memory = None if running is None else finish_memory(running)
    presets = None if args.skip_presets else bench_presets(plan)
    print_report(info, plan, play, cli, memory, presets)
    if args.json is not None:
        result = {
            "machine": info,
            "plan": plan,
            "seed": SEED,
            "self_play": play.to_json(),
            "cli_play_vs_api": cli.to_json() if cli else None,
            "memory": memory,
            "presets": presets.to_json() if presets else None,
            "targets": TARGETS,
        }
        args.json.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
        print(f"figures written to {args.json}")
    return 0


def presets_only(info: dict[str, Any], plan: dict[str, int], json_path: Path | None) -> int:
    """(j) alone: the scoring presets beside their base files."""
    presets = bench_presets(plan)
    print()
    print(f"Python   {info['python']}")
    print(f"Machine  {info['platform']}, {info['cpu']}, {info['cpu_count']} CPUs")
    print()
    print_presets(plan, presets)
    if json_path is not None:
        result = {"machine": info, "plan": plan, "seed": SEED, "presets": presets.to_json()}
        json_path.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
        print(f"figures written to {json_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
