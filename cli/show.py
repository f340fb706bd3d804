"""`tablerules show RULES`: the rules after `extends`, overrides and options, as JSON."""

from __future__ import annotations

import argparse
import json

from tablerules.cli.commands import summary
from tablerules.cli.common import add_extends_flag, add_option_flag, load_or_report, policy_of
from tablerules.dsl.model.schema import ir_json


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "show",
        help=summary("show"),
        description="Print a rule file's IR after its extends chain, overrides and removals "
        "are applied, with every option's value. The output validates against "
        "`tablerules schema`.",
    )
    parser.add_argument(
        "rules", metavar="RULES", help="the rule file (a path, or a bundled name: paomazai)"
    )
    add_option_flag(parser)
    add_extends_flag(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    checked = load_or_report(args.rules, args.option, policy_of(args))
    if checked is None:
        return 1
    loaded = checked.loaded
    assert loaded.rules is not None
    document = {"option_values": loaded.options, "rules": ir_json(loaded.rules)}
    print(json.dumps(document, ensure_ascii=False, indent=2))
    return 0
