"""What several commands share: the --option flag, and loading a rule file or saying why not."""

from __future__ import annotations

import argparse
import sys

from tablerules.dsl.loader import parse_assignments
from tablerules.interpreter.api import Checked, check


def add_option_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="set a table option"
    )


def add_output_flags(parser: argparse.ArgumentParser) -> None:
    """--quiet or --json: the two ways `play` and `replay` can shorten their transcript."""
    output = parser.add_mutually_exclusive_group()
    output.add_argument(
        "--quiet", action="store_true", help="print one line per hand and the final totals"
    )
    output.add_argument("--json", action="store_true", help="print one JSON object per hand")


def load_or_report(path: str, options: list[str]) -> Checked | None:
    """The checked, compiled rule file; None after printing its errors to stderr."""
    raw, problems = parse_assignments(options)
    checked = check(path, options=raw)
    errors = checked.errors + problems
    if errors or checked.game is None:
        for diagnostic in errors or checked.diagnostics:
            print(diagnostic.render(), file=sys.stderr)
        return None
    return checked
