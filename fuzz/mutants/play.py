"""The mutation mode of the fuzzer: mutants of the bundled rule files, and every one that
checks must play.

A mutant is a bundled file, variant, authored fixture or documented example with one to
three changes an editor could make (`fuzz.mutants.edits`: a line dropped or repeated, a
number set to 0, 1, 40, a huge or a negative one, a word of the language swapped for
another, a clause of another file spliced in), half of them aimed at the newest constructs
(`fuzz.mutants.constructs`: wild cards, phases, carries, options, names blocks…). Each
mutant is checked; one that checks is played as a user plays it: hands with random, greedy
and value bots (`tablerules play --log`), each log replayed (`tablerules replay`) and read
by the independent log checker (`tests/logcheck`, with the invariants every game shares: a
mutant no longer follows its game's documents), dealt hands evaluated (`tablerules
evaluate`), the RL environments stepped and a hand told in each language
(`fuzz.mutants.steps`). Each step runs under a CPU budget.

A finding is an internal error or exception, a diagnostic without a place, a check over
2 s, a step over its budget (a hand that never ends), a replay that does not reproduce its
log, or an invariant failing. Mutant N is made from the seed and N alone:

    python -m fuzz.mutants.play --mutants 500 --seed 1 --jobs 2
    python -m fuzz.mutants.play --seed 1 --only 94       # print mutant 94
    python -m fuzz.mutants.play my.rules other.rules     # the same trial for given files
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import resource
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from fuzz.mutants.constructs import CONSTRUCT_EDITS
from fuzz.mutants.edits import EXAMPLES, LINE_EDITS, ROOT, SOURCES, flat, texts
from fuzz.mutants.steps import env_steps, options_played, told

CHECK_SECONDS = 2.0
STEP_SECONDS = 30.0  # CPU for one play, replay, log check or evaluation of a mutant
MEMORY = 2 * 1024**3  # bytes of address space a worker may use
# (bots, hands) played of each mutant that checks: value bots think for long, so two hands
PLAYS = (("random", 20), ("greedy", 20), ("value", 2))
VALUE_SAMPLES = 4
# What the log checker holds any rule file to; the other invariants read a game's documents.
GENERIC_INVARIANTS = [
    "money-sums-to-zero",
    "discards-are-held",
    "claims-leave-a-discard",
    "cards-are-conserved",
    "no-stuck-decision",
    "replay-reproduces",
    "same-seed-same-log",
]


def mutant(index: int, seed: int) -> tuple[str, str, list[str]]:
    """Mutant `index` of a campaign: the source it was made from, its text, its changes."""
    rng = random.Random(f"mutant:{seed}:{index}")
    source, text = rng.choice(list(texts().items()))
    lines = text.split("\n")
    edits = rng.choice([LINE_EDITS, CONSTRUCT_EDITS])
    changes = [rng.choice(edits)(lines, rng) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
    return source, "\n".join(lines), changes


@dataclass
class Outcome:
    """What became of one rule file: `refused`, `played` or `finding`, and the problems."""

    index: int
    source: str
    changes: list[str]
    verdict: str = "refused"
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0


class OverBudget(Exception):
    """A step ran past its CPU budget."""


def _over_budget(_signum: int, _frame: Any) -> None:
    raise OverBudget()


def _timed(seconds: float, step: Callable[..., Any], *args: Any) -> Any:
    """`step(*args)` under a budget of CPU seconds (the process's own profiling timer)."""
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        return step(*args)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)


def _logcheck() -> Any:
    """The independent log checker, from the tests folder."""
    tests = str(ROOT / "tests")
    if tests not in sys.path:
        sys.path.insert(0, tests)
    import logcheck

    return logcheck


def profile_of(game: Any) -> Any:
    """A log-checker profile of a rule file the documents do not describe, made from its own
    deck (names, copies), forced actions and draws: what the shared invariants read."""
    from logcheck.games.profile import Profile  # after _logcheck() put it on the path
    from tablerules.interpreter.engine import Table

    play = Table(game, seed=0).play
    return Profile(
        name="mutant",
        draws_shown=play.turn.draws_shown,
        win_action="",
        forced_actions=frozenset(name for name, rule in play.actions.items() if rule.forced),
        names=dict(zip(game.cards.display, game.cards.ids, strict=True)),
        copies=dict(zip(game.cards.ids, game.cards.copies_of, strict=True)),
    )


def _play(path: Path, log: Path, bots: str, hands: int, seed: int, profile: Any) -> list[str]:
    """Play, replay and log-check `hands` hands of `bots`; the problems found."""
    from fuzz.harness import run_cli

    argv = ["play", str(path), "--seed", str(seed), "--hands", str(hands), "--bots", bots]
    argv += ["--quiet", "--log", str(log)]
    if bots == "value":
        argv += ["--samples", str(VALUE_SAMPLES)]
    run = _timed(STEP_SECONDS, run_cli, *argv)
    if run.status != 0:
        return [f"play {bots}: status {run.status}: {run.stderr[-800:]}"]
    problems = []
    replay = _timed(STEP_SECONDS, run_cli, "replay", str(log), "--quiet")
    if replay.status != 0:
        said = (replay.stdout + replay.stderr)[-800:]
        problems.append(f"replay {bots}: status {replay.status}: {said}")
    check_log = _logcheck().check_log
    report = _timed(STEP_SECONDS, check_log, str(log), GENERIC_INVARIANTS, None, profile)
    if not report.ok:
        problems.append(f"logcheck {bots}: {report.summary()[:1500]}")
    return problems


def _evaluate(path: Path, game: Any, seed: int) -> list[str]:
    """`evaluate` of two dealt hands: a one-line refusal at worst."""
    from tablerules.interpreter.engine import Table

    from fuzz.harness import run_cli

    table = Table(game, seed=seed)
    problems = []
    for seat in table.state.seats[:2]:
        held = [game.cards.display[c] for c, n in enumerate(seat.hand) for _ in range(n)]
        if not held:
            continue
        argv = ["evaluate", str(path), "--hand", " ".join(held)]
        if table.state.turned is not None:
            argv += ["--turned", game.cards.display[table.state.turned]]
        argv += _declared(game)
        run = _timed(STEP_SECONDS, run_cli, *argv)
        if run.status not in (0, 1):
            problems.append(f"evaluate: status {run.status}: {run.stderr[-500:]}")
    return problems


def _declared(game: Any) -> list[str]:
    """A `--declared` flag for each value the file's seats declare (evaluate needs them):
    the first value of the attribute."""
    flags = []
    for phase in game.compiled.rules.phases.values():
        if phase.kind == "declaration":
            attribute = phase.attribute
            values = {str(a.get(attribute)) for a in game.compiled.cards.attributes} - {"None"}
            if values:
                flags += ["--declared", f"{attribute}={min(values)}"]
    return flags


def trial(
    path: Path,
    outcome: Outcome,
    seed: int,
    plays: tuple[tuple[str, int], ...] = PLAYS,
    steps: bool = True,
) -> Outcome:
    """Check the rule file at `path`; when it checks, play, replay, log-check and evaluate
    it, its logs written beside it, and with `steps` put it through `fuzz.mutants.steps`
    as well. The problems found go to `outcome`."""
    from tablerules.interpreter.api import check

    from fuzz.harness import Finding, validate

    _logcheck()
    started = time.process_time()
    try:
        checked = _timed(CHECK_SECONDS, check, path)
        validate(checked, path.read_text(encoding="utf-8"), path)
        if checked.ok and checked.game is not None:
            outcome.verdict = "played"
            profile = profile_of(checked.game)
            for bots, hands in plays:
                log = path.with_name(f"{path.stem}-{bots}.jsonl")
                outcome.problems += _play(path, log, bots, hands, seed, profile)
            outcome.problems += _evaluate(path, checked.game, seed)
            if not steps:
                return _ended(outcome, started)
            outcome.problems += _timed(STEP_SECONDS, env_steps, checked.game, seed)
            outcome.problems += _timed(STEP_SECONDS, told, path, seed)
            options = checked.loaded.rules.options
            outcome.problems += _timed(STEP_SECONDS, options_played, path, options, seed)
    except OverBudget:
        outcome.problems.append(
            f"over its CPU budget ({CHECK_SECONDS} s to check, a step {STEP_SECONDS} s)"
        )
    except Finding as finding:
        outcome.problems.append(f"finding: {finding}")
    except Exception:  # everything escaping is a finding, told with where it came from
        outcome.problems.append(traceback.format_exc()[-3000:])
    return _ended(outcome, started)


def _ended(outcome: Outcome, started: float) -> Outcome:
    outcome.seconds = time.process_time() - started
    if outcome.problems:
        outcome.verdict = "finding"
    return outcome


def prepare(folder: Path) -> None:
    """Every source and example beside the mutants, for their `extends` to find."""
    folder.mkdir(parents=True, exist_ok=True)
    sources = {base.name for base in SOURCES}
    examples = [e for e in EXAMPLES.glob("*.rules") if e.name not in sources]
    for base in [*SOURCES, *examples]:  # an example never stands in for a source's name
        (folder / base.name).write_text(flat(base.read_text(encoding="utf-8")), encoding="utf-8")


def try_mutant(
    index: int,
    seed: int,
    folder: Path,
    plays: tuple[tuple[str, int], ...] = PLAYS,
    steps: bool = True,
) -> Outcome:
    """Mutant `index` written to `folder` (made ready by `prepare`) and tried."""
    source, text, changes = mutant(index, seed)
    path = folder / f"mutant-{index}.rules"
    path.write_text(text, encoding="utf-8")
    outcome = trial(path, Outcome(index, source, changes), seed + index, plays, steps)
    if outcome.verdict != "finding":
        for kept in folder.glob(f"mutant-{index}[.-]*"):
            kept.unlink()
    return outcome


def _start_worker() -> None:
    signal.signal(signal.SIGPROF, _over_budget)
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _worker(job: tuple[int, int, str]) -> Outcome:
    index, seed, folder = job
    return try_mutant(index, seed, Path(folder))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m fuzz.mutants.play",
        description="Mutate the bundled rule files; play, replay and log-check every mutant "
        "that checks. Prints each finding as a JSON line, then the counts.",
    )
    parser.add_argument("files", nargs="*", help="rule files to try instead of mutants")
    parser.add_argument("--mutants", type=int, default=100, help="how many (default 100)")
    parser.add_argument("--first", type=int, default=0, help="number of the first mutant")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--folder", help="where mutants and logs go (default: a new one)")
    parser.add_argument("--only", type=int, help="print mutant N and what changed, and stop")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.only is not None:
        source, text, changes = mutant(args.only, args.seed)
        print(f"# {source}: {'; '.join(changes)}\n{text}")
        return 0
    if args.files:
        _start_worker()
        outcomes = [trial(Path(name), Outcome(0, name, []), args.seed) for name in args.files]
        for outcome in outcomes:
            print(json.dumps(asdict(outcome), ensure_ascii=False))
        return 1 if any(o.verdict == "finding" for o in outcomes) else 0
    folder = Path(args.folder or tempfile.mkdtemp(prefix="tablerules-mutants-"))
    prepare(folder)
    jobs = [(i, args.seed, str(folder)) for i in range(args.first, args.first + args.mutants)]
    counts = {"refused": 0, "played": 0, "finding": 0}
    context = multiprocessing.get_context("fork")
    with context.Pool(args.jobs, initializer=_start_worker, maxtasksperchild=20) as pool:
        for done, outcome in enumerate(pool.imap_unordered(_worker, jobs), start=1):
            counts[outcome.verdict] += 1
            if outcome.verdict == "finding":
                print(json.dumps(asdict(outcome), ensure_ascii=False), flush=True)
            if done % 50 == 0:
                print(f"{done} mutants: {json.dumps(counts)}", file=sys.stderr, flush=True)
    print(json.dumps({"mutants": args.mutants, "seed": args.seed, **counts}))
    print(f"mutants and findings' logs in {folder}", file=sys.stderr)
    return 1 if counts["finding"] else 0


if __name__ == "__main__":
    sys.exit(main())
