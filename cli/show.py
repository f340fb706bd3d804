"""`tablerules show RULES`: the rules after `extends`, overrides and options, as JSON."""

from __future__ import annotations

import argparse
import json
import sys

from dsl.loader import load, parse_assignments
from dsl.schema import ir_json


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "show",
        help="print the expanded rules (after extends and options) as JSON",
        description="Print a rule file's IR after its extends chain, overrides and removals "
        "are applied, with every option's value. The output validates against "
        "`tablerules schema`.",
    )
    parser.add_argument("rules", metavar="RULES", help="the rule file")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="set a table option"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    raw, problems = parse_assignments(args.option)
    loaded = load(args.rules, options=raw)
    errors = loaded.errors + problems
    if errors or loaded.rules is None:
        for diagnostic in errors or loaded.diagnostics:
            print(diagnostic.render(), file=sys.stderr)
        return 1
    document = {"option_values": loaded.options, "rules": ir_json(loaded.rules)}
    print(json.dumps(document, ensure_ascii=False, indent=2))
    return 0
