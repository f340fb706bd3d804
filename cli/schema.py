"""`tablerules schema`: the JSON Schema of the rule IR, generated from its pydantic models."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from tablerules.cli.commands import summary
from tablerules.dsl.schema import ir_schema


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
        Path(args.output).write_text(text, encoding="utf-8")
        print(f"wrote {args.output}")
    else:
        print(text, end="")
    return 0
