"""`tablerules`: check rule files, evaluate hands, play and replay them, write the JSON Schema.

Thin client of `dsl` and `interpreter`: parses arguments, calls the public API, prints.
Bad input (a broken rule file, an unknown card, a wrong option) is reported as a located
message and a non-zero exit status, never as a Python traceback.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from collections.abc import Sequence
from importlib import import_module
from importlib.metadata import PackageNotFoundError, version

from tablerules.cli.commands import COMMANDS
from tablerules.cli.suggest import SuggestingParser
from tablerules.dsl.reading import describe_os_error

DESCRIPTION = """\
Rules of table games written as data, run by one generic interpreter.

  tablerules check paomazai paohuzi hongkong my-variant.rules
  tablerules evaluate paomazai --hand 111222333444m55m
  tablerules evaluate paohuzi --hand "一二三 壹貳叁 二七十 四四四 五五" \\
      --win-card 五 --from discard
  tablerules show paomazai-two-horses
  tablerules schema -o ir.schema.json
  tablerules play paomazai --seed 7 --log hand.jsonl
  tablerules replay hand.jsonl
  tablerules test paomazai
  tablerules simulate paomazai --hands 20000 --jobs auto

A bundled rule file is named by its name (paomazai, paohuzi, hongkong, and the variants
such as paomazai-two-horses), from any folder; any other by its path.
"""


def build_parser(chosen: str | None = None) -> argparse.ArgumentParser:
    """The full parser; given the command being run, only that command's module is imported
    (every other command appears by its summary)."""
    parser = SuggestingParser(
        prog="tablerules",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"tablerules {_version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, summary) in COMMANDS.items():
        if chosen is None or name == chosen:
            import_module(module).register(commands)
        else:
            commands.add_parser(name, help=summary, add_help=False)
    return parser


def _version() -> str:
    """The installed package's version, from its metadata."""
    try:
        return version("tablerules")
    except PackageNotFoundError:
        return "(not installed: no version)"


def _command(argv: Sequence[str]) -> str:
    """The command named on the command line ('' when none is): its first word."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS else ""
    return ""


def _printable_output() -> None:
    """Text that cannot be encoded for the terminal (a file name in bytes that are not
    UTF-8) is printed escaped instead of stopping the program."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


# What writing the output may meet that is the machine's doing, not a bug: a full disk or
# quota, a file grown too large, a device or a terminal gone.
OUTPUT_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


def _output_failed(error: OSError) -> int:
    """The output could not be written: say so in one line. Whatever standard output still
    holds is sent on, or dropped if it cannot be, so that leaving does not fail again."""
    try:
        sys.stdout.flush()
    except OSError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    print(f"error: cannot write the output: {describe_os_error(error)}", file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    _printable_output()
    words = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(_command(words) or None)
    args = parser.parse_args(words)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as error:  # a bug of ours must still not greet the user with a traceback
        if isinstance(error, OSError) and error.errno in OUTPUT_ERRORS:
            return _output_failed(error)
        if os.environ.get("TABLERULES_DEBUG"):
            raise
        print(
            f"internal error: {type(error).__name__}: {error}\n"
            "please report it with the command you ran (TABLERULES_DEBUG=1 shows the details)",
            file=sys.stderr,
        )
        return 3


if __name__ == "__main__":
    sys.exit(main())
