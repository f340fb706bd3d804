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
from tablerules.interpreter.messages import Messages, messages
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


def _summary(checked: Checked, say: Messages) -> str:
    if checked.game is None or checked.loaded.rules is None:
        return ""
    compiled = checked.game.compiled
    cards = compiled.cards
    kinds = say.count("check.card_kinds", len(cards))
    size = (
        say("check.uniform", kinds=kinds, copies=cards.copies)
        if cards.uniform
        else say("check.mixed", kinds=kinds, cards=sum(cards.copies_of))
    )
    return say(
        "check.summary",
        size=size,
        groups=say.count("check.group_kinds", len(compiled.kinds)),
        options=say.count("check.options", len(checked.loaded.rules.options)),
    )


def run(args: argparse.Namespace) -> int:

    raw, option_problems = parse_assignments(args.option)
    say = messages(args.lang)
    failed = False
    policy = policy_of(args)
    for file in args.files:
        checked = check_named(file, raw, policy)
        diagnostics = checked.diagnostics + option_problems
        summary = _summary(checked, say)
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
            what = "check.problems" if args.strict else "check.errors"
            print(say("check.failed", file=file, count=say.count(what, len(errors))))
        else:
            print(say("check.ok", file=file, summary=summary))
    return 1 if failed else 0
