"""`tablerules test PATH...`: run golden scenarios; `--coverage` lists play rule ids of each
rule file that no scenario exercises."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from tablerules.cli.commands import summary
from tablerules.dsl.bases import real_path
from tablerules.dsl.loader import load
from tablerules.dsl.numbers import is_digits
from tablerules.dsl.reading import is_dir
from tablerules.interpreter.api import CheckCache
from tablerules.interpreter.scenarios import run_scenario
from tablerules.interpreter.scenarios.coverage import play_rule_ids
from tablerules.interpreter.scenarios.runner import ScenarioResult, rules_of


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "test",
        help=summary("test"),
        description="Run scenario files (*.json), every scenario under the folders given, "
        "and, for rule files (or folders of them, e.g. rules/), the scenarios under "
        "tests/golden/scenarios that use them. Exit 0 when all pass.",
    )
    parser.add_argument(
        "paths", nargs="+", metavar="PATH", help="scenario files, rule files, or folders of them"
    )
    parser.add_argument(
        "--coverage",
        action="store_true",
        help=(
            "also list, per rule file, the rule ids of its play and scoring clauses"
            " that no scenario exercises"
        ),
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per scenario")
    parser.set_defaults(run=run)


SCENARIO_ROOT = Path("tests") / "golden" / "scenarios"


def scenario_files(paths: list[str], root: Path = SCENARIO_ROOT) -> list[Path]:
    """Scenario files named, found under folders named, or — for rule files and folders of
    rule files — the scenarios under `root` whose rule file is one of them."""
    found: list[Path] = []
    rule_files: set[Path] = set()
    for text in paths:
        path = Path(text)
        if is_dir(path):
            found.extend(sorted(path.rglob("*.json")))
            rule_files.update(real_path(p) for p in path.rglob("*.rules"))
        elif path.suffix == ".rules":
            rule_files.add(real_path(path))
        else:
            found.append(path)
    if rule_files and is_dir(root):
        for scenario in sorted(root.rglob("*.json")):
            if scenario not in found and rules_of(scenario) in rule_files:
                found.append(scenario)
    return found


def run(args: argparse.Namespace) -> int:
    results: list[ScenarioResult] = []
    checks = CheckCache()  # each rule file parsed once, whatever options its scenarios set
    for path in scenario_files(args.paths):
        result = run_scenario(path, checks=checks)
        results.append(result)
        if args.json:
            print(
                json.dumps(
                    {
                        "path": str(path),
                        "name": result.scenario.name if result.scenario else None,
                        "passed": result.passed,
                        "rule_ids": result.scenario.rule_ids if result.scenario else [],
                        "failures": result.failures,
                    },
                    ensure_ascii=False,
                )
            )
            continue
        print(f"{result.summary()}  ({path})")
        for failure in result.failures:
            print(f"    {failure}")
    failed = sum(not r.passed for r in results)
    if not args.json:
        print(f"{len(results) - failed} passed, {failed} failed")
    if args.coverage:
        print_coverage(results)
    return 1 if failed or not results else 0


def print_coverage(results: list[ScenarioResult]) -> None:
    """Per rule file: its play rule ids, and those no passing scenario exercises.

    A scenario exercises the ids it names: each scenario is written to show its rules at
    work, and merely passing through a clause (every draw fires the turn clause) is not
    counted as testing it.
    """
    exercised: dict[Path, set[str]] = {}
    for result in results:
        if result.scenario is None or not result.passed:
            continue
        rules = rules_of(Path(result.path))
        if rules is None:
            continue
        exercised.setdefault(rules, set()).update(result.scenario.rule_ids)
    for rules_path, ids in sorted(exercised.items()):
        loaded = load(rules_path)
        if loaded.rules is None:
            continue
        wanted = play_rule_ids(loaded.rules)
        missing = sorted(wanted - ids, key=_id_order)
        shown = _relative(rules_path)
        covered = len(wanted) - len(missing)
        print(f"coverage {shown}: {covered}/{len(wanted)} play rule ids exercised")
        if missing:
            print(f"    not exercised: {', '.join(missing)}")


def _id_order(rule_id: str) -> tuple[str, int]:
    prefix, _, number = rule_id.rpartition("-")
    return prefix, int(number) if is_digits(number) and len(number) < 10 else 0


def _relative(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)
