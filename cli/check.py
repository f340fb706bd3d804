"""`tablerules check FILE...`: report every diagnostic; exit 0 when all files are valid."""

from __future__ import annotations

import argparse
import json

from dsl.diagnostics import RuleError
from dsl.loader import load
from interpreter.compiled import compile_rules


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "check",
        help="check rule files and report located errors",
        description="Parse, compose (extends) and check rule files. Exit 0 when every file "
        "is valid, 1 when any has an error.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="rule files to check")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="also check an option value",
    )
    parser.add_argument("--strict", action="store_true", help="treat warnings as errors")
    parser.add_argument("--json", action="store_true", help="one JSON object per file")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from dsl.loader import parse_assignments

    raw, option_problems = parse_assignments(args.option)
    failed = False
    for file in args.files:
        loaded = load(file, options=raw)
        diagnostics = list(loaded.diagnostics) + option_problems
        summary = ""
        if loaded.ok and loaded.rules is not None:
            try:
                compiled = compile_rules(loaded.rules, loaded.options)
            except RuleError as error:
                diagnostics.extend(error.diagnostics)
            else:
                summary = (
                    f"{len(compiled.cards)} card kinds × {compiled.cards.copies}, "
                    f"{len(compiled.kinds)} group kinds, {len(loaded.rules.options)} options"
                )
        errors = [d for d in diagnostics if d.is_error or args.strict]
        failed = failed or bool(errors)
        if args.json:
            print(
                json.dumps(
                    {
                        "file": file,
                        "ok": not errors,
                        "diagnostics": [d.to_json() for d in diagnostics],
                    },
                    ensure_ascii=False,
                )
            )
            continue
        for diagnostic in diagnostics:
            print(diagnostic.render())
        if errors:
            print(f"{file}: {len(errors)} error(s)")
        else:
            print(f"{file}: ok ({summary})")
    return 1 if failed else 0
