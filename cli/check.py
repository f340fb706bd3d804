"""`tablerules check FILE...`: report every diagnostic; exit 0 when all files are valid."""

from __future__ import annotations

import argparse
import json

from tablerules.cli.commands import summary
from tablerules.cli.common import (
    add_extends_flag,
    add_lang_flag,
    bundled_hint,
    check_named,
    policy_of,
)
from tablerules.dsl.loading.loader import parse_assignments
from tablerules.interpreter.api import Checked
from tablerules.interpreter.messages.diagnostic_text import told


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "check",
        help=summary("check"),
        description="Parse, compose (extends) and check rule files. Exit 0 when every file "
        "is valid, 1 when any has an error. A bundled rule file may be named without its "
        "path: tablerules check paomazai.",
    )
    parser.add_argument(
        "files", nargs="+", metavar="FILE", help="rule files (paths, or bundled names) to check"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="also check an option value",
    )
    parser.add_argument("--strict", action="store_true", help="treat warnings as errors")
    parser.add_argument("--json", action="store_true", help="one JSON object per file")
    add_extends_flag(parser)
    add_lang_flag(parser)
    parser.set_defaults(run=run)


def _count(number: int, word: str) -> str:
    return f"{number} {word}" + ("" if number == 1 else "s")


def _summary(checked: Checked) -> str:
    if checked.game is None or checked.loaded.rules is None:
        return ""
    compiled = checked.game.compiled
    cards = compiled.cards
    size = (
        f"{_count(len(cards), 'card kind')} × {cards.copies}"
        if cards.uniform
        else f"{_count(len(cards), 'card kind')}, {sum(cards.copies_of)} cards"
    )
    return (
        f"{size}, "
        f"{_count(len(compiled.kinds), 'group kind')}, "
        f"{_count(len(checked.loaded.rules.options), 'option')}"
    )


def run(args: argparse.Namespace) -> int:

    raw, option_problems = parse_assignments(args.option)
    failed = False
    policy = policy_of(args)
    for file in args.files:
        checked = check_named(file, raw, policy)
        diagnostics = checked.diagnostics + option_problems
        summary = _summary(checked)
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
            print(told(diagnostic, args.lang).render())
        hint = bundled_hint(file) if checked.loaded.rules is None else ""
        if hint:
            print(f"    {hint}")
        if errors:
            what = "problem" if args.strict else "error"
            print(f"{file}: {_count(len(errors), what)}")
        else:
            print(f"{file}: ok ({summary})")
    return 1 if failed else 0
