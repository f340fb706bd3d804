"""`tablerules schema`: the JSON Schema of the rule IR, generated from its pydantic models."""

from __future__ import annotations

import argparse
import json

from tablerules.cli.commands import summary
from tablerules.cli.common import write_output
from tablerules.dsl.diagnostics import visible
from tablerules.dsl.model.schema import ir_schema


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "schema",
        help=summary("schema"),
        description="Write the JSON Schema that every compiled rule file's IR validates against.",
    )
    parser.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    text = json.dumps(ir_schema(), indent=2, ensure_ascii=False) + "\n"
    if args.output:
        if not write_output(args.output, text):
            return 1
        print(f"wrote {visible(args.output)}")
    else:
        print(text, end="")
    return 0
