"""The `outputs` target: a rule file (as `play` takes them) through `simulate --csv/--json`
and `evaluate --json`. Both files of a simulation must parse (`fuzz.output_checks`) and
count exactly the hands asked for; each evaluation must be JSON, whose scores are what
their patterns make."""

from __future__ import annotations

import random
from pathlib import Path

from fuzz.harness import Finding, run_cli, scratch
from fuzz.output_checks import check_csv, strict_json
from fuzz.play_targets import checked_rules, evaluate, evaluations, saved_rules


def check_simulation_outputs(path: Path, hands: int, seed: int, bots: str, compare: bool) -> None:
    """`simulate --csv --json` of a rule file that checks: it runs, and both files parse."""
    csv_path, json_path = scratch() / "out.csv", scratch() / "out.json"
    argv = ["simulate", str(path), "--hands", str(hands), "--seed", str(seed), "--bots", bots]
    argv += ["--csv", str(csv_path), "--json", str(json_path)]
    run = run_cli(*argv, *(["--compare-bots", "random"] if compare else []))
    if run.status != 0:
        raise Finding(f"simulate of a file that checks: status {run.status}: {run.stderr}")
    check_csv(csv_path.read_text(encoding="utf-8"))
    statistics = strict_json(json_path.read_text(encoding="utf-8"), "simulate --json")
    counts = [statistics.get(key) for key in ("hands", "planned_hands", "complete")]
    if counts != [hands, hands, True]:
        raise Finding(f"simulate --json of {hands} hands says hands, planned, complete: {counts}")


def outputs(data: bytes, seed: int) -> str:
    """`simulate --csv/--json` and `evaluate --json` of a rule file, parsed."""
    loaded = checked_rules(data)
    if isinstance(loaded, str):
        return loaded
    text, checked = loaded
    assert checked.game is not None
    rng = random.Random(seed)
    with saved_rules(text) as path:
        hands, bots = rng.choice([1, 4, 12]), rng.choice(["random", "greedy"])
        if bots == "greedy":  # the outputs are fuzzed, not the bots' thinking on odd games
            hands = min(hands, 4)
        check_simulation_outputs(path, hands, seed, bots, rng.random() < 0.3)
        for words in evaluations(rng, 2, checked.game):
            evaluate(path, words, as_json=True)
    return "ok"
