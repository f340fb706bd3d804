"""`tablerules test PATH...`: run golden scenarios; `--coverage` lists play rule ids of each
rule file that no scenario exercises."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from tablerules.cli.commands import summary
from tablerules.cli.common import add_extends_flag, bundled_hint, policy_of
from tablerules.dsl.diagnostics import visible
from tablerules.dsl.loading.bases import ExtendsPolicy, real_path
from tablerules.dsl.loading.bundled import bundled_name, find_bundled, is_bundled
from tablerules.dsl.loading.loader import load
from tablerules.dsl.numbers import is_digits
from tablerules.dsl.reading import is_dir
from tablerules.interpreter.api import CheckCache
from tablerules.interpreter.scenarios import run_scenario
from tablerules.interpreter.scenarios.bundled import bundled_scenarios
from tablerules.interpreter.scenarios.coverage import cited_rule_ids, play_rule_ids
from tablerules.interpreter.scenarios.runner import ScenarioResult, rules_of


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "test",
        help=summary("test"),
        description="Run scenario files (*.json), every scenario under the folders given, "
        "and, for rule files (or folders of them, e.g. rules/) and bundled rule files named "
        "by their name (paomazai), the scenarios that use them: the golden scenarios that "
        "come with the package and those under tests/golden/scenarios in the current "
        "folder. Exit 0 when all pass.",
        epilog="examples:\n"
        "  tablerules test paomazai\n"
        "  tablerules test --coverage paohuzi paomazai-two-horses\n"
        "  tablerules test my-variant.rules my-scenarios/",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="scenario files, rule files, folders of them, or bundled rule files' names",
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
    add_extends_flag(parser)
    parser.set_defaults(run=run)


SCENARIO_ROOT = Path("tests") / "golden" / "scenarios"


def scenario_roots() -> list[Path]:
    """Where the scenarios of a rule file are looked for: the current folder's
    tests/golden/scenarios, then the bundled ones (once, when they are the same folder)."""
    roots: list[Path] = []
    for root in (SCENARIO_ROOT, bundled_scenarios()):
        if is_dir(root) and all(real_path(root) != real_path(seen) for seen in roots):
            roots.append(root)
    return roots


def scenario_files(
    paths: list[str], roots: list[Path] | None = None, policy: ExtendsPolicy | None = None
) -> list[Path]:
    """Scenario files named, found under folders named, or — for rule files, folders of
    rule files and bundled rule files' names — the scenarios under `roots` whose rule file
    is one of them."""
    found: list[Path] = []
    rule_files: set[Path] = set()
    for text in paths:
        path = Path(text)
        bundled = find_bundled(text) if not os.path.exists(text) else None
        if bundled is not None:
            rule_files.add(real_path(bundled))
        elif is_dir(path):
            found.extend(sorted(path.rglob("*.json")))
            rule_files.update(real_path(p) for p in path.rglob("*.rules"))
        elif path.suffix == ".rules":
            rule_files.add(real_path(path))
        else:
            found.append(path)
    seen = {real_path(path) for path in found}
    for root in scenario_roots() if roots is None else roots:
        if not rule_files:
            break
        for scenario in sorted(root.rglob("*.json")):
            if real_path(scenario) not in seen and rules_of(scenario, policy) in rule_files:
                seen.add(real_path(scenario))
                found.append(scenario)
    return found


def run(args: argparse.Namespace) -> int:
    results: list[ScenarioResult] = []
    checks = CheckCache()  # each rule file parsed once, whatever options its scenarios set
    policy = policy_of(args)
    files = scenario_files(args.paths, policy=policy)
    if not files:
        print(f"error: no scenario uses {' or '.join(args.paths)}", file=sys.stderr)
        return 1
    for path in files:
        result = run_scenario(path, checks=checks, policy=policy)
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
        # a scenario's name, rule ids and expected values are the file's own text, and its
        # path a name on disk: neither may drive the terminal
        print(visible(f"{result.summary()}  ({path})"))
        for failure in result.failures:
            print(visible(f"    {failure}"))
        named = result.scenario is None and not path.suffix  # perhaps meant as a rule file
        hint = bundled_hint(str(path)) if named else ""
        if hint:
            print(f"    {hint}")
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
        print(visible(f"coverage {shown}: {covered}/{len(wanted)} play rule ids exercised"))
        if missing:
            print(f"    not exercised: {', '.join(missing)}")
        uncited = sorted(ids - cited_rule_ids(loaded.rules), key=_id_order)
        if uncited:
            named = visible(", ".join(uncited))
            print(f"    named by scenarios but cited by no clause: {named}")


def _id_order(rule_id: str) -> tuple[str, int]:
    prefix, _, number = rule_id.rpartition("-")
    return prefix, int(number) if is_digits(number) and len(number) < 10 else 0


def _relative(path: Path) -> str:
    """A rule file as the report names it: a bundled file by its name (wherever it is
    installed), any other relative to the current folder when it is below it."""
    if is_bundled(path):
        return bundled_name(path)
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)
