"""`tablerules show RULES`: the rules after `extends`, overrides and options, as JSON."""

from __future__ import annotations

import argparse
import json

from tablerules.cli.common import add_option_flag, load_or_report
from tablerules.dsl.schema import ir_json


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "show",
        help="print the expanded rules (after extends and options) as JSON",
        description="Print a rule file's IR after its extends chain, overrides and removals "
        "are applied, with every option's value. The output validates against "
        "`tablerules schema`.",
    )
    parser.add_argument("rules", metavar="RULES", help="the rule file")
    add_option_flag(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    checked = load_or_report(args.rules, args.option)
    if checked is None:
        return 1
    loaded = checked.loaded
    assert loaded.rules is not None
    document = {"option_values": loaded.options, "rules": ir_json(loaded.rules)}
    print(json.dumps(document, ensure_ascii=False, indent=2))
    return 0
